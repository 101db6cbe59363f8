/**
 * Whether a site colour is dark (docs/storefront.md, "Shared utilities"): its luminance
 * (0.299 R + 0.587 G + 0.114 B, channels 0 to 255) below 0.65 of 256. The template engine's own
 * light/dark test (`color-weight`, at half of 16777215) is the formatter's.
 */

export const DARK_LUMINANCE_FRACTION = 0.65;
export const DARK_LUMINANCE_THRESHOLD = DARK_LUMINANCE_FRACTION * 256;

/** `#abc`, `abc`, `#aabbcc` or `aabbcc` as [r, g, b]; undefined for anything else. */
export function hexChannels(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (m === null) return undefined;
  let digits = m[1]!;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const luminance = ([r, g, b]: readonly [number, number, number]): number =>
  0.299 * r + 0.587 * g + 0.114 * b;

/** undefined when `hex` is not a colour. */
export function isDarkColor(hex: string): boolean | undefined {
  const channels = hexChannels(hex);
  return channels === undefined ? undefined : luminance(channels) < DARK_LUMINANCE_THRESHOLD;
}
