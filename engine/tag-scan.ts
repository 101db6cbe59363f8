/**
 * The scanners under the tag parser (tag-parser.ts): character classes, references and their
 * paths, names, and delimited argument lists, read from the tag's source in place. Each returns
 * where what it read ends (or -1), so the parser slices nothing out until it accepts a piece.
 */
import type { MaybeArgs, Path } from './code.js';

export const WORD_RE = /[a-zA-Z][\w-]*/y;
export const PREDICATE_NAME_RE = /[a-zA-Z][\w-]*\?/y;
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

/**
 * End of a variable reference (segments joined by `.`) at `pos`, or -1. A `.` not followed by a
 * segment is not part of the reference. Hand-written: this is the hottest path of compile.
 */
export function scanReference(source: string, pos: number): number {
  let end = scanSegment(source, pos);
  if (end === -1) return -1;
  while (source.charCodeAt(end) === 46 /* . */) {
    const next = scanSegment(source, end + 1);
    if (next === -1) break;
    end = next;
  }
  return end;
}

/** Returns the end of a sticky match of `re` at `pos`, or -1. */
export function matchAt(re: RegExp, source: string, pos: number): number {
  re.lastIndex = pos;
  return re.test(source) ? re.lastIndex : -1;
}

function isWhitespace(code: number): boolean {
  // space, \t \n \v \f \r
  return code === 32 || (code >= 9 && code <= 13);
}

export function skipWhitespace(source: string, pos: number, end: number): number {
  while (pos < end && isWhitespace(source.charCodeAt(pos))) pos++;
  return pos;
}

function segmentValue(part: string): string | number {
  const first = part.charCodeAt(0);
  if (first < 48 || first > 57) return part;
  const n = Number(part);
  return n <= MAX_INDEX ? n : part;
}

/**
 * The path of the (already scanned, valid) reference `source[start, end)`: split at its dots;
 * digit segments up to 2^31-1 become numbers. Reads the source in place: no slice of the whole
 * reference, no second search for dots.
 */
export function pathOf(source: string, start: number, end: number): Path {
  let dot = start;
  while (dot < end && source.charCodeAt(dot) !== 46 /* . */) dot++;
  if (dot === end) return [segmentValue(source.slice(start, end))];
  const path: Path = [];
  for (;;) {
    path.push(segmentValue(source.slice(start, dot)));
    if (dot === end) return path;
    start = dot + 1;
    dot = start;
    while (dot < end && source.charCodeAt(dot) !== 46) dot++;
  }
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
 * split call (the two were ~8% of compiling a page, most tags having one or two arguments).
 */
export function splitArgs(source: string, from: number, end: number, delimiter: string): string[] {
  const values: string[] = [];
  for (;;) {
    const next = source.indexOf(delimiter, from);
    if (next === -1 || next >= end) {
      values.push(source.slice(from, end));
      return values;
    }
    values.push(source.slice(from, next));
    from = next + 1;
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

/** `refs` separated by ` *, *`; a trailing comma fails. Returns null on failure. */
export function readVariableList(source: string, cursor: Cursor, end: number): Path[] | null {
  const paths: Path[] = [];
  let pos = cursor.pos;
  for (;;) {
    const refEnd = scanReference(source, pos);
    if (refEnd === -1 || refEnd > end) return null;
    paths.push(pathOf(source, pos, refEnd));
    pos = refEnd;
    // Separator ` *, *` (spaces only): without a comma the list ends before the spaces.
    let sep = pos;
    while (source.charCodeAt(sep) === 32) sep++;
    if (source.charCodeAt(sep) !== 44 /* , */) break;
    sep++;
    while (source.charCodeAt(sep) === 32) sep++;
    pos = sep;
  }
  cursor.pos = pos;
  return paths;
}
