/**
 * The storefront in headless Chromium against the preview and `jsont serve` (site-harness.ts):
 * variants change the image and price, add to cart goes through its labels and updates the
 * pill and its spoken label without a reload, /cart edits and removes, express checkout navigates, injected 429 / 500 / dropped / slow answers show the
 * exact texts and the UI recovers, ten rapid clicks add once, and axe finds no violation on the
 * product page and /cart. No page logs a console error or warning.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { ADD_TIMINGS } from '../../storefront/widgets/commerce/add-to-cart.js';
import {
  addLabels,
  axeViolations,
  describeSite,
  PAGE_TIMEOUT_MS,
  recordAddLabels,
  waitForAddLabel,
} from './site-harness.js';

/**
 * Waits derive from the widget's own timings (storefront/widgets/commerce/add-to-cart.tsx) plus
 * PAGE_TIMEOUT_MS of headroom for a loaded machine; a wait for anything else (a request's
 * answer, a re-render) gets PAGE_TIMEOUT_MS. Labels are recorded as they change
 * (`recordAddLabels`), so a test waits for a state, never for a moment.
 */
const within = (widgetMs: number): { timeout: number } => ({ timeout: widgetMs + PAGE_TIMEOUT_MS });
/** Idle, Adding…, Added! (at least ADD_TIMINGS.added after the click), idle again. */
const WHOLE_ADD = ADD_TIMINGS.added + ADD_TIMINGS.reset;
/** expect.poll with a limit: PAGE_TIMEOUT_MS, or `options` (its default, 1 s, is too short). */
const poll = <T>(read: () => Promise<T>, options = within(0)) => expect.poll(read, options);

const APRON = '/shop/p/linen-work-apron';
const CANDLES = '/shop/p/beeswax-taper-candles';
const ENTRIES = '/api/commerce/shopping-cart/entries';

