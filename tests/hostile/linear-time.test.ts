// Hostile input: long strings and 100,000-item arrays render in linear time, and 10 MB strings
// render at all.
//
// How "linear" is checked without wall-clock limits (tests/support/growth.ts): each workload
// is timed at size n and at 4n in the same run, repeated until a timing is long enough to
// measure, the sizes alternating; the median ratio of the pairs must stay under 10x. Linear
// work gives ~4x, a quadratic algorithm ~16x. Strings are timed at 64 KB and 256 KB: V8 keeps
// strings of that size in its young generation, where their cost per byte is flat (past about
// 1 MB it jumps when they move to the old generation, which is not our algorithm's doing);
// a quadratic cost shows at any of these sizes. Arrays are timed at 10,000 and 40,000 items
// (the same holds for their objects) and rendered whole at 100,000.
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import type { Template } from '../../engine/template.js';
import { expectLinearGrowth, SIZE_FACTOR } from '../support/growth.js';

const KB = 1024;
const MB = 1024 * KB;

/** A string of `length` chars mixing words, markup, quotes, ampersands and non-ASCII. */
function bigString(length: number): string {
  const unit = 'Lorem <b>ipsum</b> & "dolor" sit — amet, it\'s 東京 -- ';
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Renders and reads the output, so that work V8 would leave for later (ropes) is done. */
const renderRead = (template: Template, data: unknown, options?: object): number =>
  render(template, data, options).html.charCodeAt(0);

describe('long strings render in linear time, 10 MB ones at all', () => {
  const tenMegabytes = { s: bigString(10 * MB) };
  const small = { s: bigString(64 * KB) };
  const large = { s: bigString(SIZE_FACTOR * 64 * KB) };
  const formatters = [
    '',
    '|html',
    '|htmlattr',
    '|json',
    '|safe',
    '|smartypants',
    '|slugify',
    '|truncate 100',
    '|encode-space',
    '|url-encode',
    '|capitalize',
    '|count',
  ];
  for (const chain of formatters) {
    it(`{s${chain}}`, () => {
      const template = compile(`<p>{s${chain}}</p>`);
      expect(template.errors).toEqual([]);
      const full = render(template, tenMegabytes);
      expect(full.errors).toEqual([]);
      expect(full.html.length).toBeGreaterThan(
        chain === '|truncate 100' || chain === '|count' ? 7 : MB,
      );
      expectLinearGrowth(chain || 'plain', (input) => renderRead(template, input), small, large);
    });
  }

  it('an expression string concatenation stays linear, up to 10 MB', () => {
    const template = compile('{.eval @t = s + s; @t}');
    const options = { maxStringLength: 0 };
    expect(render(template, { s: bigString(5 * MB) }, options).html).toHaveLength(10 * MB);
    expectLinearGrowth('eval +', (input) => renderRead(template, input, options), small, large);
  });

  it('a large template compiles in linear time (256 KB vs 1 MB)', () => {
    const chunk = '<div class="x">{title|html}</div>{.section a}{b}{.or}none{.end}\n';
    const source = (size: number): string => chunk.repeat(Math.ceil(size / chunk.length));
    expect(compile(source(4 * MB)).errors).toEqual([]);
    expectLinearGrowth('compile', (text) => compile(text), source(256 * KB), source(MB));
  });
});

describe('arrays render in linear time, 100,000 items at all', () => {
  const items = (count: number): unknown[] =>
    Array.from({ length: count }, (_, i) => ({ id: `id${i}`, title: `Item <${i}>`, n: i }));
  const templates: Record<string, string> = {
    repeated: '{.repeated section items}<li>{title|html} {@index}</li>{.alternates with},{.end}',
    'nested if/predicate':
      '{.repeated section items}{.if n}{.odd? n}o{.or}e{.end}{.end}{.equal? n 5}five{.end}{.end}',
    json: '{items|json}',
    'key-by': '{items|key-by id|count}',
    count: '{items|count}',
    'plain array print': '{ids}',
    'eval per item': '{.repeated section items}{.eval n * 2 + 1}{.end}',
  };
  const data = (count: number) => {
    const list = items(count);
    return { items: list, ids: list.map((item) => (item as { id: string }).id) };
  };
  const small = data(10_000);
  const large = data(SIZE_FACTOR * 10_000);
  const full = data(100_000);
  for (const [name, source] of Object.entries(templates)) {
    it(name, () => {
      const template: Template = compile(source);
      expect(template.errors).toEqual([]);
      const rendered = render(template, full);
      expect(rendered.errors).toEqual([]);
      expect(rendered.html.length).toBeGreaterThan(0);
      expectLinearGrowth(name, (input) => renderRead(template, input), small, large);
    });
  }
});
