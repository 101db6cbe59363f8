/**
 * Finds where JSON text stops being valid, as a 1-based line and column. Node's `JSON.parse`
 * message only sometimes carries a position ("Unexpected token '}', ... is not valid JSON" has
 * none), so after a failed parse the CLI re-scans the text with this small recursive-descent
 * validator (RFC 8259 grammar). It runs only on the error path, so it favours clarity over speed.
 */
import { LineIndex } from './errors.js';

export interface JsonErrorLocation {
  line: number;
  column: number;
  message: string;
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** Scans JSON text; each method consumes one grammar rule starting at `pos`. */
class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  document(): void {
    this.skipWhitespace();
    this.value();
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail('unexpected text after the JSON value');
  }

  private fail(message: string, offset = this.pos): never {
    throw new JsonSyntaxError(message, offset);
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return 'end of input';
    return `'${this.text[this.pos]}'`;
  }

  private skipWhitespace(): void {
    while (this.pos < this.text.length && WHITESPACE.has(this.text[this.pos]!)) this.pos++;
  }

  private expect(char: string, context: string): void {
    this.skipWhitespace();
    if (this.text[this.pos] !== char) {
      this.fail(`expected '${char}' ${context}, found ${this.describeHere()}`);
    }
    this.pos++;
  }

  private value(): void {
    this.skipWhitespace();
    const c = this.text[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.fail(`expected a JSON value, found ${this.describeHere()}`);
  }

  private object(): void {
    this.pos++; // {
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') {
        this.fail(`expected a double-quoted property name, found ${this.describeHere()}`);
      }
      this.string();
      this.expect(':', 'after a property name');
      this.value();
      this.skipWhitespace();
      const c = this.text[this.pos];
      if (c === '}') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`expected ',' or '}' in an object, found ${this.describeHere()}`);
      this.pos++;
    }
  }

  private array(): void {
    this.pos++; // [
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      this.skipWhitespace();
      const c = this.text[this.pos];
      if (c === ']') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`expected ',' or ']' in an array, found ${this.describeHere()}`);
      this.pos++;
    }
  }

  private string(): void {
    const start = this.pos;
    this.pos++; // opening quote
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail('unterminated string', start);
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c < ' ') this.fail('control character in a string (escape it, e.g. \\n)');
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        if (e === 'u') {
          HEX4.lastIndex = this.pos + 2;
          if (!HEX4.test(this.text)) this.fail('bad \\u escape (expected 4 hex digits)');
          this.pos += 6;
          continue;
        }
        if (e === undefined || !ESCAPES.has(e)) this.fail('bad escape sequence in a string');
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
  }

  private number(): void {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m || m[0] === '-') this.fail('malformed number');
    this.pos += m[0].length;
  }
}

/**
 * Locates the first syntax error in `text`. For text that is in fact valid JSON (should not
 * happen: callers use this after `JSON.parse` failed) it reports the end of the text.
 */
export function locateJsonError(text: string): JsonErrorLocation {
  let offset = text.length;
  let message = 'invalid JSON';
  try {
    new Scanner(text).document();
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    offset = err.offset;
    message = err.message;
  }
  if (text.trim() === '') message = 'empty input (expected a JSON value)';
  const { line, column } = new LineIndex(text).locate(offset);
  return { line, column, message };
}
