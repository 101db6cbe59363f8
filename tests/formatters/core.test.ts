/**
 * Unit tests of the 28 core formatters (docs/language.md, "Core formatters"). Expected values are
 * the reference engine's observed behaviour (probed with @squarespace/template-engine) and the spec
 * fixtures.
 */
import { describe, expect, it } from 'vitest';
import { Variable } from '../../engine/plugin.js';
import { CORE_FORMATTERS } from '../../formatters/core.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { FakeContext, runFormatter } from '../support/fake-context.js';

function fmt(name: string) {
  const formatter = CORE_FORMATTERS[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  return (value: unknown, args: string[] = [], ctx?: FakeContext) =>
    runFormatter(formatter, value, args, ctx);
}

describe('core formatter table', () => {
  it('has exactly the 28 core formatters, all in ALL_FORMATTERS', () => {
    const names = Object.keys(CORE_FORMATTERS).sort();
    expect(names).toEqual(
      [
        'apply',
        'count',
        'cycle',
        'encode-space',
        'encode-uri',
        'encode-uri-component',
        'format',
        'get',
        'html',
        'htmlattr',
        'htmltag',
        'iter',
        'json',
        'json-pretty',
        'key-by',
        'lookup',
        'mod',
        'output',
        'pluralize',
        'prop',
        'raw',
        'round',
        'safe',
        'slugify',
        'smartypants',
        'str',
        'truncate',
        'url-encode',
      ].sort(),
    );
    for (const name of names) expect(ALL_FORMATTERS[name]).toBe(CORE_FORMATTERS[name]);
  });

  it('declares the arity the language requires', () => {
    expect(CORE_FORMATTERS.apply!.minArgs).toBe(1);
    expect(CORE_FORMATTERS.cycle!.minArgs).toBe(1);
    expect(CORE_FORMATTERS.truncate!.maxArgs).toBe(2);
  });
});

describe('apply', () => {
  it('renders the named partial with the value and no @args when there are no extra args', () => {
    const ctx = new FakeContext({});
    ctx.partials.m = (node) => `[${String(node)}]`;
    expect(fmt('apply')(7, ['m'], ctx)).toBe('[7]');
    expect(ctx.applyCalls).toEqual([{ name: 'm', node: 7, isPrivate: false, args: null }]);
  });

  it('reads private and k=v args (split at the first =), ignoring other words', () => {
    const ctx = new FakeContext({});
    ctx.partials.m = () => 'ok';
    fmt('apply')(1, ['m', 'x=1=2', 'ignore', '=3', 'private', 'y=', 'x2=a', 'x2=b'], ctx);
    expect(ctx.applyCalls[0]).toEqual({
      name: 'm',
      node: 1,
      isPrivate: true,
      args: { x: '1=2', '': '3', y: '', x2: 'b' },
    });
  });

  it('binds an empty @args for `private` alone; PRIVATE is not the keyword', () => {
    const ctx = new FakeContext({});
    ctx.partials.m = () => '';
    fmt('apply')(1, ['m', 'private'], ctx);
    fmt('apply')(1, ['m', 'PRIVATE'], ctx);
    expect(ctx.applyCalls.map((c) => [c.isPrivate, c.args])).toEqual([
      [true, {}],
      [false, {}],
    ]);
  });

  it('drops a __proto__ key (the reference loses it too) and never touches the prototype', () => {
    const ctx = new FakeContext({});
    ctx.partials.m = () => '';
    fmt('apply')(1, ['m', '__proto__=1', 'constructor=2'], ctx);
    const args = ctx.applyCalls[0]!.args!;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['constructor']);
  });

  it('gives "" with no name, and "" plus an error for an unknown name', () => {
    const ctx = new FakeContext({});
    expect(fmt('apply')(1, [], ctx)).toBe('');
    expect(ctx.applyCalls).toEqual([]);
    expect(fmt('apply')(1, ['nope'], ctx)).toBe('');
    expect(ctx.errors).toHaveLength(1);
  });
});

