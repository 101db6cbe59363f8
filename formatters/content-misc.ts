/**
 * Small content formatters (docs/language.md, "Content formatters"): absolute URLs, upper-casing,
 * colour helpers, image size arithmetic over `"WxH"` strings, durations and the audio player
 * built-in template.
 *
 * Numbers follow the reference's JavaScript arithmetic: sizes and size arguments are read with
 * `parseInt`, and results are cut to 32-bit integers (`| 0`), so a malformed part gives 0 (or
 * NaN for `width`/`height`, which print `NaN`) rather than an error.
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber, asString, descendValue } from '../engine/values.js';
import { valueFormatter } from './core-text.js';
import { templateFormatter } from './built-in-templates.js';

/** The message every size formatter but `width`/`height` prints for a value that is not `"WxH"`. */
export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/**
 * `[width, height]` of a `"WxH"` string, each part read with `parseInt` (so `" 800 "` is 800 and
 * `""` is NaN); null unless the value is a string with exactly one `x`.
 */
export function parseSize(value: unknown): [number, number] | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('x');
  if (parts.length !== 2) return null;
  return [parseInt(parts[0]!, 10), parseInt(parts[1]!, 10)];
}

/** The integer argument of the size formatters: `parseInt`, so `1.5` is 1 and `abc` is NaN. */
function intArg(args: string[]): number {
  return parseInt(args[0] ?? '', 10);
}

/**
 * Light when the colour as a 24-bit number is above half of 0xFFFFFF (docs/storefront.md,
 * "Images").
 */
const HALF_WHITE = 0xffffff / 2;
const HEX_COLOR = /^#?[0-9a-fA-F]{3,6}$/;

/** `light`/`dark` for 3 to 6 hex digits (3 are doubled: `abc` = `aabbcc`); anything else MISSING. */
export function colorWeight(value: unknown): string | undefined {
  const text = asString(value);
  if (!HEX_COLOR.test(text)) return undefined;
  let hex = text.charCodeAt(0) === 35 /* # */ ? text.slice(1) : text;
  if (hex.length === 3) hex = hex[0]! + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  return parseInt(hex, 16) > HALF_WHITE ? 'light' : 'dark';
}

/** Milliseconds as `m:ss`, truncating toward zero (so -65000 is `-1:-5`, as the reference prints). */
export function humanizeDuration(value: unknown): string {
  const totalSeconds = (asNumber(value) / 1000) | 0;
  const minutes = (totalSeconds / 60) | 0;
  const seconds = String(totalSeconds % 60);
  return `${minutes}:${seconds.length < 2 ? '0' + seconds : seconds}`;
}

/**
 * Thumbnail size names by width (docs/storefront.md, "Images"): the first bucket whose limit holds
 * the width.
 */
const THUMBNAIL_BUCKETS: ReadonlyArray<readonly [number, string]> = [
  [100, '100w'],
  [300, '300w'],
  [500, '500w'],
  [750, '750w'],
  [1000, '1000w'],
];
const LARGEST_THUMBNAIL = '1500w';

export function thumbnailForWidth(width: number): string {
  for (const [limit, name] of THUMBNAIL_BUCKETS) if (width <= limit) return name;
  // NaN compares false everywhere above; the reference puts it in the smallest bucket.
  return width !== width ? '100w' : LARGEST_THUMBNAIL;
}

/** `target * numerator / denominator` cut to an int32 (NaN -> 0): the other side at the same ratio. */
function scale(target: number, numerator: number, denominator: number): number {
  return ((target * numerator) / denominator) | 0;
}

function sizeFormatter(compute: (size: [number, number], arg: number) => unknown): Formatter {
  return {
    apply(args: string[], vars: Variable[]): void {
      const first = vars[0]!;
      const size = parseSize(first.value);
      first.set(size === null ? INVALID_SIZE : compute(size, intArg(args)));
    },
  };
}

