/**
 * Image formatters (docs/language.md, "Content formatters"): the `data-*` attribute fragment the
 * front end's image loader reads (`image-meta` and its child/cover variants), the full lazy `<img>`
 * (`image`), corner colours (`image-color`) and `srcset` lists (`image-srcset`).
 *
 * These build attribute text for raw HTML, as the reference does: only the alt text is escaped;
 * URLs, sizes and keys go out as stored (the platform supplies them).
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber, asString, isObject, isTruthy, descendValue as field } from '../engine/values.js';
import { escapeHtml } from './core-text.js';
import { TEMPLATES } from './templates/compiled.js';

/**
 * Block type code of an image block (docs/storefront.md, "Codes"): its images take their alt from
 * `altText`.
 */
const IMAGE_BLOCK_TYPE = 5;
/**
 * Alt text taken from an image's body is cut to this many UTF-16 units (docs/storefront.md,
 * "Images").
 */
const ALT_BODY_LIMIT = 250;
const DEFAULT_FOCAL_POINT = '0.5,0.5';
/** formatters/templates/image.html (tests/formatters/templates.test.ts: compiled.ts holds it). */
const IMAGE_TEMPLATE = TEMPLATES['image']!;

/**
 * The reference's tag stripping for alt text: from a `<` everything is dropped up to the next `>`
 * (an unclosed tag drops the rest), and every `>` becomes one space, so `<b>x</b>` is ` x `.
 */
export function stripTags(html: string): string {
  if (html.indexOf('<') < 0 && html.indexOf('>') < 0) return html;
  let out = '';
  let inTag = false;
  let start = 0;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */) {
      if (!inTag) out += html.slice(start, i);
      inTag = true;
    } else if (c === 62 /* > */) {
      if (!inTag) out += html.slice(start, i);
      out += ' ';
      inTag = false;
      start = i + 1;
    }
  }
  return inTag ? out : out + html.slice(start);
}

/**
 * The unescaped alt text of an image: in an image block (context `blockType` 5) the trimmed
 * `altText`, even when empty; otherwise a truthy `title`, else the tag-stripped `body` (first
 * 250 units) when that leaves any text, else a truthy `filename`, else "".
 */
