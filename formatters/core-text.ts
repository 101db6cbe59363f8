/**
 * Core formatters that turn a value into text (docs/language.md, "Core formatters"): escaping and
 * encoding, JSON output, and small text transforms. Non-string inputs are read with `asString`
 * (scalars in JS formatting, objects/arrays/null/MISSING as ""), as the reference does.
 */
import type { Formatter, FormatterTable, Variable } from '../engine/plugin.js';
import { asNumber, asString, isTruthy } from '../engine/values.js';
import { encodeSpace, isJsSpace, slugify } from './char-scan.js';
import { loneSurrogate } from './error-texts.js';

/**
 * A formatter that maps the first variable's value, ignoring its arguments. It declares `map`
 * (see `Formatter.map`): `apply` is that mapping by construction, so the engine may call it
 * directly.
 */
export function valueFormatter(map: (value: unknown) => unknown): Formatter {
  return {
    apply(_args: string[], vars: Variable[]): void {
      const first = vars[0]!;
      first.set(map(first.value));
    },
    map,
  };
}

/** Escapes `& < >` (and `"` when `quotes`) in one pass; returns the input itself when nothing needs escaping. */
export function escapeHtml(text: string, quotes: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 38:
        entity = '&amp;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      case 34:
        if (!quotes) continue;
        entity = '&quot;';
        break;
      default:
        continue;
    }
    out += text.slice(last, i) + entity;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * `JSON.stringify` of a string that needs no escaping and has no `</` (the usual case) is the
 * string in quotes; null when JSON.stringify has to do the work (a `"`, `\\`, control
 * character or surrogate, or a `</`). Skips the native call, which costs several times more.
 */
function quotePlainJson(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff))
      return null;
    if (code === 47 && i > 0 && text.charCodeAt(i - 1) === 60) return null;
  }
  return '"' + text + '"';
}

