/** The value helpers added for plugins: asNumber, asString, splitPath, descendValue. */
import { describe, expect, it } from 'vitest';
import { asNumber, asString, descendValue, splitPath } from '../../engine/values.js';

describe('asNumber (the reference reading of values as numbers)', () => {
  it('parses strings by prefix: decimals when they contain a dot, else integers', () => {
    expect(asNumber('3abc')).toBe(3);
    expect(asNumber(' 3')).toBe(3);
    expect(asNumber('1e3')).toBe(1);
    expect(asNumber('1.5e3')).toBe(1500);
    expect(asNumber('-.5')).toBe(-0.5);
    expect(asNumber('0x10')).toBe(0);
    expect(asNumber('1_000')).toBe(1);
    expect(asNumber('x')).toBeNaN();
    expect(asNumber('')).toBeNaN();
    expect(asNumber('Infinity')).toBeNaN();
  });
  it('reads booleans as 1/0 and everything else as 0', () => {
    expect([true, false, null, undefined, [5], { a: 1 }].map(asNumber)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(asNumber(-2.5)).toBe(-2.5);
  });
});

describe('asString', () => {
  it('prints scalars and turns everything else into ""', () => {
    expect([12.5, true, 'a', 1e21].map(asString)).toEqual(['12.5', 'true', 'a', '1e+21']);
    expect([null, undefined, [1], {}].map(asString)).toEqual(['', '', '', '']);
  });
});

describe('splitPath', () => {
  it('splits on dots; all-digit segments up to 0x7FFFFFFF become numbers', () => {
    expect(splitPath('items.01.name')).toEqual(['items', 1, 'name']);
    expect(splitPath('a..b')).toEqual(['a', '', 'b']);
    expect(splitPath('2147483647.2147483648')).toEqual([2147483647, '2147483648']);
    expect(splitPath('@')).toEqual(['@']);
  });
});

describe('descendValue', () => {
  it('reads own object keys (numbers as strings) and integer array indexes only', () => {
    expect(descendValue({ '0': 'zero' }, 0)).toBe('zero');
    expect(descendValue(['a', 'b'], 1)).toBe('b');
    expect(descendValue(['a', 'b'], '1')).toBeUndefined();
    expect(descendValue(['a', 'b'], 1.5)).toBeUndefined();
    expect(descendValue(['a', 'b'], -1)).toBeUndefined();
    expect(descendValue({}, 'constructor')).toBeUndefined();
    expect(descendValue({}, '__proto__')).toBeUndefined();
    expect(descendValue('str', 0)).toBeUndefined();
    expect(descendValue(null, 'a')).toBeUndefined();
  });
});