export function altText(image: unknown, ctx: RenderContext): string {
  if (asNumber(ctx.resolveRef('blockType')) === IMAGE_BLOCK_TYPE) {
    return asString(field(image, 'altText')).trim();
  }
  const title = field(image, 'title');
  if (isTruthy(title)) return asString(title);
  const body = field(image, 'body');
  if (isTruthy(body)) {
    const text = stripTags(asString(body)).slice(0, ALT_BODY_LIMIT);
    if (text !== '') return text;
  }
  const filename = field(image, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

/** `x,y` of `mediaFocalPoint`; the default only when the key is absent (null reads as `0,0`). */
export function focalPoint(image: unknown): string {
  const point = field(image, 'mediaFocalPoint');
  if (point === undefined) return DEFAULT_FOCAL_POINT;
  return `${asNumber(field(point, 'x'))},${asNumber(field(point, 'y'))}`;
}

/**
 * The attribute fragment (with a trailing space) for an image; `alt` is the escaped text to put
 * in `alt="…"`. A licensed-asset preview marker appears only when that field is an object.
 */
function metaAttributes(image: unknown, alt: string): string {
  let out = '';
  if (isObject(field(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" ';
  const componentKey = field(image, 'componentKey');
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  const url = asString(field(image, 'assetUrl'));
  return (
    out +
    `data-src="${url}" data-image="${url}" ` +
    `data-image-dimensions="${asString(field(image, 'originalSize'))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${alt}" `
  );
}

/** `image-meta` of one image; a MISSING image gives "" (nothing to describe). */
export function imageMeta(image: unknown, ctx: RenderContext): string {
  if (image === undefined) return '';
  return metaAttributes(image, escapeHtml(altText(image, ctx), true));
}

/** A formatter that replaces its value with the image-meta of `pick(value, args)`. */
function metaOf(pick: (value: unknown, args: string[]) => unknown): Formatter {
  return {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      first.set(imageMeta(pick(first.value, args), ctx));
    },
  };
}

/**
 * What formatters/templates/image.html prints. The template prints every value as it stands
 * (`{x}` does not escape), so each is the exact text the markup needs, computed here.
 */
interface ImageNode {
  className: string;
  url: string;
  /** The alt text escaped once (the noscript copy). */
  alt: string;
  id: string;
  /**
   * Image data with neither a licensed-asset preview nor a component key, the common case: the
   * template writes this `<img>` out in full, which the React path builds as it stands.
   * Otherwise the image-meta attributes come as one fragment, `meta` (parsed per render there).
   */
  usual: boolean;
  dimensions: string;
  focalPoint: string;
  /** The alt text escaped twice (the lazy image's attributes). */
  lazyAlt: string;
  /** The whole image-meta fragment when not `usual` ("" for a MISSING image). */
  meta: string;
}

/**
 * The node for image.html. Every key is present, and the template runs private, so nothing
 * from the page can stand in for a value.
 */
function imageNode(image: unknown, args: string[], ctx: RenderContext): ImageNode {
  const alt = escapeHtml(altText(image, ctx), true);
  const lazyAlt = escapeHtml(alt, true);
  const usual =
    image !== undefined &&
    !isObject(field(image, 'licensedAssetPreview')) &&
    field(image, 'componentKey') === undefined;
  return {
    className: args.length === 1 ? args[0]! : 'thumb-image',
    url: asString(field(image, 'assetUrl')),
    alt,
    id: asString(field(image, 'id')),
    usual,
    dimensions: asString(field(image, 'originalSize')),
    focalPoint: focalPoint(image),
    lazyAlt,
    meta: usual || image === undefined ? '' : metaAttributes(image, lazyAlt),
  };
}

/**
 * `<noscript>` fallback plus the lazy `<img>`, from formatters/templates/image.html, so that the
 * React path builds its elements from the template instead of parsing HTML at every render
 * (react-renderer/runtime/react-context.ts `renderWidget`). CLASS applies only when it is the single
 * argument. The reference escapes the alt text twice inside the lazy image's attributes (once
 * in the noscript copy); that is kept, since the front end's loader may rely on what it reads
 * there.
 */
const image: Formatter = {
  apply(args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    first.set(ctx.executeTemplate(IMAGE_TEMPLATE, imageNode(first.value, args, ctx), true));
  },
};

/** The five averaged colours of `colorData`, by attribute name and data key. */
export const COLOR_POSITIONS: ReadonlyArray<readonly [string, string]> = [
  ['topLeft', 'topLeftAverage'],
  ['topRight', 'topRightAverage'],
  ['bottomLeft', 'bottomLeftAverage'],
  ['bottomRight', 'bottomRightAverage'],
  ['center', 'centerAverage'],
];

/**
 * No args: `data-color-POS="#hex" ` for the five positions. `POS [PROP]`: `#hex` (or
 * `PROP: #hex`) of that position, or `"POS" not found.` when it has no colour. MISSING when
 * the value has no `colorData` at all.
 */
const imageColor: Formatter = {
  apply(args: string[], vars: Variable[]): void {
    const first = vars[0]!;
    const colors = field(first.value, 'colorData');
    if (colors === undefined) {
      first.set(undefined);
      return;
    }
    if (args.length === 0) {
      let out = '';
      for (const [name, key] of COLOR_POSITIONS) {
        out += `data-color-${name}="#${asString(field(colors, key))}" `;
      }
      first.set(out);
      return;
    }
    const position = args[0]!;
    const color = asString(field(colors, `${position}Average`));
    if (color === '') first.set(`"${position}" not found.`);
    else first.set(args.length > 1 ? `${args[1]}: #${color}` : `#${color}`);
  },
};

/** The platform's standard widths, in order; a srcset ending below the last gets `original`. */
const STANDARD_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];

/**
 * What follows each copy of the asset URL in a `srcset` for one `systemDataVariants` list, or
 * null when it names no width.
 */
export function srcsetPieces(variants: string): readonly string[] | null {
  const widths = variants.split(',').filter((v) => v.endsWith('w'));
  if (widths.length === 0) return null;
  const pieces = widths.map((w) => `?format=${w} ${w}`);
  const next = STANDARD_WIDTHS.indexOf(widths[widths.length - 1]!) + 1;
  if (next > 0 && next < STANDARD_WIDTHS.length) {
    pieces.push(`?format=original ${STANDARD_WIDTHS[next]}`);
  }
  return pieces;
}

/**
 * `image-srcset`: ` srcset="…"` over the `systemDataVariants` entries ending in `w` (others,
 * such as the `WxH` original size, are skipped). When the last entry is a standard width below
 * 2500w the original file is offered as the next standard width. Unchanged when there is nothing
 * to list. (The server's own, in server-formatters.ts, keeps the split of each list.)
 */
const srcset: Formatter = {
  apply(_args: string[], vars: Variable[]): void {
    const first = vars[0]!;
    const variants = field(first.value, 'systemDataVariants');
    const after = typeof variants === 'string' ? srcsetPieces(variants) : null;
    if (after === null) return;
    const url = asString(field(first.value, 'assetUrl'));
    first.set(` srcset="${url}${after.join(`,${url}`)}"`);
  },
};

export const CONTENT_IMAGE_FORMATTERS: FormatterTable = {
  'child-image-meta': metaOf((value, args) =>
    field(field(value, 'items'), args.length > 0 ? parseInt(args[0]!, 10) : 0),
  ),
  'cover-image-meta': metaOf((value) => field(value, 'coverImage')),
  image,
  'image-color': imageColor,
  'image-meta': metaOf((value) => value),
  'image-srcset': srcset,
};
