/**
 * Quick view on the demo shop grid (jsdom, fake timers): 'Quick View' opens the product in an
 * accessible dialog with its image, price, variant picker, quantity and add-to-cart button
 * (the product page's widgets), reports the quick view to analytics (the tracker; the analytics
 * chunk turns it into the census call, tests/storefront/analytics/events.test.ts), and closes on Escape and its close
 * button with focus back on the control.
 *
 * @vitest-environment jsdom
 */
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedEvent } from '../../storefront/analytics/track.js';
import { advance, button, choose, label, useWidgetClock, user } from './product-form.js';
import { FakeCommerce, logged, mountPage } from './support.js';

useWidgetClock();
// The dialog's chunk, loaded ahead: the widget's import of it then settles in a few ticks.
beforeAll(() => import('../../storefront/widgets/commerce/quick-view-dialog.js'));

const APRON_ID = '65a0c3e8d1f2000000000005';
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const quickViewOf = (id: string) =>
  document.querySelector<HTMLElement>(`.sqs-product-quick-view-button[data-id="${id}"]`)!;

let roots: Root[] = [];
// An open dialog is a portal into <body>: unmount before the page's body is cleared.
afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));

async function openShop() {
  const commerce = new FakeCommerce();
  commerce.autoAnswer = true;
  const page = await mountPage('/shop', { commerce });
  roots = page.roots;
  const tracked: TrackedEvent[] = [];
  page.runtime.tracker.attach({ track: (event) => tracked.push(event), reportError() {} });
  return { ...page, tracked };
}

async function openQuickView(id = APRON_ID): Promise<HTMLElement> {
  await user().click(quickViewOf(id));
  for (let i = 0; i < 5 && dialog() === null; i++) await act(async () => {});
  const found = dialog();
  if (found === null) throw new Error('no dialog');
  return found;
}

describe('quick view', () => {
  it('opens the product in a labelled modal dialog with the product form', async () => {
    const { tracked } = await openShop();
    expect(logged).toEqual([]);
    expect(quickViewOf(APRON_ID).getAttribute('aria-haspopup')).toBe('dialog');
    const modal = await openQuickView();
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Linen Work Apron' })).toBe(modal);
    expect(modal.querySelector('h2')!.textContent).toBe('Linen Work Apron');
    expect(modal.querySelector('img')).not.toBeNull();
    expect(modal.querySelector('.product-price')!.textContent).toContain('38.00');
    expect(modal.querySelector('select[data-variant-option-name="Color"]')).not.toBeNull();
    expect(modal.querySelector('.product-quantity-input input')).not.toBeNull();
    expect(label(modal)).toBe('Add To Cart');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(tracked).toEqual([{ name: 'quick-view', itemId: APRON_ID }]);
    expect(logged).toEqual([]);
  });

  it('adds the chosen variant to the cart as on the product page, and prices it', async () => {
    const { commerce, runtime } = await openShop();
    const modal = await openQuickView();
    await user().click(button(modal));
    expect(modal.querySelector('[role="alert"]')!.textContent).toBe(
      'Unable to Add Item Please select the Color and Size options.',
    );
    await choose('Color', 'Charcoal', modal);
    await choose('Size', 'S/M', modal);
    expect(modal.querySelector('.product-price')!.textContent).toContain('48.00');
    await user().click(button(modal));
    expect(label(modal)).toBe('Adding…');
    await advance(1000);
    expect(label(modal)).toBe('Added!');
    expect(commerce.calls.map((c) => c.args[0])).toEqual([
      { itemId: APRON_ID, sku: 'JP-APR-CHR-SM', quantity: 1 },
    ]);
    expect(runtime.cart.get().cart.totalQuantity).toBe(1);
    // The header's pill re-rendered from the same store.
    expect(document.querySelector('.cart-pill-count')!.textContent).toBe('1');
  });

  it('closes on Escape and on its close button, with focus back on the control', async () => {
    await openShop();
    await openQuickView();
    await user().keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(quickViewOf(APRON_ID));
    await user().keyboard('{Enter}');
    for (let i = 0; i < 5 && dialog() === null; i++) await act(async () => {});
    expect(dialog()).not.toBeNull();
    await user().click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(quickViewOf(APRON_ID));
  });

  it('keeps focus inside the dialog', async () => {
    await openShop();
    const modal = await openQuickView();
    for (let i = 0; i < 30; i++) {
      await user().tab();
      expect(modal.contains(document.activeElement)).toBe(true);
    }
    await user().tab({ shift: true });
    expect(modal.contains(document.activeElement)).toBe(true);
  });
});

describe('a lightbox opened in the quick view', () => {
  it('takes the keys while open: Tab stays in it, Escape closes it alone', async () => {
    await import('../../storefront/widgets/commerce/additional-fields-dialog.js');
    const { commerce } = await openShop();
    commerce.autoAnswer = false;
    const quickView = await openQuickView('65a0c3e8d1f2000000000012'); // the workshop
    await choose('Session', 'Saturday 10am', quickView);
    commerce.stockResults = [
      { variantId: 'v', sku: 'JP-WS-SAT-AM', unlimited: false, qtyInStock: 6 },
    ];
    const add = button(quickView);
    await user().click(add);
    await commerce.answer();
    for (let i = 0; i < 5; i++) await act(async () => {});
    const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
    expect(dialogs()).toHaveLength(2);
    const lightbox = screen.getByRole('dialog', { name: 'Workshop booking details' });
    for (let i = 0; i < 6; i++) {
      await user().tab();
      expect(lightbox.contains(document.activeElement)).toBe(true);
    }
    await user().keyboard('{Escape}');
    expect(dialogs()).toEqual([quickView]);
    expect(document.activeElement).toBe(add);
    await user().keyboard('{Escape}');
    expect(dialogs()).toEqual([]);
  });
});
