/**
 * The one error type of the commerce client: every failed call becomes a `CommerceError` whose
 * `kind` says what went wrong and whose `message` is the exact text a visitor sees (the error
 * catalogue in docs/storefront.md "Design"; the texts are contracts with the server in
 * messages.ts).
 */

export const CART_ERROR_TEXTS = {
  addTitle: 'Unable to Add Item',
  purchaseTitle: 'Unable to Purchase Item',
  giftCardTitle: 'Unable to purchase Gift Card',
  rateLimited: 'Please try again in a few seconds.',
  offline: 'Please check your internet connection.',
  tryAgain: 'Please try again.',
  crumbCookiesOn: 'Your session has expired. Please reload the page and try again.',
  crumbCookiesOff: 'Please enable cookies in your browser, reload the page, and try again.',
  updateQuantity: 'Unable to update quantity',
  updateForm: 'Unable to update form',
  openForm: 'Unable to open form',
  removeItem: 'Unable to remove item',
  /** The cart's edit form, under its fields, while one is missing or invalid. */
  fixFields: 'Update the missing or invalid information above.',
} as const;

/**
 * - `network`: no answer (offline, connection dropped);
 * - `timeout`: no answer in time (the request was aborted);
 * - `rate-limit`: HTTP 429;
 * - `crumb`: the session's CSRF crumb was refused;
 * - `server`: the server answered an error with a message (shown as is);
 * - `invalid-response`: an answer that does not match the call's schema.
 */
export type CommerceErrorKind =
  'network' | 'timeout' | 'rate-limit' | 'crumb' | 'server' | 'invalid-response';

export class CommerceError extends Error {
  override readonly name = 'CommerceError';

  constructor(
    readonly kind: CommerceErrorKind,
    /** The text to show the visitor. */
    message: string,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** The answer's JSON when the server answered an error (forms read `errors`, `message`). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The text for a crumb failure: it depends on whether the browser keeps cookies. */
export function crumbText(cookiesEnabled: boolean): string {
  return cookiesEnabled ? CART_ERROR_TEXTS.crumbCookiesOn : CART_ERROR_TEXTS.crumbCookiesOff;
}

/** Any thrown value as a CommerceError (a bug in a caller shows the generic text). */
export function asCommerceError(thrown: unknown): CommerceError {
  if (thrown instanceof CommerceError) return thrown;
  return new CommerceError('invalid-response', CART_ERROR_TEXTS.tryAgain);
}
