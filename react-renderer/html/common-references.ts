/**
 * The names of `&quot;` and `&amp;`, matched by character for `decodeEntities` (entities.ts): a
 * server-only fast path, installed by the server entry with `useCommonReferences`. The browser
 * runtime looks them up as it looks up the other common names, with the same result.
 */
import { Char } from './char-codes.js';

/**
 * The length of the reference name at `i` of `text` with its `;`: 5 for `quot;`, 4 for `amp;`,
 * 0 for anything else. These are most references in formatter output (JSON in attributes,
 * escaped text): matched without slicing out and looking up the name.
 */
export function commonReferenceLength(text: string, i: number): number {
  if (
    text.charCodeAt(i) === 113 /* q */ &&
    text.charCodeAt(i + 1) === 117 /* u */ &&
    text.charCodeAt(i + 2) === 111 /* o */ &&
    text.charCodeAt(i + 3) === 116 /* t */ &&
    text.charCodeAt(i + 4) === Char.SEMICOLON
  )
    return 5;
  if (
    text.charCodeAt(i) === 97 /* a */ &&
    text.charCodeAt(i + 1) === 109 /* m */ &&
    text.charCodeAt(i + 2) === 112 /* p */ &&
    text.charCodeAt(i + 3) === Char.SEMICOLON
  )
    return 4;
  return 0;
}
