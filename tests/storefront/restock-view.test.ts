/**
 * Which variant's restock sign-up a product page shows (storefront/forms/restock-view.ts): the
 * chosen variant's when the owner defined one, else the first not hidden by default, else the
 * variant the item's sold-out state names; and the view's texts and state.
 */
import { describe, expect, it } from 'vitest';
import { restockKey, withRestockSignup } from '../../storefront/forms/restock-view.js';

const data = {
  request: { path: '/shop/p/x', query: {} },
  crumb: 'c1',
  productMerchandisingContext: {
    p1: {
      restockNotificationViews: [
        { variantId: 'v1', hiddenByDefault: true },
        { variantId: 'v2', hiddenByDefault: false },
      ],
      restockNotificationMessages: { CTAText: 'Tell me', buttonText: 'Notify', successText: '' },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
    },
  },
};
const signupOf = (item: Record<string, unknown>, forms = {}) =>
  (withRestockSignup(data, item, forms) as { restockSignup?: Record<string, unknown> })
    .restockSignup;

describe('the restock sign-up view', () => {
  it('shows the first sign-up not hidden by default when nothing is chosen', () => {
    expect(signupOf({ id: 'p1' })).toMatchObject({
      productId: 'p1',
      variantId: 'v2',
      cta: 'Tell me',
      buttonText: 'Notify',
      successText: 'Signed up!',
      optIn: true,
      action: '/shop/p/x',
      crumb: 'c1',
      succeeded: false,
    });
  });

  it('follows the chosen variant, and shows none for a variant without a sign-up', () => {
    const chosen = (id: string) => ({ id: 'p1', selection: { variant: { id } } });
    expect(signupOf(chosen('v1'))?.variantId).toBe('v1');
    expect(signupOf(chosen('v9'))).toBeUndefined();
    expect(signupOf({ id: 'p2' })).toBeUndefined();
  });

  it('takes the variant the sold-out state names', () => {
    expect(signupOf({ id: 'p1', restock: { variantId: 'v1' } })?.variantId).toBe('v1');
  });

  it('carries its state: the email and opt-in sent, the messages, success', () => {
    const failed = {
      [restockKey('p1', 'v2')]: {
        phase: 'failed' as const,
        errors: { email: 'Email is invalid' },
        above: null,
        below: null,
        values: { email: 'bad', isJoinMailingList: '' },
      },
    };
    expect(signupOf({ id: 'p1' }, failed)).toMatchObject({
      email: 'bad',
      error: 'Email is invalid',
      optIn: false,
    });
    const done = {
      [restockKey('p1', 'v2')]: { ...failed[restockKey('p1', 'v2')], phase: 'success' },
    };
    expect(signupOf({ id: 'p1' }, done)?.succeeded).toBe(true);
  });
});
