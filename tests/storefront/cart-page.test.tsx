/**
 * The /cart page (jsdom): entries with title, variant and quantity, edits and removal through
 * the cart store (serialized, coalesced: the last value wins, nothing lost or resurrected),
 * the per-action error texts, the minimum-subtotal message, the empty-cart text and
 * buy-now-pay-later only for physical carts.
 *
 * @vitest-environment jsdom
 */
import { act, fireEvent } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import { attachCartPage } from '../../storefront/widgets/commerce/cart-page.js';
import { FakeCommerce, logged, mountPage, type FakeEntry } from './support.js';

const APRON: FakeEntry = {
  id: 'e1',
  itemId: '65a0c3e8d1f2000000000005',
  sku: 'JP-APR-SAG-SM',
  quantity: 1,
  title: 'Linen Work Apron',
  priceCents: 3800,
  attributes: { Color: 'Sage', Size: 'S/M' },
};
const MUGS: FakeEntry = {
  id: 'e2',
  itemId: 'm',
  sku: 'MUG',
  quantity: 2,
  title: 'Mugs',
  priceCents: 3200,
};

async function openCart(entries: FakeEntry[]) {
  const commerce = new FakeCommerce(entries);
  const page = await mountPage('/cart', { commerce });
  const stop = attachCartPage(document.body, page.runtime);
  return { ...page, stop };
}

const entryRows = () =>
  [...document.querySelectorAll<HTMLElement>('.cart-entry')].map((row) => [
    row.dataset['entryId'],
    row.querySelector<HTMLInputElement>('input')!.value,
  ]);
const field = (id: string) =>
  document.querySelector<HTMLInputElement>(`.cart-entry[data-entry-id="${id}"] input`)!;
const notice = () =>
  document.querySelector('.cart-status')!.textContent!.replace(/\s+/g, ' ').trim();

async function setField(id: string, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(field(id), { target: { value } });
  });
}

describe('/cart', () => {
  it('lists each entry with its title, variant, quantity and subtotal', async () => {
    await openCart([APRON, MUGS]);
    const row = document.querySelector('.cart-entry[data-entry-id="e1"]')!;
    expect(row.querySelector('.cart-entry-title')!.textContent).toContain('Linen Work Apron');
    expect(row.querySelector('.cart-entry-variant')!.textContent).toBe('Sage / S/M');
    expect(field('e1').value).toBe('1');
    expect(document.querySelector('.cart-subtotal strong')!.textContent).toContain('102.00');
    expect(logged).toEqual([]);
  });

  it('ends rapid edits at the last value with one request at a time', async () => {
    const { commerce } = await openCart([APRON, MUGS]);
    for (const value of ['2', '3', '4', '5']) await setField('e1', value);
    expect(commerce.calls).toEqual([{ method: 'setQuantity', args: ['e1', 2] }]);
    await commerce.answer();
    expect(commerce.calls.map((c) => c.args)).toEqual([
      ['e1', 2],
      ['e1', 5],
    ]);
    await commerce.answer();
    expect(entryRows()).toEqual([
      ['e1', '5'],
      ['e2', '2'],
    ]);
    expect(commerce.held).toEqual([]);
  });

  it('never brings back an entry removed while its edit waited', async () => {
    const { commerce } = await openCart([APRON, MUGS]);
    await setField('e2', '3');
    await setField('e1', '4');
    await userEvent
      .setup()
      .click(document.querySelector('.cart-entry[data-entry-id="e1"] .cart-entry-remove')!);
    await setField('e1', '6');
    while (commerce.held.length > 0) await commerce.answer();
    expect(commerce.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['setQuantity', 'e2', 3],
      ['removeEntry', 'e1'],
    ]);
    expect(entryRows()).toEqual([['e2', '3']]);
  });

  it('removes with the button and shows the empty-cart text', async () => {
    const { commerce } = await openCart([APRON]);
    commerce.autoAnswer = true;
    await userEvent.setup().click(document.querySelector('.cart-entry-remove')!);
    expect(document.querySelector('.cart-entry')).toBeNull();
    expect(document.querySelector('.cart-empty')!.textContent).toBe(
      'You have nothing in your shopping cart.',
    );
  });

  it.each([
    ['network', 'Please check your internet connection.'],
    ['rate-limit', 'Please try again in a few seconds.'],
    ['server', 'Sorry, we do not have enough of that item available.'],
  ] as const)('titles a failed edit (%s) and puts the quantity back', async (kind, message) => {
    const { commerce } = await openCart([APRON]);
    await setField('e1', '3');
    await commerce.fail(new CommerceError(kind, message));
    expect(notice()).toBe(`Unable to update quantity ${message}`);
    expect(field('e1').value).toBe('1');
  });

  it('titles a failed removal, and refuses a quantity that is not a whole number', async () => {
    const { commerce } = await openCart([APRON]);
    await userEvent.setup().click(document.querySelector('.cart-entry-remove')!);
    await commerce.fail(new CommerceError('network', 'Please check your internet connection.'));
    expect(notice()).toBe('Unable to remove item Please check your internet connection.');
    expect(entryRows()).toEqual([['e1', '1']]);
    await setField('e1', '2.5');
    expect(notice()).toBe('Unable to update quantity Quantity must be a whole number');
    await setField('e1', 'x');
    expect(notice()).toBe('Unable to update quantity Quantity must be a number.');
    expect(commerce.calls.map((c) => c.method)).toEqual(['removeEntry']);
  });

  it("shows a server's error text as text, never as markup", async () => {
    const { commerce } = await openCart([APRON]);
    const hostile =
      '<iframe srcdoc="<script>parent.bad=1</script>"></iframe><img src=x onerror="parent.bad=2">';
    await userEvent.setup().click(document.querySelector('.cart-entry-remove')!);
    await commerce.fail(new CommerceError('server', hostile));
    const status = document.querySelector('.cart-status')!;
    expect(status.querySelector('iframe, img, script')).toBeNull();
    expect(status.querySelector('.cart-notice-message')!.textContent).toBe(hostile);
    expect(status.querySelector('.cart-notice-title')!.textContent).toBe('Unable to remove item');
  });

  it('asks for the minimum subtotal and disables checkout below it', async () => {
    const { commerce, navigate } = await openCart([{ ...MUGS, quantity: 1, priceCents: 1200 }]);
    expect(document.querySelector('.cart-minimum')!.textContent).toBe(
      'To check out, your order subtotal must be $20.00 or more.',
    );
    const checkout = () => document.querySelector<HTMLButtonElement>('.cart-checkout-button')!;
    expect(checkout().disabled).toBe(true);
    await userEvent.setup().click(checkout());
    expect(navigate).not.toHaveBeenCalled();
    await setField('e2', '2');
    await commerce.answer();
    expect(document.querySelector('.cart-minimum')).toBeNull();
    expect(checkout().disabled).toBe(false);
  });

  it('goes to checkout above the minimum', async () => {
    const { navigate } = await openCart([APRON]);
    expect(document.querySelector('.cart-minimum')).toBeNull();
    await userEvent.setup().click(document.querySelector('.cart-checkout-button')!);
    expect(navigate).toHaveBeenCalledWith('/checkout');
  });

  it('offers buy-now-pay-later only when every entry is physical', async () => {
    await openCart([APRON, MUGS]);
    expect(document.querySelector('.cart-bnpl')).not.toBeNull();
    document.body.innerHTML = '';
    await openCart([APRON, { ...MUGS, productType: 3 }]);
    expect(document.querySelector('.cart-bnpl')).toBeNull();
  });
});

