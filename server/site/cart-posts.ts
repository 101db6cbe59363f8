/**
 * Add to cart without JavaScript (docs/storefront.md, "Add to cart"): the demo's product form is
 * a `<form method="post">` to the product page with the item id, the option selects
 * (`variant-option-{name}`), the quantity and the crumb. The post is checked as the widget checks
 * a click (every option chosen, a variant that exists, a quantity of 1 to 9999), added through the
 * backend (the cart API's own rules: stock, line maximum, line cap), and answered with a 303 back
 * to the page naming the outcome (`?cart=…`, storefront/state/cart-notice.ts) and the chosen
 * variant (`?variant=`), so a reload never adds twice. A gift card goes to the gift card page
 * and a subscription product to its subscription checkout (the subscription cart call's token),
 * as the widget does. A product with an additional-fields form has the form's fields in its
 * product form (additional-fields.ts): they are checked as the lightbox checks them and added
 * with the entry; any failure of such a product answers its page at once with the answers kept
 * (`page`: the address a 303 would have named, for its notice), never a 303 that would lose them.
 * Nothing of Node here.
 */
import {
  CART_NOTICE_PARAM,
  cartFailureCode,
  MISSING_OPTION_PARAM,
  type CartNoticeCode,
} from '../../storefront/state/cart-notice.js';
import { parseQuantity } from '../../storefront/state/messages.js';
import {
  chosenVariant,
  itemId,
  missingOptions,
  optionNames,
  PRODUCT_TYPE,
  productTypeOf,
} from '../../storefront/state/product.js';
import {
  isSubscribable,
  SUBSCRIPTION_CHECKOUT_URL,
} from '../../storefront/widgets/commerce/purchase.js';
import { FORM_MESSAGES } from '../../storefront/api/form-messages.js';
import type { FormState } from '../../storefront/forms/form-view.js';
import { additionalForm } from '../../storefront/state/additional-fields.js';
import { validateValues } from '../../storefront/widgets/commerce/additional-fields-form.js';
import { answersKey, postedAnswers } from './additional-fields.js';
import { FormRefusal } from './form-refusal.js';

export const ADD_TO_CART_KIND = 'add-to-cart';

/** The cart API's add (storefront/api/schemas.ts, AddCartEntryRequest). */
export interface CartAdd {
  itemId: string;
  sku: string;
  quantity: number;
  /** The additional-fields form's answers, as JSON text keyed by field id. */
  additionalFields?: string;
}

/** The subscription cart call (storefront/api/schemas.ts, SubscriptionCartRequest). */
export interface SubscriptionAdd {
  itemId: string;
  sku: string;
  qty: number;
  additionalFields?: string;
}

/** What the add needs of the post's backend (form-posts.ts, FormBackend). */
interface CartBackend {
  /** Adds as the cart API does; resolves with the cookies it set; throws FormRefusal. */
  addToCart(add: CartAdd): Promise<string[]>;
  /** Makes a subscription cart as the API does; resolves with its token; throws FormRefusal. */
  subscriptionCart(add: SubscriptionAdd): Promise<string>;
}

/**
 * A 303 (form-posts.ts, FormPostOutcome) with the cookies to pass on; or, for a product with an
 * additional-fields form that was not added, its page at `page` (the address the 303 would have
 * named) showing the answers posted.
 */
type CartPostOutcome =
  | { status: 303; formStatus: Record<string, never>; redirect: string; setCookies?: string[] }
  | { status: 400; formStatus: Record<string, FormState>; page: string };
/** The demo's selects and radios name each option's field so. */
const OPTION_FIELD_PREFIX = 'variant-option-';
const VARIANT_PARAM = 'variant';
const GIFT_CARD_PAGE = '/gift-card';

