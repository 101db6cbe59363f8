/**
 * Unit tests of the 12 core predicates (docs/language.md, "Predicates"). Expected values are the
 * reference engine's observed behaviour (probed with @squarespace/template-engine) and the spec
 * fixtures.
 */
import { describe, expect, it } from 'vitest';
import { compareValues, deepEquals, looksLikeJson, resolveArg } from '../../predicates/args.js';
import { CORE_PREDICATES } from '../../predicates/core.js';
import { ALL_PREDICATES } from '../../predicates/index.js';
import { FakeContext } from '../support/fake-context.js';

/** Evaluates `{.name args…}` against `data` at the root frame. */
function check(
  name: string,
  args: string[],
  data: unknown = {},
  ctx = new FakeContext(data),
): boolean {
  const predicate = CORE_PREDICATES[name];
  if (!predicate) throw new Error(`no predicate ${name}`);
  return predicate.apply(args, ctx);
}

/** Evaluates a predicate with the current frame on `node` (as inside a section). */
function checkOn(name: string, node: unknown, args: string[] = [], root: unknown = {}): boolean {
  const ctx = new FakeContext(root);
  ctx.push(node);
  return check(name, args, undefined, ctx);
}

describe('core predicate table', () => {
  it('has the 12 core predicates, all in ALL_PREDICATES', () => {
    const names = Object.keys(CORE_PREDICATES).sort();
    expect(names).toEqual(
      [
        'debug?',
        'equal?',
        'notEqual?',
        'greaterThan?',
        'greaterThanOrEqual?',
        'lessThan?',
        'lessThanOrEqual?',
        'even?',
        'odd?',
        'nth?',
        'plural?',
        'singular?',
      ].sort(),
    );
    for (const name of names) expect(ALL_PREDICATES[name]).toBe(CORE_PREDICATES[name]);
  });
});

describe('argument resolution', () => {
  it('recognises JSON-looking args', () => {
    for (const arg of ['"a"', '[1]', '{', '3', '-2', 'true', 'false', 'null'])
      expect(looksLikeJson(arg)).toBe(true);
    for (const arg of ['', 'a', '-', '-x', '-.5', '.5', 'True', 'nullx', '+1'])
      expect(looksLikeJson(arg)).toBe(false);
  });
  it('parses JSON, falling back to a variable path when parsing fails', () => {
    const ctx = new FakeContext({ a: 1, '4x': 'four-x', '3': 'three', '1': { '': 'dot' } });
    expect(resolveArg('"a b"', ctx)).toBe('a b');
    expect(resolveArg('[1,2]', ctx)).toEqual([1, 2]);
    expect(resolveArg('1e2', ctx)).toBe(100);
    expect(resolveArg('null', ctx)).toBeNull();
    expect(resolveArg('a', ctx)).toBe(1);
    expect(resolveArg('4x', ctx)).toBe('four-x');
    expect(resolveArg('03', ctx)).toBe('three');
    expect(resolveArg('1.', ctx)).toBe('dot');
    expect(resolveArg('"open', ctx)).toBeUndefined();
  });
});

