/**
 * Tokenizer of the expression language (docs/language.md, "Tokens"): a hand-written scanner over
 * char codes. It stops at the first lexical error; exceeding the token limit or naming an unknown
 * function name are reported and scanning goes on, so that a later lexical error is reported too,
 * as the reference does. Error details are the reference's texts; indexes count from the start of
 * the expression.
 */
import type { Path, PathSegment } from '../code.js';
import {
  BINARY_OPERATORS,
  BITWISE_NOT,
  CONSTANTS,
  FUNCTIONS,
  LOGICAL_NOT,
  UNARY_MINUS,
  UNARY_PLUS,
} from './operators.js';
import { CLOSE_PAREN, COMMA, Kind, OPEN_PAREN, SEMICOLON, type Token } from './tokens.js';
import {
  BARE_CARRIAGE_RETURN,
  BARE_LINE_FEED,
  DUPLICATE_POINT,
  EXPONENT_DIGIT,
  EXPONENT_POINT,
  HEX_DIGITS,
  HEX_ESCAPE,
  invalidFunction,
  tooManyTokens,
  unexpectedChar,
  UNICODE_ESCAPE,
  UNTERMINATED_STRING,
} from '../error-texts.js';

export interface TokenizeResult {
  tokens: Token[];
  /** Detail messages, in the order found. */
  errors: string[];
}

const MAX_INDEX = 0x7fffffff;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWordChar = (c: number): boolean =>
  isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */
const isHexDigit = (c: number): boolean =>
  isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** Space, \n, \t, \r and U+00A0 only. */
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0;

/** Thrown inside the scanner to stop at the first lexical error. */
class LexError {
  constructor(readonly detail: string) {}
}

/** Decoded code point of a `\x`, `\u` or `\U` escape: control characters and non-code points become a space. */
function escapedChar(code: number): string {
  if (code <= 0x08 || (code >= 0x0e && code <= 0x1f) || code > 0x10ffff) return ' ';
  return String.fromCodePoint(code);
}