// --- website-color ------------------------------------------------------------------------------

/**
 * Two decimals as the reference prints colour components: `toFixed(2)` of the binary value, so
 * 55.555 (stored as 55.55499…) is 55.55, then trailing zeros dropped (`30.00` -> 30).
 */
function round2(n: number): number {
  return Number(n.toFixed(2));
}

/**
 * `{hue, saturation, lightness[, alpha]}` -> `hsl(h, s%, l%)` or `hsla(h, s%, l%, a)`. A missing
 * H/S/L key gives `Missing an H/S/L value.`; out-of-range parts give the messages of
 * docs/storefront.md, "Other validation texts", concatenated in H, S, L, A order. Parts are read
 * with `asNumber`, so `null` is 0.
 */
export function websiteColor(value: unknown): string {
  const hueNode = descendValue(value, 'hue');
  const saturationNode = descendValue(value, 'saturation');
  const lightnessNode = descendValue(value, 'lightness');
  if (hueNode === undefined || saturationNode === undefined || lightnessNode === undefined) {
    return 'Missing an H/S/L value.';
  }
  const alphaNode = descendValue(value, 'alpha');
  const hue = asNumber(hueNode);
  const saturation = asNumber(saturationNode);
  const lightness = asNumber(lightnessNode);
  const alpha = asNumber(alphaNode);
  let errors = '';
  // The reference tests S and L as "inside the range" but H and A as "outside it", so a NaN
  // saturation or lightness is out of bounds while a NaN hue or alpha prints as NaN.
  if (hue < 0 || hue > 360) errors += 'Hue out of bounds. ';
  if (!(saturation >= 0 && saturation <= 1)) errors += 'Saturation out of bounds. ';
  if (!(lightness >= 0 && lightness <= 1)) errors += 'Lightness out of bounds. ';
  if (alphaNode !== undefined && (alpha < 0 || alpha > 1)) errors += 'Alpha out of bounds.';
  if (errors !== '') return errors;
  const hsl = `${round2(hue)}, ${round2(saturation * 100)}%, ${round2(lightness * 100)}%`;
  return alphaNode === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${round2(alpha)})`;
}

// --- built-in template ----------------------------------------------------------------------------

/** `<base-url>/<value>`; `base-url` is a page-level setting, so it is resolved through the frames. */
const absUrl: Formatter = {
  apply(_args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    first.set(`${asString(ctx.resolveRef('base-url'))}/${asString(first.value)}`);
  },
};

/** Width (index 0) or height (index 1) of a `"WxH"` value; MISSING when it is not one. */
function dimension(index: 0 | 1): Formatter {
  return valueFormatter((value) => {
    const size = parseSize(value);
    return size === null ? undefined : size[index];
  });
}

/** Buckets the argument itself; the value is not read at all. */
const thumbnailWidthFormatter: Formatter = {
  apply(args: string[], vars: Variable[]): void {
    vars[0]!.set(thumbnailForWidth(intArg(args)));
  },
};

export const CONTENT_MISC_FORMATTERS: FormatterTable = {
  AbsUrl: absUrl,
  'audio-player': templateFormatter('audio-player', true),
  // The whole string, not just the first letter (the reference's name notwithstanding).
  capitalize: valueFormatter((value) => asString(value).toUpperCase()),
  'color-weight': valueFormatter(colorWeight),
  height: dimension(1),
  width: dimension(0),
  humanizeDuration: valueFormatter(humanizeDuration),
  resizedHeightForWidth: sizeFormatter(([w, h], width) => scale(width, h, w)),
  resizedWidthForHeight: sizeFormatter(([w, h], height) => scale(height, w, h)),
  squarespaceThumbnailForWidth: thumbnailWidthFormatter,
  squarespaceThumbnailForHeight: sizeFormatter(([w, h], height) =>
    thumbnailForWidth(scale(height, w, h)),
  ),
  'website-color': valueFormatter(websiteColor),
};