describe('count', () => {
  it('counts object keys, array elements, string units; 0 otherwise', () => {
    const count = fmt('count');
    expect(count([0, 1, 2, 3])).toBe(4);
    expect(count({ foo: 1, bar: 2, baz: 3 })).toBe(3);
    expect(count({ x: null })).toBe(1);
    expect(count('hi')).toBe(2);
    expect(count('😍')).toBe(2);
    for (const v of [123, 1.5, true, null, undefined, {}, [], '']) expect(count(v)).toBe(0);
  });
});

describe('cycle', () => {
  const cycle = fmt('cycle');
  const abc = ['x', 'y', 'z'];
  it('is 1-based and wraps, including zero and negatives', () => {
    expect(cycle(1, abc)).toBe('x');
    expect(cycle(4, abc)).toBe('x');
    expect(cycle(0, abc)).toBe('z');
    expect(cycle(-1, abc)).toBe('y');
    expect(cycle(-5, abc)).toBe('x');
  });
  it('reads the value loosely as a number', () => {
    expect(cycle('2', abc)).toBe('y');
    expect(cycle(true, abc)).toBe('x');
    expect(cycle(null, abc)).toBe('z');
    expect(cycle(undefined, abc)).toBe('z');
    expect(cycle([2], abc)).toBe('z');
    expect(cycle('0x3', ['x', 'y'])).toBe('y');
  });
  it('gives MISSING for non-integers, unreadable values and no args', () => {
    expect(cycle(1.5, abc)).toBeUndefined();
    expect(cycle('abc', abc)).toBeUndefined();
    expect(cycle('', abc)).toBeUndefined();
    expect(cycle(1, [])).toBeUndefined();
  });
  it('computes (n - 1) mod len in floating point, so tiny fractions round onto an argument', () => {
    // -5e-324 - 1 and 1e-20 - 1 are exactly -1.
    expect(cycle(-5e-324, abc)).toBe('z');
    expect(cycle(1e-20, abc)).toBe('z');
    expect(cycle(-1e-20, ['x', 'y'])).toBe('y');
    expect(cycle(2 ** 60, abc)).toBe(abc[(2 ** 60 - 1) % 3]);
    // 1.0000000000000002 - 1 is a fraction; 0.9999999999999999 - 1 + 3 rounds up to 3 (past the end).
    expect(cycle(1.0000000000000002, abc)).toBeUndefined();
    expect(cycle(0.9999999999999999, abc)).toBeUndefined();
    expect(cycle(2.9999999999999996, abc)).toBeUndefined();
  });
  it('marks a missed index as a computed undefined, which raw prints as nothing', () => {
    const render = (value: unknown, chain: string[]): Variable => {
      const vars = [new Variable(value)];
      for (const name of chain) {
        const [formatter, ...args] = name.split(' ');
        CORE_FORMATTERS[formatter!]!.apply(args, vars, new FakeContext({}));
      }
      return vars[0]!;
    };
    for (const value of [0.5, '', 'NaN', -2.5, 'abc']) {
      const after = render(value, ['cycle a b c', 'raw', 'raw']);
      expect(after.value).toBeUndefined();
      expect(after.undefinedResult).toBe(true);
    }
    // Any other formatter treats it as MISSING and produces an ordinary value again.
    expect(render(0.5, ['cycle a b c', 'cycle x y']).value).toBe('y');
    expect(render(0.5, ['cycle a b c', 'cycle x y', 'raw']).value).toBe('"y"');
    expect(render(undefined, ['raw']).value).toBe('null');
    expect(render(2, ['cycle a b c', 'raw']).value).toBe('"b"');
  });
});

