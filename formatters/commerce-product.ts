/**
 * Product rules shared by the commerce formatters, predicates and widgets (docs/storefront.md,
 * "Product rules", docs/language.md, "Commerce formatters"): product types, sold-out / on-sale /
 * varied-price rules, the price picks behind from-price, normal-price and sale-price, total stock,
 * variant options.
 *
 * Every helper takes the item (the JSON object holding `structuredContent`) and never throws on
 * malformed data: a missing or non-array `variants` is no variants, a bad money node is zero.
 * Flags follow template truthiness (`onSale: "false"` is on sale, as in the reference).
 */
import {
  asBoolean,
  asNumber,
  getOwn,
  isObject,
  isTruthy,
  descendValue as prop,
} from '../engine/values.js';
import {
  compareDecimal,
  parseDecimal,
  priceCurrency,
  readPriceMoney,
  ZERO,
  DEFAULT_CURRENCY,
  type Decimal,
  type Money,
} from './money.js';

/**
 * Product type codes (docs/storefront.md, "Product rules"). Any other code is "unknown": sold out,
 * priced at zero.
 */
export const enum ProductType {
  UNDEFINED = -1,
  PHYSICAL = 1,
  DIGITAL = 2,
  SERVICE = 3,
  GIFT_CARD = 4,
}

export const ZERO_MONEY: Money = { amount: ZERO, currency: DEFAULT_CURRENCY };

/**
 * Stock of an unlimited variant: larger than any real quantity (docs/storefront.md, "Product
 * rules").
 */
export const UNLIMITED_STOCK = Number.POSITIVE_INFINITY;

type Json = Record<string, unknown>;

function objectField(value: unknown, key: string): Json | undefined {
  if (!isObject(value)) return undefined;
  const child = getOwn(value, key);
  return isObject(child) ? child : undefined;
}

/** The item's `structuredContent`, or an empty object. */
export function structuredContent(item: unknown): Json {
  return objectField(item, 'structuredContent') ?? {};
}

/**
 * The product type code read loosely like the reference (`"1"` and `true` are 1); a missing
 * type is 0 (unknown, not UNDEFINED).
 */
export function productType(item: unknown): number {
  return asNumber(getOwn(structuredContent(item), 'productType'));
}

/** The variants array; null elements stay (they count as limited, out-of-stock variants). */
export function variants(item: unknown): unknown[] {
  const list = getOwn(structuredContent(item), 'variants');
  return Array.isArray(list) ? list : [];
}

function isPhysicalOrService(type: number): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

function isVariantOnSale(variant: unknown): boolean {
  return isTruthy(prop(variant, 'onSale'));
}

function isVariantInStock(variant: unknown): boolean {
  return isTruthy(prop(variant, 'unlimited')) || asNumber(prop(variant, 'qtyInStock')) > 0;
}

/**
 * Physical and service products are sold out when no variant is unlimited or has stock (so a
 * product without variants is sold out); digital products and gift cards never are; unknown
 * types always are.
 */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (isPhysicalOrService(type)) return !variants(item).some(isVariantInStock);
  return type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD;
}

/** Any variant on sale; digital products use their own flag; gift cards and unknown types never. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (isPhysicalOrService(type)) return variants(item).some(isVariantOnSale);
  if (type === ProductType.DIGITAL) return isTruthy(getOwn(structuredContent(item), 'onSale'));
  return false;
}

/** More than one variant, for anything but digital products. */
export function hasVariants(item: unknown): boolean {
  return productType(item) !== ProductType.DIGITAL && variants(item).length > 1;
}

/**
 * Whether variants are priced differently, compared on the cent fields `price` / `salePrice`
 * (not the money nodes): a variant differs from the first when its `price` differs (strictly:
 * `"100"` is not `100`), when one is on sale and the other is not, or when both are on sale at
 * different sale prices. Only physical, service and gift-card products have variant prices.
 */
export function hasVariedPrices(item: unknown): boolean {
  const type = productType(item);
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return false;
  const list = variants(item);
  if (list.length < 2) return false;
  const first = list[0];
  const price = prop(first, 'price');
  const onSale = isVariantOnSale(first);
  const salePrice = prop(first, 'salePrice');
  for (let i = 1; i < list.length; i++) {
    const v = list[i];
    if (prop(v, 'price') !== price || isVariantOnSale(v) !== onSale) return true;
    if (onSale && prop(v, 'salePrice') !== salePrice) return true;
  }
  return false;
}

/** Which money node of a variant a price pick reads (missing reads as zero), or `SKIP`. */
type VariantMoney = (variant: unknown) => unknown;
const SKIP = {};

/**
 * The lowest (or highest) of the variants' money nodes that `moneyOf` gives; the first wins
 * ties; none → zero USD. One pass without intermediate lists: a product grid runs these picks
 * for every item on every render. Only the winner's currency is read.
 */
