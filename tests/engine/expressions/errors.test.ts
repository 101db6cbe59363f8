/**
 * Error reporting of `{.eval}` (docs/language.md, "Errors"): the exact detail texts inside the two
 * full messages, which quote the expression differently (JSON for parse errors, raw for reduce
 * errors; both without the debug `#`).
 */
import { describe, expect, it } from 'vitest';
import { parseEval } from '../../../engine/expressions/index.js';
import { evaluate, NO_LIMITS } from './helpers.js';

const parseMessage = (expr: string, detail: string): string =>
  `RuntimeError: Error parsing expression: ${JSON.stringify(expr)}: ${detail}`;
const reduceMessage = (expr: string, detail: string): string =>
  `RuntimeError: Error reducing expression: ${expr}: ${detail}`;

describe('tokenizer errors', () => {
  it.each([
    ['1 ? 2', 'Unexpected character at 2: "?"'],
    ['1 # 2', 'Unexpected character at 2: "#"'],
    ['1 \f 2', 'Unexpected form feed at 2: "\\f"'],
    ['1 \b 2', 'Unexpected backspace at 2: "\\b"'],
    ['1 \u000b 2', 'Unexpected control character at 2: "\\u000b"'],
    ['1 \u001f 2', 'Unexpected control character at 2: "\\u001f"'],
    ['1\u2003+ 2', 'Unexpected character at 1: "\u2003"'],
    ['.5', 'Unexpected character at 0: "."'],
    ['a.', 'Unexpected character at 1: "."'],
    ['a..b', 'Unexpected character at 1: "."'],
    ['a.$', 'Unexpected character at 1: "."'],
    ['0x1.5', 'Unexpected character at 3: "."'],
    ['_a', 'Unexpected character at 0: "_"'],
    ['$', 'Unexpected character at 0: "$"'],
    ['1e', 'Expected a digit after exponent in decimal number'],
    ['1e+', 'Expected a digit after exponent in decimal number'],
    ['1ex', 'Expected a digit after exponent in decimal number'],
    ['1.2.3', 'Duplicate decimal point in number'],
    ['1..2', 'Duplicate decimal point in number'],
    ['1e5.3', 'Unexpected decimal point in exponent'],
    ['1e.5', 'Unexpected decimal point in exponent'],
    ['0x', 'Expected digits after start of hex number'],
    ['0xg', 'Expected digits after start of hex number'],
    ["'\\x4'", 'Invalid 2-char hex escape found'],
    ["'\\x4g'", 'Invalid 2-char hex escape found'],
    ["'\\u004'", 'Invalid unicode escape found'],
    ["'\\U0041'", 'Invalid unicode escape found'],
    ["'a\nb'", 'Illegal bare line feed character in string literal'],
    ["'a\rb'", 'Illegal bare carriage return character in string literal'],
    ["'abc", 'Unterminated string'],
    ["'abc\\", 'Unterminated string'],
    ['foo(1)', 'Invalid function foo'],
    ['foo (1)', 'Invalid function foo'],
    ['@max(1)', 'Invalid function @max'],
    ['@(1)', 'Invalid function @'],
    ['obj (1)', 'Invalid function obj'],
  ])('%j: %s', (expr, detail) => {
    expect(evaluate(expr).errors).toEqual([parseMessage(expr, detail)]);
  });

  it('reports an unknown function and goes on to the next lexical error', () => {
    expect(evaluate('foo(1) 1e').errors).toEqual([
      parseMessage('foo(1) 1e', 'Invalid function foo'),
      parseMessage('foo(1) 1e', 'Expected a digit after exponent in decimal number'),
    ]);
    expect(evaluate('foo(1) bar(2)').errors).toEqual([
      parseMessage('foo(1) bar(2)', 'Invalid function foo'),
    ]);
  });
});