describe('encoders', () => {
  it('encode-space replaces every whitespace character', () => {
    expect(fmt('encode-space')('a\tb\nc  d\u00a0e')).toBe('a&nbsp;b&nbsp;c&nbsp;&nbsp;d&nbsp;e');
    expect(fmt('encode-space')(12)).toBe('12');
    expect(fmt('encode-space')({ a: 1 })).toBe('');
    expect(fmt('encode-space')(undefined)).toBe('');
  });
  it('encode-uri and encode-uri-component', () => {
    expect(fmt('encode-uri')('Coffee & Tea')).toBe('Coffee%20&%20Tea');
    expect(fmt('encode-uri-component')('Coffee & Tea')).toBe('Coffee%20%26%20Tea');
    expect(fmt('encode-uri-component')('커피와 차')).toBe(
      '%EC%BB%A4%ED%94%BC%EC%99%80%20%EC%B0%A8',
    );
    expect(fmt('encode-uri')(true)).toBe('true');
    expect(fmt('encode-uri')([1, 'a b'])).toBe('');
    expect(() => fmt('encode-uri')('\ud800')).toThrow(URIError);
  });
  it("url-encode is UTF-8 then escape(): space %20, @*_+-./ kept, !'()~ encoded", () => {
    const all = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~é\u00ff\u0100';
    expect(fmt('url-encode')(all)).toBe(
      '%20%21%22%23%24%25%26%27%28%29*+%2C-./%3A%3B%3C%3D%3E%3F@%5B%5C%5D%5E_%60%7B%7C%7D%7E%C3%A9%C3%BF%C4%80',
    );
    expect(fmt('url-encode')('“😍”')).toBe('%E2%80%9C%F0%9F%98%8D%E2%80%9D');
    expect(fmt('url-encode')(12.5)).toBe('12.5');
    expect(() => fmt('url-encode')('\ud800x')).toThrow(
      'Lone surrogate U+D800 is not a scalar value',
    );
    expect(() => fmt('url-encode')('a\udc01')).toThrow(
      'Lone surrogate U+DC01 is not a scalar value',
    );
  });
});

describe('format', () => {
  function formatIn(pattern: unknown, data: Record<string, unknown>, args: string[]): unknown {
    return fmt('format')(pattern, args, new FakeContext(data));
  }
  it('substitutes {N} with resolved args; null/MISSING print nothing', () => {
    expect(formatIn('{0} and {1}', { foo: 'A', bar: 'B' }, ['foo', 'bar'])).toBe('A and B');
    expect(formatIn('{0}-{1}-{2}', { a: 'A', b: null }, ['a', 'b'])).toBe('A--');
    expect(formatIn('{0}{1}', { a: { x: 1 }, b: [1, 2] }, ['a', 'b'])).toBe('[object Object]1,2');
  });
  it('handles leading zeros, out of range, {} as 0, non-digits, nesting and unclosed braces', () => {
    const data = { a: 'A', b: 'B', c: 'C', d: 'D', e: 'E' };
    const args = ['a', 'b', 'c', 'd', 'e'];
    expect(formatIn('{000001} and {10000} and {000004}', data, args)).toBe('B and  and E');
    expect(formatIn('[{}][{ }][{x}][{ 1}][{-1}][{1.0}]', data, args)).toBe('[A][][][][][]');
    expect(formatIn('[{0{1}}]', data, args)).toBe('[}]');
    expect(formatIn('}{0}{', data, args)).toBe('}A');
    expect(formatIn('{0} and { and } and {', data, args)).toBe('A and  and ');
    expect(formatIn('{99999999999999999999}', data, args)).toBe('');
    // A `{` while skipping a non-digit placeholder starts a new one; right after digits it does not.
    expect(formatIn('{x2{}', data, args)).toBe('A');
    expect(formatIn('000{x{0}x00{2x', data, args)).toBe('000Ax00');
    expect(formatIn('{{0}}', data, args)).toBe('}');
  });
  it('reads the value as text', () => {
    expect(formatIn(12, { v: 'x' }, ['v'])).toBe('12');
    expect(formatIn(null, { v: 'x' }, ['v'])).toBe('');
    expect(formatIn(undefined, { v: 'x' }, ['v'])).toBe('');
  });
  it('resolves arguments as variables (never literals) from the parent frame', () => {
    const ctx = new FakeContext({ v: 'outer' });
    ctx.push({ v: 'inner' }); // the section where the tag appears
    ctx.push({ v: 'value-frame' }); // the frame the variable tag pushes for its value
    const vars = [new Variable('{0}')];
    CORE_FORMATTERS.format!.apply(['v'], vars, ctx);
    expect(vars[0]!.value).toBe('inner');
    expect(formatIn('{0}{1}', { x: 'X', '3': 'three' }, ['"x"', '3'])).toBe('three');
  });
  it('falls back to the current frame at the root (.var at top level)', () => {
    const ctx = new FakeContext({ v: 'root' });
    const vars = [new Variable('{0}')];
    CORE_FORMATTERS.format!.apply(['v'], vars, ctx);
    expect(vars[0]!.value).toBe('root');
  });
});

