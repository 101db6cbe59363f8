/**
 * The Java-era formatters of formatters/legacy.ts. `i18n-money-format` expectations follow the
 * Java fixtures in conformance/legacy-i18n (run in full by tests/legacy-i18n.test.ts); the cases
 * here cover what those fixtures do not: the render-locale default, other currencies, rounding
 * and unreadable input.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';

const NBSP = '\u00a0';

function run(template: string, data: unknown, locale?: string): string {
  return render(compile(template), data, { locale }).html;
}

const money = (decimalValue: unknown, currencyCode: string) => ({ decimalValue, currencyCode });

describe('i18n-money-format', () => {
  it('places the legacy symbol by locale, spaced only next to letters', () => {
    expect(run('{m|i18n-money-format en-US}', { m: money(1234.56, 'SEK') })).toBe('kr 1,234.56');
    expect(run('{m|i18n-money-format en-US}', { m: money(-1234.56, 'SEK') })).toBe('kr -1,234.56');
    expect(run('{m|i18n-money-format en-US}', { m: money(-1234.56, 'AUD') })).toBe('-A$1,234.56');
    expect(run('{m|i18n-money-format de-DE}', { m: money(-1234.56, 'CAD') })).toBe('-1.234,56 C$');
    expect(run('{m|i18n-money-format fr-FR}', { m: money('1234.56', 'EUR') })).toBe(
      `1${NBSP}234,56€`,
    );
  });

  it('rounds to the currency digits half-even', () => {
    expect(run('{m|i18n-money-format en-US}', { m: money('1234.5', 'JPY') })).toBe('¥1,234');
    expect(run('{m|i18n-money-format en-US}', { m: money('0.125', 'USD') })).toBe('$0.12');
  });

  it('defaults to the render locale', () => {
    expect(run('{m|i18n-money-format}', { m: money(1234.56, 'USD') }, 'de-DE')).toBe('1.234,56$');
    expect(run('{m|i18n-money-format}', { m: money(1234.56, 'USD') })).toBe('$1,234.56');
  });

  it('uses the platform narrow symbol for currencies outside the legacy table', () => {
    expect(run('{m|i18n-money-format en-US}', { m: money(5, 'INR') })).toBe('₹5.00');
  });

  it('prints nothing for unreadable money', () => {
    for (const m of [{}, money('abc', 'USD'), { decimalValue: '1' }, 5])
      expect(run('[{m|i18n-money-format en-US}]', { m })).toBe('[]');
  });
});

describe('datetimefield and unit', () => {
  it('compile and leave the value unchanged', () => {
    const template = compile('{n|datetimefield}|{n|unit in:inch}');
    expect(template.errors).toEqual([]);
    expect(render(template, { n: 12 }).html).toBe('12|12');
  });
});
