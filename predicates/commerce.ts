/**
 * Commerce predicates (docs/language.md, "Predicates"), all on the current node (an item with
 * `structuredContent`): has-variants?, on-sale?, sold-out?, varied-prices?.
 *
 * The product rules are those of docs/storefront.md, "Product rules".
 * formatters/commerce-product.ts holds the same rules for the formatters and widgets; the layering
 * forbids predicates/ to import from formatters/, so they are restated here, and
 * tests/predicates/commerce.test.ts checks that both give the same answers on the shared helper
 * data.
 */
import type { Predicate, PredicateTable, RenderContext } from '../engine/plugin.js';
import { asNumber, isTruthy, descendValue as prop } from '../engine/values.js';

const PHYSICAL = 1;
const DIGITAL = 2;
const SERVICE = 3;
const GIFT_CARD = 4;

interface Product {
  /** Loose numeric reading: `"1"` and `true` are 1; missing is 0 (unknown). */
  type: number;
  content: unknown;
  variants: unknown[];
}

function product(item: unknown): Product {
  const content = prop(item, 'structuredContent');
  const variants = prop(content, 'variants');
  return {
    type: asNumber(prop(content, 'productType')),
    content,
    variants: Array.isArray(variants) ? variants : [],
  };
}

const physicalOrService = (type: number): boolean => type === PHYSICAL || type === SERVICE;
const variantOnSale = (v: unknown): boolean => isTruthy(prop(v, 'onSale'));
const variantInStock = (v: unknown): boolean =>
  isTruthy(prop(v, 'unlimited')) || asNumber(prop(v, 'qtyInStock')) > 0;

function onCurrentNode(test: (p: Product) => boolean): Predicate {
  return {
    apply(_args: string[], ctx: RenderContext) {
      return test(product(ctx.node()));
    },
  };
}

/** Physical/service: no variant unlimited or in stock; digital and gift cards never; unknown always. */
function soldOut(p: Product): boolean {
  if (physicalOrService(p.type)) return !p.variants.some(variantInStock);
  return p.type !== DIGITAL && p.type !== GIFT_CARD;
}

function onSale(p: Product): boolean {
  if (physicalOrService(p.type)) return p.variants.some(variantOnSale);
  return p.type === DIGITAL && isTruthy(prop(p.content, 'onSale'));
}

/** Compared with the first variant: `price` (strictly), the on-sale flag, and sale prices when both are on sale. */
function variedPrices(p: Product): boolean {
  if (!physicalOrService(p.type) && p.type !== GIFT_CARD) return false;
  const [first, ...rest] = p.variants;
  const firstOnSale = variantOnSale(first);
  return rest.some(
    (v) =>
      prop(v, 'price') !== prop(first, 'price') ||
      variantOnSale(v) !== firstOnSale ||
      (firstOnSale && prop(v, 'salePrice') !== prop(first, 'salePrice')),
  );
}

export const COMMERCE_PREDICATES: PredicateTable = {
  'has-variants?': onCurrentNode((p) => p.type !== DIGITAL && p.variants.length > 1),
  'on-sale?': onCurrentNode(onSale),
  'sold-out?': onCurrentNode(soldOut),
  'varied-prices?': onCurrentNode(variedPrices),
};
