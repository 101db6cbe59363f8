// Hostile templates and values that cost far more work than their size: partials and macros
// applying themselves several times (the depth limit of 16 bounds how deep, not how many: four
// applications per level are 4^16 renders), and one tag with tens of thousands of attributes
// (each checked against the ones before it was quadratic). The first is bounded by a count of
// applications per render, the second made linear; both measured by counting, not by the clock,
// except the React path's attribute handling as a whole, measured by how its time grows
// (tests/support/growth.ts).
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { DEFAULT_MAX_APPLICATIONS } from '../../engine/context.js';
import type { Formatter } from '../../engine/plugin.js';
import { HtmlTokenizer } from '../../react-renderer/html/tokenizer.js';
import type { AttrToken, TagToken } from '../../react-renderer/html/tokens.js';
import { expectLinearGrowth } from '../support/growth.js';

const FAN = '{@|apply p}';
/** Prints `a` and applies itself four times: 4^16 applications without a bound on the count. */
const FOUR_WAY = `a${FAN}${FAN}${FAN}${FAN}`;
const LIMIT_MESSAGE = (name: string, max: number): string =>
  `RuntimeError: Attempt to apply partial '${name}' exceeded maximum of ${max} applications in one render`;

describe('the partials and macros applied in one render are bounded', () => {
  it('a partial applying itself four times stops at the default count, with one located error', () => {
    const result = render('{@|apply p}', {}, { partials: { p: FOUR_WAY } });
    const limits = result.errors.filter((e) => e.code === 'APPLY_PARTIAL_LIMIT');
    expect(limits).toEqual([
      {
        code: 'APPLY_PARTIAL_LIMIT',
        message: LIMIT_MESSAGE('p', DEFAULT_MAX_APPLICATIONS),
        line: 1,
        column: expect.any(Number),
        severity: 'error',
        source: 'p',
      },
    ]);
    // At the start of one of the partial's four applications.
    expect([2, 13, 24, 35]).toContain(limits[0]!.column);
    // Each application that ran printed one `a`; attempts refused by the depth limit count too.
    expect(result.html).toMatch(/^a+$/);
    expect(result.html.length).toBeLessThan(DEFAULT_MAX_APPLICATIONS);
    expect(result.errors.length).toBeLessThanOrEqual(DEFAULT_MAX_APPLICATIONS);
  });

  it('counts applications exactly (maxPartialApplications), located at the refused one', () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ n: i }));
    const template = '<ul>\n{.repeated section items}<li>{@|apply card}</li>{.end}\n</ul>';
    const result = render(
      template,
      { items },
      { partials: { card: '{n}' }, maxPartialApplications: 50 },
    );
    const cards = Array.from({ length: 60 }, (_, i) => `<li>${i < 50 ? i : ''}</li>`).join('');
    expect(result.html).toBe(`<ul>\n${cards}\n</ul>`);
    expect(result.errors).toEqual([
      {
        code: 'APPLY_PARTIAL_LIMIT',
        message: LIMIT_MESSAGE('card', 50),
        line: 2,
        column: template.split('\n')[1]!.indexOf('{@|apply') + 1,
        severity: 'error',
      },
    ]);
  });

  it('include and macros count with apply; 0 means no limit', () => {
    const template = '{.macro m}m{.end}{.include m output}{@|apply m}{.include m output}';
    expect(render(template, {}, { maxPartialApplications: 2 }).html).toBe('mm');
    expect(render(template, {}, { maxPartialApplications: 0 }).html).toBe('mmm');
  });

  it('a macro applying itself four times stops too, on the string and the React path', () => {
    const macro = `{.macro p}${FOUR_WAY}{.end}{@|apply p}`;
    const string = render(macro, {});
    expect(string.errors.filter((e) => e.code === 'APPLY_PARTIAL_LIMIT')).toHaveLength(1);
    for (const [template, partials] of [
      [macro, {}],
      ['{@|apply p}', { p: FOUR_WAY }],
    ] as const) {
      const react = renderToReact(template, {}, { partials });
      expect(isValidElement(react.element)).toBe(true);
      const limit = react.errors.filter((e) => e.code === 'APPLY_PARTIAL_LIMIT');
      expect(limit).toHaveLength(1);
      expect(limit[0]!.line).toBe(1);
    }
  });

  it('the React path counts every application a partial run as React code makes', () => {
    let ticks = 0;
    const tick: Formatter = {
      apply(_args, vars) {
        ticks++;
        vars[0]!.set('');
      },
    };
    const result = renderToReact(
      '<div>{@|apply p}</div>',
      {},
      { partials: { p: `<b>{@|tick}</b>${FAN}${FAN}${FAN}${FAN}` }, formatters: { tick } },
    );
    expect(result.errors.filter((e) => e.code === 'APPLY_PARTIAL_LIMIT')).toHaveLength(1);
    // Every partial that ran ticked once (the React path may run a partial's code twice when
    // it falls back, never more).
    expect(ticks).toBeGreaterThan(0);
    expect(ticks).toBeLessThanOrEqual(2 * DEFAULT_MAX_APPLICATIONS);
  });
});

