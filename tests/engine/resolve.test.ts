import { describe, expect, it } from 'vitest';
import { StackFrame } from '../../engine/frame.js';
import {
  descend,
  lookupStack,
  resolveInFrame,
  resolvePath,
  splitReference,
  compileVariablePath,
} from '../../engine/resolve.js';

function stack(...nodes: unknown[]): StackFrame {
  let frame: StackFrame | null = null;
  for (const node of nodes) frame = new StackFrame(node, frame);
  return frame!;
}

describe('splitReference', () => {
  it('splits on dots and turns digit segments up to 0x7FFFFFFF into numbers', () => {
    expect(splitReference('items.01.name')).toEqual(['items', 1, 'name']);
    expect(splitReference('a.2147483647.4294967296')).toEqual(['a', 2147483647, '4294967296']);
    expect(splitReference('@')).toEqual(['@']);
    expect(splitReference('$foo.$bar')).toEqual(['$foo', '$bar']);
  });
});

describe('variable resolution', () => {
  it('searches frames from the current one to the root; null counts as found', () => {
    const frame = stack({ a: 'root', n: 'root-n' }, { b: 'mid', n: null }, { c: 'top' });
    expect(resolvePath(frame, ['a'])).toBe('root');
    expect(resolvePath(frame, ['b'])).toBe('mid');
    expect(resolvePath(frame, ['n'])).toBeNull();
    expect(resolvePath(frame, ['zzz'])).toBeUndefined();
  });

  it('a frame holding the node just searched still stops the search when private', () => {
    // `{@|f}` pushes the node it runs on over the frame that holds it; the search skips the
    // second look at that node, but not the frame's stopResolution.
    const item = { title: 'item' };
    const privateFrame = new StackFrame(item, stack({ site: 'root', title: 'root' }));
    privateFrame.stopResolution = true;
    const top = new StackFrame(item, privateFrame);
    expect(resolvePath(top, ['title'])).toBe('item');
    expect(resolvePath(top, ['site'])).toBeUndefined();
    privateFrame.stopResolution = false;
    expect(resolvePath(top, ['site'])).toBe('root');
    expect(compileVariablePath(['site'])(top)).toBe('root');
  });

  it('`@` is the current node, never searched', () => {
    const frame = stack({ x: 1 }, 'top');
    expect(resolvePath(frame, ['@'])).toBe('top');
    expect(resolvePath(stack({ PI: 3 }), ['@', 'PI'])).toBe(3);
  });

  it('stops after a frame with stopResolution', () => {
    const outer = stack({ secret: 's' }, { visible: 'v' });
    const inner = new StackFrame({ own: 'o' }, outer);
    inner.stopResolution = true;
    expect(resolvePath(inner, ['own'])).toBe('o');
    expect(resolvePath(inner, ['visible'])).toBeUndefined();
  });

  it('@index/@index0 come from the nearest iterating frame; other @names from bound variables', () => {
    const array = new StackFrame(['a', 'b'], null);
    array.index = 1;
    array.setVar('@v', 'bound');
    const element = new StackFrame('b', array);
    expect(resolvePath(element, ['@index'])).toBe(2);
    expect(resolvePath(element, ['@index0'])).toBe(1);
    expect(resolvePath(element, ['@v'])).toBe('bound');
    expect(resolvePath(stack({}), ['@index'])).toBeUndefined();
  });

  it('descends objects by own property and arrays by numeric index only', () => {
    const data = { o: { k: [10, 20] }, s: 'str' };
    expect(resolvePath(stack(data), ['o', 'k', 1])).toBe(20);
    expect(resolvePath(stack(data), ['o', 'k', 'length'])).toBeUndefined();
    expect(resolvePath(stack(data), ['s', 'length'])).toBeUndefined();
    expect(resolvePath(stack({ o: null }), ['o', 'x'])).toBeUndefined();
    expect(descend({ 0: 'zero' }, 0)).toBe('zero');
    expect(descend({}, 'hasOwnProperty')).toBeUndefined();
  });

  it('the first segment indexes the node directly, so `length` works on a current array', () => {
    expect(resolvePath(stack([1, 2, 3]), ['length'])).toBe(3);
    expect(lookupStack(stack({}), 'constructor')).toBeUndefined();
  });

  it('compiled resolvers agree with resolvePath', () => {
    const frame = stack({ a: { b: { c: 1 } }, x: 2 }, { y: 3 });
    for (const path of [['a'], ['a', 'b'], ['a', 'b', 'c'], ['@'], ['@', 'y'], ['x'], ['q', 'r']]) {
      expect(compileVariablePath(path)(frame)).toEqual(resolvePath(frame, path));
    }
  });
});

describe('section resolution', () => {
  it('evaluates the first segment in the current frame only', () => {
    const frame = stack({ a: 'top', x: {} }, { y: 1 });
    expect(resolveInFrame(frame, ['a'])).toBeUndefined();
    expect(resolveInFrame(frame, ['y'])).toBe(1);
    expect(resolveInFrame(frame, ['@'])).toEqual({ y: 1 });
  });
});

describe('scalar frames', () => {
  it('a string or number node has no members, even `length` or an index', () => {
    expect(resolvePath(stack('abc'), ['length'])).toBeUndefined();
    expect(resolvePath(stack({ length: 'outer' }, 'abc'), ['length'])).toBe('outer');
    expect(resolveInFrame(stack('abc'), [0])).toBeUndefined();
    expect(compileVariablePath([0])(stack(42))).toBeUndefined();
  });
});
