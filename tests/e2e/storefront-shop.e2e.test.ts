/**
 * Shopping states in headless Chromium against the preview and `jsont serve` (site-harness.ts):
 * a sold-out variant and a product sold out as a whole cannot be added; the workshop's
 * additional-fields lightbox opens after the stock check, closes four ways with focus back on
 * the button, and adds with its fields; /cart rows keep their values when one is removed, with
 * focus on the next row; axe finds no violation with the lightbox open, at desktop and phone
 * sizes. No page logs a console error or warning.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { ADD_TIMINGS } from '../../storefront/widgets/commerce/add-to-cart.js';
import {
  axeViolations,
  describeSite,
  focused,
  PAGE_TIMEOUT_MS,
  postFromPage,
  recordAddLabels,
  waitForAddLabel,
} from './site-harness.js';

const APRON = '/shop/p/linen-work-apron';
const MUGS = '/shop/p/stoneware-mug-set';
const WORKSHOP = '/shop/p/wheel-throwing-workshop';
const ENTRIES = '/api/commerce/shopping-cart/entries';

describeSite('shopping states in Chromium', { prefix: 'jsont-shop-' }, (site) => {
  const { open } = site;

  /** Adds an entry through the API with the page's cookies (its cart and crumb). */
  const addEntry = async (page: Page, entry: Record<string, unknown>) =>
    expect(await postFromPage(page, ENTRIES, { quantity: 1, ...entry })).toBe(200);

  it('disables add on a sold-out variant and shows its restock sign-up', async () => {
    const page = await open(APRON);
    await page.selectOption('select[data-variant-option-name="Color"]', 'Charcoal');
    const size = page.locator('select[data-variant-option-name="Size"]');
    expect(await size.locator('option[value="L/XL"]').innerText()).toBe('L/XL (sold out)');
    await size.selectOption('L/XL');
    const soldOut = page.getByRole('button', { name: 'Sold out' });
    expect(await soldOut.isDisabled()).toBe(true);
    expect(
      await page.locator('.product-restock-notification').getAttribute('data-variant-id'),
    ).toBe('66b1c3e8d1f2000000000004');
    await size.selectOption('S/M');
    await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
    expect(await page.locator('.product-restock-notification').count()).toBe(0);
  });

  it('shows a product sold out as a whole with a disabled button', async () => {
    const page = await open(MUGS);
    expect(await page.getByRole('button', { name: 'Back in January' }).isDisabled()).toBe(true);
    expect(await page.locator('.product-restock-notification').count()).toBe(1);
  });

  async function openLightbox(page: Page) {
    await page.selectOption('select[data-variant-option-name="Session"]', 'Saturday 10am');
    await page.locator('.sqs-add-to-cart-button').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop booking details' });
    await dialog.waitFor();
    return dialog;
  }

  it('opens the lightbox after the stock check and closes it four ways, focus back', async () => {
    const page = await open(WORKSHOP);
    const button = '.sqs-add-to-cart-button';
    // The form's fields the product form carries for a visitor without JavaScript are hidden
    // once hydrated: the lightbox asks them.
    expect(await page.locator('.product-additional-fields').count()).toBe(1);
    expect(await page.locator('.product-additional-fields').isVisible()).toBe(false);
    const ways: Array<(dialog: ReturnType<Page['getByRole']>) => Promise<void>> = [
      (d) => d.getByRole('button', { name: 'Close' }).click(),
      async (d) => {
        await d.getByRole('button', { name: 'Close' }).focus();
        await page.keyboard.press('Enter');
      },
      async (d) => {
        await d.getByRole('button', { name: 'Close' }).focus();
        await page.keyboard.press('Space');
      },
      () => page.keyboard.press('Escape'),
    ];
    for (const close of ways) {
      const dialog = await openLightbox(page);
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await close(dialog);
      await dialog.waitFor({ state: 'detached' });
      expect(await focused(page, button)).toBe(true);
    }
    const dialog = await openLightbox(page);
    await dialog.locator('select').selectOption('A few classes');
    await dialog.locator('textarea').fill('Left-handed');
    // Recorded as it changes: Added! shows for ADD_TIMINGS.reset only.
    await recordAddLabels(page);
    await dialog.getByRole('button', { name: 'Book a Seat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForAddLabel(page, 'Added!', ADD_TIMINGS.added + PAGE_TIMEOUT_MS);
    // Added in place: the product form (its button a real submit button) was not sent.
    expect(page.url()).toBe(`${site.base}${WORKSHOP}?variant=66b1c3e8d1f2000000000010`);
    const cart = await page.evaluate(async () =>
      (await fetch('/api/commerce/shopping-cart')).json(),
    );
    const entry = (cart as { entries: Array<{ additionalFields: string }> }).entries[0]!;
    expect(JSON.parse(entry.additionalFields)).toEqual({
      'select-yui_3_17_2_31': 'A few classes',
      'textarea-yui_3_17_2_32': 'Left-handed',
    });
  });

  it.each([
    ['desktop', 1280, 900],
    ['phone', 375, 740],
  ])('has no axe violation with the lightbox open (%s)', async (_name, width, height) => {
    const page = await open(WORKSHOP);
    await page.setViewportSize({ width, height });
    await openLightbox(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps each /cart row its values when one is removed, focus on the next row', async () => {
    const page = await open('/shop');
    await addEntry(page, { itemId: '65a0c3e8d1f2000000000027', sku: 'JP-CAN-NAT', quantity: 1 });
    await addEntry(page, { itemId: '65a0c3e8d1f2000000000027', sku: 'JP-CAN-IVO', quantity: 2 });
    await addEntry(page, { itemId: '65a0c3e8d1f200000000002c', sku: 'JP-BRD-LG', quantity: 3 });
    await page.goto(`${site.base}/cart`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    const values = () =>
      page
        .locator('.cart-entry')
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.querySelector('.cart-entry-sku')!.textContent,
            row.querySelector('input')!.value,
          ]),
        );
    expect(await values()).toEqual([
      ['JP-CAN-NAT', '1'],
      ['JP-CAN-IVO', '2'],
      ['JP-BRD-LG', '3'],
    ]);
    // Row 1's quantity to 0, then Enter: the row goes, the others keep theirs.
    const first = page.locator('.cart-entry').first().locator('input');
    await first.fill('0');
    await first.press('Enter');
    await expect
      .poll(() => page.locator('.cart-entry').count(), { timeout: PAGE_TIMEOUT_MS })
      .toBe(2);
    expect(await values()).toEqual([
      ['JP-CAN-IVO', '2'],
      ['JP-BRD-LG', '3'],
    ]);
    await expect
      .poll(() => focused(page, '.cart-entry:first-child input'), { timeout: PAGE_TIMEOUT_MS })
      .toBe(true);
    // Remove by keyboard: focus goes to the next row's Remove.
    await page.locator('.cart-entry').first().locator('.cart-entry-remove').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.cart-entry').count(), { timeout: PAGE_TIMEOUT_MS })
      .toBe(1);
    expect(await values()).toEqual([['JP-BRD-LG', '3']]);
    await expect
      .poll(() => focused(page, '.cart-entry-remove'), { timeout: PAGE_TIMEOUT_MS })
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.cart-empty').waitFor();
    await expect.poll(() => focused(page, '.cart-empty'), { timeout: PAGE_TIMEOUT_MS }).toBe(true);
  });
});
