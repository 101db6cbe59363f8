/**
 * Buy-now-pay-later messaging for a product (docs/storefront.md "Instalments"): what the
 * instalment pill says, from the item's instalment context (`instalmentContext[item.id]` in the
 * page data) and the price of the chosen variant, or the lowest price while none is chosen.
 * The template composes the sentence; this only decides and computes. Pure: the server renders
 * with it and the browser re-renders with it after a variant is chosen.
 */
import { PRODUCT_TYPE, variantsOf, type Variant } from './product.js';
import { isRec } from '../utils/records.js';

/** Payments a price is split into. */
export const INSTALMENT_COUNT = 4;

/** Shopper locales with the pill, and the provider named in each. */
export const INSTALMENT_PROVIDERS: Readonly<Record<string, string>> = {
  en_US: 'Afterpay',
  en_CA: 'Afterpay',
  fr_CA: 'Afterpay',
  en_AU: 'Afterpay',
  en_NZ: 'Afterpay',
  en_GB: 'Clearpay',
};

/** Countries of the store's payment account where instalments are offered. */
export const INSTALMENT_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'NZ', 'GB']);

export const RANGE_TEXT = {
  over: 'available for orders over',
  upTo: 'available for orders up to',
} as const;

interface Money {
  value: string;
  currency: string;
  decimalValue: string;
  currencyCode: string;
}

/** What the template reads as `item.instalments`. */
export interface InstalmentView {
  provider: string;
  /** The shopper locale (`en_US`): the information modal is loaded in it. */
  locale: string;
  count: number;
  inRange: boolean;
  /** One payment, when in range. */
  amount: Money | null;
  /** 'available for orders over' / 'available for orders up to', when out of range. */
  rangeText: string | null;
  /** The bound `rangeText` names, when out of range. */
  bound: Money | null;
}

function moneyOf(cents: number, currency: string): Money {
  const decimal = (cents / 100).toFixed(2);
  return { value: decimal, currency, decimalValue: decimal, currencyCode: currency };
}

/** The price a shopper pays for a variant, in cents, and its currency. */
function priceOf(variant: Variant): { cents: number; currency: string } | undefined {
  const money = variant.onSale === true ? variant.salePriceMoney : variant.priceMoney;
  if (!isRec(money)) return undefined;
  const cents = Math.round(Number(money.decimalValue ?? money.value) * 100);
  if (!Number.isFinite(cents)) return undefined;
  const currency = money.currencyCode ?? money.currency;
  return { cents, currency: typeof currency === 'string' ? currency : 'USD' };
}

/**
 * The pill of `item` priced at `variant` (else its lowest-priced variant), or undefined when it
 * has none: not a physical product, no context or one that says unavailable, an unsupported
 * locale or country, or no price.
 */
export function instalmentView(
  item: unknown,
  context: unknown,
  variant?: Variant,
): InstalmentView | undefined {
  if (!isRec(item) || !isRec(item.structuredContent) || !isRec(context)) return undefined;
  if (Number(item.structuredContent.productType) !== PRODUCT_TYPE.physical) return undefined;
  if (context.afterPayAvailable !== true) return undefined;
  const locale = String(context.shopperLanguage ?? '');
  const provider = INSTALMENT_PROVIDERS[locale];
  if (provider === undefined) return undefined;
  if (!INSTALMENT_COUNTRIES.has(String(context.stripeAccountCountry ?? ''))) return undefined;
  const prices = (variant === undefined ? variantsOf(item) : [variant])
    .map(priceOf)
    .filter((p) => p !== undefined);
  if (prices.length === 0) return undefined;
  const price = prices.reduce((low, p) => (p.cents < low.cents ? p : low));
  // The bounds are whole currency units; compared in cents like the price.
  const min = Math.round(Number(context.afterPayMin ?? 0) * 100);
  const max = Math.round(Number(context.afterPayMax ?? 0) * 100);
  const inRange = price.cents > min && price.cents <= max;
  // One literal each, not a shared base spread into two: a spread object given more
  // properties outlives minor collections in Node 20 (records.ts `extensibleCopy`).
  const count = INSTALMENT_COUNT;
  if (inRange) {
    const amount = moneyOf(Math.round(price.cents / INSTALMENT_COUNT), price.currency);
    return { provider, locale, count, inRange, amount, rangeText: null, bound: null };
  }
  const over = price.cents <= min;
  return {
    provider,
    locale,
    count,
    inRange,
    amount: null,
    rangeText: over ? RANGE_TEXT.over : RANGE_TEXT.upTo,
    bound: moneyOf(over ? min : max, price.currency),
  };
}
