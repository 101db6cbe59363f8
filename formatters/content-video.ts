/**
 * `video [load-false] [color-data]` (docs/language.md, "Content formatters"): the wrapper the front
 * end's video loader replaces with the oEmbed player. The oEmbed HTML travels escaped in
 * `data-html`; an overlay with the poster thumbnail (and optionally its corner colours) is added
 * when `overlay` is set.
 */
import type { Formatter, FormatterTable, Variable } from '../engine/plugin.js';
import { asString, isTruthy, descendValue as field } from '../engine/values.js';
import { escapeHtml } from './core-text.js';
import { COLOR_POSITIONS, focalPoint } from './content-image.js';

/** ` data-color-topleft="#…"` … for the five positions (lower-case names, unlike image-color). */
function colorAttributes(colors: unknown): string {
  let out = '';
  for (const [name, key] of COLOR_POSITIONS) {
    out += ` data-color-${name.toLowerCase()}="#${asString(field(colors, key))}"`;
  }
  return out;
}

function overlay(video: unknown, withColors: boolean): string {
  // A poster exists when either image id is set; otherwise the overlay is marked `no-thumb`.
  const hasThumb = isTruthy(field(video, 'mainImageId')) || isTruthy(field(video, 'systemDataId'));
  let out = `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">`;
  if (hasThumb) {
    const colors = field(video, 'colorData');
    out +=
      `<img data-load="false" data-src="${asString(field(video, 'assetUrl'))}" ` +
      `data-image-dimensions="${asString(field(video, 'originalSize'))}" ` +
      `data-image-focal-point="${focalPoint(video)}"` +
      (withColors && isTruthy(colors) ? colorAttributes(colors) : '') +
      ' />';
  }
  return out + '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
}

const video: Formatter = {
  apply(args: string[], vars: Variable[]): void {
    const first = vars[0]!;
    const node = first.value;
    const oembed = field(node, 'oembed');
    // The double space before data-load is the reference's; kept so markup diffs stay empty.
    let out = '<div class="sqs-video-wrapper"';
    if (args.includes('load-false')) out += '  data-load="false"';
    out +=
      ` data-html="${escapeHtml(asString(field(oembed, 'html')), true)}"` +
      ` data-provider-name="${asString(field(oembed, 'providerName'))}">`;
    if (isTruthy(field(node, 'overlay'))) out += overlay(node, args.includes('color-data'));
    first.set(out + '</div>');
  },
};

/**
 * `video-meta`: the wrapper attributes of `video` for an element of the template's own
 * (`<div class="my-video" {@|video-meta}>`), as `image-meta` is for `<img>`: `data-html` (the
 * escaped oEmbed html), `data-provider-name`, and with a poster (the rule of `video`'s overlay)
 * its `data-src`, `data-image-dimensions` and `data-image-focal-point`. Not in the reference set:
 * developer-platform templates use it. Every value is escaped, the provider name included.
 */
const videoMeta: Formatter = {
  apply(_args: string[], vars: Variable[]): void {
    const first = vars[0]!;
    const node = first.value;
    const oembed = field(node, 'oembed');
    const attr = (name: string, value: unknown) =>
      ` ${name}="${escapeHtml(asString(value), true)}"`;
    let out =
      attr('data-html', field(oembed, 'html')).slice(1) +
      attr('data-provider-name', field(oembed, 'providerName'));
    if (isTruthy(field(node, 'mainImageId')) || isTruthy(field(node, 'systemDataId'))) {
      out +=
        attr('data-src', field(node, 'assetUrl')) +
        attr('data-image-dimensions', field(node, 'originalSize')) +
        attr('data-image-focal-point', focalPoint(node));
    }
    first.set(out);
  },
};

export const CONTENT_VIDEO_FORMATTERS: FormatterTable = { video };

/** Formatters beyond the reference set that published templates use (docs/language.md). */
export const PLATFORM_VIDEO_FORMATTERS: FormatterTable = { 'video-meta': videoMeta };
