/**
 * The storefront's dialogs and the products that skip the cart, in headless Chromium against
 * the preview and `jsont serve` (site-harness.ts): quick view from the shop grid, subscription
 * and gift card navigation, the instalment modal closed three ways with focus back on its link,
 * and axe on the product page with the instalment pill and on the shop with the quick view open. No page logs a console error or warning.
 */
import { expect, it } from 'vitest';

import { ADD_TIMINGS } from '../../storefront/widgets/commerce/add-to-cart.js';
import {
  axeViolations,
  describeSite,
  focused,
  PAGE_TIMEOUT_MS,
  recordAddLabels,
  waitForAddLabel,
} from './site-harness.js';

const APRON = '/shop/p/linen-work-apron';
const APRON_ID = '65a0c3e8d1f2000000000005';

describeSite('storefront dialogs in Chromium', { prefix: 'jsont-dialogs-' }, (site) => {
  const { open } = site;

  const quickView = `.sqs-product-quick-view-button[data-id="${APRON_ID}"]`;

  it('opens a product from the shop grid in a quick view, adds it, and closes', async () => {
    const page = await open('/shop');
    await page.locator(quickView).click();
    const dialog = page.getByRole('dialog', { name: 'Linen Work Apron' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focused(page, '.sf-dialog-close')).toBe(true);
    await dialog.locator('img').first().waitFor();
    expect(await dialog.locator('img').first().getAttribute('src')).toBeTruthy();
    await dialog.locator('select[data-variant-option-name="Color"]').selectOption('Charcoal');
    await dialog.locator('select[data-variant-option-name="Size"]').selectOption('S/M');
    expect(await dialog.locator('.product-price').textContent()).toContain('48.00');
    // Recorded as it changes: Added! shows for ADD_TIMINGS.reset only.
    await recordAddLabels(page, '.sf-dialog');
    await dialog.locator('.sqs-add-to-cart-button').click();
    await page.waitForFunction(
      () => document.querySelector('.cart-pill-count')?.textContent === '1',
    );
    await waitForAddLabel(page, 'Added!', ADD_TIMINGS.added + PAGE_TIMEOUT_MS);
    const recorded = await site.recorded<{ payload: unknown }>('census');
    expect(recorded.map((r) => r.payload)).toContainEqual({ quickView: APRON_ID });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page, quickView)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page, quickView)).toBe(true);
  });

  it('has no axe violation on the shop with the quick view open', async () => {
    const page = await open('/shop');
    await page.locator(quickView).click();
    await page.getByRole('dialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('subscribes: the subscription cart call, then the checkout page with the cart token', async () => {
    const page = await open('/shop/p/seasonal-tea-box');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[^&]+$/);
    await page.getByText('Your subscription is ready for checkout.').waitFor();
  });

  it('asks for a gift card denomination, then goes to the gift card page', async () => {
    const page = await open('/shop/p/gift-card');
    await page.locator('.sqs-add-to-cart-button').click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Unable to purchase Gift Card Select a denomination for the Gift Card',
    );
    await page.locator('select[data-variant-option-name="Amount"]').selectOption('$50');
    await page.locator('.sqs-add-to-cart-button').click();
    await page.waitForURL(/\/gift-card\?itemId=65a0c3e8d1f2000000000019&sku=JP-GC-50$/);
    await page.getByText('Your gift card is ready for checkout.').waitFor();
  });

  it('closes the instalment modal on Escape, its close button and an outside click', async () => {
    const page = await open(APRON);
    const link = page.locator('.instalment-pill-info');
    expect(await page.locator('.instalment-pill-text').textContent()).toBe(
      'or 4 interest-free payments of $9.50 with Afterpay',
    );
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    const closers: Array<[string, () => Promise<void>]> = [
      ['Escape', () => page.keyboard.press('Escape')],
      ['close button', () => dialog.getByRole('button', { name: 'Close' }).click()],
      ['outside click', () => page.mouse.click(5, 5)],
    ];
    for (const [way, close] of closers) {
      await link.click();
      await dialog.waitFor();
      expect(await dialog.textContent(), way).toContain('Pay in 4 interest-free instalments');
      expect(await focused(page, '.sf-dialog-close'), way).toBe(true);
      await close();
      await dialog.waitFor({ state: 'detached' });
      expect(await focused(page, '.instalment-pill-info'), way).toBe(true);
      expect(page.url(), way).toBe(site.base + APRON);
    }
  });

  it("runs none of the provider page's script links on click", async () => {
    const hostile = [
      'java&#x09;script:window.bad=1',
      '&#x01;javascript:window.bad=2',
      'JaVaScRiPt:window.bad=3',
      'java&#x0A;script:window.bad=4',
      '&#106;avascript:window.bad=5',
    ];
    const page = await open(APRON);
    // The provider's page, as a hostile provider would write it.
    await page.route('**/assets/instalments/en_US.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<title>Pay in 4 with Afterpay</title><main>' +
          hostile.map((href, i) => `<a class="bad-${i}" href="${href}">link ${i}</a>`).join(' ') +
          '<svg><a class="bad-svg" xlink:href="java&#x09;script:window.bad=6"><text y="20">svg</text></a></svg></main>',
      }),
    );
    await page.locator('.instalment-pill-info').click();
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    await dialog.waitFor();
    for (const target of [...hostile.map((_, i) => `.bad-${i}`), '.bad-svg text']) {
      await dialog.locator(target).click();
    }
    expect(await page.evaluate(() => (window as { bad?: number }).bad)).toBeUndefined();
    expect(page.url()).toBe(site.base + APRON);
  });

  it('has no axe violation on the product page with the instalment pill, nor with its modal open', async () => {
    const page = await open(APRON);
    expect(await page.locator('.instalment-pill').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.instalment-pill-info').click();
    await page.getByRole('dialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