export async function addToCartPost(
  params: URLSearchParams,
  crumbOk: boolean,
  items: unknown[],
  pathname: string,
  backend: CartBackend,
): Promise<CartPostOutcome> {
  const id = params.get('itemId') ?? '';
  const item = items.find((it) => id !== '' && itemId(it) === id);
  if (item === undefined) throw new FormRefusal(404, { error: 'No such product' });
  // The answers to its additional-fields form, if it has one: every failure keeps them.
  const form = additionalForm(item);
  const answers = form && postedAnswers(form, params);
  // The lightbox's own check.
  const fieldErrors = form && answers ? validateValues(form, answers) : {};
  // A path of this site: `//host` would send the visitor elsewhere.
  const page = `/${pathname.replace(/^\/+/, '')}`;
  const back = (
    code: CartNoticeCode | null,
    more: [string, string][] = [],
    setCookies?: string[],
  ): CartPostOutcome => {
    const query = new URLSearchParams([
      ...(code === null ? [] : [[CART_NOTICE_PARAM, code]]),
      ...more,
    ]);
    const search = query.toString();
    const address = search === '' ? page : `${page}?${search}`;
    if (answers === undefined || code === 'added') return seeOther(address, setCookies);
    // The page again, as that address shows it, with the answers in their fields (never in
    // the address: no link can put words in a page).
    const invalid = code !== 'session' && Object.keys(fieldErrors).length > 0;
    const state: FormState = {
      phase: 'failed',
      errors: invalid ? fieldErrors : {},
      above: invalid ? FORM_MESSAGES.invalid : null,
      below: null,
      values: answers,
    };
    return { status: 400, formStatus: { [answersKey(item)]: state }, page: address };
  };
  if (!crumbOk) return back('session');
  const choices: Record<string, string> = {};
  for (const name of optionNames(item)) {
    const value = params.getAll(`${OPTION_FIELD_PREFIX}${name}`).find((v) => v !== '');
    if (value !== undefined) choices[name] = value;
  }
  const missing = missingOptions(item, choices);
  if (missing.length > 0) {
    if (productTypeOf(item) === PRODUCT_TYPE.giftCard) return back('denomination');
    return back(
      'options',
      missing.map((name) => [MISSING_OPTION_PARAM, name]),
    );
  }
  const variant = chosenVariant(item, choices);
  if (variant === undefined) return back('unavailable');
  const kept: [string, string][] = variant.id === undefined ? [] : [[VARIANT_PARAM, variant.id]];
  if (productTypeOf(item) === PRODUCT_TYPE.giftCard) {
    return seeOther(`${GIFT_CARD_PAGE}?${new URLSearchParams({ itemId: id, sku: variant.sku })}`);
  }
  // A product without a quantity field adds one.
  const quantity = parseQuantity(params.get('quantity') ?? '1');
  if ('error' in quantity) return back(cartFailureCode(quantity.error), kept);
  // The lightbox's check, once the choice is one it would have opened for.
  if (Object.keys(fieldErrors).length > 0) return back(null, kept);
  const fields = answers === undefined ? {} : { additionalFields: JSON.stringify(answers) };
  // The API's refusal comes back as its notice; anything else is a fault of ours.
  const refused = (err: unknown): CartPostOutcome => {
    if (!(err instanceof FormRefusal)) throw err;
    return back(refusalCode(err), kept);
  };
  const sku = variant.sku;
  if (isSubscribable(item)) {
    return backend
      .subscriptionCart({ itemId: id, sku, qty: quantity.quantity, ...fields })
      .then(
        (cartToken) =>
          seeOther(`${SUBSCRIPTION_CHECKOUT_URL}?${new URLSearchParams({ cartToken })}`),
        refused,
      );
  }
  return backend
    .addToCart({ itemId: id, sku, quantity: quantity.quantity, ...fields })
    .then((setCookies) => back('added', kept, setCookies), refused);
}

/** The 303 to `redirect`, passing on the cookies the add set (a new cart). */
function seeOther(redirect: string, setCookies?: string[]): CartPostOutcome {
  return {
    status: 303,
    formStatus: {},
    redirect,
    ...(setCookies !== undefined && setCookies.length > 0 && { setCookies }),
  };
}

/** The notice for the cart API's refusal: its text, a field's text, or the status's. */
function refusalCode(refusal: FormRefusal): CartNoticeCode {
  if (refusal.status === 429) return 'rate-limit';
  if (refusal.body.crumbFail === true) return 'session';
  const fieldErrors = refusal.body.fieldErrors as Record<string, unknown> | undefined;
  const quantityErrors = fieldErrors?.quantity;
  if (Array.isArray(quantityErrors) && typeof quantityErrors[0] === 'string') {
    return cartFailureCode(quantityErrors[0]);
  }
  return cartFailureCode(typeof refusal.body.error === 'string' ? refusal.body.error : '');
}