/** JSON text safe to embed in a `<script>`: every `</` becomes `<\/`. */
export function scriptSafeJson(value: unknown, indent?: number): string {
  if (value === undefined) return '';
  if (typeof value === 'string') {
    const quoted = quotePlainJson(value);
    if (quoted !== null) return quoted;
  }
  const text = JSON.stringify(value, null, indent);
  return text.includes('</') ? text.replace(/<\//g, '<\\/') : text;
}

/** `escape()` keeps `@*_+-./` which encodeURIComponent encodes, and encodes `!'()~` which it keeps. */
const ESCAPE_FIXUPS: Record<string, string> = {
  '!': '%21',
  "'": '%27',
  '(': '%28',
  ')': '%29',
  '~': '%7E',
  '%40': '@',
  '%2B': '+',
  '%2F': '/',
};

/**
 * The reference's `url-encode`: UTF-8 encode, then legacy `escape()` on the bytes. That equals
 * encodeURIComponent with escape()'s different set of unreserved characters. Throws on lone
 * surrogates with the reference's message.
 */
export function urlEncode(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    throw new Error(loneSurrogate(text));
  }
  return encoded.replace(/[!'()~]|%40|%2B|%2F/g, (m) => ESCAPE_FIXUPS[m]!);
}

/** Whitespace for truncate's word cut (not the Unicode spaces `\s` knows). */
function isCutSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * Cuts `text` to at most `limit` UTF-16 units, backing up to just after the last whitespace in
 * that prefix when there is one, then appends `ellipsis`.
 */
export function truncateText(text: string, limit: number, ellipsis: string): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  for (let i = cut.length - 1; i >= 0; i--) {
    if (isCutSpace(cut.charCodeAt(i))) return cut.slice(0, i + 1) + ellipsis;
  }
  return cut + ellipsis;
}

/** After these a `'` opens (besides the start of a line). `s` and `\\` are the reference's regex typo for `\s`. */
function opensSingle(prev: number): boolean {
  return (
    prev === 45 /* - */ ||
    prev === 0x2014 ||
    prev === 92 /* \\ */ ||
    prev === 115 /* s */ ||
    prev === 40 /* ( */ ||
    prev === 91 /* [ */ ||
    prev === 34 /* " */ ||
    prev === 10 ||
    prev === 13 ||
    prev === 0x2028 ||
    prev === 0x2029
  );
}

/** After these (or whitespace) a `"` opens. */
function opensDouble(prev: number): boolean {
  return (
    prev === 45 /* - */ ||
    prev === 0x2014 ||
    prev === 47 /* / */ ||
    prev === 40 /* ( */ ||
    prev === 91 /* [ */ ||
    prev === 0x2018 ||
    isJsSpace(prev)
  );
}

/**
 * The classic smartypants substitutions in one pass, quirks included. The reference runs five
 * regex replacements in order — opening singles, closing singles, opening doubles, closing
 * doubles, `--` to em dash — so a `'` is judged by the raw character before it, a `"` by that
 * character after the single-quote pass. A `'` opens at the start of a line or after `-`, an em
 * dash, `(`, `[`, `"`, or (regex typo) a literal `\\` or `s` — but not after a space; a `"` opens
 * at the start or after whitespace, `-`, an em dash, `/`, `(`, `[` or an opening single quote.
 */
export function smartypants(text: string): string {
  let out = '';
  let last = 0;
  // The previous character as the double-quote pass sees it (singles already curled).
  let prevCurled = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string;
    if (code === 39 /* ' */) {
      replacement = i === 0 || opensSingle(text.charCodeAt(i - 1)) ? '\u2018' : '\u2019';
      prevCurled = replacement.charCodeAt(0);
    } else {
      const prev = prevCurled;
      prevCurled = code;
      if (code === 34 /* " */) {
        replacement = i === 0 || opensDouble(prev) ? '\u201c' : '\u201d';
      } else if (code === 45 && text.charCodeAt(i + 1) === 45) {
        replacement = '\u2014';
        out += text.slice(last, i) + replacement;
        last = i + 2;
        // The second `-` is still a `-` to the quote passes, which run before the dash pass.
        prevCurled = 45;
        i++;
        continue;
      } else {
        continue;
      }
    }
    out += text.slice(last, i) + replacement;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

const TAG = /<[^>]*>/g;

const truncate: Formatter = {
  maxArgs: 2,
  apply(args, vars) {
    const first = vars[0]!;
    const limit = args.length > 0 ? parseInt(args[0]!, 10) : 100;
    // A non-positive or unreadable limit leaves the value untouched (not even stringified).
    if (!(limit > 0)) return;
    first.set(truncateText(asString(first.value), limit, args.length > 1 ? args[1]! : '...'));
  },
};

const pluralize: Formatter = {
  maxArgs: 2,
  apply(args, vars) {
    const first = vars[0]!;
    const singular = args.length >= 2 ? args[0]! : '';
    const plural = args.length >= 2 ? args[1]! : args.length === 1 ? args[0]! : 's';
    first.set(asNumber(first.value) === 1 ? singular : plural);
  },
};

const output: Formatter = {
  apply(args, vars) {
    vars[0]!.set(args.join(' '));
  },
};

/** `JSON.stringify` of the value; MISSING prints `null`, a computed `undefined` stays undefined. */
const raw: Formatter = {
  apply(_args, vars) {
    const first = vars[0]!;
    if (!first.undefinedResult)
      first.set(JSON.stringify(first.value === undefined ? null : first.value));
  },
};

/** `html` (quotes kept) and `htmlattr`/`htmltag`: escapes of the value's text (`unescaped`). */
function escapeFormatter(quotes: boolean): Formatter {
  return { ...valueFormatter((v) => escapeHtml(asString(v), quotes)), unescaped: asString };
}

const escapeAttr = escapeFormatter(true);

export const CORE_TEXT_FORMATTERS: FormatterTable = {
  'encode-space': valueFormatter((v) => encodeSpace(asString(v))),
  'encode-uri': valueFormatter((v) => encodeURI(asString(v))),
  'encode-uri-component': valueFormatter((v) => encodeURIComponent(asString(v))),
  html: escapeFormatter(false),
  htmlattr: escapeAttr,
  htmltag: escapeAttr,
  json: valueFormatter((v) => scriptSafeJson(v)),
  'json-pretty': valueFormatter((v) => scriptSafeJson(v, 2)),
  output,
  pluralize,
  raw,
  // Falsy values pass through unchanged; truthy ones are read as text and lose their tags.
  safe: valueFormatter((v) => (isTruthy(v) ? asString(v).replace(TAG, '') : v)),
  slugify: valueFormatter((v) => slugify(asString(v))),
  smartypants: valueFormatter((v) => smartypants(asString(v))),
  str: valueFormatter(asString),
  truncate,
  'url-encode': valueFormatter((v) => urlEncode(asString(v))),
};
