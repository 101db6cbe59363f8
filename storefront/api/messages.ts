/**
 * Texts that are contracts between the preview server and the storefront client
 * (docs/storefront.md, "Add to cart" and "Error texts"): the server answers with them, the client
 * shows them or matches on them. The forms' texts are form-messages.ts. Re-exported by
 * schemas.ts; no imports, so any layer may use it.
 */

/**
 * Most lines one cart holds (docs/storefront.md, "Constants and limits"). Lines differ by variant
 * and additional fields, so without a cap a visitor could grow a cart, and every read of it,
 * without end; a real order is far below this.
 */
export const MAX_CART_LINES = 100;

/** The cart texts the browser's own checks show as well as the server (variant, quantity, stock). */
export const CART_MESSAGES = {
  outOfStock: 'Sorry, we do not have enough of that item available.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityTooSmall: 'Quantity must be at least 1',
  quantityTooLarge: 'Quantity must be at most 9999',
} as const;

/**
 * The cart texts only the server writes (the client shows them as the server sent them): apart
 * from CART_MESSAGES so that the client's code, which never names them, does not carry them.
 */
export const CART_SERVER_MESSAGES = {
  entryNotFound: 'That item is no longer in your cart.',
  productNotFound: 'That product is no longer available.',
  notSubscribable: 'Unavailable',
  tooManyLines: `Sorry, your cart cannot hold more than ${MAX_CART_LINES} different items.`,
} as const;

/** The additional-fields check of the cart schemas (schemas.ts). */
export const BAD_ADDITIONAL_FIELDS = 'Could not parse the form fields, please check your entries.';

export const SESSION_MESSAGES = {
  crumbExpired: 'Your session has expired. Please reload the page and try again.',
  badCredentials: 'Invalid email or password.',
  badXsrf: 'Invalid XSRF token.',
  notLoggedIn: 'Not logged in.',
} as const;

export const INVALID_REQUEST = 'Invalid request';
