/**
 * The gift card page's choice (docs/storefront.md, "Gift cards"): the gift card item and the
 * variant that the page's `?itemId=…&sku=…` name, or nothing when they name none (no amount
 * chosen yet, or one that does not exist), so the template can ask for a denomination instead.
 */
import { itemId, PRODUCT_TYPE, productTypeOf, structuredContentOf } from './product.js';
import { isRec, type Rec } from '../utils/records.js';

export interface GiftCardChoice {
  item: Rec;
  variant: Rec;
}

export function giftCardChoice(items: unknown, query: URLSearchParams): GiftCardChoice | undefined {
  const id = query.get('itemId');
  const sku = query.get('sku');
  if (id === null || sku === null || id === '' || !Array.isArray(items)) return undefined;
  const item = items.find(
    (it): it is Rec =>
      isRec(it) && itemId(it) === id && productTypeOf(it) === PRODUCT_TYPE.giftCard,
  );
  if (item === undefined) return undefined;
  const variants = structuredContentOf(item).variants;
  const variant = Array.isArray(variants)
    ? variants.find((v): v is Rec => isRec(v) && String(v.sku ?? '') === sku)
    : undefined;
  return variant === undefined ? undefined : { item, variant };
}
