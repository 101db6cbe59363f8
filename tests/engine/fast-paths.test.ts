/**
 * The executor's fast paths must behave exactly like the general ones:
 * - formatter chains made only of pure mappings (`Formatter.map`) skip the Variable and frame;
 * - `json` quotes plain strings itself instead of calling JSON.stringify;
 * - sections with a text-and-names body (the hot shape in benchmarks) keep the lookup of
 *   docs/language.md, "Resolution": the section value first, then outward, own properties only.
 */
import { describe, expect, it } from 'vitest';

import { compile, render } from '../../index.js';
import { CORE_TEXT_FORMATTERS } from '../../formatters/core-text.js';
import type { Formatter, FormatterTable, Variable } from '../../engine/plugin.js';
import { useMappedChains } from '../../engine/exec-vars.js';
import { MAPPED_CHAINS } from '../../engine/mapped-chains.js';

/** A formatter declaring `map`, and the same one without it (always through `apply`). */
function pair(map: (value: unknown) => unknown): [Formatter, Formatter] {
  const apply = (_args: string[], vars: Variable[]): void => vars[0]!.set(map(vars[0]!.value));
  return [{ apply, map }, { apply }];
}

const [pureUpper, plainUpper] = pair((v) => String(v).toUpperCase());
const [pureBoom, plainBoom] = pair(() => {
  throw new RangeError('mapped kaboom');
});
let mapCalls = 0;
const formatters: FormatterTable = {
  pureUpper,
  plainUpper,
  pureBoom,
  plainBoom,
  counted: {
    apply: (_args, vars) => vars[0]!.set(`<${String(vars[0]!.value)}>`),
    map: (v) => {
      mapCalls++;
      return `<${String(v)}>`;
    },
  },
};

function run(source: string, data: unknown): { html: string; errors: string[] } {
  const template = compile(source, { formatters });
  expect(template.errors).toEqual([]);
  const result = render(template, data, { formatters });
  return {
    html: result.html,
    errors: result.errors.map((e) => `${e.line}:${e.column} ${e.message}`),
  };
}

describe('pure formatter chains', () => {
  it('calls map directly and gives what apply gives', () => {
    mapCalls = 0;
    expect(run('{a|counted|pureUpper}', { a: 'x' }).html).toBe('<X>');
    expect(mapCalls).toBe(1);
    for (const data of [{ a: 'hi' }, { a: 3 }, {}, { a: null }, { a: [1, 2] }]) {
      expect(run('{a|pureUpper}|{a|pureUpper|pureUpper|pureUpper}', data)).toEqual(
        run('{a|plainUpper}|{a|plainUpper|plainUpper|plainUpper}', data),
      );
    }
  });

  it('records a throwing map against its tag, like apply', () => {
    const pure = run('ab\n  {a|pureBoom}{b}', { a: 1, b: 2 });
    expect(pure.html).toBe('ab\n  2');
    expect(pure).toEqual(run('ab\n  {a|plainBoom}{b}', { a: 1, b: 2 }));
    expect(pure.errors).toEqual([
      '2:3 RuntimeError: Unexpected RangeError error when executing VARIABLE: mapped kaboom',
    ]);
  });

  it('binds the mapped value with .var', () => {
    expect(run('{.var @x a|pureUpper|counted}{@x}', { a: 'q' }).html).toBe('<Q>');
  });

  it('keeps the general path when any formatter in the chain has no map', () => {
    expect(run('{a|pureUpper|plainUpper}', { a: 'z' }).html).toBe('Z');
  });

  it('gives the same without the server entry’s mapped chains (the browser runtime)', () => {
    const sources = [
      '{a|counted|pureUpper}|{a|pureUpper|pureUpper|pureUpper}|{.var @x a|pureUpper|counted}{@x}',
      '{a|html}{a|json|htmlattr}{a|json}{a|htmlattr|safe}',
      'ab\n  {a|pureBoom}{b}',
    ];
    const datas = [{ a: '<"q">&', b: 2 }, { a: 3 }, {}, { a: null }, { a: [1, '<'] }];
    const withChains = sources.flatMap((s) => datas.map((d) => run(s, d)));
    mapCalls = 0;
    useMappedChains(null);
    try {
      const without = sources.flatMap((s) => datas.map((d) => run(s, d)));
      expect(mapCalls).toBe(0);
      expect(without).toEqual(withChains);
    } finally {
      useMappedChains(MAPPED_CHAINS);
    }
  });
});

describe('sections with a text-and-names body', () => {
  const data = {
    c: { x: 42, inner: 'own' },
    outer: 'from root',
    empty: {},
    list: [],
    zero: 0,
    s: 'str',
  };

  it('resolves names in the section value first, then outward', () => {
    expect(run('{.section c}[{x}|{outer}|{missing}|{constructor}]{.end}', data).html).toBe(
      '[42|from root||]',
    );
  });

  it('runs the alternate for falsy values, inside the pushed frame', () => {
    for (const name of ['empty', 'list', 'zero', 'missing'])
      expect(run(`{.section ${name}}{x}{.or}no {outer}{.end}`, data).html).toBe('no from root');
  });

  it('treats a scalar section value as having no members', () => {
    expect(run('{.section s}<{length}{outer}>{.end}', data).html).toBe('<from root>');
  });

  it('sees the section value through nested paths too', () => {
    expect(run('{.section c.inner}{length}{.end}', data).html).toBe('');
    expect(run('{.section c}{.section inner}{x}{outer}{.end}{.end}', data).html).toBe(
      '42from root',
    );
  });

  it('records a throwing read against its tag and goes on', () => {
    const node = {
      get bad(): unknown {
        throw new Error('getter failed');
      },
      ok: 'fine',
    };
    const result = run('{.section node}{bad}-{ok}{.end}', { node });
    expect(result.html).toBe('-fine');
    expect(result.errors).toEqual([
      '1:16 RuntimeError: Unexpected Error error when executing VARIABLE: getter failed',
    ]);
  });
});

describe('json of strings', () => {
  const json = CORE_TEXT_FORMATTERS.json!.map!;

  function reference(value: string): string {
    return JSON.stringify(value).replace(/<\//g, '<\\/');
  }

  it('matches JSON.stringify with `</` escaped on awkward strings', () => {
    const samples = [
      '',
      'plain',
      'a"b',
      'back\\slash',
      'tab\there',
      '\u0000\u001f\u007f',
      '</script>',
      'a</b</',
      '<',
      '/',
      '</',
      '\ud83d\ude00',
      '\ud83d',
      'x\ude00',
      '\u2028\u2029',
    ];
    for (const text of samples) expect(json(text)).toBe(reference(text));
  });

  it('matches on random strings', () => {
    const alphabet = ['a', '<', '/', '"', '\\', '\n', '\u0001', '\ud800', '\udc00', 'é', ' '];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = next() % 8;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      expect(json(text)).toBe(reference(text));
    }
  });
});
