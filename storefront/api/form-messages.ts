/**
 * The forms' texts that are contracts between the preview server and the storefront client
 * (docs/storefront.md, "Forms" and "Restock notifications"), and the email check both sides make.
 * A module of its own, apart from the cart's texts (messages.ts, which re-exports these): the
 * browser needs them only once a form is used, so they load with the forms' chunks rather than
 * with every product page. No imports, so any layer may use it.
 */

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

/**
 * docs/storefront.md, "Restock notifications": 3 to 256 characters matching a basic address
 * pattern.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 256 && EMAIL_PATTERN.test(value);
}