describe('get', () => {
  const get = fmt('get');
  it('descends by resolved keys: numbers index arrays, other scalars are string keys', () => {
    const data = {
      one: 1,
      sOne: '1',
      t: true,
      f: 1.5,
      path: ['x', 1],
      spath: ['x', '1'],
      n: null,
      o: { q: 1 },
      opath: ['x', { q: 1 }],
      npath: ['x', ['y']],
    };
    const ctx = () => new FakeContext(data);
    expect(get([10, 20, 30], ['one'], ctx())).toBe(20);
    expect(get([10, 20, 30], ['sOne'], ctx())).toBeUndefined();
    expect(get({ '1': 'one' }, ['one'], ctx())).toBe('one');
    expect(get({ true: 'T' }, ['t'], ctx())).toBe('T');
    expect(get({ '1.5': 'F' }, ['f'], ctx())).toBe('F');
    expect(get([1, 2], ['f'], ctx())).toBeUndefined();
    expect(get({ x: [0, 'x1'] }, ['path'], ctx())).toBe('x1');
    expect(get({ x: [0, 'x1'] }, ['spath'], ctx())).toBeUndefined();
    expect(get({ null: 'N' }, ['n'], ctx())).toBeUndefined();
    expect(get({ '[object Object]': 'O' }, ['o'], ctx())).toBeUndefined();
    expect(get({ x: { '[object Object]': 'O', true: 'T' } }, ['opath'], ctx())).toBe('O');
    expect(get({ x: { y: 2 } }, ['npath'], ctx())).toBe(2);
  });
  it('chains args, stops at MISSING, keeps null, leaves the value with no args', () => {
    const ctx = () => new FakeContext({ id: '123', key: 'name' });
    expect(get({ '123': { name: 'Bob' } }, ['id', 'key'], ctx())).toBe('Bob');
    expect(get({ '123': 'Bob' }, ['missing', 'id'], ctx())).toBeUndefined();
    expect(get({ '123': null }, ['id'], ctx())).toBeNull();
    expect(get({ '123': 'Bob' }, [], ctx())).toEqual({ '123': 'Bob' });
  });
  it('never reads inherited properties', () => {
    const ctx = new FakeContext({ k: 'constructor', l: 'length' });
    expect(get({}, ['k'], ctx)).toBeUndefined();
    expect(get([1], ['l'], new FakeContext({ l: 'length' }))).toBeUndefined();
  });
});

describe('html escaping', () => {
  it('html escapes & < > only', () => {
    expect(fmt('html')('\'"<>&&amp;')).toBe('\'"&lt;&gt;&amp;&amp;amp;');
  });
  it('htmlattr and htmltag also escape "', () => {
    expect(fmt('htmlattr')('"< foo & bar >"')).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
    expect(fmt('htmltag')('"< foo & bar >"')).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
  });
  it('reads non-strings as text', () => {
    expect(fmt('html')(12.5)).toBe('12.5');
    expect(fmt('html')(false)).toBe('false');
    for (const v of [null, undefined, [1, '<'], { x: '<' }]) expect(fmt('html')(v)).toBe('');
  });
});

describe('iter', () => {
  it('is the enclosing repeated section index as text, "" outside', () => {
    const ctx = new FakeContext({ keys: ['a', 'b'] });
    expect(fmt('iter')('a', [], ctx)).toBe('');
    ctx.push(['a', 'b'], 1);
    ctx.push('b');
    expect(fmt('iter')('b', [], ctx)).toBe('2');
  });
});