describe('/cart rows follow their entries', () => {
  const rowControl = (id: string, selector: string) =>
    document.querySelector<HTMLElement>(`.cart-entry[data-entry-id="${id}"] ${selector}`)!;

  it('keeps the next row its own quantity when a quantity of 0 removes a row', async () => {
    const { commerce } = await openCart([APRON, MUGS]);
    const user = userEvent.setup();
    await user.click(field('e1'));
    await user.clear(field('e1'));
    await user.type(field('e1'), '0');
    await setField('e1', '0');
    await commerce.answer();
    expect(commerce.calls.map((c) => [c.method, ...c.args])).toEqual([['removeEntry', 'e1']]);
    expect(entryRows()).toEqual([['e2', '2']]);
    // Focus was in the removed row: it goes to the same control of the row now in its place.
    expect(document.activeElement).toBe(field('e2'));
    expect(logged).toEqual([]);
  });

  it('moves focus to the next row after Remove, then the one before, then the empty text', async () => {
    const third = { ...MUGS, id: 'e3', title: 'Board', quantity: 3 };
    const { commerce } = await openCart([APRON, MUGS, third]);
    commerce.autoAnswer = true;
    const user = userEvent.setup();
    await user.click(rowControl('e2', '.cart-entry-remove'));
    expect(entryRows()).toEqual([
      ['e1', '1'],
      ['e3', '3'],
    ]);
    expect(document.activeElement).toBe(rowControl('e3', '.cart-entry-remove'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(rowControl('e1', '.cart-entry-remove'));
    await user.keyboard(' ');
    expect(document.querySelector('.cart-entry')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('.cart-empty'));
  });

  it('leaves focus where it is when the removal fails', async () => {
    const { commerce } = await openCart([APRON, MUGS]);
    const remove = rowControl('e1', '.cart-entry-remove');
    await userEvent.setup().click(remove);
    await commerce.fail(new CommerceError('network', 'Please check your internet connection.'));
    expect(document.activeElement).toBe(remove);
  });
});
