/**
 * Commerce price formatters (docs/language.md, "Commerce formatters" and "Built-in templates"):
 * product-price and subscription-price (built-in templates fed with a synthesized node of
 * preformatted prices and message patterns), from-price / normal-price / sale-price (amounts in
 * minor units), product-status, bookkeeper-money-format and percentage-format.
 *
 * Price texts are ICU message patterns (`{price}`, `{fromPrice}`, `{billingPeriodValue}`,
 * `{duration}`) run by the `message` formatter inside the templates, so site owners' localized
 * strings (`localizedStrings.productPrice__…`) and the English fallbacks go the same way.
 */
import type { Formatter, FormatterTable, RenderContext } from '../engine/plugin.js';
import {
  asNumber,
  asString,
  getOwn,
  isObject,
  isTruthy,
  descendValue as field,
} from '../engine/values.js';
import {
  effectiveVariantPrice,
  fromPriceMoney,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  isSubscribable,
  lowestPricedVariant,
  normalPriceMoney,
  productType,
  ProductType,
  salePriceMoney,
  structuredContent,
} from './commerce-product.js';
import { escapeHtml } from './core-text.js';
import {
  decimalToString,
  formatAmountNative,
  formatMoneyLocale,
  formatMoneyNative,
  localeCurrency,
  numberFormat,
  formatDecimal,
  parseDecimal,
  readPriceMoney,
  shiftDecimal,
  ZERO,
  type Money,
} from './money.js';
import { TEMPLATES } from './templates/compiled.js';

type Json = Record<string, unknown>;

// Paths read on every price, split once (`resolveRef` would split the string per call).
const LOCALIZED_STRINGS = ['localizedStrings'];
const CLDR_MONEY_FLAG = ['featureFlags', 'useCLDRMoneyFormat'];
const MERCHANDISING = ['productMerchandisingContext'];

/** `localizedStrings[key]` as seen from the tag; undefined only when absent (null is a value). */
function localizedString(ctx: RenderContext, key: string): unknown {
  return field(ctx.resolve(LOCALIZED_STRINGS), key);
}

/** A mark text: the first candidate that is present and not empty (`0` is shown). */
function markText(candidates: unknown[], fallback: string): string {
  const text = candidates.find((c) => c !== undefined && c !== null && c !== '');
  return text === undefined ? fallback : asString(text);
}

