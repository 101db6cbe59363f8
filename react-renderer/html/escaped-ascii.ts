/**
 * The byte scan `decodeEntities` (entities.ts) tries on long texts thick with references (JSON
 * in an attribute): a server-only fast path, installed by the server entry with
 * `useDenseDecoder`. The browser runtime decodes such text reference by reference, with the
 * same result.
 */
import { Char } from './char-codes.js';

let encoder: TextEncoder | null = null;
let decoder: TextDecoder | null = null;
let bytes = new Uint8Array(0);

/**
 * `text` decoded, if it is ASCII and its only references are the four `escapeHtml` writes
 * (`&quot;` `&amp;` `&lt;` `&gt;`); null otherwise. Such text is encoded into bytes (one per
 * character), decoded in place and turned back into one string, with no string built per
 * reference. Every `&` is decoded on its own, from what follows it, exactly as
 * `decodeEntities` would; anything else (another reference, a lone `&`) gives null, and the
 * caller decodes the text itself.
 */
export function decodeEscapedAscii(text: string): string | null {
  if (typeof TextEncoder === 'undefined') return null;
  const n = text.length;
  if (bytes.length < n + 1) bytes = new Uint8Array(Math.max(n + 1, 2 * bytes.length));
  const buf = bytes;
  const { read, written } = (encoder ??= new TextEncoder()).encodeInto(text, buf);
  // One byte per character: ASCII (UTF-8 writes anything else, surrogates too, as more).
  if (read !== n || written !== n) return null;
  // A stop after the end: no match reads past it into an earlier text's bytes.
  buf[n] = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const b = buf[i]!;
    if (b !== Char.AMPERSAND) {
      buf[k++] = b;
      continue;
    }
    const b1 = buf[i + 1];
    if (
      b1 === 113 /* q */ &&
      buf[i + 2] === 117 &&
      buf[i + 3] === 111 &&
      buf[i + 4] === 116 &&
      buf[i + 5] === Char.SEMICOLON
    ) {
      buf[k++] = Char.DOUBLE_QUOTE;
      i += 5;
    } else if (
      b1 === 97 /* a */ &&
      buf[i + 2] === 109 &&
      buf[i + 3] === 112 &&
      buf[i + 4] === Char.SEMICOLON
    ) {
      buf[k++] = Char.AMPERSAND;
      i += 4;
    } else if (b1 === 108 /* l */ && buf[i + 2] === 116 && buf[i + 3] === Char.SEMICOLON) {
      buf[k++] = Char.LESS_THAN;
      i += 3;
    } else if (b1 === 103 /* g */ && buf[i + 2] === 116 && buf[i + 3] === Char.SEMICOLON) {
      buf[k++] = Char.GREATER_THAN;
      i += 3;
    } else return null;
  }
  return (decoder ??= new TextDecoder()).decode(buf.subarray(0, k));
}
