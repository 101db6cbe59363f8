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

describe('datetimefield', () => {
  it('compiles and leaves the value unchanged', () => {
    const template = compile('{n|datetimefield}');
    expect(template.errors).toEqual([]);
    expect(render(template, { n: 12 }).html).toBe('12');
  });
});

describe('unit', () => {
  const unit = (n: unknown, args: string, locale?: string): string =>
    run(`{n|unit ${args}}`, { n }, locale);

  it('moves to the largest unit of the same system the value reaches', () => {
    expect(unit('12345', 'in:inch')).toBe('342.9yd');
    expect(unit('0.5', 'in:mile')).toBe('880yd');
    expect(unit('250', 'in:centimeter format:long')).toBe('2.5 meters');
    expect(unit('1234567', 'in:second')).toBe('14.3d');
    expect(unit('1234567890', 'in:bit')).toBe('147.2MB');
    expect(unit('15789655', 'in:byte compact:bits format:long')).toBe('126.3 megabits');
  });

  it('shows temperatures in the scale of the locale region', () => {
    expect(unit('37', 'in:celsius format:short')).toBe('98.6°F');
    // German data puts a space before the symbol.
    expect(unit('212', 'in:fahrenheit format:short', 'de-DE')).toBe('100 °C');
  });

  it('splits sequences into whole units, skipping zero parts', () => {
    expect(unit('12345', 'in:inch sequence:foot,inch format:long group')).toBe(
      '1,028 feet 9 inches',
    );
    expect(unit('0.123', 'in:arc-minute out:arc-minute,arc-second')).toBe('7.4″');
    expect(unit('3600', 'in:second sequence:hour,minute,second format:long')).toBe('1 hour');
  });

  it('accepts plural and alias unit names', () => {
    expect(unit('12345', 'in:inch out:feet')).toBe('1028.8′');
    expect(unit('17.2', 'in:radians sequence:degree,arc-minute')).toBe('985° 29.2′');
  });

  it('ignores an output list with unknown or incompatible units', () => {
    expect(unit('10.351', 'in:mile out:light-year,mile,foot.inch')).toBe('10.4mi');
    expect(unit('10.351', 'in:mile out:second')).toBe('10.4mi');
  });

  it('prints nothing for non-numeric values or an unknown input unit', () => {
    expect(run('[{n|unit in:inch}][{m|unit in:parsnip}][{m|unit}]', { n: 'abc', m: 5 })).toBe(
      '[][][]',
    );
  });
});
