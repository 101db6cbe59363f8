/**
 * Evaluation semantics of `{.eval}` (docs/language.md, "Evaluation" and "Types and coercions").
 * Expected values are the language's documented results and the reference engine's observed
 * behaviour.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, value } from './helpers.js';

const DATA = {
  a: { b: { c: 3 } },
  s: 'str',
  n: 5,
  neg: '-6.5',
  hex: '0x1f',
  arr: [1, 2],
  obj: { x: 1 },
  nul: null,
  t: true,
  PI: 'data pi',
};

const v = (source: string): string => value(source, DATA);

describe('execution model', () => {
  it.each([
    ['', ''],
    [';;', ''],
    ['1', '1'],
    ['1 2 3 4 5', '5'],
    ['3, 2, 1', '1'],
    ["'a' 'b' 'c'", 'c'],
    ['true; false; true', 'true'],
    ['1; 2; null', ''],
    ['5; @a = 1', ''],
  ])('%j emits the last value: %j', (source, expected) => {
    expect(v(source)).toBe(expected);
  });

  it('makes assignments visible to later expressions and returns them', () => {
    const result = evaluate('@a = 2; @b = 5 * 7.2; @c = @a * @b; @c');
    expect(result).toEqual({
      output: '72',
      errors: [],
      assignments: { '@a': 2, '@b': 36, '@c': 72 },
    });
  });

  it('reads earlier variables through the host and own assignments first', () => {
    expect(evaluate('@x + 1', {}, undefined, { '@x': 41 }).output).toBe('42');
    expect(evaluate('@x = 1; @x + 1', {}, undefined, { '@x': 41 }).output).toBe('2');
    expect(evaluate('@a = null; @a', {}, undefined, { '@a': 7 }).output).toBe('');
  });

  it('never reads @index / @index0 from own assignments', () => {
    expect(evaluate('@index = 10; @index', {}, undefined, { '@index': 3 }).output).toBe('3');
    expect(evaluate('@index = 10').assignments).toEqual({ '@index': 10 });
  });

  it('assigns only single-segment @names, and only usable values', () => {
    expect(evaluate('a = 1; $a = 1; @a.b = 1; 5 = 1; @ = 1', DATA).assignments).toEqual({});
    expect(evaluate('@a = obj; @b = arr; @c = -obj', DATA).assignments).toEqual({});
    expect(evaluate('@a = nul; @b = nope; @c = true', DATA).assignments).toEqual({
      '@a': null,
      '@b': null,
      '@c': true,
    });
    expect(evaluate('@a = 5; @a = obj; @a', DATA).output).toBe('5');
  });

  it('ends an expression at its assignment', () => {
    expect(evaluate('(@a = 1) + 2', DATA)).toEqual({
      output: '',
      errors: [],
      assignments: { '@a': 1 },
    });
    expect(evaluate('@a = @b = 1').assignments).toEqual({ '@b': 1 });
    expect(evaluate('@a = 1, 2').assignments).toEqual({ '@a': 1 });
    expect(evaluate('max(@a = 1); @a').output).toBe('1');
    expect(evaluate('@a = 2 3; @a').output).toBe('');
  });

  it('own assignments have no members', () => {
    expect(v("@a = 'abc'; @a.length")).toBe('');
    expect(v('@a = 1; @a.x')).toBe('');
  });

  it('discards output and assignments when any expression fails', () => {
    const result = evaluate('@a = 1; 1 + obj; @a', DATA);
    expect(result.output).toBe('');
    expect(result.assignments).toEqual({});
    expect(result.errors).toEqual([
      'RuntimeError: Error reducing expression: @a = 1; 1 + obj; @a: Invalid arguments to operator add',
    ]);
  });

  it('keeps evaluating later expressions after an error, reporting each', () => {
    expect(evaluate('max(); 1 + obj', DATA).errors).toEqual([
      'RuntimeError: Error reducing expression: max(); 1 + obj: Error calling function max',
      'RuntimeError: Error reducing expression: max(); 1 + obj: Invalid arguments to operator add',
    ]);
  });
});

describe('values and variables', () => {
  it.each([
    ['0.1', '0.1'],
    ['1.', '1'],
    ['0x111111111111111111111', '1.2895208742556044e+24'],
    ['1e20', '100000000000000000000'],
    ['1e21', '1e+21'],
    ['0x07a', '122'],
    ['0X1F', '31'],
    ['00012', '12'],
    ['1.5e-2', '0.015'],
    ['-0', '0'],
    ["'\\u2018foobar\\u2019'", '\u2018foobar\u2019'],
    ['null', ''],
    ['PI', String(Math.PI)],
    ['E', String(Math.E)],
    ['@.PI', 'data pi'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['a.b.c', '3'],
    ['nope', ''],
    ['nope.x', ''],
    ['a.b.c.d', ''],
    ['max + 1', '1'],
    ['@1', '1'],
    ['a.max(1)', '1'],
    ['PI(1)', '1'],
    ['n-1', ''],
    ['n - 1', '4'],
  ])('%j -> %j', (source, expected) => {
    expect(v(source)).toBe(expected);
  });
});

describe('coercions (docs/language.md, "Types and coercions")', () => {
  it.each([
    // to-number
    ["+''", '0'],
    ["+' 5'", 'NaN'],
    ["+'.5'", 'NaN'],
    ["+'1e3'", '1000'],
    ["+'-0x10'", '-16'],
    ["+'0X1f'", '31'],
    ["+'5.'", '5'],
    ["+'+5'", '5'],
    ["+'01'", '1'],
    ["+'Infinity'", 'NaN'],
    ["+'0x'", 'NaN'],
    ["+'--5'", 'NaN'],
    ["+'1e'", 'NaN'],
    ['+true', '1'],
    ['+false', '0'],
    ['+null', '0'],
    ['+hex', '31'],
    // to-boolean
    ["!''", 'true'],
    ["!'0'", 'false'],
    ['!0', 'true'],
    ['!NaN', 'true'],
    ['!null', 'true'],
    ['!!t', 'true'],
    ['!obj', ''],
    ["bool('')", 'false'],
    ["bool('0')", 'true'],
    // to-string and +
    ['5 + neg', '5-6.5'],
    ['neg + 5', '-6.55'],
    ['true + 2', '3'],
    ['5 + num(neg)', '-1.5'],
    ["'a' + true", 'atrue'],
    ["'a' + nope", 'anull'],
    ["'a' + 1e21", 'a1e+21'],
    ["'a' + 1.50", 'a1.5'],
    ["'a' + -0", 'a0'],
    ['nope + nope', '0'],
    ['nul + 1', '1'],
    ['str(nope)', 'null'],
    // arithmetic on to-number values
    ["'abc' - 1", 'NaN'],
    ["'' - 1", '-1'],
    ["' 5' * 1", 'NaN'],
    ['5 % 0', 'NaN'],
    ['10/0', 'Infinity'],
    ['5 % -3', '2'],
    ['2 ** 64', '18446744073709552000'],
    // unary
    ["-'abc'", 'NaN'],
    ["-'-0x10'", '16'],
    ["-' 5'", 'NaN'],
    ['-nope', '0'],
    ['-true', '-1'],
    ['~1', '-2'],
    ["~'0x1f'", '-32'],
    ['~1.5', '-2'],
    ['~null', '-1'],
    // 32-bit bitwise and shifts
    ['1 << 32', '1'],
    ['1 << 31', '-2147483648'],
    ['2**32 + 5 | 0', '5'],
    ["'3' << '1'", '6'],
    ['-7 >> 1', '-4'],
    ['0x02 ^ 0x03', '1'],
    ["'1.9' | 0", '1'],
    ["'abc' | 0", '0'],
    // loose and strict comparisons on raw values
    ['"1" == 1', 'true'],
    ["' 5' == 5", 'true'],
    ['0 < "0x01"', 'true'],
    ['null == 0', 'false'],
    ['null < 1', 'true'],
    ['"10" < "9"', 'true'],
    ['null == nope', 'true'],
    ['NaN == NaN', 'false'],
    ['"1" === 1', 'false'],
    ['"1" !== 1', 'true'],
    ['true == 1', 'true'],
    // && and || return booleans
    ["true && 'a'", 'true'],
    ["0 || ''", 'false'],
    ["'0' && 1", 'true'],
    ['NaN || 0', 'false'],
  ])('%j -> %j', (source, expected) => {
    expect(v(source)).toBe(expected);
  });

  it('evaluates both sides of && and || (no short-circuit)', () => {
    expect(evaluate('false && (1 + obj)', DATA).errors).toHaveLength(1);
    expect(evaluate('true || max()', DATA).errors).toHaveLength(1);
  });

  it('keeps the reference quirk: ~ of a variable is -1', () => {
    expect(v('~n')).toBe('-1');
    expect(v('~(n)')).toBe('-1');
    expect(v('~(n + 0)')).toBe('-6');
  });
});

describe('functions', () => {
  it.each([
    ['max(1, 2)', '2'],
    ['max(3, 1, 2)', '3'],
    ['min(5, 4, 3, 2, 1)', '1'],
    ["max('3', '10')", '10'],
    ["max('a', 1)", '1'],
    ["max(1, 'a')", 'NaN'],
    ["max(2, 'a', 1)", '1'],
    ["min('a', 1)", '1'],
    ['1 / max(0, -0)', '-Infinity'],
    ['1 / max(-0, 0)', 'Infinity'],
    ['max(true, false)', '1'],
    ['max(null, -1)', '0'],
    ['abs(-5, 7)', '5'],
    ["abs('-3')", '3'],
    ["num('0x1A')", '26'],
    ["num('x')", 'NaN'],
    ['str(1.5)', '1.5'],
    ['str(true)', 'true'],
    ['bool(NaN)', 'false'],
    ['max(obj, 3)', '3'],
    ['str(obj, 2)', '2'],
    ['max(1, max(2, 3))', '3'],
    ['max((1, 2), 3)', '3'],
    ['max(1 2, 0)', '2'],
    ['max (1, 2)', '2'],
    ['max\n(1, 2)', '2'],
    ['max(,1)', '1'],
    ['max(1,)', '1'],
    ['2 max(1)', '1'],
    ['max(1) - 1', '0'],
  ])('%j -> %j', (source, expected) => {
    expect(v(source)).toBe(expected);
  });
});

describe('reuse of parsed expressions', () => {
  it('keeps no state between executions', async () => {
    const { parseEval, runEval } = await import('../../../engine/expressions/index.js');
    const { rootHost, NO_LIMITS } = await import('./helpers.js');
    const parsed = parseEval('@a = @a + 1; @a', NO_LIMITS);
    if (!parsed.ok) throw new Error(parsed.message);
    const first = runEval(parsed.parsed, rootHost({}, { '@a': 1 }), NO_LIMITS);
    expect(first.output).toBe('2');
    const second = runEval(parsed.parsed, rootHost({}), NO_LIMITS);
    expect(second.output).toBe('1');
    expect(Object.fromEntries(first.assignments)).toEqual({ '@a': 2 });
  });

  it('supports a host that evaluates another expression while resolving', async () => {
    const { parseEval, runEval } = await import('../../../engine/expressions/index.js');
    const { NO_LIMITS } = await import('./helpers.js');
    const inner = parseEval('@b = 40; @b + 2', NO_LIMITS);
    const outer = parseEval('@a = 1; x + @a', NO_LIMITS);
    if (!inner.ok || !outer.ok) throw new Error('parse');
    const host = {
      resolve: (path: (string | number)[]) =>
        path[0] === 'x'
          ? Number(runEval(inner.parsed, { resolve: () => undefined }, NO_LIMITS).output)
          : undefined,
    };
    const result = runEval(outer.parsed, host, NO_LIMITS);
    expect(result.output).toBe('43');
    expect(Object.fromEntries(result.assignments)).toEqual({ '@a': 1 });
  });
});
