/**
 * Texts that are contracts between the preview server and the storefront client
 * (docs/storefront.md, "Add to cart", "Forms", "Restock notifications" and "Error texts"): the
 * server answers with them, the client shows them or matches on them. Re-exported by schemas.ts; no
 * imports, so any layer may use it.
 */

/**
 * Most lines one cart holds (docs/storefront.md, "Constants and limits"). Lines differ by variant
 * and additional fields, so without a cap a visitor could grow a cart, and every read of it,
 * without end; a real order is far below this.
 */
export const MAX_CART_LINES = 100;

export const CART_MESSAGES = {
  outOfStock: 'Sorry, we do not have enough of that item available.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityTooSmall: 'Quantity must be at least 1',
  quantityTooLarge: 'Quantity must be at most 9999',
  entryNotFound: 'That item is no longer in your cart.',
  productNotFound: 'That product is no longer available.',
  notSubscribable: 'Unavailable',
  badAdditionalFields: 'Could not parse the form fields, please check your entries.',
  tooManyLines: `Sorry, your cart cannot hold more than ${MAX_CART_LINES} different items.`,
} as const;

export const FORM_MESSAGES = {
  required: 'Required',
  tooLong: 'You have exceeded the character limit.',
  /**
   * `{email}` of docs/storefront.md, "Forms" filled with the example address the client also shows.
   */
  badEmail: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  invalid: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  badFields: 'Could not parse the form fields, please check your entries.',
} as const;

export const RESTOCK_MESSAGES = {
  blank: 'Email cannot be blank',
  invalid: 'Email is invalid',
  captcha: 'Complete CAPTCHA before submitting.',
} as const;

export const SESSION_MESSAGES = {
  crumbExpired: 'Your session has expired. Please reload the page and try again.',
  badCredentials: 'Invalid email or password.',
  badXsrf: 'Invalid XSRF token.',
  notLoggedIn: 'Not logged in.',
} as const;

export const INVALID_REQUEST = 'Invalid request';
export const MISSING_NAVIGATION = 'Unable to find site main navigation';

/**
 * docs/storefront.md, "Restock notifications": 3 to 256 characters matching a basic address
 * pattern.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 256 && EMAIL_PATTERN.test(value);
}