describeSite('the storefront in Chromium', { prefix: 'jsont-storefront-' }, (site) => {
  const { open, faults, clearFaults } = site;

  const recordLabels = (page: Page) => recordAddLabels(page);
  const labels = addLabels;
  const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button');
  const alert = (page: Page) => page.locator('.product-add-error');

  async function chooseApron(page: Page, color: string, size: string): Promise<void> {
    await page.selectOption('select[data-variant-option-name="Color"]', color);
    await page.selectOption('select[data-variant-option-name="Size"]', size);
  }

  it('changes the image and price with the variant, and keeps it in the address bar', async () => {
    const page = await open(APRON);
    await poll(() => page.locator('.product-summary .product-price').innerText()).toContain('from');
    await chooseApron(page, 'Charcoal', 'S/M');
    await poll(() => page.locator('.product-summary .product-price').innerText()).toBe('48.00');
    await poll(() => page.locator('.product-gallery img').first().getAttribute('src')).toContain(
      'apron-charcoal.svg',
    );
    expect(new URL(page.url()).searchParams.get('variant')).toBe('66b1c3e8d1f2000000000003');
    await page.selectOption('select[data-variant-option-name="Color"]', 'Sage');
    await poll(() => page.locator('.product-summary .product-price').innerText()).toContain(
      'Sale Price:\n38.00',
    );
    await page.goBack();
    await poll(() => page.locator('select[data-variant-option-name="Color"]').inputValue()).toBe(
      'Charcoal',
    );
  });

  it('adds to cart through Adding… and Added!, updating the pill without a reload', async () => {
    const page = await open(APRON);
    await chooseApron(page, 'Sage', 'L/XL');
    await recordLabels(page);
    await addButton(page).click();
    await poll(() => labels(page), within(WHOLE_ADD)).toEqual(['Adding…', 'Added!', 'Add To Cart']);
    const pill = page.locator('.cart-pill');
    expect(await pill.getAttribute('aria-hidden')).toBe('false');
    expect(await pill.locator('.cart-pill-count').innerText()).toBe('1');
    expect(await page.locator('.cart-pill-status').textContent()).toBe('One item in cart');
    await recordLabels(page);
    await addButton(page).click();
    await poll(() => page.locator('.cart-pill-status').textContent()).toBe('2 items in cart');
  });

  it("takes a subscription product's Subscribe (a submit button) to its checkout in place", async () => {
    const page = await open('/shop/p/coffee-subscription');
    await page.getByRole('combobox', { name: 'Select Grind' }).selectOption('Ground');
    // The widget's call, not the form's post: the subscription API answers the checkout's token.
    const call = page.waitForResponse((r) => r.url().endsWith('/api/3/commerce/cart/subscription'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await call).request().method()).toBe('POST');
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[\w-]+$/);
  });

  it('shows the validation text first', async () => {
    const page = await open(APRON);
    await addButton(page).click();
    expect(await alert(page).innerText()).toBe(
      'Unable to Add Item Please select the Color and Size options.',
    );
  });

  it.each([
    [{ status: 429 }, 'Please try again in a few seconds.'],
    [
      { status: 500, body: { error: 'The store is closed for inventory.' } },
      'The store is closed for inventory.',
    ],
    // The commerce API drops the connection. Under the preview it is the visitor's own
    // connection that drops; under serve the site server, the API's client, answers 502.
    [
      { drop: true },
      site.server === 'preview' ? 'Please check your internet connection.' : 'Please try again.',
    ],
  ])('shows the text for %j and recovers', async (fault, text) => {
    const page = await open(APRON);
    await chooseApron(page, 'Sage', 'S/M');
    // Until cleared: Chromium retries a POST whose reused connection was dropped.
    await faults([{ path: ENTRIES, method: 'POST', ...fault }]);
    await addButton(page).click();
    await poll(() => alert(page).innerText()).toBe(`Unable to Add Item ${text}`);
    await clearFaults();
    await poll(
      () => addButton(page).getAttribute('aria-disabled'),
      within(ADD_TIMINGS.errorReset),
    ).toBeNull();
    await recordLabels(page);
    await addButton(page).click();
    await poll(() => labels(page), within(WHOLE_ADD)).toEqual(['Adding…', 'Added!', 'Add To Cart']);
    expect(await alert(page).count()).toBe(0);
  });

  it('waits for a slow answer, then shows Added!', async () => {
    const page = await open(APRON);
    await chooseApron(page, 'Sage', 'S/M');
    const latencyMs = 2.5 * ADD_TIMINGS.added;
    await faults([{ path: ENTRIES, method: 'POST', times: 1, latencyMs }]);
    await recordLabels(page);
    const clicked = await page.evaluate(() => performance.now());
    await addButton(page).click();
    await poll(() => labels(page), within(latencyMs + ADD_TIMINGS.reset)).toEqual([
      'Adding…',
      'Added!',
      'Add To Cart',
    ]);
    // Added! waited for the answer, which the server held for longer than the minimum.
    const added = await page.evaluate(() => (window as unknown as { __addedAt: number }).__addedAt);
    expect(added - clicked).toBeGreaterThanOrEqual(latencyMs);
  });

  it('adds exactly once for ten rapid clicks', async () => {
    const page = await open(CANDLES);
    await page.selectOption('select[data-variant-option-name="Color"]', 'Ivory');
    const before = await cartQuantity(page);
    await recordLabels(page);
    await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
      for (let i = 0; i < 10; i++) button.click();
    });
    await waitForAddLabel(page, 'Added!', within(ADD_TIMINGS.added).timeout);
    expect(await cartQuantity(page)).toBe(before + 1);
  });

  it('edits and removes entries on /cart', async () => {
    const page = await open(CANDLES);
    await page.selectOption('select[data-variant-option-name="Color"]', 'Natural');
    await recordLabels(page);
    await addButton(page).click();
    await waitForAddLabel(page, 'Added!', within(ADD_TIMINGS.added).timeout);
    await page.goto(`${site.base}/cart`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    const row = page.locator('.cart-entry', { hasText: 'Natural' });
    const field = row.locator('input');
    await field.fill('3');
    await field.press('Enter');
    await poll(() => row.locator('.cart-entry-subtotal').innerText()).not.toBe('');
    await poll(() => cartLine(page, 'JP-CAN-NAT')).toBe(3);
    await faults([{ glob: '/api/commerce/shopping-cart/entries/*', times: 1, status: 429 }]);
    await field.fill('4');
    await field.press('Enter');
    await poll(() => page.locator('.cart-notice').innerText()).toBe(
      'Unable to update quantity Please try again in a few seconds.',
    );
    expect(await field.inputValue()).toBe('3');
    await row.locator('.cart-entry-remove').click();
    await poll(() => row.count()).toBe(0);
    expect(await cartLine(page, 'JP-CAN-NAT')).toBe(0);
  });

  // A built site's settings are fixed by its build: switching express checkout on means
  // editing website.json while the preview runs, which a served build cannot follow.
  it.skipIf(site.server === 'serve')(
    'goes straight to checkout in express-checkout mode',
    async () => {
      const file = join(site.dir!, 'data', 'website.json');
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, original.replace('"expressCheckout": false', '"expressCheckout": true'));
      try {
        const page = await open(CANDLES);
        await page.selectOption('select[data-variant-option-name="Color"]', 'Ivory');
        await Promise.all([page.waitForURL(`${site.base}/checkout`), addButton(page).click()]);
        await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
        expect(await page.locator('.checkout-entries').innerText()).toContain(
          'Beeswax Taper Candles',
        );
      } finally {
        writeFileSync(file, original);
      }
    },
  );

  it('has no axe violation on the product page and /cart', async () => {
    const page = await open(APRON);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.base}/cart`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** The visitor's cart quantity as the API reports it (the page's cookies). */
function cartQuantity(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const cart = (await (await fetch('/api/commerce/shopping-cart')).json()) as {
      totalQuantity: number;
    };
    return cart.totalQuantity;
  });
}

function cartLine(page: Page, sku: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const cart = (await (await fetch('/api/commerce/shopping-cart')).json()) as {
      entries: Array<{ quantity: number; chosenVariant: { sku: string } }>;
    };
    return cart.entries
      .filter((e) => e.chosenVariant.sku === wanted)
      .reduce((sum, e) => sum + e.quantity, 0);
  }, sku);
}
