/**
 * `Formatter.prepare`, the compile-time hook: called once per formatter call of a compiled
 * instruction with that call's arguments, its result handed to every `apply` of that call (on
 * the string path and the React path); a throwing `prepare` leaves `apply` to work unprepared.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { compile, defaultRegistry, render, renderToReact, type Formatter } from '../../index.js';

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
    ['money', 'date'].map((name) => {
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
  ])('%s prints the same prepared and unprepared', (source, data) => {
    const prepared = render(compile(source), data).html;
    expect(prepared).not.toBe('');
    expect(render(compile(source), data, { formatters: unprepared }).html).toBe(prepared);
  });
});
