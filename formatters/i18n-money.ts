/**
 * `money [opts]` (docs/language.md, "Internationalisation formatters"): a money node formatted as a
 * currency amount of the render locale with the platform Intl. Also used by the `money`/`currency`
 * message arguments.
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { numberOptions } from './i18n-decimal.js';
import { extend, parseOptions, renderLocale, type Options } from './i18n-options.js';
import { numberFormat } from './intl-cache.js';
import { decimalToString, formatNumberText, readMoney } from './money.js';

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

/**
 * Currency formatting with CLDR-style options: style symbol|accounting|code|name|short,
 * symbol:narrow. For one call; a template's `money` tags go through `MoneyFormat`, which keeps
 * the formatter this builds.
 */
export function formatMoney(money: MoneyAmount, opts: Options, locale: string): string {
  return moneyFormatter(opts, money.currency, locale)(money.amount);
}

/** Formats an amount (an exact decimal string in major units) in one currency and locale. */
type AmountFormatter = (amount: string) => string;

const nothing: AmountFormatter = () => '';

function moneyFormatter(opts: Options, currency: string, locale: string): AmountFormatter {
  const style = opts.values.get('style') ?? 'symbol';
  let base: Intl.NumberFormatOptions = { style: 'currency', currency };
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
      const digits = currencyDigits(currency);
      const plain = numberFormat(
        locale,
        numberOptions(opts, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      );
      return (amount) => `${formatNumberText(plain, amount)} ${currency}`;
    }
    default:
      break;
  }
  let format: Intl.NumberFormat;
  try {
    format = numberFormat(locale, numberOptions(opts, base));
  } catch {
    // A code Intl rejects (not three letters): nothing sensible to print.
    return nothing;
  }
  return (amount) => formatNumberText(format, amount);
}

/** Distinct locale and currency pairs one `money` tag keeps formatters for. */
const MAX_KEPT_FORMATTERS = 16;

/**
 * A `money` tag's options, parsed once per instruction (`Formatter.prepare`), and its formatter
 * for each locale and currency it has met. Building the Intl options and looking the formatter
 * up by its JSON key on every call was a quarter of a product page's render time.
 */
export class MoneyFormat {
  private readonly formatters = new Map<string, AmountFormatter>();
  constructor(private readonly opts: Options) {}

  format(money: MoneyAmount, locale: string): string {
    const key = `${locale} ${money.currency}`;
    let formatter = this.formatters.get(key);
    if (formatter === undefined) {
      // Currencies come from the data: bound what one tag keeps.
      if (this.formatters.size >= MAX_KEPT_FORMATTERS) this.formatters.clear();
      formatter = moneyFormatter(this.opts, money.currency, locale);
      this.formatters.set(key, formatter);
    }
    return formatter(money.amount);
  }
}

/** ISO 4217 minor-unit digits of a currency (JPY 0, most 2), from the platform. */
export const currencyDigits = boundedMemo((currency) => {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
});

export const MONEY_FORMATTERS: FormatterTable = {
  money: {
    prepare: (args) => new MoneyFormat(parseOptions(args)),
    apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
      const first = vars[0]!;
      const money = readMoneyNode(first.value);
      if (money === null) return first.set('');
      const format = (prepared as MoneyFormat | undefined) ?? new MoneyFormat(parseOptions(args));
      first.set(format.format(money, renderLocale(ctx)));
    },
  },
};