class Scanner {
  i = 0;
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];
  /** `+`/`-` are unary at the start and after any operator other than `)`. */
  private unaryNext = true;

  constructor(
    readonly src: string,
    readonly maxTokens: number,
  ) {}

  /**
   * Records a token. Once the token limit or an unknown function has been reported, further
   * tokens are neither counted nor checked (only lexical errors are still found).
   */
  private push(token: Token, unaryNext: boolean, unknownFunction?: string): void {
    this.unaryNext = unaryNext;
    if (this.errors.length > 0) return;
    if (this.maxTokens > 0 && this.tokens.length >= this.maxTokens) {
      this.errors.push(tooManyTokens(this.maxTokens));
    } else if (unknownFunction !== undefined) {
      this.errors.push(invalidFunction(unknownFunction));
    } else {
      this.tokens.push(token);
    }
  }

  run(): void {
    const src = this.src;
    const n = src.length;
    while (this.i < n) {
      const c = src.charCodeAt(this.i);
      if (isSpace(c)) {
        this.i++;
      } else if (isDigit(c)) {
        this.number();
      } else if (c === 39 || c === 34) {
        this.string(c);
      } else if (
        isLetter(c) ||
        c === 64 /* @ */ ||
        (c === 36 /* $ */ && isLetter(src.charCodeAt(this.i + 1)))
      ) {
        this.identifier();
      } else {
        this.operator(c);
      }
    }
  }

  private unexpected(at: number): LexError {
    return new LexError(unexpectedChar(this.src.charCodeAt(at), at, JSON.stringify(this.src[at])));
  }

  private operator(c: number): void {
    const src = this.src;
    switch (c) {
      case 40:
        this.i++;
        return this.push(OPEN_PAREN, true);
      case 41:
        this.i++;
        return this.push(CLOSE_PAREN, false);
      case 44:
        this.i++;
        return this.push(COMMA, true);
      case 59:
        this.i++;
        return this.push(SEMICOLON, true);
      case 126:
        this.i++;
        return this.push({ kind: Kind.Operator, op: BITWISE_NOT }, true);
      case 43:
      case 45:
        if (this.unaryNext) {
          this.i++;
          return this.push({ kind: Kind.Operator, op: c === 43 ? UNARY_PLUS : UNARY_MINUS }, true);
        }
        break;
      case 33:
        if (src.charCodeAt(this.i + 1) !== 61) {
          this.i++;
          return this.push({ kind: Kind.Operator, op: LOGICAL_NOT }, true);
        }
        break;
    }
    for (let len = 3; len >= 1; len--) {
      const op = BINARY_OPERATORS.get(src.substr(this.i, len));
      if (op !== undefined) {
        this.i += len;
        return this.push({ kind: Kind.Operator, op }, true);
      }
    }
    throw this.unexpected(this.i);
  }

  private number(): void {
    const src = this.src;
    const n = src.length;
    const start = this.i;
    if (src.charCodeAt(start) === 48 && (src.charCodeAt(start + 1) | 0x20) === 120 /* x */) {
      let j = start + 2;
      while (j < n && isHexDigit(src.charCodeAt(j))) j++;
      if (j === start + 2) throw new LexError(HEX_DIGITS);
      this.i = j;
      return this.push({ kind: Kind.Value, value: parseInt(src.slice(start + 2, j), 16) }, false);
    }
    let j = start;
    let dot = false;
    let exponent = false;
    let exponentDigits = false;
    while (j < n) {
      const c = src.charCodeAt(j);
      if (isDigit(c)) {
        if (exponent) exponentDigits = true;
      } else if (c === 46 /* . */) {
        if (exponent) throw new LexError(EXPONENT_POINT);
        if (dot) throw new LexError(DUPLICATE_POINT);
        dot = true;
      } else if ((c | 0x20) === 101 /* e */ && !exponent) {
        exponent = true;
        const sign = src.charCodeAt(j + 1);
        if (sign === 43 || sign === 45) j++;
      } else {
        break;
      }
      j++;
    }
    if (exponent && !exponentDigits) throw new LexError(EXPONENT_DIGIT);
    this.i = j;
    this.push({ kind: Kind.Value, value: Number(src.slice(start, j)) }, false);
  }

  private string(quote: number): void {
    const src = this.src;
    const n = src.length;
    let j = this.i + 1;
    let out = '';
    let runStart = j;
    for (;;) {
      if (j >= n) throw new LexError(UNTERMINATED_STRING);
      const c = src.charCodeAt(j);
      if (c === quote) break;
      if (c === 10) throw new LexError(BARE_LINE_FEED);
      if (c === 13) throw new LexError(BARE_CARRIAGE_RETURN);
      if (c !== 92 /* \ */) {
        j++;
        continue;
      }
      out += src.slice(runStart, j);
      j++;
      if (j >= n) throw new LexError(UNTERMINATED_STRING);
      const e = src[j]!;
      j++;
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'f':
          out += '\f';
          break;
        case 'r':
          out += '\r';
          break;
        case 'x':
          out += escapedChar(this.hexEscape(j, 2, HEX_ESCAPE));
          j += 2;
          break;
        case 'u':
          out += escapedChar(this.hexEscape(j, 4, UNICODE_ESCAPE));
          j += 4;
          break;
        case 'U':
          out += escapedChar(this.hexEscape(j, 8, UNICODE_ESCAPE));
          j += 8;
          break;
        default:
          out += e;
      }
      runStart = j;
    }
    out += src.slice(runStart, j);
    this.i = j + 1;
    this.push({ kind: Kind.Value, value: out }, false);
  }

  private hexEscape(at: number, digits: number, error: string): number {
    for (let k = at; k < at + digits; k++) {
      if (!isHexDigit(this.src.charCodeAt(k))) throw new LexError(error);
    }
    return parseInt(this.src.slice(at, at + digits), 16);
  }

  private word(from: number): number {
    let j = from;
    while (isWordChar(this.src.charCodeAt(j))) j++;
    return j;
  }

  /** End of the segment starting at `at` (after a `.`), or -1 if none starts there. */
  private segmentEnd(at: number): number {
    const c = this.src.charCodeAt(at);
    if (isDigit(c)) {
      let j = at + 1;
      while (isDigit(this.src.charCodeAt(j))) j++;
      return j;
    }
    if (c === 64) return isLetter(this.src.charCodeAt(at + 1)) ? this.word(at + 1) : at + 1;
    if (c === 36) return isLetter(this.src.charCodeAt(at + 1)) ? this.word(at + 1) : -1;
    return isLetter(c) ? this.word(at) : -1;
  }

  private identifier(): void {
    const src = this.src;
    const start = this.i;
    const first = src.charCodeAt(start);
    let end =
      first === 64 || first === 36
        ? isLetter(src.charCodeAt(start + 1))
          ? this.word(start + 1)
          : start + 1
        : this.word(start);
    const path: Path = [src.slice(start, end)];
    while (src.charCodeAt(end) === 46) {
      const next = this.segmentEnd(end + 1);
      if (next < 0) break;
      path.push(segment(src.slice(end + 1, next)));
      end = next;
    }
    this.i = end;
    const name = path[0] as string;
    if (path.length === 1) {
      const constant = CONSTANTS.get(name);
      if (constant !== undefined) return this.push({ kind: Kind.Value, value: constant }, false);
      let j = end;
      while (isSpace(src.charCodeAt(j))) j++;
      if (src.charCodeAt(j) === 40) {
        const fn = FUNCTIONS.get(name);
        if (fn === undefined) return this.push(OPEN_PAREN, true, name);
        return this.push({ kind: Kind.Call, fn }, true);
      }
    }
    const isAtName = name.length > 1 && first === 64;
    const assignName = isAtName && path.length === 1 ? name : null;
    const localName = isAtName && name !== '@index' && name !== '@index0' ? name : null;
    this.push({ kind: Kind.Variable, path, assignName, localName }, false);
  }
}

/** A path segment: digit strings up to 0x7FFFFFFF become numbers (`01` -> 1). */
function segment(text: string): PathSegment {
  if (!isDigit(text.charCodeAt(0))) return text;
  const value = Number(text);
  return value <= MAX_INDEX ? value : text;
}

/** Splits an expression source (without the debug `#`) into tokens. */
export function tokenize(src: string, maxTokens: number): TokenizeResult {
  const scanner = new Scanner(src, maxTokens);
  try {
    scanner.run();
  } catch (e) {
    if (!(e instanceof LexError)) throw e;
    scanner.errors.push(e.detail);
  }
  return { tokens: scanner.tokens, errors: scanner.errors };
}