function pickVariantMoney(item: unknown, moneyOf: VariantMoney, highest: boolean): Money {
  let best: Decimal | undefined;
  let bestNode: unknown;
  for (const v of variants(item)) {
    const node = moneyOf(v);
    if (node === SKIP) continue;
    const amount = parseDecimal(prop(node, 'value')) ?? ZERO;
    if (best === undefined || compareDecimal(amount, best) === (highest ? 1 : -1)) {
      best = amount;
      bestNode = node;
    }
  }
  return best === undefined ? ZERO_MONEY : { amount: best, currency: priceCurrency(bestNode) };
}

/** The money node a shopper pays for a variant: its sale price when on sale. */
const effectiveMoneyNode: VariantMoney = (v) =>
  prop(v, isVariantOnSale(v) ? 'salePriceMoney' : 'priceMoney');

/** The price a shopper pays for a variant: its sale price when on sale. */
export function effectiveVariantPrice(variant: unknown): Money {
  return readPriceMoney(effectiveMoneyNode(variant));
}

/**
 * The lowest price a shopper can pay (sale prices included) for physical, service and gift-card
 * products; a digital product's regular price; zero for unknown types.
 */
export function fromPriceMoney(item: unknown): Money {
  const type = productType(item);
  if (isPhysicalOrService(type) || type === ProductType.GIFT_CARD)
    return pickVariantMoney(item, effectiveMoneyNode, false);
  if (type === ProductType.DIGITAL)
    return readPriceMoney(getOwn(structuredContent(item), 'priceMoney'));
  return ZERO_MONEY;
}

/** The highest regular price (variants), a digital product's price; zero for unknown types. */
export function normalPriceMoney(item: unknown): Money {
  const type = productType(item);
  if (isPhysicalOrService(type) || type === ProductType.GIFT_CARD)
    return pickVariantMoney(item, (v) => prop(v, 'priceMoney'), true);
  if (type === ProductType.DIGITAL)
    return readPriceMoney(getOwn(structuredContent(item), 'priceMoney'));
  return ZERO_MONEY;
}

/**
 * The lowest sale price among on-sale variants of physical and service products; a digital
 * product's sale price (whatever its flag); zero otherwise (gift cards have no sale price).
 */
export function salePriceMoney(item: unknown): Money {
  const type = productType(item);
  if (isPhysicalOrService(type)) {
    return pickVariantMoney(
      item,
      (v) => (isVariantOnSale(v) ? prop(v, 'salePriceMoney') : SKIP),
      false,
    );
  }
  if (type === ProductType.DIGITAL)
    return readPriceMoney(getOwn(structuredContent(item), 'salePriceMoney'));
  return ZERO_MONEY;
}

/** The variant a shopper pays least for (sale-aware; first on ties), or undefined without variants. */
export function lowestPricedVariant(item: unknown): unknown {
  let best: unknown;
  let bestPrice: Money | undefined;
  for (const v of variants(item)) {
    const price = effectiveVariantPrice(v);
    if (bestPrice === undefined || compareDecimal(price.amount, bestPrice.amount) < 0) {
      best = v;
      bestPrice = price;
    }
  }
  return best;
}

/**
 * Units a shopper could still buy: the sum of the variants' `qtyInStock` (negative counts
 * included, as the reference sums them) for physical and service products, unlimited as soon as
 * one variant is unlimited; digital products and gift cards are unlimited; unknown types have 0.
 */
export function totalStockRemaining(item: unknown): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return UNLIMITED_STOCK;
  if (!isPhysicalOrService(type)) return 0;
  let total = 0;
  for (const v of variants(item)) {
    if (isTruthy(prop(v, 'unlimited'))) return UNLIMITED_STOCK;
    const qty = asNumber(prop(v, 'qtyInStock'));
    if (Number.isFinite(qty)) total += qty;
  }
  return total;
}

/** Whether the item is a subscription product (`isSubscribable`: true, "true" or a non-zero integer). */
export function isSubscribable(item: unknown): boolean {
  return asBoolean(getOwn(structuredContent(item), 'isSubscribable'));
}

/** Services allow a quantity above 1 unless `storeSettings.multipleQuantityAllowedForServices` is false. */
export function isMultipleQuantityAllowedForServices(website: unknown): boolean {
  return (
    prop(objectField(website, 'storeSettings'), 'multipleQuantityAllowedForServices') !== false
  );
}

export interface VariantOption {
  name: string;
  values: unknown[];
}

/**
 * The options a shopper chooses between, in `variantOptionOrdering` order, each with the distinct
 * attribute values of the variants in order of first appearance. A product with fewer than two
 * variants has nothing to choose.
 */
export function itemVariantOptions(item: unknown): VariantOption[] {
  const list = variants(item);
  if (list.length < 2) return [];
  const ordering = getOwn(structuredContent(item), 'variantOptionOrdering');
  if (!Array.isArray(ordering)) return [];
  const options: VariantOption[] = [];
  for (const name of ordering) {
    if (typeof name !== 'string') continue;
    const seen = new Set<unknown>();
    for (const v of list) {
      const value = prop(prop(v, 'attributes'), name);
      if (value !== undefined && value !== null) seen.add(value);
    }
    options.push({ name, values: [...seen] });
  }
  return options;
}