/** Money display for the price templates: CLDR mode behind `featureFlags.useCLDRMoneyFormat`. */
function moneyFormatter(ctx: RenderContext): (money: Money) => string {
  if (isTruthy(ctx.resolve(CLDR_MONEY_FLAG))) {
    const locale = ctx.locale;
    return (money) => formatMoneyLocale(money.amount, money.currency, locale);
  }
  return (money) => formatMoneyNative(money.amount);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Weeks and months of a finite plan fold into years when they fill whole years. */
const PER_YEAR: Record<string, number> = { week: 52, month: 12, year: 1 };

interface SubscriptionWording {
  /** The message pattern for one price (`multiple` false) or a from price. */
  pattern(multiple: boolean): string;
  billingPeriodValue: unknown;
  duration: number | undefined;
}

/**
 * Subscription wording (docs/language.md, "Built-in templates"): the localized string
 * `productPrice__{singlePrice|multiplePrices}__{1|n}{Unit}ly__{indefinite|limited__{1|n}{Unit}s}`
 * or the English fallback `[from ]{price} every [N ]unit[s][ for D unit[s]]`. Null when the plan
 * has no billing period (the caller shows `Unavailable`).
 */
function subscriptionWording(ctx: RenderContext, sc: Json): SubscriptionWording | null {
  const plan = field(sc, 'subscriptionPlan');
  const period = field(plan, 'billingPeriod');
  if (!isObject(period)) return null;
  const value = asNumber(getOwn(period, 'value'));
  const unit = asString(getOwn(period, 'unit')).toLowerCase();
  const cycles = asNumber(field(plan, 'numBillingCycles'));
  // The reference picks the localized key on "cycles not 0" and "exactly 1", but words the
  // English fallback on "cycles above 0" and "more than 1"; both kept (negative counts differ).
  const keyLimited = cycles !== 0;
  let duration: number | undefined;
  let durationUnit = unit;
  if (keyLimited) {
    duration = value * cycles;
    const perYear = PER_YEAR[unit];
    if (perYear !== undefined && duration % perYear === 0) {
      duration /= perYear;
      durationUnit = 'year';
    }
  }
  // Units go into the pattern unquoted, as in the reference (they are platform enum names).
  const every = value > 1 ? `every {billingPeriodValue} ${unit}s` : `every ${unit}`;
  const until = cycles > 0 ? ` for {duration} ${durationUnit}${duration! > 1 ? 's' : ''}` : '';
  const keyTail =
    `__${value === 1 ? '1' : 'n'}${capitalize(unit)}ly__` +
    (keyLimited
      ? `limited__${duration === 1 ? '1' : 'n'}${capitalize(durationUnit)}s`
      : 'indefinite');
  return {
    pattern(multiple) {
      const localized = localizedString(
        ctx,
        `productPrice__${multiple ? 'multiplePrices' : 'singlePrice'}${keyTail}`,
      );
      if (localized !== undefined) return asString(localized);
      return `${multiple ? 'from {fromPrice}' : '{price}'} ${every}${until}`;
    },
    billingPeriodValue: value,
    duration,
  };
}

/** `localizedStrings.productPriceFromText` (even if empty or null), else `from {fromPrice}`. */
function fromText(ctx: RenderContext): unknown {
  const localized = localizedString(ctx, 'productPriceFromText');
  return localized === undefined ? 'from {fromPrice}' : localized;
}

/**
 * The node of the product-price template. The branch is chosen by which formatted price is
 * non-empty (from: varied prices, else sale, else normal; a price is empty when the render locale
 * is unusable in CLDR mode, as in the reference); each branch formats its `…Text` pattern.
 */
function productPriceNode(ctx: RenderContext, item: unknown): Json {
  const type = productType(item);
  if (type === ProductType.UNDEFINED) return {};
  const format = moneyFormatter(ctx);
  const sc = structuredContent(item);
  let wording: SubscriptionWording | null = null;
  if (isSubscribable(item)) {
    wording = subscriptionWording(ctx, sc);
    if (wording === null) return { unavailable: true, fromText: 'Unavailable' };
  }
  const single = wording ? wording.pattern(false) : '{price}';
  const node: Json = wording
    ? { billingPeriodValue: wording.billingPeriodValue, duration: wording.duration }
    : {};
  if (hasVariedPrices(item)) {
    node.fromText = wording ? wording.pattern(true) : fromText(ctx);
    node.formattedFromPrice = format(fromPriceMoney(item));
  } else if (isOnSale(item)) {
    node.formattedSalePriceText = single;
    node.formattedSalePrice = format(salePriceMoney(item));
    node.formattedNormalPriceText = single;
    node.formattedNormalPrice = format(normalPriceMoney(item));
  } else {
    node.formattedNormalPriceText = single;
    node.formattedNormalPrice = format(normalPriceMoney(item));
  }
  return node;
}

/**
 * The node of the subscription-price template: the first pricing option of the variant a shopper
 * pays least for (physical and service products only), shown as a from price when variant prices
 * vary. No subscription wording.
 */
function subscriptionPriceNode(ctx: RenderContext, item: unknown): Json {
  const type = productType(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return {};
  const options = field(lowestPricedVariant(item), 'pricingOptions');
  // Any first option counts, even a malformed one (its prices then read as zero).
  const option: unknown = Array.isArray(options) ? options[0] : undefined;
  if (option === undefined) return {};
  const format = moneyFormatter(ctx);
  if (hasVariedPrices(item)) {
    return {
      fromText: fromText(ctx),
      formattedFromPrice: format(effectiveVariantPrice(option)),
    };
  }
  const normal = format(readPriceMoney(field(option, 'priceMoney')));
  if (isTruthy(field(option, 'onSale'))) {
    return {
      formattedSalePriceText: '{price}',
      formattedSalePrice: format(readPriceMoney(field(option, 'salePriceMoney'))),
      formattedNormalPriceText: '{price}',
      formattedNormalPrice: normal,
    };
  }
  return { formattedNormalPriceText: '{price}', formattedNormalPrice: normal };
}

function templateFormatter(
  name: string,
  build: (ctx: RenderContext, item: unknown) => Json,
): Formatter {
  return {
    apply(_args, vars, ctx) {
      const first = vars[0]!;
      first.set(ctx.executeTemplate(TEMPLATES[name]!, build(ctx, first.value), true));
    },
  };
}

/** from-price, normal-price, sale-price: the money amount × 100 as a plain decimal string. */
function minorUnitsFormatter(pick: (item: unknown) => Money): Formatter {
  return {
    apply(_args, vars) {
      const first = vars[0]!;
      first.set(decimalToString(shiftDecimal(pick(first.value).amount, 2)));
    },
  };
}

/**
 * Sold out (escaped, quotes too: merchandising `customSoldOutText`, `productSoldOutText`, `sold out`) before
 * sale (`productSaleText` or `sale`, not escaped, as in the reference); otherwise MISSING.
 */
const productStatus: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0]!;
    const item = first.value;
    if (isSoldOut(item)) {
      const id = asString(field(item, 'id'));
      const custom = field(field(ctx.resolve(MERCHANDISING), id), 'customSoldOutText');
      const text = markText([custom, localizedString(ctx, 'productSoldOutText')], 'sold out');
      first.set(`<div class="product-mark sold-out">${escapeHtml(text, true)}</div>`);
    } else if (isOnSale(item)) {
      const text = markText([localizedString(ctx, 'productSaleText')], 'sale');
      first.set(`<div class="product-mark sale">${text}</div>`);
    } else {
      first.set(undefined);
    }
  },
};