describe('json, json-pretty, raw', () => {
  it('json escapes every </ and prints MISSING as ""', () => {
    expect(fmt('json')("This is a <ScRIPt>alert('test');</scRIPt>")).toBe(
      '"This is a <ScRIPt>alert(\'test\');<\\/scRIPt>"',
    );
    expect(fmt('json')(null)).toBe('null');
    expect(fmt('json')(undefined)).toBe('');
    expect(fmt('json')(NaN)).toBe('null');
  });
  it('json-pretty indents by two spaces', () => {
    expect(fmt('json-pretty')([1, { b: [] }, {}])).toBe('[\n  1,\n  {\n    "b": []\n  },\n  {}\n]');
    expect(fmt('json-pretty')({ t: '</x>' })).toBe('{\n  "t": "<\\/x>"\n}');
    expect(fmt('json-pretty')(undefined)).toBe('');
  });
  it('raw does not escape and prints MISSING as null', () => {
    expect(fmt('raw')('</x>')).toBe('"</x>"');
    expect(fmt('raw')(undefined)).toBe('null');
    expect(fmt('raw')([1, 2, 'blue', 5])).toBe('[1,2,"blue",5]');
  });
});

describe('key-by', () => {
  const keyBy = fmt('key-by');
  it('keys elements by the value at a dotted path, skipping elements lacking it', () => {
    const list = [
      { id: 'x', v: 1 },
      { id: 2, v: 2 },
      { v: 3 },
      { id: null, v: 4 },
      { id: [1, 2], v: 6 },
      { id: 'x', v: 8 },
      5,
      's',
      null,
    ];
    const result = keyBy(list, ['id']) as Record<string, unknown>;
    expect(result).toEqual({
      '2': { id: 2, v: 2 },
      x: { id: 'x', v: 8 },
      null: { id: null, v: 4 },
      '1,2': { id: [1, 2], v: 6 },
    });
    expect(Object.keys(result)).toEqual(['2', 'x', 'null', '1,2']);
    expect(keyBy([{ b: { c: 'k1' } }, { b: 1 }], ['b.c'])).toEqual({ k1: { b: { c: 'k1' } } });
    expect(keyBy([['k0', 'x']], ['0'])).toEqual({ k0: ['k0', 'x'] });
  });
  it('gives {} for non-arrays and without a path; does not mutate input', () => {
    expect(keyBy({ a: 1 }, ['a'])).toEqual({});
    expect(keyBy(undefined, ['a'])).toEqual({});
    expect(keyBy([{ a: 1 }], [])).toEqual({});
    const list = Object.freeze([Object.freeze({ id: 'a' })]);
    expect(keyBy(list, ['id'])).toEqual({ a: { id: 'a' } });
  });
  it('drops a __proto__ key without touching the prototype, and never reads inherited keys', () => {
    const result = keyBy(
      [
        { id: '__proto__', v: 1 },
        { id: 'constructor', v: 2 },
      ],
      ['id'],
    ) as object;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result).toEqual({ constructor: { id: 'constructor', v: 2 } });
    expect(keyBy([{ v: 1 }], ['constructor'])).toEqual({});
  });
});

describe('lookup', () => {
  it('resolves the referenced value as a variable path', () => {
    const data = {
      b: 'c.d',
      c: { d: 'found' },
      five: 5,
      '5': 'five',
      e: '',
      '': 7,
      i: 'items.1',
      items: [0, 'one'],
    };
    const ctx = () => new FakeContext(data);
    expect(fmt('lookup')(1, ['b'], ctx())).toBe('found');
    expect(fmt('lookup')(1, ['five'], ctx())).toBe('five');
    expect(fmt('lookup')(1, ['i'], ctx())).toBe('one');
    expect(fmt('lookup')(1, ['e'], ctx())).toBe(7);
    expect(fmt('lookup')(1, [], ctx())).toBe('');
  });
  it('@ names the formatted value', () => {
    expect(fmt('lookup')(42, ['b'], new FakeContext({ b: '@' }))).toBe(42);
  });
});

describe('mod', () => {
  const mod = fmt('mod');
  it('uses JS remainder with an integer divisor defaulting to 2', () => {
    expect(mod(7, ['3'])).toBe(1);
    expect(mod(-7, ['3'])).toBe(-1);
    expect(mod(7.5, ['3'])).toBe(1.5);
    expect(mod(7, ['-3'])).toBe(1);
    expect(mod(7, [])).toBe(1);
    expect(mod(7, ['0'])).toBe(1);
    expect(mod(7, ['x'])).toBe(1);
    expect(mod(7, ['1.5'])).toBe(0);
    expect(mod(7, ['0.4'])).toBe(1);
  });
  it('reads the value loosely as a number', () => {
    expect(mod('3.7abc', ['1000'])).toBe(3.7);
    expect(mod('1e3', ['1000'])).toBe(1);
    expect(mod(null, ['3'])).toBe(0);
    expect(mod('x', ['3'])).toBeNaN();
  });
});

