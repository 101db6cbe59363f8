/**
 * Sold-out states on the demo product pages (jsdom): a product sold out as a whole (the mug
 * set) and a sold-out variant (the apron's Charcoal L/XL) show the add button disabled with the
 * sold-out text, and the owner's restock sign-up for that variant; marked picker values cannot be
 * added; the server's HTML already shows a product sold out as a whole (without JavaScript too).
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it } from 'vitest';
import { siteFolder } from '../../server/preview/site-folder.js';
import { alertText, button, choose, quantityField, useWidgetClock, user } from './product-form.js';
import { logged, mountPage, SITE } from './support.js';
import { act, fireEvent } from '@testing-library/react';

const APRON = '/shop/p/linen-work-apron';
const MUGS = '/shop/p/stoneware-mug-set';
const CHARCOAL_LXL = '66b1c3e8d1f2000000000004';
const MUG_SET = '66b1c3e8d1f2000000000008';

useWidgetClock();

const restock = () => document.querySelector<HTMLElement>('.product-restock-notification');
const disabledButton = () =>
  document.querySelector<HTMLButtonElement>('button.sqs-add-to-cart-button:disabled');

describe('sold-out states', () => {
  it('disables add for a sold-out variant and shows its restock sign-up', async () => {
    const { commerce } = await mountPage(APRON);
    expect(restock()).toBeNull();
    await choose('Color', 'Charcoal');
    await choose('Size', 'L/XL');
    expect(disabledButton()!.textContent).toBe('Sold out');
    expect(restock()!.dataset['variantId']).toBe(CHARCOAL_LXL);
    expect(restock()!.querySelector('.product-restock-cta')!.textContent!.trim()).toBe(
      'Get an email when this is back in stock.',
    );
    await user().click(button());
    expect(commerce.calls).toEqual([]);
    // Another size: the add button is back, live, and the sign-up goes.
    await choose('Size', 'S/M');
    expect(disabledButton()).toBeNull();
    expect(restock()).toBeNull();
    await user().click(button());
    expect(commerce.calls.map((c) => c.method)).toEqual(['addEntry']);
    expect(logged).toEqual([]);
  });

  it('shows a product sold out as a whole so from the server on', async () => {
    const outcome = siteFolder(SITE).render({ pathname: MUGS });
    if (outcome.status !== 200) throw new Error(`${MUGS} answered ${outcome.status}`);
    const html = outcome.html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(html).toContain(
      '<button type="submit" class="sqs-add-to-cart-button sold-out" disabled>Back in January</button>',
    );
    expect(html).toContain(`data-variant-id="${MUG_SET}"`);
    const { commerce } = await mountPage(MUGS);
    expect(logged).toEqual([]); // the browser's first render is the server's
    expect(disabledButton()!.textContent).toBe('Back in January');
    expect(restock()!.dataset['productId']).toBe('65a0c3e8d1f2000000000009');
    await user().click(button());
    expect(commerce.calls).toEqual([]);
  });

  it('refuses more than the stock of the chosen variant', async () => {
    const { commerce } = await mountPage(APRON);
    await choose('Color', 'Sage');
    await choose('Size', 'S/M'); // 3 in stock
    await act(async () => {
      fireEvent.change(quantityField(), { target: { value: '4' } });
    });
    await user().click(button());
    expect(alertText()).toBe(
      'Unable to Add Item Sorry, we do not have enough of that item available.',
    );
    expect(commerce.calls).toEqual([]);
  });

  it('marks a value that leaves nothing in stock in both forms of the picker', async () => {
    await mountPage(APRON);
    await choose('Color', 'Charcoal');
    const option = document.querySelector<HTMLOptionElement>(
      'select[data-variant-option-name="Size"] option[value="L/XL"]',
    )!;
    expect(option.dataset['unavailable']).toBe('true');
    expect(option.textContent).toBe('L/XL (sold out)');
    const radioLabel = document.querySelector('label[for="variant-option-Size-L/XL"]')!;
    expect(radioLabel.classList.contains('variant-unavailable')).toBe(true);
  });
});
