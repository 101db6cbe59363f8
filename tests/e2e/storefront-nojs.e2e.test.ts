/**
 * Add to cart with JavaScript off (server/site/cart-posts.ts), on both servers: on the demo's
 * product page the visitor chooses the options and the quantity in the real form, presses Add To
 * Cart, and the page comes back (303) saying `Added!` with the header's pill counting the units;
 * /cart lists the line. The sold-out variant comes back with the stock text under its title,
 * adding nothing. A subscription product's Subscribe goes to its subscription checkout; the shop
 * grid shows no quick view control (it needs the storefront), the cards' links lead to the
 * products.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeSite } from './site-harness.js';

const APRON = '/shop/p/linen-work-apron';

describeSite('add to cart without JavaScript', { prefix: 'jsont-nojs-' }, (site) => {
  const pill = (page: Page) => page.locator('.cart-pill').getAttribute('data-cart-quantity');
  const notice = async (page: Page) =>
    (await page.locator('.product-cart-notice').innerText()).replace(/\s+/g, ' ').trim();

  it('adds the chosen variant and quantity, then counts it in the pill and on /cart', async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(site.base + APRON);
    expect(await pill(page)).toBe('0');
    await page.getByRole('combobox', { name: 'Select Color' }).selectOption('Charcoal');
    await page.getByRole('combobox', { name: 'Select Size' }).selectOption('S/M');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(`${site.base}${APRON}?cart=added&variant=66b1c3e8d1f2000000000003`);
    expect(await notice(page)).toBe('Added! View cart');
    expect(await pill(page)).toBe('2');
    expect(await page.locator('.cart-pill').getAttribute('aria-label')).toBe('2 items in cart');

    // The sold-out variant: refused with the stock text, the pill unchanged.
    await page.getByRole('combobox', { name: 'Select Color' }).selectOption('Charcoal');
    await page.getByRole('combobox', { name: 'Select Size' }).selectOption('L/XL');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(/cart=out-of-stock/);
    expect(await notice(page)).toBe(
      'Unable to Add Item Sorry, we do not have enough of that item available.',
    );
    expect(await pill(page)).toBe('2');

    await page.locator('.cart-pill').click();
    await page.waitForURL(`${site.base}/cart`);
    expect(await page.locator('#sqs-cart-root').innerText()).toContain('Linen Work Apron');
    expect(await pill(page)).toBe('2');
  });

  it("sends a subscription product to its checkout from the product page's form", async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(`${site.base}/shop/p/coffee-subscription`);
    await page.getByRole('combobox', { name: 'Select Grind' }).selectOption('Ground');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[\w-]+$/);
    expect(await page.locator('h1').innerText()).toBe('Subscription checkout');
  });

  it('shows no quick view control on the shop grid; the cards link to their products', async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(`${site.base}/shop`);
    const controls = page.locator('.sqs-product-quick-view-button');
    expect(await controls.count()).toBeGreaterThan(0);
    for (const control of await controls.all()) expect(await control.isVisible()).toBe(false);
    const card = page.locator('.product-card').first();
    await card.locator('.product-card-title a').click();
    await page.waitForURL(/\/shop\/p\//);
    expect(await page.locator('form[data-product-form]').count()).toBe(1);
  });
});