describe('output and pluralize', () => {
  it('output joins its args with a space', () => {
    expect(fmt('output')({}, ['abc', 'def', 'ghi'])).toBe('abc def ghi');
    expect(fmt('output')(7, [])).toBe('');
  });
  it('pluralize picks singular (default "") or plural (default s)', () => {
    const p = fmt('pluralize');
    expect([0, 1, 2].map((n) => p(n, ['item', 'items']))).toEqual(['items', 'item', 'items']);
    expect([0, 1, 2].map((n) => p(n, ['es']))).toEqual(['es', '', 'es']);
    expect([0, 1, 2].map((n) => p(n, []))).toEqual(['s', '', 's']);
    expect(['1', '1.0', '1abc', true].map((v) => p(v, []))).toEqual(['', '', '', '']);
    expect(p(undefined, [])).toBe('s');
  });
});

describe('prop', () => {
  const prop = fmt('prop');
  it('descends by literal dotted paths, argument after argument', () => {
    expect(prop({ bar: { quux: { baz: 'xyz' } } }, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(prop({ x: { y: 'XY' }, 'x.y': 'lit' }, ['x.y'])).toBe('XY');
    expect(prop(['foo', 'bar', 'baz'], ['2'])).toBe('baz');
    expect(prop(['foo', 'bar'], ['01'])).toBe('bar');
    expect(prop({ '0': 'foo' }, ['0'])).toBe('foo');
    expect(prop({ x: { '': 3 } }, ['x.'])).toBe(3);
    expect(prop({ '99999999999': 3 }, ['99999999999'])).toBe(3);
    expect(prop({ x: 1 }, [])).toEqual({ x: 1 });
  });
  it('gives MISSING for absent, inherited or mistyped steps', () => {
    expect(prop(['foo'], ['foo'])).toBeUndefined();
    expect(prop({ x: 1 }, ['@'])).toBeUndefined();
    expect(prop({ x: 1 }, ['constructor'])).toBeUndefined();
    expect(prop([1, 2], ['length'])).toBeUndefined();
    expect(prop({ x: 1 }, ['x', 'y', 'z'])).toBeUndefined();
  });
});

describe('round', () => {
  it('rounds half up like Math.round and reads values loosely', () => {
    const round = fmt('round');
    expect([-1.9, -1.5, -1.4, 1.4, 1.5, 2.5].map((n) => round(n))).toEqual([-2, -1, -1, 1, 2, 3]);
    expect(round('1.5e3')).toBe(1500);
    expect(round(true)).toBe(1);
    expect(round(undefined)).toBe(0);
    expect(round('Infinity')).toBeNaN();
  });
});

describe('safe', () => {
  const safe = fmt('safe');
  it('strips tags non-greedily, across newlines, leaving unclosed <', () => {
    expect(safe("a <b>bold</b> <a href='x>y'>link</a> < notag > <<x>> <br/> x<y x>y <\n>z")).toBe(
      "a bold y'>link  >  xy z",
    );
    expect(safe('<p')).toBe('<p');
  });
  it('leaves falsy values unchanged and reads truthy ones as text', () => {
    for (const v of [0, '', [], {}, null, undefined, false]) expect(safe(v)).toBe(v);
    expect(safe(-1)).toBe('-1');
    expect(safe({ a: 1 })).toBe('');
    expect(safe(['<b>x</b>'])).toBe('');
  });
});

describe('slugify', () => {
  it('drops non [A-Za-z0-9 whitespace -], collapses whitespace runs to -, lower-cases', () => {
    const slugify = fmt('slugify');
    expect(slugify("If Strike Isn't Settled Quickly, It May Last Awhile")).toBe(
      'if-strike-isnt-settled-quickly-it-may-last-awhile',
    );
    expect(slugify('  Hello  World__ -- x_y é ñ 12 \t\n TAB-')).toBe('-hello-world----xy-12-tab-');
    expect(slugify('a\u00a0b\u2003c')).toBe('a-b-c');
    expect(slugify('\u212a\u0130x\u00c5')).toBe('x');
    expect(slugify(12.5)).toBe('125');
  });
});

describe('smartypants', () => {
  const sp = fmt('smartypants');
  it('curls quotes and makes em dashes', () => {
    expect(sp('Yes, I\'ve read both "Don Quixote" and "A Tale of Two Cities".')).toBe(
      'Yes, I’ve read both “Don Quixote” and “A Tale of Two Cities”.',
    );
    expect(sp('I spoke to Larry--the project lead--about the issue.')).toBe(
      'I spoke to Larry—the project lead—about the issue.',
    );
    expect(sp("-- --- - ''")).toBe('— —- - ’’');
  });
  it('keeps the reference quirks of the opening single quote rule', () => {
    expect(sp("'hello' it's 'tis")).toBe('‘hello’ it’s ’tis');
    expect(sp("s'x \\'x a\n'x a\r'x a\u2028'x")).toBe('s‘x \\‘x a\n‘x a\r‘x a\u2028‘x');
    expect(sp("a{'x a<'x a–'x a/'x a\"'x")).toBe('a{’x a<’x a–’x a/’x a”‘x');
    expect(sp("(' [' -'x —'x")).toBe('(‘ [‘ -‘x —‘x');
  });
  it('opens double quotes after whitespace, -, —, /, (, [ and ‘ only', () => {
    expect(sp('a "x a\t"x a/"x a("x a["x a-"x a—"x a‘"x')).toBe(
      'a “x a\t“x a/“x a(“x a[“x a-“x a—“x a‘“x',
    );
    expect(sp('a{"x a<"x a–"x as"x a\\"x a“"x')).toBe('a{”x a<”x a–”x as”x a\\”x a“”x');
  });
});

describe('str', () => {
  it('prints scalars, "" for everything else', () => {
    const str = fmt('str');
    expect([-15, false, 'Central Park', 1e21, 1e-7].map((v) => str(v))).toEqual([
      '-15',
      'false',
      'Central Park',
      '1e+21',
      '1e-7',
    ]);
    for (const v of [null, undefined, { a: 1 }, [1, 2]]) expect(str(v)).toBe('');
  });
});

describe('truncate', () => {
  const t = fmt('truncate');
  const s = 'hello world';
  it('cuts after the last whitespace within N, else at N, and appends the ellipsis', () => {
    expect(t(s, ['5'])).toBe('hello...');
    expect(t(s, ['6'])).toBe('hello ...');
    expect(t(s, ['4'])).toBe('hell...');
    expect(t(s, ['11'])).toBe(s);
    expect(t('ab\tcd\nef gh', ['9'])).toBe('ab\tcd\nef ...');
    expect(t('a\rbcdef', ['3'])).toBe('a\r...');
    expect(t('ab\u00a0cd ef', ['4'])).toBe('ab\u00a0c...');
    expect(t(' abc', ['2'])).toBe(' ...');
  });
  it('takes an ellipsis arg (possibly empty) and parses N as an integer', () => {
    expect(t(s, ['3', '..'])).toBe('hel..');
    expect(t(s, ['3', ''])).toBe('hel');
    expect(t(s, ['2.9'])).toBe('he...');
    expect(t(s, ['1e1'])).toBe('h...');
    expect(t(s, ['3abc'])).toBe('hel...');
  });
  it('counts UTF-16 units', () => {
    expect(t('😍😍😍', ['3'])).toBe('😍\ud83d...');
  });
  it('defaults to 100 and leaves the value untouched for non-positive or unreadable N', () => {
    expect(t('a'.repeat(101))).toBe('a'.repeat(100) + '...');
    expect(t(s, ['0'])).toBe(s);
    expect(t(s, ['-1'])).toBe(s);
    expect(t(s, ['x'])).toBe(s);
    expect(t(5, ['0'])).toBe(5);
    expect(t(5, ['5'])).toBe('5');
    expect(t(12.5, ['3'])).toBe('12....');
  });
});
