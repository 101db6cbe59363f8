/**
 * Products that skip the cart (jsdom, fake timers): the subscribe button makes the subscription
 * cart call and navigates with the cart token; a gift card asks for a denomination, then goes to
 * the gift card page.
 *
 * @vitest-environment jsdom
 */
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import { alertText, button, choose, label, useWidgetClock, user } from './product-form.js';
import { FakeCommerce, logged, mountPage } from './support.js';

const COFFEE = '/shop/p/coffee-subscription';
const TEA = '/shop/p/seasonal-tea-box';
const GIFT_CARD = '/shop/p/gift-card';

useWidgetClock();

/** A fake commerce API whose subscription call is held until the test settles it. */
function withSubscriptions() {
  const commerce = new FakeCommerce();
  const pending: Array<{ resolve(token: string): void; reject(error: Error): void }> = [];
  const subscriptionCart = vi.fn(
    () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
  );
  Object.assign(commerce.client, { subscriptionCart });
  const settle = async (outcome: string | Error) => {
    const call = pending.shift()!;
    await act(async () => {
      if (typeof outcome === 'string') call.resolve(outcome);
      else call.reject(outcome);
    });
  };
  return { commerce, subscriptionCart, settle };
}

describe('subscribe button', () => {
  it('makes the subscription cart call, then navigates with the cart token', async () => {
    const { commerce, subscriptionCart, settle } = withSubscriptions();
    const { navigate } = await mountPage(TEA, { commerce });
    expect(logged).toEqual([]);
    expect(label()).toBe('Subscribe');
    await user().click(button());
    expect(subscriptionCart).toHaveBeenCalledWith({
      itemId: '65a0c3e8d1f2000000000022',
      sku: 'JP-TEA-BOX',
      qty: 1,
    });
    expect(label()).toBe('Adding…');
    expect(navigate).not.toHaveBeenCalled();
    await settle('tok/1 2');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/checkout/subscription?cartToken=tok%2F1+2');
    // Nothing went into the cart.
    expect(commerce.calls.map((c) => c.method)).toEqual([]);
  });

  it('asks for the option first, and a click while waiting starts nothing more', async () => {
    const { commerce, subscriptionCart, settle } = withSubscriptions();
    const { navigate } = await mountPage(COFFEE, { commerce });
    await user().click(button());
    expect(alertText()).toBe('Unable to Add Item Please select the Grind option.');
    expect(subscriptionCart).not.toHaveBeenCalled();
    await choose('Grind', 'Ground');
    await user().click(button());
    await user().click(button());
    expect(subscriptionCart).toHaveBeenCalledTimes(1);
    expect(subscriptionCart.mock.calls[0]).toEqual([
      { itemId: '65a0c3e8d1f200000000001e', sku: 'JP-COF-GR', qty: 1 },
    ]);
    await settle('t1');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/checkout/subscription?cartToken=t1');
  });

  it('shows a failure with its title, does not navigate, and is idle again after 1 s', async () => {
    const { commerce, settle } = withSubscriptions();
    const { navigate } = await mountPage(TEA, { commerce });
    await user().click(button());
    await settle(new CommerceError('rate-limit', 'Please try again in a few seconds.', 429));
    expect(alertText()).toBe('Unable to Add Item Please try again in a few seconds.');
    expect(navigate).not.toHaveBeenCalled();
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button().getAttribute('aria-disabled')).toBeNull();
    expect(label()).toBe('Subscribe');
  });
});

describe('gift card', () => {
  it("says 'Select a denomination for the Gift Card' until one is chosen", async () => {
    const { navigate, commerce } = await mountPage(GIFT_CARD);
    expect(logged).toEqual([]);
    await user().click(button());
    expect(alertText()).toBe(
      'Unable to purchase Gift Card Select a denomination for the Gift Card',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(commerce.calls).toEqual([]);
  });

  it('goes to the gift card page with the chosen denomination', async () => {
    const { navigate, commerce } = await mountPage(GIFT_CARD);
    await choose('Amount', '$50');
    await user().click(button());
    expect(alertText()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/gift-card?itemId=65a0c3e8d1f2000000000019&sku=JP-GC-50',
    );
    expect(commerce.calls).toEqual([]);
  });

  it('shows the chosen denomination on the gift card page', async () => {
    const { navigate } = await mountPage(GIFT_CARD);
    await choose('Amount', '$50');
    await user().click(button());
    const url = new URL(navigate.mock.calls[0]![0] as string, 'http://shop.test');
    document.body.innerHTML = '';
    await mountPage(url.pathname, { search: url.search });
    expect(logged).toEqual([]);
    const chosen = document.querySelector('.gift-card-chosen')!;
    expect(chosen.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'Juniper & Pine Gift Card: $50.00',
    );
    expect(chosen.querySelector('[data-sku]')!.getAttribute('data-sku')).toBe('JP-GC-50');
    expect(document.querySelectorAll('.gift-card-chosen')).toHaveLength(1);
  });

  it('names no amount on the gift card page when none (or an unknown one) is named', async () => {
    const other = '?itemId=65a0c3e8d1f2000000000005&sku=JP-GC-50'; // not the gift card's id
    for (const search of ['', '?itemId=65a0c3e8d1f2000000000019&sku=JP-GC-999', other]) {
      document.body.innerHTML = '';
      await mountPage('/gift-card', { search });
      expect(document.querySelector('.gift-card-chosen')).toBeNull();
      expect(document.querySelectorAll('.gift-card-denomination')).toHaveLength(4);
    }
  });
});
