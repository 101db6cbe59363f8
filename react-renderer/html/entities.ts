/**
 * Character references (`&amp;`, `&#233;`, `&#x2014;`, `&frac13;`) as the HTML parser decodes
 * them in text and attribute values. Numeric references follow the spec here, including the
 * Windows-1252 remapping of 0x80–0x9F and U+FFFD for NUL, surrogates and out-of-range values.
 * The commonest names are matched here; any other name, with or without its `;`, goes to
 * named-references.ts (the whole table, on the server) or its browser version (the browser's own
 * parser), which apply the rest of the spec's rules (the longest name a text begins with, the
 * attribute-value exceptions).
 */
import { Ascii, Char, isAsciiAlpha, isAsciiDigit, isAsciiHexDigit } from './char-codes.js';
import { decodeNamed } from './named-references.js';

/** Names with their `;` matched here without a call (formatter output, typography). */
// prettier-ignore
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®',
  trade: '™', middot: '·', ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’',
  ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', times: '×', larr: '←', rarr: '→',
  bull: '•', euro: '€', pound: '£', deg: '°',
};

// prettier-ignore
const C1 = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160,
  0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
  0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178];

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  if (code >= 0x80 && code <= 0x9f) return String.fromCodePoint(C1[code - 0x80]!);
  return String.fromCodePoint(code);
}

/** NAMED as a Map: a lookup in a many-key object (dictionary mode) measured much slower. */
const NAMED_MAP = new Map(Object.entries(NAMED));
const isAlnum = (c: number): boolean => isAsciiDigit(c) || isAsciiAlpha(c);

/**
 * When `decodeEntities` tries the byte scan (escaped-ascii.ts) on the rest of a text: after this many
 * references, if they came at least one per DENSE_SPAN characters and DENSE_REST characters
 * or more remain. Building the string piece by piece costs about as much per reference as
 * the byte scan costs per 25 characters.
 */
const DENSE_COUNT = 16;
const DENSE_SPAN = 24;
const DENSE_REST = 512;

/**
 * The byte scan of escaped ASCII text (escaped-ascii.ts), installed by the server entry; the
 * browser runtime decodes such text reference by reference, with the same result (its size
 * budget does not carry the scan: docs/benchmarks.md, "Browser runtime").
 */
let denseDecoder: ((text: string) => string | null) | null = null;

/** Installs (or, with null, removes) the byte scan `decodeEntities` tries on dense text. */
export function useDenseDecoder(decode: ((text: string) => string | null) | null): void {
  denseDecoder = decode;
}

/**
 * Decodes character references. `inAttribute` applies the attribute-value rule: a legacy name
 * without `;` followed by `=` or an alphanumeric stays literal (`?a=1&copy=2`). A hand-written
 * scan: formatter output is full of `&quot;` (JSON in attributes), and this runs on all of it.
 */
export function decodeEntities(text: string, inAttribute = false): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let from = 0;
  let count = 0;
  const n = text.length;
  while (amp !== -1) {
    if (++count === DENSE_COUNT && from <= DENSE_COUNT * DENSE_SPAN && n - from >= DENSE_REST) {
      // Long and thick with references so far (JSON in an attribute): the rest may go faster
      // as bytes.
      const rest = denseDecoder === null ? null : denseDecoder(text.slice(from));
      if (rest !== null) return out + rest;
    }
    let i = amp + 1;
    let value: string | null = null;
    if (text.charCodeAt(i) === Char.HASH) {
      i++;
      const hex = (text.charCodeAt(i) | Ascii.LOWER_CASE_BIT) === Char.LOWER_X;
      if (hex) i++;
      const start = i;
      while (
        i < n &&
        (hex ? isAsciiHexDigit(text.charCodeAt(i)) : isAsciiDigit(text.charCodeAt(i)))
      )
        i++;
      if (i > start) {
        const code = parseInt(text.slice(start, i), hex ? 16 : 10);
        value = fromCodePoint(i - start > 8 ? 0x110000 : code);
        if (text.charCodeAt(i) === Char.SEMICOLON) i++;
      }
    } else if (
      // `&quot;` and `&amp;` are most references in formatter output (JSON in attributes,
      // escaped text): matched by character, without slicing out and looking up the name.
      text.charCodeAt(i) === 113 /* q */ &&
      text.charCodeAt(i + 1) === 117 /* u */ &&
      text.charCodeAt(i + 2) === 111 /* o */ &&
      text.charCodeAt(i + 3) === 116 /* t */ &&
      text.charCodeAt(i + 4) === Char.SEMICOLON
    ) {
      value = '"';
      i += 5;
    } else if (
      text.charCodeAt(i) === 97 /* a */ &&
      text.charCodeAt(i + 1) === 109 /* m */ &&
      text.charCodeAt(i + 2) === 112 /* p */ &&
      text.charCodeAt(i + 3) === Char.SEMICOLON
    ) {
      value = '&';
      i += 4;
    } else {
      const start = i;
      while (i < n && isAlnum(text.charCodeAt(i))) i++;
      if (i > start) {
        const semicolon = text.charCodeAt(i) === Char.SEMICOLON;
        const named = semicolon ? NAMED_MAP.get(text.slice(start, i)) : undefined;
        if (named !== undefined) {
          value = named;
          i++;
        } else {
          // Any other name: the reference with what ends it (`;`, or in an attribute `=`,
          // which keeps a name without `;` literal) is decoded by the whole table.
          const end = semicolon || (inAttribute && text.charCodeAt(i) === Char.EQUALS) ? i + 1 : i;
          const reference = text.slice(amp, end);
          const decoded = decodeNamed(reference, inAttribute);
          if (decoded !== null && decoded !== reference) {
            value = decoded;
            i = end;
          }
        }
      }
    }
    if (value !== null) {
      // Two appends, not `slice + value` first: that would copy both into a new string.
      out += text.slice(from, amp);
      out += value;
      from = i;
    }
    amp = text.indexOf('&', value !== null ? i : amp + 1);
  }
  return from === 0 ? text : out + text.slice(from);
}
