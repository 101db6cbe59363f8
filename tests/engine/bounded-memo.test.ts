/** The bounded memo (engine/bounded-memo.ts): results kept per key, all dropped once full. */
import { describe, expect, it } from 'vitest';
import { BoundedMemo, boundedMemo } from '../../engine/bounded-memo.js';

describe('boundedMemo', () => {
  it('computes a key once while it is kept, null results included', () => {
    const calls: string[] = [];
    const memo = boundedMemo((text) => {
      calls.push(text);
      return text === 'none' ? null : text.length;
    }, 10);
    expect([memo('abc'), memo('abc'), memo('none'), memo('none')]).toEqual([3, 3, null, null]);
    expect(calls).toEqual(['abc', 'none']);
  });

  it('drops everything once `size` results are kept, then computes again', () => {
    const calls: string[] = [];
    const memo = boundedMemo((text) => {
      calls.push(text);
      return text.toUpperCase();
    }, 2);
    memo('a');
    memo('b');
    memo('a'); // kept
    memo('c'); // full: a and b dropped, c kept
    memo('c'); // kept
    memo('a'); // computed again
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('BoundedMemo', () => {
  it('returns what it keeps and forgets all when full', () => {
    const memo = new BoundedMemo<number>(2);
    expect(memo.set('x', 1)).toBe(1);
    memo.set('y', 2);
    expect([memo.get('x'), memo.get('y')]).toEqual([1, 2]);
    memo.set('z', 3);
    expect([memo.get('x'), memo.get('y'), memo.get('z')]).toEqual([undefined, undefined, 3]);
  });
});
