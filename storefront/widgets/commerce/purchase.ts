/**
 * Where the add-to-cart button sends products that skip the cart (docs/storefront.md
 * "Design"): a subscription product gets a subscription cart from the server and goes to the
 * subscription checkout with its token; a gift card goes to the gift card page with the chosen
 * denomination.
 */
import { CART_ERROR_TEXTS } from '../../api/errors.js';
import { asCommerceError } from '../../api/errors.js';
import {
  itemId,
  PRODUCT_TYPE,
  productTypeOf,
  structuredContentOf,
  type Variant,
} from '../../state/product.js';
import type { StorefrontRuntime } from '../../runtime.js';

export const SUBSCRIPTION_CHECKOUT_URL = '/checkout/subscription';
export const GIFT_CARD_URL = '/gift-card';

/** `isSubscribable` as the templates read it: true, "true" or a non-zero number. */
export function isSubscribable(item: unknown): boolean {
  const flag = structuredContentOf(item).isSubscribable;
  return flag === true || flag === 'true' || (typeof flag === 'number' && flag !== 0);
}

export const isGiftCard = (item: unknown): boolean => productTypeOf(item) === PRODUCT_TYPE.giftCard;

/** The title of the button's messages: gift card, express checkout, or adding to the cart. */
export function errorTitle(item: unknown, express: boolean): string {
  if (isGiftCard(item)) return CART_ERROR_TEXTS.giftCardTitle;
  return express ? CART_ERROR_TEXTS.purchaseTitle : CART_ERROR_TEXTS.addTitle;
}

/** The gift card page for the chosen denomination. */
export function giftCardUrl(item: unknown, variant: Variant): string {
  const query = new URLSearchParams({ itemId: itemId(item), sku: variant.sku });
  return `${GIFT_CARD_URL}?${query}`;
}

/** The subscription cart call; resolves with the checkout address, or the text to show. */
export async function subscriptionCheckout(
  runtime: StorefrontRuntime,
  item: unknown,
  ready: { variant: Variant; quantity: number },
  fields: { additionalFields?: string } = {},
): Promise<{ url: string } | { error: string }> {
  try {
    const cartToken = await runtime.client.subscriptionCart({
      itemId: itemId(item),
      sku: ready.variant.sku,
      qty: ready.quantity,
      ...fields,
    });
    return { url: `${SUBSCRIPTION_CHECKOUT_URL}?${new URLSearchParams({ cartToken })}` };
  } catch (thrown) {
    return { error: asCommerceError(thrown).message };
  }
}
