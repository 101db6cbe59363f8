/**
 * `money [opts]` (docs/language.md, "Internationalisation formatters"): a money node formatted as a
 * currency amount of the render locale with the platform Intl. Also used by the `money`/`currency`
 * message arguments.
 */
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { numberOptions } from './i18n-decimal.js';
import { extend, numberFormat, parseOptions, renderLocale, type Options } from './i18n-options.js';
import { decimalToString, readMoney } from './money.js';

export interface MoneyAmount {
  /** Exact decimal string of the amount in major units. */
  amount: string;
  currency: string;
}

/**
 * Reads `{decimalValue, currencyCode}` or `{value, currency}` (both in major units here) with the
 * shared money reader; a missing or non-numeric amount or a missing currency is null.
 */
export function readMoneyNode(node: unknown): MoneyAmount | null {
  const { amount, currency } = readMoney(node);
  if (amount === null || amount.special !== undefined || currency === null) return null;
  return { amount: decimalToString(amount), currency };
}

/** Currency formatting with CLDR-style options: style symbol|accounting|code|name|short, symbol:narrow. */
export function formatMoney(money: MoneyAmount, opts: Options, locale: string): string {
  const style = opts.values.get('style') ?? 'symbol';
  let base: Intl.NumberFormatOptions = { style: 'currency', currency: money.currency };
  if (opts.values.get('symbol') === 'narrow') base.currencyDisplay = 'narrowSymbol';
  switch (style) {
    case 'accounting':
      base.currencySign = 'accounting';
      break;
    case 'name':
      base.currencyDisplay = 'name';
      break;
    case 'short':
      base = extend(base, { notation: 'compact', compactDisplay: 'short' });
      break;
    case 'code': {
      // The reference prints the plain number followed by the ISO code in every locale.
      const digits = currencyDigits(money.currency);
      const plain = numberOptions(opts, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      return `${numberFormat(locale, plain).format(money.amount as unknown as number)} ${money.currency}`;
    }
    default:
      break;
  }
  let options: Intl.NumberFormatOptions;
  try {
    options = numberOptions(opts, base);
    return numberFormat(locale, options).format(money.amount as unknown as number);
  } catch {
    // A code Intl rejects (not three letters): nothing sensible to print.
    return '';
  }
}

const fractionDigits = new Map<string, number>();

/** ISO 4217 minor-unit digits of a currency (JPY 0, most 2), from the platform. */
export function currencyDigits(currency: string): number {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits as number;
    } catch {
      digits = 2;
    }
    fractionDigits.set(currency, digits);
  }
  return digits;
}

export const MONEY_FORMATTERS: FormatterTable = {
  money: {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const money = readMoneyNode(first.value);
      first.set(money === null ? '' : formatMoney(money, parseOptions(args), renderLocale(ctx)));
    },
  },
};
