/**
 * The cart pill of the header island (jsdom): hidden at 0, shown above 0, '100+' above 100,
 * the spoken labels in a polite live region, updated by re-rendering after every cart change.
 *
 * @vitest-environment jsdom
 */
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeCommerce, logged, mountPage } from './support.js';
import { shouldLoadCart } from '../../storefront/start.js';

const pill = () => document.querySelector<HTMLAnchorElement>('#site-header .cart-pill')!;
const spoken = () => document.querySelector('#site-header [role="status"]')!.textContent;

describe('cart pill', () => {
  it('is hidden at 0 and links to /cart', async () => {
    await mountPage('/shop');
    expect(pill().getAttribute('aria-hidden')).toBe('true');
    expect(pill().classList.contains('cart-pill--empty')).toBe(true);
    expect(pill().getAttribute('href')).toBe('/cart');
    expect(spoken()).toBe('');
    expect(logged).toEqual([]);
  });

  it.each([
    [1, '1', 'One item in cart'],
    [7, '7', '7 items in cart'],
    [100, '100', '100 items in cart'],
    [101, '100+', 'More than 100 items in cart'],
  ])('shows %i as %j, spoken %j, after a cart change', async (quantity, shown, label) => {
    const commerce = new FakeCommerce([{ id: 'e1', itemId: 'i', sku: 's', quantity: 1 }]);
    commerce.autoAnswer = true;
    const { runtime } = await mountPage('/shop', { commerce });
    await act(async () => {
      await runtime.cart.setQuantity('e1', quantity);
    });
    expect(pill().getAttribute('aria-hidden')).toBe('false');
    expect(pill().classList.contains('cart-pill--empty')).toBe(false);
    expect(pill().querySelector('.cart-pill-count')!.textContent).toBe(shown);
    expect(pill().getAttribute('aria-label')).toBe(label);
    expect(spoken()).toBe(label);
    expect(logged).toEqual([]);
  });

  it('hides again when the cart empties', async () => {
    const commerce = new FakeCommerce([{ id: 'e1', itemId: 'i', sku: 's', quantity: 2 }]);
    commerce.autoAnswer = true;
    const { runtime } = await mountPage('/shop', { commerce });
    expect(pill().getAttribute('aria-hidden')).toBe('false');
    await act(async () => {
      await runtime.cart.remove('e1');
    });
    expect(pill().getAttribute('aria-hidden')).toBe('true');
  });
});

describe('loading the cart on page load', () => {
  it('happens with a cart cookie or a signed-in user only', () => {
    expect(shouldLoadCart('')).toBe(false);
    expect(shouldLoadCart('crumb=abc')).toBe(false);
    expect(shouldLoadCart('crumb=abc; CART=0123')).toBe(true);
    const info = (v: unknown) => `SiteUserInfo=${encodeURIComponent(JSON.stringify(v))}`;
    expect(shouldLoadCart(info({ authenticated: true, siteUserId: 'u' }))).toBe(true);
    expect(shouldLoadCart(info({ authenticated: false, siteUserId: '' }))).toBe(false);
    expect(shouldLoadCart('SiteUserInfo=%7Bbroken')).toBe(false);
  });
});
