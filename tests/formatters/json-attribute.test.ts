/**
 * `json|htmlattr` fused into one pass (`attributeJson`, through `Formatter.fuse`): the fused
 * output must be exactly the two formatters' output one after the other, for any value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, render, type Formatter } from '../../index.js';
import { CORE_FORMATTERS } from '../../formatters/core.js';
import { attributeJson } from '../../formatters/json-attribute.js';
import { SERVER_FORMATTERS } from '../../formatters/server-formatters.js';

const json = SERVER_FORMATTERS.json!;
const htmlattr = CORE_FORMATTERS.htmlattr!;

/** The unfused chain: `json`'s map, then `htmlattr`'s. */
const twoSteps = (value: unknown): unknown => htmlattr.map!(json.map!(value));

/** Strings rich in what JSON and HTML escape: quotes, `\`, `&<>`, `</`, controls, surrogates. */
const trickyString = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('"', '\\', '&', '<', '>', '/', '\n', '\u0001', 'a', 'é') }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\ud800', 'a\udc00b', '😀', '</script>', '&quot;'),
);

const jsonData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    trickyString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value')),
    fc.dictionary(trickyString, tie('value')),
  ),
})).value;

describe('json|htmlattr fused', () => {
  it('json declares the fusion with htmlattr and htmltag only, on the server', () => {
    // The browser runtime's table (ALL_FORMATTERS) goes the two-step way: same output.
    expect(CORE_FORMATTERS.json!.fuse).toBeUndefined();
    expect(json.fuse?.(htmlattr)).toBe(attributeJson);
    expect(json.fuse?.(CORE_FORMATTERS.htmltag!)).toBe(attributeJson);
    expect(json.fuse?.(CORE_FORMATTERS.html!)).toBeUndefined();
    // A copy of htmlattr (a plugin's own) is not known to be the same escape.
    expect(json.fuse?.({ ...htmlattr })).toBeUndefined();
  });

  it('prints exactly what json then htmlattr print, for any JSON-like value', () => {
    fc.assert(
      fc.property(jsonData, (value) => {
        expect(attributeJson(value)).toBe(twoSteps(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves values that are not plain data to the two steps', () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: string,
      ) {}
    }
    const withToJson = { a: 1, toJSON: () => ({ b: '"<b>"' }) };
    const arrayWithToJson = Object.assign([1, 2], { toJSON: () => 'x&y' });
    const nested = { list: [new Date(0), new Point(1, 'a"b'), withToJson, () => 1, Symbol('s')] };
    const inherited = Object.create({ hidden: 1 }) as Record<string, unknown>;
    inherited.own = '<own>';
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200; i++) deep = [deep, { i }];
    for (const value of [
      nested,
      withToJson,
      arrayWithToJson,
      inherited,
      deep,
      [undefined, () => 1],
    ])
      expect(attributeJson(value)).toBe(twoSteps(value));
    // Keys: integer-like first (ascending), then insertion order, as JSON.stringify.
    const keys = { b: 1, 2: 'two', a: '&', 1: 'one', '-1': null };
    expect(attributeJson(keys)).toBe(twoSteps(keys));
  });

  it('follows an inherited toJSON as JSON.stringify does', () => {
    const data = { a: [1, { b: '"' }] };
    for (const proto of [Object.prototype, Array.prototype]) {
      Object.defineProperty(proto, 'toJSON', {
        value: () => '<replaced>',
        configurable: true,
        writable: true,
      });
      try {
        expect(attributeJson(data)).toBe(twoSteps(data));
        expect(attributeJson(data)).toContain('&lt;replaced&gt;');
      } finally {
        delete (proto as { toJSON?: unknown }).toJSON;
      }
    }
  });

  it('throws what the two steps throw (cycles, BigInt)', () => {
    const cycle: Record<string, unknown> = { a: [1] };
    cycle.self = cycle;
    expect(() => twoSteps(cycle)).toThrow(TypeError);
    expect(() => attributeJson(cycle)).toThrow(TypeError);
    expect(() => attributeJson({ n: 1n })).toThrow(TypeError);
  });

  it('is what a template with {x|json|htmlattr} prints, and a plugin htmlattr is not bypassed', () => {
    const data = { x: { name: 'Tom & "Jerry"', tags: ['<b>', '</i>'], n: 1.5, none: null } };
    const expected = twoSteps(data.x);
    expect(render(compile('<a data-x="{x|json|htmlattr}">'), data).html).toBe(
      `<a data-x="${String(expected)}">`,
    );
    const shout: Formatter = { ...htmlattr, map: (v) => String(htmlattr.map!(v)).toUpperCase() };
    shout.apply = (_args, vars) => vars[0]!.set(shout.map!(vars[0]!.value));
    const formatters = { htmlattr: shout };
    expect(render(compile('{x|json|htmlattr}', { formatters }), data, { formatters }).html).toBe(
      String(expected).toUpperCase(),
    );
  });
});
