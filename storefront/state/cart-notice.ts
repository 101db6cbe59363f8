/**
 * What a product page says after an add to cart posted without JavaScript (docs/storefront.md,
 * "Add to cart"): the server answers the post with a 303 back to the page, naming the outcome by
 * a code in the query (`?cart=added`, `?cart=out-of-stock`…; never a text, so no address can make
 * the page say something else), and the page's data gains `cartNotice`: the storefront's text, under
 * the `Unable to Add Item` title when it is a failure.
 */
import { CART_ERROR_TEXTS } from '../api/errors.js';
import { CART_MESSAGES, CART_SERVER_MESSAGES } from '../api/messages.js';
import { GIFT_CARD_DENOMINATION, selectOptionsText } from './messages.js';
import { optionNames } from './product.js';

export const CART_NOTICE_PARAM = 'cart';
/** The option names a post left unchosen, repeated once per name. */
export const MISSING_OPTION_PARAM = 'missing';
export const ADDED_TEXT = 'Added!';

const FAILURE_TEXTS = {
  'out-of-stock': CART_MESSAGES.outOfStock,
  unavailable: CART_MESSAGES.variantUnavailable,
  'quantity-number': CART_MESSAGES.quantityNotNumber,
  'quantity-whole': CART_MESSAGES.quantityNotWhole,
  'quantity-min': CART_MESSAGES.quantityTooSmall,
  'quantity-max': CART_MESSAGES.quantityTooLarge,
  'too-many-lines': CART_SERVER_MESSAGES.tooManyLines,
  session: CART_ERROR_TEXTS.crumbCookiesOn,
  'rate-limit': CART_ERROR_TEXTS.rateLimited,
  'try-again': CART_ERROR_TEXTS.tryAgain,
} as const;

export type CartNoticeCode = keyof typeof FAILURE_TEXTS | 'added' | 'options' | 'denomination';

export interface CartNotice {
  text: string;
  title?: string;
  failed?: true;
  added?: true;
}

/** The code of a failure whose text is `text` (a cart call's or the quantity check's). */
export function cartFailureCode(text: string): CartNoticeCode {
  for (const [code, known] of Object.entries(FAILURE_TEXTS)) {
    if (known === text) return code as CartNoticeCode;
  }
  if (text === CART_SERVER_MESSAGES.productNotFound) return 'unavailable';
  return 'try-again';
}

/** The notice `?cart=` names for `item`, or undefined for none (or an unknown code). */
export function cartNoticeFromQuery(item: unknown, query: URLSearchParams): CartNotice | undefined {
  const code = query.get(CART_NOTICE_PARAM);
  if (code === null) return undefined;
  if (code === 'added') return { text: ADDED_TEXT, added: true };
  const failure = (text: string): CartNotice => ({
    text,
    title: CART_ERROR_TEXTS.addTitle,
    failed: true,
  });
  if (code === 'denomination') {
    return { text: GIFT_CARD_DENOMINATION, title: CART_ERROR_TEXTS.giftCardTitle, failed: true };
  }
  if (code === 'options') {
    const named = new Set(query.getAll(MISSING_OPTION_PARAM));
    // Only the product's own options, in its order: the query cannot put other words in the text.
    const missing = optionNames(item).filter((n) => named.has(n));
    return missing.length === 0 ? undefined : failure(selectOptionsText(missing));
  }
  return Object.hasOwn(FAILURE_TEXTS, code)
    ? failure(FAILURE_TEXTS[code as keyof typeof FAILURE_TEXTS])
    : undefined;
}
