/**
 * The scanners under the tag parser (tag-parser.ts): character classes, references and their
 * paths, names, and delimited argument lists, read from the tag's source in place. Each returns
 * where what it read ends (or -1), so the parser slices nothing out until it accepts a piece.
 */
import type { MaybeArgs, Path } from './code.js';

export const WORD_RE = /[a-zA-Z][\w-]*/y;
export const DEFINITION_RE = /@[a-zA-Z][\w-]*/y;
export const FILE_PATH_RE = /[./\w-]+/y;
const MAX_INDEX = 0x7fffffff;

export function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** 1 for `[a-zA-Z0-9_-]`, by char code: one load instead of four range tests per name char. */
const WORD_CHARS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (isLetter(c) || isDigit(c) || c === 95 || c === 45) WORD_CHARS[c] = 1;
}

/** `[a-zA-Z0-9_-]`; false for NaN (past the end of the source). */
export function isWordChar(code: number): boolean {
  return code < 128 && WORD_CHARS[code] === 1;
}

/** End of a path segment at `pos` (`\d+`, `[@$]?word`, or a lone `@`), or -1. */
function scanSegment(source: string, pos: number): number {
  let c = source.charCodeAt(pos);
  if (isDigit(c)) {
    do c = source.charCodeAt(++pos);
    while (isDigit(c));
    return pos;
  }
  if (c === 64 /* @ */ || c === 36 /* $ */) {
    if (!isLetter(source.charCodeAt(pos + 1))) return c === 64 ? pos + 1 : -1;
    pos++;
  } else if (!isLetter(c)) {
    return -1;
  }
  do c = source.charCodeAt(++pos);
  while (isWordChar(c));
  return pos;
}

/** Returns the end of a sticky match of `re` at `pos`, or -1. */
export function matchAt(re: RegExp, source: string, pos: number): number {
  re.lastIndex = pos;
  return re.test(source) ? re.lastIndex : -1;
}

export function isWhitespace(code: number): boolean {
  // space, \t \n \v \f \r
  return code === 32 || (code >= 9 && code <= 13);
}

export function skipWhitespace(source: string, pos: number, end: number): number {
  while (pos < end && isWhitespace(source.charCodeAt(pos))) pos++;
  return pos;
}

/** The segment `source[start, end)`: digit segments up to 2^31-1 become numbers. */
function segmentValue(source: string, start: number, end: number): string | number {
  const part = source.slice(start, end);
  const first = source.charCodeAt(start);
  if (first < 48 || first > 57) return part;
  const n = Number(part);
  return n <= MAX_INDEX ? n : part;
}

/**
 * The path of the variable reference at `cursor.pos` (segments joined by `.`; a `.` not followed
 * by a segment is not part of it), or null when none starts there; `cursor.pos` moves to its
 * end. One pass that slices each segment as it is scanned, and paths of one or two segments
 * (nearly all of them) come from exact-size literals: a `push` onto `[]` reserves 17 slots.
 */
export function readPath(source: string, cursor: Cursor): Path | null {
  const start = cursor.pos;
  const end = scanSegment(source, start);
  if (end === -1) return null;
  const first = segmentValue(source, start, end);
  if (source.charCodeAt(end) !== 46 /* . */) {
    cursor.pos = end;
    return [first];
  }
  const secondEnd = scanSegment(source, end + 1);
  if (secondEnd === -1) {
    cursor.pos = end;
    return [first];
  }
  const second = segmentValue(source, end + 1, secondEnd);
  if (source.charCodeAt(secondEnd) !== 46) {
    cursor.pos = secondEnd;
    return [first, second];
  }
  const path: Path = [first, second];
  let pos = secondEnd;
  while (source.charCodeAt(pos) === 46) {
    const next = scanSegment(source, pos + 1);
    if (next === -1) break;
    path.push(segmentValue(source, pos + 1, next));
    pos = next;
  }
  cursor.pos = pos;
  return path;
}

/** True when `source` spells `word` at `pos` (a char loop: cheaper than startsWith for short words). */
export function spellsAt(source: string, pos: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    if (source.charCodeAt(pos + i) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * `source.slice(from, end).split(delimiter)`, read in place: no intermediate string, no runtime
 * split call (the two were ~8% of compiling a page, most tags having one or two arguments). A
 * single value comes back in a one-slot literal (a `push` onto `[]` reserves 17 slots).
 */
export function splitArgs(source: string, from: number, end: number, delimiter: string): string[] {
  let next = source.indexOf(delimiter, from);
  if (next === -1 || next >= end) return [source.slice(from, end)];
  const values = [source.slice(from, next)];
  for (;;) {
    from = next + 1;
    next = source.indexOf(delimiter, from);
    if (next === -1 || next >= end) {
      values.push(source.slice(from, end));
      return values;
    }
    values.push(source.slice(from, next));
  }
}

/** Delimited arguments of an instruction or predicate: the rest of the tag after the name. */
export function instructionArgs(source: string, pos: number, end: number): MaybeArgs {
  if (pos >= end) return 0;
  const delimiter = source[pos]!;
  const values = pos + 1 === end ? [] : splitArgs(source, pos + 1, end, delimiter);
  return [values, delimiter];
}

/** Result holder for the list/formatter readers, so they can return a position and a value. */
export interface Cursor {
  pos: number;
}

/**
 * `refs` separated by ` *, *` from `cursor.pos` up to `end`; a trailing comma fails. Returns null
 * on failure. A single reference (the usual case) comes back in a one-slot literal.
 */
export function readVariableList(source: string, cursor: Cursor, end: number): Path[] | null {
  const path = readPath(source, cursor);
  if (path === null || cursor.pos > end) return null;
  const c = source.charCodeAt(cursor.pos);
  if (c !== 32 /* space */ && c !== 44 /* , */) return [path];
  const paths: Path[] = [path];
  for (;;) {
    // Separator ` *, *` (spaces only): without a comma the list ends before the spaces.
    let sep = cursor.pos;
    while (source.charCodeAt(sep) === 32) sep++;
    if (source.charCodeAt(sep) !== 44 /* , */) return paths;
    sep++;
    while (source.charCodeAt(sep) === 32) sep++;
    cursor.pos = sep;
    const next = readPath(source, cursor);
    if (next === null || cursor.pos > end) return null;
    paths.push(next);
  }
}