describe('equality', () => {
  it('is deep and type-strict; MISSING equals null; key order is irrelevant', () => {
    expect(deepEquals(3, 3.0)).toBe(true);
    expect(deepEquals(3, '3')).toBe(false);
    expect(deepEquals(undefined, null)).toBe(true);
    expect(deepEquals({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEquals({ a: 1, c: null }, { a: 1 })).toBe(false);
    expect(deepEquals({ a: 1 }, { a: 1, c: null })).toBe(false);
    expect(deepEquals([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(deepEquals([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEquals({}, { constructor: undefined })).toBe(false);
  });

  const data = { a: 3, b: 4, c: 3, s: '3', name: 'Federal Express', nul: null, arr: [1, 2] };
  it('equal? and notEqual? compare two args (p-comparisons)', () => {
    expect(check('equal?', ['a', 'b'], data)).toBe(false);
    expect(check('equal?', ['a', 'c'], data)).toBe(true);
    expect(check('equal?', ['b', '4'], data)).toBe(true);
    expect(check('equal?', ['a', '"3"'], data)).toBe(false);
    expect(check('equal?', ['s', '"3"'], data)).toBe(true);
    expect(check('equal?', ['name', '"Federal Express"'], data)).toBe(true);
    expect(check('equal?', ['arr', '[1,2]'], data)).toBe(true);
    expect(check('equal?', ['missing', 'nul'], data)).toBe(true);
    expect(check('equal?', ['missing', 'null'], data)).toBe(true);
    expect(check('notEqual?', ['a', 'b'], data)).toBe(true);
    expect(check('notEqual?', ['missing', 'nul'], data)).toBe(false);
  });
  it('with one arg compares the current node; with none is false; extra args are ignored', () => {
    expect(checkOn('equal?', 3, ['3'])).toBe(true);
    expect(checkOn('equal?', 3, ['4'])).toBe(false);
    expect(check('equal?', [], data)).toBe(false);
    expect(check('notEqual?', [], data)).toBe(false);
    expect(check('notEqual?', ['a'], data)).toBe(true);
    expect(check('equal?', ['a', 'a', 'b'], data)).toBe(true);
  });
  it('an empty arg is a (missing) variable', () => {
    expect(check('equal?', ['a', '', '3'], data)).toBe(false);
  });
});

describe('ordering', () => {
  it('numbers compare numerically against the right read as a number; NaN counts as smaller', () => {
    expect(compareValues(3, '2')).toBe(1);
    expect(compareValues(3, '4x')).toBe(-1);
    expect(compareValues(1, '1e1')).toBe(0);
    expect(compareValues(0, '0x10')).toBe(0);
    expect(compareValues(1, true)).toBe(0);
    expect(compareValues(0, [5])).toBe(0);
    expect(compareValues(0, undefined)).toBe(0);
    expect(compareValues(-2, 'x')).toBe(1);
    expect(compareValues(-2, '')).toBe(1);
  });
  it('strings compare by code units against the right read as text', () => {
    expect(compareValues('3', 10)).toBe(1);
    expect(compareValues('10', '9')).toBe(-1);
    expect(compareValues('DEF', 'def')).toBe(-1);
    expect(compareValues('3', null)).toBe(1);
    expect(compareValues('', undefined)).toBe(0);
    expect(compareValues('3', true)).toBe(-1);
  });
  it('booleans compare against the right read with asBoolean', () => {
    expect(compareValues(true, 2)).toBe(0);
    expect(compareValues(true, 1.5)).toBe(1);
    expect(compareValues(true, 'false')).toBe(1);
    expect(compareValues(true, 'true')).toBe(0);
    expect(compareValues(false, 0)).toBe(0);
    expect(compareValues(false, true)).toBe(-1);
  });
  it('other left values are 0 when deep-equal, else -1', () => {
    expect(compareValues(undefined, 1)).toBe(-1);
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues([1], [1])).toBe(0);
    expect(compareValues([1], [0])).toBe(-1);
    expect(compareValues({ a: 1 }, 5)).toBe(-1);
  });

  it('drives the four ordering predicates (p-comparisons)', () => {
    const numbers = [-2, 0, 1, 3, 5, 6, 8];
    const on = (name: string, arg: string) => numbers.map((n) => checkOn(name, n, ['@', arg]));
    expect(on('greaterThan?', '3')).toEqual([false, false, false, false, true, true, true]);
    expect(on('greaterThanOrEqual?', '3')).toEqual([false, false, false, true, true, true, true]);
    expect(on('lessThan?', '3')).toEqual([true, true, true, false, false, false, false]);
    expect(on('lessThanOrEqual?', '3')).toEqual([true, true, true, true, false, false, false]);
    const strings = ['abc', 'ABC', 'def', 'DEF', 'ghi', 'GHI'];
    expect(strings.map((s) => checkOn('greaterThanOrEqual?', s, ['@', '"def"']))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(check('lessThan?', ['missing', '1'])).toBe(true);
    expect(check('lessThan?', ['missing', 'missing2'])).toBe(false);
    expect(check('lessThanOrEqual?', ['missing', 'missing2'])).toBe(true);
    expect(check('greaterThan?', [])).toBe(false);
    expect(checkOn('greaterThan?', 3, ['2'])).toBe(true);
  });
});

describe('even? and odd?', () => {
  it('need an integer NUMBER, from the current node (p-even-odd)', () => {
    const items = [-5, -4, 0, 1, 2, 1.2, -3.3, 4.0, '4', null, [2]];
    expect(items.map((v) => checkOn('even?', v))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(items.map((v) => checkOn('odd?', v))).toEqual([
      true,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('read their first arg as a variable only (never as JSON)', () => {
    const data = { n: 4, s: '4', neg: -3 };
    expect(check('even?', ['n'], data)).toBe(true);
    expect(check('odd?', ['neg'], data)).toBe(true);
    expect(check('even?', ['s'], data)).toBe(false);
    expect(check('even?', ['4'], data)).toBe(false);
    expect(check('even?', ['missing'], data)).toBe(false);
  });
});

describe('nth?', () => {
  it('tests |A| mod |M| == 0 on integers, A defaulting to the current node', () => {
    const data = { n: 4, s: '4', h: 4.5 };
    expect(check('nth?', ['n', '2'], data)).toBe(true);
    expect(check('nth?', ['n', '3'], data)).toBe(false);
    expect(check('nth?', ['6', '3'], data)).toBe(true);
    expect(check('nth?', ['6', '-3'], data)).toBe(true);
    expect(check('nth?', ['-6', '3'], data)).toBe(true);
    expect(check('nth?', ['0', '3'], data)).toBe(true);
    expect(check('nth?', ['6', '0'], data)).toBe(false);
    expect(check('nth?', ['n', '2.0'], data)).toBe(true);
    expect(check('nth?', ['n', '1.5'], data)).toBe(false);
    expect(check('nth?', ['s', '2'], data)).toBe(false);
    expect(check('nth?', ['h', '2'], data)).toBe(false);
    expect(check('nth?', ['n', '"2"'], data)).toBe(false);
    expect(check('nth?', ['6', '4', '3'], data)).toBe(false);
    expect(check('nth?', [], data)).toBe(false);
    expect(checkOn('nth?', 4, ['2'])).toBe(true);
    expect(checkOn('nth?', '4', ['2'])).toBe(false);
  });
});

describe('plural? and singular?', () => {
  const values = [0, 1, 2, 3, '1', '1.0', '2', 'x', '1.5', true, null, [2], 0.5, -2];
  it('read the current node as a number (p-plural, p-singular)', () => {
    expect(values.map((v) => checkOn('plural?', v))).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      true,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(values.map((v) => checkOn('singular?', v))).toEqual([
      false,
      true,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  it('ignore their arguments', () => {
    expect(check('plural?', ['n'], { n: 4 })).toBe(false);
    expect(check('singular?', ['n'], { n: 1 })).toBe(false);
  });
});

describe('debug?', () => {
  it('is the truthiness of the variable debug, searched up the stack', () => {
    expect(check('debug?', [], {})).toBe(false);
    expect(check('debug?', [], { debug: 1 })).toBe(true);
    expect(check('debug?', [], { debug: '0' })).toBe(true);
    expect(check('debug?', [], { debug: {} })).toBe(false);
    expect(checkOn('debug?', { x: 1 }, [], { debug: 1 })).toBe(true);
    expect(checkOn('debug?', { debug: 1 }, [], { debug: 0 })).toBe(true);
  });
});
