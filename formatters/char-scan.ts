/**
 * Character-level text transforms: `slugify` and `encode-space` (docs/language.md, "Core
 * formatters"), as regex replacements. The server entry installs buffered versions that stay
 * linear on 10 MB inputs (char-buffer.ts, `useCharBuffer`), with the same output.
 */
/** JavaScript's `\s`: ASCII whitespace, NBSP, BOM and the Unicode space separators. */
export function isJsSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The buffered transforms the server entry installs (char-buffer.ts), or null. */
let buffered: { slugify(text: string): string; encodeSpace(text: string): string } | null = null;

/** Installs (or, with null, removes) the buffered transforms. */
export function useCharBuffer(transforms: typeof buffered): void {
  buffered = transforms;
}

/**
 * Keeps ASCII letters (lower-cased), digits, whitespace and `-`, dropping everything else; each
 * whitespace run (counted after dropping) becomes one `-`.
 */
export function slugify(text: string): string {
  if (buffered !== null) return buffered.slugify(text);
  return text
    .replace(/[^A-Za-z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}

/** Every `\s` character becomes `&nbsp;`. */
export function encodeSpace(text: string): string {
  return buffered === null ? text.replace(/\s/g, '&nbsp;') : buffered.encodeSpace(text);
}