/** A tokenizer whose tags count the reads of their attribute lists' entries. */
class CountingTokenizer extends HtmlTokenizer<never> {
  readonly counter = { reads: 0 };
  protected override newTag(end: boolean, offset: number): TagToken<never> {
    const tag = super.newTag(end, offset);
    const counter = this.counter;
    tag.attrs = new Proxy<AttrToken<never>[]>([], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) counter.reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return tag;
  }
}

const manyAttributes = (n: number, tag = 'div'): string =>
  `<${tag} ${Array.from({ length: n }, (_, i) => `a${i}="v"`).join(' ')}>t</${tag}>`;

describe('a tag with tens of thousands of attributes', () => {
  it('is tokenized with work linear in its attributes (reads of the list counted)', () => {
    for (const n of [1_000, 20_000]) {
      let attrs: AttrToken<never>[] = [];
      const tokenizer = new CountingTokenizer({
        text() {},
        tag(tag) {
          if (!tag.end) attrs = tag.attrs;
        },
      });
      // The last attribute repeats the first one's name: it is dropped.
      tokenizer.write(manyAttributes(n).replace('>', ' a0="late">'));
      tokenizer.end();
      const reads = tokenizer.counter.reads;
      expect(attrs.length).toBe(n);
      expect(attrs[0]!.value).toBe('v');
      // Checking each name against every one before it reads n^2/2 entries (2 * 10^8 here).
      expect(reads).toBeLessThan(10 * n);
    }
  });

  it('keeps the first of two attributes with one name, before and past the short-list scan', () => {
    for (const n of [3, 8, 9, 100]) {
      const names = Array.from({ length: n }, (_, i) => `a${i}="${i}"`).join(' ');
      const { element } = renderToReact('<p>{x}</p>', {
        x: `<span ${names} a0="late" a${n - 1}="late2">t</span>`,
      });
      const span = (element.props as { children: { props: Record<string, unknown> } }).children;
      const props = (span.props as { children: { props: Record<string, unknown> } }).children.props;
      expect(props.a0).toBe('0');
      expect(props[`a${n - 1}`]).toBe(String(n - 1));
    }
  });

  it.each(['div', 'section'])(
    '<%s>: renders to React in time linear in its attributes (40,000 vs 160,000)',
    (tag) => {
      // div: the fast path for simple markup (simple-markup.ts); section: the tokenizer and
      // tree builder. Smaller sizes are too quick to compare: 10,000 attributes took 5-60 ms
      // from run to run.
      const values = new Map([40_000, 160_000].map((n) => [n, manyAttributes(n, tag)]));
      let run = 0;
      expectLinearGrowth(
        `renderToReact of a <${tag}> with n attributes`,
        // A new value each time: parsed markup is kept across renders.
        (n: number) => renderToReact('<div>{x}</div>', { x: `${values.get(n)!}${run++}` }),
        40_000,
        160_000,
      );
    },
    120_000,
  );
});
