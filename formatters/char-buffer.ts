/**
 * The server's `slugify` and `encode-space` (char-scan.ts), linear on 10 MB inputs, installed by
 * the server entry with `useCharBuffer`; the browser runtime uses the regex replacements, with
 * the same output (its size budget does not carry these: docs/benchmarks.md, "Browser runtime").
 *
 * Why not `out += char`: V8 builds such a string as a rope, and once it outgrows the young
 * generation (~1 MB) each append costs far more (measured ~140 ms/MB). A global regex replace
 * with many matches is not much better (~40-50 ms/MB). Here output code units go into a reused
 * fixed-size buffer that is turned into a string one chunk at a time (String.fromCharCode),
 * which keeps every UTF-16 unit as is (lone surrogates included, unlike TextDecoder) at
 * ~10 ms/MB.
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import { isJsSpace } from './char-scan.js';

/** Code units per flushed chunk: well under engines' argument-count limits for `apply`. */
const CHUNK = 8192;
/** Room for the longest output of one input unit (`&nbsp;`). */
const SLACK = 8;

/** Reused output buffer (formatters never run re-entrantly). */
const units = new Uint16Array(CHUNK + SLACK);

/** The first `count` units of the buffer as a string. */
function unitsText(count: number): string {
  return String.fromCharCode.apply(null, units.subarray(0, count) as unknown as number[]);
}

/** Below this many input units, a global regex replace is faster than the buffer. */
const SHORT = 4096;

const HYPHEN = 45;

/** Texts up to this long have their slugs kept (building one costs about ten lookups). */
const SLUG_CACHE_TEXT = 64;

/** `slugify` (char-scan.ts) through the buffer; texts up to SLUG_CACHE_TEXT long memoized. */
export function bufferedSlugify(text: string): string {
  return text.length > SLUG_CACHE_TEXT ? slugText(text) : shortSlug(text);
}

function slugText(text: string): string {
  let out = '';
  let used = 0;
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === HYPHEN) {
      units[used++] = code;
      inSpace = false;
    } else if (code >= 65 && code <= 90) {
      units[used++] = code + 32;
      inSpace = false;
    } else if (isJsSpace(code)) {
      if (!inSpace) units[used++] = HYPHEN;
      inSpace = true;
    } else continue;
    if (used >= CHUNK) {
      out += unitsText(used);
      used = 0;
    }
  }
  return out + unitsText(used);
}

/** Categories and tags repeat on every item of a list: their slugs are kept. */
const shortSlug = boundedMemo(slugText);

/** `encodeSpace` (char-scan.ts) through the buffer for long text. */
export function bufferedEncodeSpace(text: string): string {
  if (text.length < SHORT) return text.replace(/\s/g, '&nbsp;');
  let out = '';
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isJsSpace(code)) {
      units[used] = 38; // &
      units[used + 1] = 110; // n
      units[used + 2] = 98; // b
      units[used + 3] = 115; // s
      units[used + 4] = 112; // p
      units[used + 5] = 59; // ;
      used += 6;
    } else units[used++] = code;
    if (used >= CHUNK) {
      out += unitsText(used);
      used = 0;
    }
  }
  return out + unitsText(used);
}