describe('builder errors', () => {
  it.each([
    ['(1', ['left paren']],
    ['max(1', ['left paren']],
    ['1 + (2', ['left paren']],
    ['1)', ['right paren']],
    ['(1))', ['right paren']],
    [')1(', ['right paren']],
    ['max(1;2)', ['left paren', 'right paren']],
    ['1; (2; 3)', ['left paren', 'right paren']],
    ['1;(2;(3;4', ['left paren', 'left paren']],
  ])('%j', (expr, kinds) => {
    expect(evaluate(expr).errors).toEqual(
      kinds.map((kind) => parseMessage(expr, `Mismatched operator found: ${kind}`)),
    );
  });

  it('returns the first message, all messages and no output', () => {
    const result = parseEval('max(1;2)', NO_LIMITS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(parseMessage('max(1;2)', 'Mismatched operator found: left paren'));
    expect(result.messages).toHaveLength(2);
    expect(result.output).toBe('');
  });
});

describe('reducer errors', () => {
  const data = { a: { b: { c: 3 } }, obj: { x: 1 }, arr: [1] };
  it.each([
    ['1 +', ['Invalid arguments to operator add']],
    ['1 + ', ['Invalid arguments to operator add']],
    ['*', ['Invalid arguments to operator multiply']],
    ['* 1', ['Invalid arguments to operator multiply']],
    ['obj + 1', ['Invalid arguments to operator add']],
    ['obj == 1', ['Invalid arguments to operator equality']],
    ['obj && true', ['Invalid arguments to operator logical and']],
    ['1 + -obj', ['Invalid arguments to operator add']],
    ['1 >>> 2', ['Invalid arguments to operator right shift']],
    ['1 ==== 2', ['Invalid arguments to operator strict equality']],
    ['!=1', ['Invalid arguments to operator inequality']],
    ['obj', ['Reduce error: unexpected token on stack']],
    ['arr', ['Reduce error: unexpected token on stack']],
    ['@', ['Reduce error: unexpected token on stack']],
    ['max()', ['Error calling function max']],
    ['min()', ['Error calling function min']],
    ['abs()', ['Error calling function abs']],
    ['num()', ['Error calling function num']],
    ['str()', ['Error calling function str']],
    ['bool()', ['Error calling function bool']],
    ['max(obj)', ['Error calling function max']],
    ['max(-)', ['Error calling function max']],
    ['max(1, -obj)', ['Error calling function max']],
    ['max(-obj, -obj)', ['Error calling function max']],
    // a failed call leaves its <args> marker on the stack
    ['max(-obj)', ['Error calling function max', 'Reduce error: unexpected token on stack']],
    ['1 + max(-obj)', ['Error calling function max', 'Reduce error: unexpected token on stack']],
    ['max(obj, -obj)', ['Error calling function max', 'Reduce error: unexpected token on stack']],
    // an error stops the expression; an object left below is reported too
    [
      'a.b (1 + obj)',
      ['Invalid arguments to operator add', 'Reduce error: unexpected token on stack'],
    ],
  ])('%j', (expr, details) => {
    expect(evaluate(expr, data).errors).toEqual(
      details.map((detail) => reduceMessage(expr, detail)),
    );
  });

  it.each([
    ['-', ''],
    ['-obj', ''],
    ['!arr', ''],
    ['- - obj', ''],
    ['-obj 5', '-5'],
    ['(-obj) 5', '5'],
    ['max(-obj, 1)', '1'],
    ['max(-, 1)', '1'],
    ['@a =', ''],
    ['= 1', ''],
    ['@a = 1 +', ''],
    ['1 = 2', ''],
    ['max(1 = 2)', ''],
    ['obj 1', '1'],
  ])('%j is silently %j (unusable operands of unary operators and assignments)', (expr, output) => {
    expect(evaluate(expr, data)).toMatchObject({ output, errors: [] });
  });
});

describe('limits', () => {
  const tokens = (maxTokens: number) => ({ maxTokens, maxStringLength: 0 });
  const exceeds = (expr: string, n: number): string =>
    parseMessage(expr, `Expression exceeds the maximum number of allowed tokens: ${n}`);

  it.each([
    ['1+2', 3, true],
    ['1;2', 3, true],
    ['1 2 3', 3, true],
    ['#1+2', 3, true],
    ['1;;', 3, true],
    ['max(1)', 4, true],
    ['max()', 3, true],
    ['1+2+3', 3, false],
    [';;;;', 3, false],
    ['max(1)', 3, false],
    ['1 + max()', 4, false],
    ['1+2+3+4+5', 0, true],
  ])('%j with maxTokens %d fits: %s', (expr, max, fits) => {
    const parsed = parseEval(expr, tokens(max));
    expect(parsed.ok ? [] : parsed.messages).toEqual(
      fits ? [] : [exceeds(expr.replace(/^#/, ''), max)],
    );
  });

  it('reports the token limit once, then a later lexical error, but no unknown function', () => {
    expect(evaluate("1 + 2 + 'abc", {}, tokens(3)).errors).toEqual([
      exceeds("1 + 2 + 'abc", 3),
      parseMessage("1 + 2 + 'abc", 'Unterminated string'),
    ]);
    expect(evaluate('1 foo(', {}, tokens(1)).errors).toEqual([exceeds('1 foo(', 1)]);
    expect(evaluate('foo(', {}, tokens(1)).errors).toEqual([
      parseMessage('foo(', 'Invalid function foo'),
    ]);
  });

  it('limits the length of every string concatenation', () => {
    const limits = { maxTokens: 0, maxStringLength: 5 };
    expect(evaluate("'ab' + 'cde'", {}, limits)).toMatchObject({ output: 'abcde', errors: [] });
    expect(evaluate("'abcdef'", {}, limits).output).toBe('abcdef');
    expect(evaluate('str(123456)', {}, limits).output).toBe('123456');
    expect(evaluate("'ab' + 'cdef'", {}, limits).errors).toEqual([
      reduceMessage("'ab' + 'cdef'", 'Concatenation would exceed maximum string length 5'),
    ]);
    expect(evaluate("'a' + 12345", {}, limits).errors).toHaveLength(1);
    expect(evaluate("'abcdef' + ''", {}, limits).errors).toHaveLength(1);
    expect(evaluate("'ab' + 'cdef'", {}, NO_LIMITS).output).toBe('abcdef');
  });
});