/** Cents as money in the currency of the render locale's region (`en-US` USD, `de-DE` EUR). */
const bookkeeperMoneyFormat: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0]!;
    const currency = localeCurrency(ctx.locale);
    const amount = shiftDecimal(parseDecimal(first.value) ?? ZERO, -2);
    first.set(currency === null ? '' : formatMoneyLocale(amount, currency, ctx.locale));
  },
};

/** A decimal with 2 (0 with `trim`) to 3 fraction digits, half-even; unparseable input is 0. */
const percentageFormat: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0]!;
    const nf = numberFormat(ctx.locale, {
      minimumFractionDigits: args[0] === 'trim' ? 0 : 2,
      maximumFractionDigits: 3,
      roundingMode: 'halfEven',
      signDisplay: 'negative',
    });
    first.set(nf === null ? '' : formatDecimal(nf, parseDecimal(first.value) ?? ZERO));
  },
};

/**
 * Java's legacy cents formatters (the TS reference registers them as no-ops, but the fixtures
 * expect Java's output): `money-format` / `moneyFormat` print cents as an en-US amount with two
 * decimals, `money-string` wraps it in the native money span. Non-numeric input is unchanged.
 */
function legacyCentsFormatter(wrap: boolean): Formatter {
  return {
    apply(_args, vars) {
      const first = vars[0]!;
      const cents = parseDecimal(first.value);
      if (cents === null) return;
      const amount = shiftDecimal(cents, -2);
      first.set(wrap ? formatMoneyNative(amount) : formatAmountNative(amount));
    },
  };
}

export const COMMERCE_PRICE_FORMATTERS: FormatterTable = {
  'product-price': templateFormatter('product-price', productPriceNode),
  'subscription-price': templateFormatter('subscription-price', subscriptionPriceNode),
  'from-price': minorUnitsFormatter(fromPriceMoney),
  'normal-price': minorUnitsFormatter(normalPriceMoney),
  'sale-price': minorUnitsFormatter(salePriceMoney),
  'product-status': productStatus,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'percentage-format': percentageFormat,
  'money-format': legacyCentsFormatter(false),
  moneyFormat: legacyCentsFormatter(false),
  'money-string': legacyCentsFormatter(true),
};
