/**
 * `Formatter.prepare` and `Predicate.prepare`, the compile-time hooks: called once per call of a
 * compiled instruction with that call's arguments, the result handed to every `apply` of that
 * call (on the string path and the React path); a throwing `prepare` leaves `apply` to work
 * unprepared.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  compile,
  defaultRegistry,
  render,
  renderToReact,
  type Formatter,
  type Predicate,
} from '../../index.js';

/** A formatter that records its prepare calls and prints what `apply` received. */
function recording(): { formatter: Formatter; prepared: string[][] } {
  const prepared: string[][] = [];
  const formatter: Formatter = {
    prepare: (args) => {
      prepared.push(args);
      return `prepared(${args.join(',')})`;
    },
    apply: (args, vars, _ctx, ready) =>
      vars[0]!.set(`${String(vars[0]!.value)}:${String(ready ?? `unprepared(${args.join(',')})`)}`),
  };
  return { formatter, prepared };
}

describe('Formatter.prepare', () => {
  it('runs once per formatter call of the compiled code, not once per render', () => {
    const { formatter, prepared } = recording();
    const formatters = { tag: formatter };
    const template = compile('{a|tag x y}{.repeated section list}{@|tag z}{.end}', {
      formatters,
    });
    const data = { a: 'A', list: [1, 2, 3] };
    for (let i = 0; i < 3; i++) {
      expect(render(template, data, { formatters }).html).toBe(
        'A:prepared(x,y)1:prepared(z)2:prepared(z)3:prepared(z)',
      );
    }
    expect(prepared).toEqual([['x', 'y'], ['z']]);
  });

  it('hands the prepared value to the React path as well', () => {
    const { formatter } = recording();
    const formatters = { tag: formatter };
    const result = renderToReact(
      compile('<p>{a|tag q}</p>', { formatters }),
      { a: 'A' },
      {
        formatters,
      },
    );
    expect(renderToStaticMarkup(result.element)).toBe('<p>A:prepared(q)</p>');
  });

  it('leaves apply unprepared when prepare throws', () => {
    const formatters: Record<string, Formatter> = {
      tag: {
        prepare: () => {
          throw new Error('broken plugin');
        },
        apply: (args, vars, _ctx, ready) =>
          vars[0]!.set(ready === undefined ? `plain ${args.join(',')}` : 'prepared'),
      },
    };
    const result = render(compile('{a|tag k}', { formatters }), { a: 1 }, { formatters });
    expect(result.html).toBe('plain k');
    expect(result.errors).toEqual([]);
  });
});

describe('built-in formatters with prepare', () => {
  // The same formatters without their `prepare` (as a caller that does not prepare sees them).
  const unprepared = Object.fromEntries(
    ['money', 'date', 'datetime', 'message'].map((name) => {
      const formatter = defaultRegistry.formatters[name]!;
      return [name, { apply: formatter.apply.bind(formatter) } satisfies Formatter];
    }),
  );

  it.each([
    ['{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'EUR' } }],
    ['{m|money style:short}', { m: { value: '98765', currency: 'USD' } }],
    ['{m|money style:code}', { m: { value: '12', currency: 'JPY' } }],
    [
      '{t|date %A, %B %e, %Y %H:%M %Z %%}',
      { t: 1613597165345, website: { timeZone: 'Asia/Tokyo' } },
    ],
    ['{t|date trailing %}', { t: 0 }],
    [
      '{t|datetime date:medium} {t|datetime time:short} {t|datetime date:long time:short wrap:full} {t|datetime yMMMEd context:begin-sentence}',
      { t: 1613597165345, website: { timeZone: 'Asia/Tokyo' } },
    ],
    // The same tag in two zones: each zone gets its own formatter.
    [
      '{.repeated section zones}{website.timeZone}: {t|datetime hm}, {.end}',
      {
        t: 1613597165345,
        zones: ['Asia/Tokyo', 'UTC', 'Asia/Tokyo'].map((timeZone) => ({ website: { timeZone } })),
      },
    ],
    [
      '{.section item}{text|message count=n.total name:who other}{.end}',
      {
        item: {
          text: '{name}: {count, plural, one {# item} other {# items}} {2}',
          n: { total: 3 },
        },
        who: 'Ann',
        other: 'x',
      },
    ],
  ])('%s prints the same prepared and unprepared', (source, data) => {
    const prepared = render(compile(source), data).html;
    expect(prepared).not.toBe('');
    expect(render(compile(source), data, { formatters: unprepared }).html).toBe(prepared);
  });
});

describe('Predicate.prepare', () => {
  it('runs once per predicate call of the compiled code, its result passed to apply', () => {
    const prepared: string[][] = [];
    const predicate: Predicate = {
      prepare: (args) => {
        prepared.push(args);
        return args.length;
      },
      apply: (args, _ctx, ready) => ready === args.length,
    };
    const predicates = { 'counted?': predicate };
    const template = compile('{.counted? a b}yes{.or}no{.end}{.counted? c}!{.end}', {
      predicates,
    });
    for (let i = 0; i < 3; i++) expect(render(template, {}, { predicates }).html).toBe('yes!');
    expect(prepared).toEqual([['a', 'b'], ['c']]);
  });

  // The comparison predicates without their `prepare`, as a caller that does not prepare sees them.
  const names = ['equal?', 'notEqual?', 'greaterThan?', 'lessThanOrEqual?'];
  const unprepared = Object.fromEntries(
    names.map((name) => {
      const predicate = defaultRegistry.predicates[name]!;
      return [name, { apply: predicate.apply.bind(predicate) } satisfies Predicate];
    }),
  );
  const source = [
    '{.equal? a.b 3}A{.end}',
    '{.notEqual? a.b "3"}B{.end}',
    '{.greaterThan? a.b 2.5}C{.end}',
    '{.lessThanOrEqual? list.1 a.b}D{.end}',
    '{.equal? obj {"k":[1,2]}}E{.end}',
    '{.section list}{.equal? 20}F{@index}{.end}{.end}',
    '{.equal? missing null}G{.end}',
    '{.equal? 03 a.b}H{.end}',
  ].join('');
  it.each([
    [{ a: { b: 3 }, list: [10, 20, 30], obj: { k: [1, 2] } }],
    [{ a: { b: '3' }, list: [1, 3], obj: { k: [2, 1] }, 3: 'x' }],
    [{ a: { b: 2 }, list: [], '03': 2 }],
  ])('comparisons print the same prepared and unprepared (%j)', (data) => {
    const ready = render(compile(source), data).html;
    expect(ready).not.toBe('');
    expect(render(compile(source), data, { predicates: unprepared }).html).toBe(ready);
  });
});
