/**
 * named-references.ts for the browser runtime: the browser's own HTML parser decodes a named
 * reference entities.ts does not carry, so the 2,231-name table is not shipped. What it gives
 * is what the browser built from the string path's HTML, so the React tree matches it.
 */

let scratch: HTMLElement | null = null;
/** Answers by reference (the same few recur in a page), emptied when it grows large. */
const known = new Map<string, string>();

/**
 * `reference` (`&`, letters and digits, and the `;` or `=` after them if any: no markup)
 * decoded by the parser, in text or in an attribute value; null where there is no document to
 * parse with (a worker) or it may not be used so: the caller leaves the reference as written.
 */
export function decodeNamed(reference: string, inAttribute: boolean): string | null {
  const key = (inAttribute ? '=' : ' ') + reference;
  let value = known.get(key);
  if (value !== undefined) return value;
  if (typeof document === 'undefined') return null;
  scratch ??= document.createElement('div');
  try {
    if (inAttribute) {
      scratch.innerHTML = `<i title="${reference}"></i>`;
      value = (scratch.firstChild as Element).getAttribute('title')!;
    } else {
      scratch.innerHTML = reference;
      value = scratch.textContent!;
    }
  } catch {
    // A page whose policy refuses markup assigned as a string (Trusted Types).
    return null;
  }
  if (known.size > 500) known.clear();
  known.set(key, value);
  return value;
}
