/**
 * Formatters of the Java original that the TypeScript reference left as no-ops (docs/language.md,
 * "Java-era formatters"): `i18n-money-format`, `datetimefield` and `unit` (conversions in
 * legacy-unit.ts). Expectations come from the Java-era fixtures in conformance/legacy-i18n.
 * (`money-format`, `moneyFormat` and `money-string`, the legacy cents formatters, live with the
 * other price formatters in commerce-price.ts.)
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { canonicalLocale, parseOptions, renderLocale } from './i18n-options.js';
import { numberFormat } from './intl-cache.js';
import { formatUnit } from './legacy-unit.js';
import { currencyDigits } from './i18n-money.js';
import { decimalToString, readMoney, type Decimal } from './money.js';

/**
 * The symbols the Java original printed for the store currencies whatever the locale (its own
 * table, not CLDR's: `A$`, `C$`, `kr`). Other currencies use the platform's narrow symbol.
 */
const LEGACY_SYMBOLS: Record<string, string> = {
  AUD: 'A$',
  CAD: 'C$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  SEK: 'kr',
  USD: '$',
};

function legacySymbol(currency: string): string {
  const known = LEGACY_SYMBOLS[currency];
  if (known !== undefined) return known;
  try {
    const parts = numberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** Whether the locale writes the currency before the number (en, es-US) or after it (de, fr, sv). */
function symbolFirst(locale: string): boolean {
  const parts = numberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1);
  return (
    parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer')
  );
}

const LETTER = /\p{L}/u;

/**
 * `i18n-money-format [LOCALE]`: a `{decimalValue, currencyCode}` node in the locale's number
 * format (argument, else the render locale) with the legacy symbol. A space separates symbol and
 * number only where the symbol's letter would touch a digit (`kr 1,234.56`, `1.234,56 A$`, but
 * `$1,234.56`, `1 234,56€`); a leading letter symbol also goes before the minus sign.
 */
function i18nMoneyFormat(money: { amount: Decimal; currency: string }, locale: string): string {
  const digits = currencyDigits(money.currency);
  const fmt = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfEven',
  });
  const negative = money.amount.neg && money.amount.digits !== '0';
  const abs = decimalToString({ ...money.amount, neg: false });
  // Java's separators: no-break space groups (CLDR's narrow one is newer), ASCII minus.
  const number = fmt.format(abs as unknown as number).replace(/\u202f/g, '\u00a0');
  const sign = negative ? '-' : '';
  const symbol = legacySymbol(money.currency);
  if (symbolFirst(locale)) {
    return LETTER.test(symbol.slice(-1))
      ? `${symbol} ${sign}${number}`
      : `${sign}${symbol}${number}`;
  }
  return `${sign}${number}${LETTER.test(symbol[0] ?? '') ? ' ' : ''}${symbol}`;
}

/**
 * `datetimefield` is registered so templates using it compile; it leaves the value unchanged as
 * the TypeScript reference does (no fixture shows what the Java original printed).
 */
const unchanged: Formatter = {
  apply(): void {},
};

const unit: Formatter = {
  apply(args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    first.set(formatUnit(first.value, parseOptions(args), renderLocale(ctx)));
  },
};

export const LEGACY_FORMATTERS: FormatterTable = {
  datetimefield: unchanged,
  unit,
  'i18n-money-format': {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const { amount, currency } = readMoney(first.value);
      if (amount === null || amount.special !== undefined || currency === null) {
        first.set('');
        return;
      }
      const locale = args[0] !== undefined ? canonicalLocale(args[0]) : renderLocale(ctx);
      first.set(i18nMoneyFormat({ amount, currency }, locale));
    },
  },
};
