/**
 * The server's kept Intl results (formatters/kept-results.ts) and its other formatter fast paths
 * (formatters/server-formatters.ts, calendar-arithmetic.ts) print what the browser's plain paths
 * print: the same results per formatter and value, whichever came first, past the bound too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { compile, render } from '../../index.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { keptByEpoch, keptFormatText, keptPlurals } from '../../formatters/kept-results.js';
import { useFormatText } from '../../formatters/money.js';
import { useFieldsIn } from '../../formatters/strftime.js';
import { arithmeticFields } from '../../formatters/calendar-arithmetic.js';
import { DENSE_PRODUCT_TEMPLATE, denseProductData } from '../../bench/pages/dense-product.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }))
  .map(([neg, n, scale]) => {
    const digits = n.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return neg ? `-${text}` : text;
  });

describe('keptFormatText', () => {
  it('gives Intl’s text for each formatter and amount, kept apart per formatter', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        for (const nf of [usd, eur, usd]) {
          expect(keptFormatText(nf, text)).toBe(nf.format(text as unknown as number));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('stays right past its bound (more distinct amounts than it keeps)', () => {
    for (let round = 0; round < 2; round++) {
      for (let cents = 0; cents < 2500; cents++) {
        const text = (cents / 100).toFixed(2);
        expect(keptFormatText(eur, text)).toBe(eur.format(text as unknown as number));
      }
    }
  });
});

describe('keptByEpoch', () => {
  it('gives the formatter’s text for every instant, past its bound too', () => {
    const dtf = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Asia/Tokyo' });
    const plain = (epoch: number): string => dtf.format(epoch);
    const kept = keptByEpoch(plain);
    for (let round = 0; round < 2; round++) {
      for (let day = 0; day < 2500; day += 1 + round) {
        const epoch = Date.UTC(2020, 0, 1) + day * 86_400_000;
        expect(kept(epoch)).toBe(plain(epoch));
      }
    }
  });
});

describe('keptPlurals', () => {
  it('gives the platform’s category for every number, per locale and type', () => {
    const rules = [
      new Intl.PluralRules('en-US'),
      new Intl.PluralRules('pl'),
      new Intl.PluralRules('ar'),
      new Intl.PluralRules('en-US', { type: 'ordinal' }),
    ];
    const kept = rules.map(keptPlurals);
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double({ noNaN: false })),
        (n) => {
          rules.forEach((r, i) => expect(kept[i]!.select(n)).toBe(r.select(n)));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('server formatters', () => {
  it('write each bookkeeper amount as the plain formatter does, per locale and amount', () => {
    const template = compile('{a|bookkeeper-money-format}|{b|bookkeeper-money-format}');
    const amount = fc.oneof(
      fc.integer({ min: -1e7, max: 1e7 }),
      decimalText,
      fc.constantFrom('3800', 3800, '-0', -0, '1e3', 'x', '', 'Infinity', null, undefined, [1]),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            a: amount,
            b: amount,
            locale: fc.constantFrom('en-US', 'de-DE', 'ja-JP', 'fr', 'none'),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (calls) => {
          for (const { locale, ...data } of calls) {
            const server = render(template, data, { locale });
            const plain = render(template, data, { locale, formatters: ALL_FORMATTERS });
            expect(server.html).toBe(plain.html);
            expect(server.errors.map((e) => e.message)).toEqual(plain.errors.map((e) => e.message));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('write each message as the plain `message` does, per pattern, locale and arguments', () => {
    const template = compile('{p|message a b}|{p|plural n=a}|{q|message a}');
    const patterns = [
      '{0 plural =0{none} one{# item} other{# items}}',
      '{0} and {1}',
      '{0 number} / {1 select x{ex} other{other}}',
      '{n plural one{one} other{#}} {0}',
      '{0 datetime}',
      '{1 plural one{#} other{#}} on {0 datetime}',
      '{0 money}',
      '',
    ];
    const value = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(-0, 1.5, '1', '01', 'x', '', null, undefined, true, [1], { a: 1 }),
      fc.constantFrom(Date.UTC(2025, 11, 31, 20), { value: '2.5', currency: 'EUR' }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            p: fc.constantFrom(...patterns),
            q: fc.constantFrom(...patterns),
            a: value,
            b: value,
            locale: fc.constantFrom('en-US', 'de-DE', 'fr', 'none'),
            timeZone: fc.constantFrom('UTC', 'Asia/Tokyo'),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (calls) => {
          for (const { locale, timeZone, ...data } of calls) {
            const options = { locale, timeZone };
            const server = render(template, data, options);
            const plain = render(template, data, { ...options, formatters: ALL_FORMATTERS });
            expect(server.html).toBe(plain.html);
            expect(server.errors.map((e) => e.message)).toEqual(plain.errors.map((e) => e.message));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('write each date as the plain `date` does, per tag, zone and instant, errors included', () => {
    const template = compile(
      '{t|date %Y-%m-%d %H:%M:%S %Z %A %j}|{t|date %b %e, %Y}|{t|date}|{t|date %F %T %z}',
    );
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Not/AZone', ''];
    const instant = fc.oneof(
      fc.integer({ min: -5e12, max: 5e12 }),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.constantFrom(0, -0, Date.UTC(-4712, 0, 1), Date.UTC(-4712, 0, 1) - 1, 'soon', null),
    );
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (t, timeZone) => {
        const data = { t, website: { timeZone } };
        const server = render(template, data, { locale: 'en-US' });
        const plain = render(template, data, { locale: 'en-US', formatters: ALL_FORMATTERS });
        expect(server.html).toBe(plain.html);
        expect(server.errors.map((e) => e.message)).toEqual(plain.errors.map((e) => e.message));
      }),
      { numRuns: 1500 },
    );
  });

  it('render the dense product page as the browser’s plain paths do', () => {
    const data = denseProductData(12);
    const server = render(compile(DENSE_PRODUCT_TEMPLATE), data, { locale: 'en-US' }).html;
    try {
      useFormatText((nf, text) => nf.format(text as unknown as number));
      useFieldsIn(null);
      const plain = render(compile(DENSE_PRODUCT_TEMPLATE, { formatters: ALL_FORMATTERS }), data, {
        locale: 'en-US',
        formatters: ALL_FORMATTERS,
      }).html;
      expect(server).toBe(plain);
      expect(server).toContain('srcset="https://images.example/dense/related-11.jpg?format=100w');
    } finally {
      useFormatText(keptFormatText);
      useFieldsIn(arithmeticFields);
    }
  });
});
