/**
 * The additional-fields lightbox on the demo's workshop (jsdom, fake timers): Add To Cart checks
 * the stock, then opens the form in a labelled modal dialog; it closes by its close button,
 * Enter or Space on it, and Escape, giving focus back to the button and adding nothing; Tab
 * stays inside; the texts for a required field and an invalid form; submitting adds the
 * entry with the fields (JSON text) and the button goes Adding… → Added!.
 *
 * @vitest-environment jsdom
 */
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advance, alertText, button, choose, label, useWidgetClock, user } from './product-form.js';
import { CommerceError } from '../../storefront/api/errors.js';
import { pageOf } from '../../storefront/page-boot.js';
import { FakeCommerce, logged, mountPage } from './support.js';

const WORKSHOP = '/shop/p/wheel-throwing-workshop';
const SELECT_ID = 'select-yui_3_17_2_31';
const TEXTAREA_ID = 'textarea-yui_3_17_2_32';

useWidgetClock();
beforeAll(() => import('../../storefront/widgets/commerce/additional-fields-dialog.js'));

let roots: Root[] = [];
// An open dialog is a portal into <body>: unmount before the page's body is cleared.
afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const closeButton = () => dialog()!.querySelector<HTMLElement>('.sf-dialog-close')!;

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

async function openLightbox(qtyInStock = 6) {
  const commerce = new FakeCommerce();
  const page = await mountPage(WORKSHOP, { commerce });
  roots = page.roots;
  commerce.stockResults = [{ variantId: 'v', sku: 'JP-WS-SAT-AM', unlimited: false, qtyInStock }];
  await choose('Session', 'Saturday 10am');
  await user().click(button());
  expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
  expect(dialog()).toBeNull(); // the stock comes first
  await commerce.answer();
  await settle();
  return page;
}

describe('additional-fields lightbox', () => {
  it('opens after the stock check as a labelled modal dialog, focus inside', async () => {
    const { commerce } = await openLightbox();
    const modal = dialog()!;
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Workshop booking details' })).toBe(modal);
    expect(modal.contains(document.activeElement)).toBe(true);
    // A select with no placeholder of its own asks, as the page's form blocks do.
    const select = modal.querySelector<HTMLSelectElement>(`select[name="${SELECT_ID}"]`)!;
    expect(select.options[0]!.textContent).toBe('Select an option');
    expect(label()).toBe('Book a Seat');
    expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
    expect(logged).toEqual([]);
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    await openLightbox();
    const modal = dialog()!;
    for (let i = 0; i < 8; i++) {
      await user().tab();
      expect(modal.contains(document.activeElement)).toBe(true);
    }
    closeButton().focus();
    await user().tab({ shift: true });
    expect(document.activeElement!.textContent).toBe('Book a Seat'); // the submit, last
  });

  it.each([
    ['its close button', async () => user().click(closeButton())],
    ['Enter on the close button', async () => (closeButton().focus(), user().keyboard('{Enter}'))],
    ['Space on the close button', async () => (closeButton().focus(), user().keyboard(' '))],
    ['Escape', async () => user().keyboard('{Escape}')],
  ])('closes with %s, gives focus back and adds nothing', async (_how, close) => {
    const { commerce } = await openLightbox();
    await close();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
    // The button takes a click again.
    await user().click(button());
    expect(commerce.calls.map((c) => c.method)).toEqual(['stock', 'stock']);
  });

  it('says what is missing, then adds with the fields', async () => {
    const { commerce, runtime } = await openLightbox();
    const modal = dialog()!;
    const submit = [...modal.querySelectorAll('button')].find((b) => b.type === 'submit')!;
    await user().click(submit);
    expect(alertText(modal)).toBe('One or more fields is invalid, please check your entries.');
    const item = modal.querySelector(`select[name="${SELECT_ID}"]`)!.closest('.form-item')!;
    expect(item.querySelector('.field-error')!.textContent).toBe('Required');
    expect(item.firstElementChild!.className).toBe('field-error'); // above the title
    expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
    // The cart's text is the cart's edit form's only.
    expect(modal.textContent).not.toContain('Update the missing or invalid information above.');

    await user().selectOptions(modal.querySelector('select')!, 'A few classes');
    await user().type(modal.querySelector('textarea')!, 'Left-handed');
    expect(modal.querySelector('.form-counter')!.textContent).toBe('11 / 300');
    await user().click(submit);
    await settle();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(commerce.calls[1]).toEqual({
      method: 'addEntry',
      args: [
        {
          itemId: '65a0c3e8d1f2000000000012',
          sku: 'JP-WS-SAT-AM',
          quantity: 1,
          additionalFields: JSON.stringify({
            [SELECT_ID]: 'A few classes',
            [TEXTAREA_ID]: 'Left-handed',
          }),
        },
      ],
    });
    expect(label()).toBe('Adding…');
    await commerce.answer();
    await advance(1000);
    expect(label()).toBe('Added!');
    expect(runtime.cart.get().cart.totalQuantity).toBe(1);
  });

  it('says the textarea is over its limit', async () => {
    await openLightbox();
    const modal = dialog()!;
    await user().selectOptions(modal.querySelector('select')!, 'A few classes');
    await act(async () => {
      const area = modal.querySelector('textarea')!;
      // 301 characters, pasted at once.
      await user().click(area);
      await user().paste('x'.repeat(301));
    });
    expect(modal.querySelector('.form-counter')!.className).toContain('over');
    await user().click([...modal.querySelectorAll('button')].find((b) => b.type === 'submit')!);
    expect(modal.querySelector('textarea')!.closest('.form-item')!.textContent).toContain(
      'You have exceeded the character limit.',
    );
  });

  it('does not open when the stock is not enough', async () => {
    const commerce = new FakeCommerce();
    roots = (await mountPage(WORKSHOP, { commerce })).roots;
    commerce.stockResults = [
      { variantId: 'v', sku: 'JP-WS-SAT-AM', unlimited: false, qtyInStock: 0 },
    ];
    await choose('Session', 'Saturday 10am');
    await user().click(button());
    await commerce.answer();
    await settle();
    expect(dialog()).toBeNull();
    expect(alertText()).toBe(
      'Unable to Add Item Sorry, we do not have enough of that item available.',
    );
  });
});

describe('additional fields on /cart', () => {
  const WORKSHOP_ENTRY = {
    id: 'w1',
    itemId: '65a0c3e8d1f2000000000012',
    sku: 'JP-WS-SAT-AM',
    quantity: 1,
    title: 'Wheel Throwing Workshop',
    productType: 3,
    additionalFields: JSON.stringify({ [SELECT_ID]: 'A few classes', [TEXTAREA_ID]: '' }),
  };

  async function openCart() {
    const commerce = new FakeCommerce([WORKSHOP_ENTRY]);
    const page = await mountPage('/cart', { commerce });
    roots = page.roots;
    const { attachCartPage } = await import('../../storefront/widgets/commerce/cart-page.js');
    attachCartPage(document.body, page.runtime, pageOf(page.runtime)!.boot.data);
    return page;
  }

  const answers = () =>
    document.querySelector('.cart-entry-fields')!.textContent!.replace(/\s+/g, ' ').trim();

  it('shows the answers (N/A for none) and edits them in the lightbox', async () => {
    await import('../../storefront/widgets/commerce/cart-fields.js');
    const { commerce } = await openCart();
    expect(answers()).toBe('Experience: A few classes Anything we should know?: N/A');
    const edit = document.querySelector<HTMLElement>('.cart-entry-edit-fields')!;
    await user().click(edit);
    await settle();
    const modal = dialog()!;
    expect(screen.getByRole('dialog', { name: 'Workshop booking details' })).toBe(modal);
    expect(modal.querySelector('select')!.value).toBe('A few classes');
    await user().selectOptions(modal.querySelector('select')!, 'I have my own wheel');
    await user().type(modal.querySelector('textarea')!, 'Bring an apron');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).not.toBeNull();
    expect(commerce.calls.at(-1)).toEqual({
      method: 'updateAdditionalFields',
      args: [
        'w1',
        {
          itemId: WORKSHOP_ENTRY.itemId,
          sku: 'JP-WS-SAT-AM',
          additionalFields: JSON.stringify({
            [SELECT_ID]: 'I have my own wheel',
            [TEXTAREA_ID]: 'Bring an apron',
          }),
        },
      ],
    });
    await commerce.answer();
    await settle();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('.cart-entry-edit-fields'));
    expect(answers()).toBe(
      'Experience: I have my own wheel Anything we should know?: Bring an apron',
    );
    expect(logged).toEqual([]);
  });

  it("says the cart's text under the fields, with the forms' texts, when one is missing", async () => {
    const { commerce } = await openCart();
    await user().click(document.querySelector<HTMLElement>('.cart-entry-edit-fields')!);
    await settle();
    const modal = dialog()!;
    await user().selectOptions(modal.querySelector('select')!, '');
    await user().type(modal.querySelector('textarea')!, 'Late');
    const save = screen.getByRole('button', { name: 'Save' });
    await user().click(save);
    // The forms' texts: the field's above its title, the form's at the top.
    expect(alertText(modal)).toBe('One or more fields is invalid, please check your entries.');
    const item = modal.querySelector(`select[name="${SELECT_ID}"]`)!.closest('.form-item')!;
    expect(item.querySelector('.field-error')!.textContent).toBe('Required');
    // The cart's, under the fields: right before Save.
    const below = save.previousElementSibling!;
    expect(below.textContent).toBe('Update the missing or invalid information above.');
    expect(below.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(commerce.calls.map((c) => c.method)).not.toContain('updateAdditionalFields');
    expect(dialog()!.querySelector('textarea')!.value).toBe('Late');
    // Answered, it goes.
    await user().selectOptions(modal.querySelector('select')!, 'A few classes');
    await user().click(save);
    expect(modal.textContent).not.toContain('Update the missing or invalid information above.');
    expect(commerce.calls.at(-1)!.method).toBe('updateAdditionalFields');
    await commerce.answer();
    await settle();
    expect(dialog()).toBeNull();
  });

  it('keeps the values and says why when saving fails', async () => {
    const { commerce } = await openCart();
    await user().click(document.querySelector<HTMLElement>('.cart-entry-edit-fields')!);
    await settle();
    await user().type(dialog()!.querySelector('textarea')!, 'Late');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await commerce.fail(new CommerceError('network', 'Please check your internet connection.'));
    await settle();
    expect(alertText(dialog()!)).toBe(
      'Unable to update form Please check your internet connection.',
    );
    expect(dialog()!.querySelector('textarea')!.value).toBe('Late');
    expect(answers()).toBe('Experience: A few classes Anything we should know?: N/A');
  });
});

describe('summary answers', () => {
  it('escapes the visitor text of every answer (text, checkbox list, likert map), skips sections', async () => {
    const { additionalForm, summaryAnswers } =
      await import('../../storefront/state/additional-fields.js');
    const fields = [
      { id: 'n', type: 'text', title: 'Name' },
      { id: 'c', type: 'checkbox', title: 'Tools', options: ['a', 'b'] },
      { id: 'l', type: 'likert', title: 'Views', options: ['Clay'] },
      { id: 's', type: 'section', title: 'Part two' },
    ];
    const form = additionalForm({
      structuredContent: { additionalFieldsFormId: 'f', additionalFieldsForm: { id: 'f', fields } },
    })!;
    const answers = summaryAnswers(form, {
      n: '<img src=x onerror=alert(1)>',
      c: ['a', '<b>'],
      l: { Clay: '-2', '<i>q</i>': '2' },
    });
    expect(answers).toEqual([
      { type: 'text', rawTitle: 'Name', value: '&#60;img src=x onerror=alert(1)&#62;' },
      { type: 'checkbox', rawTitle: 'Tools', value: '', values: ['a', '&#60;b&#62;'] },
      {
        type: 'likert',
        rawTitle: 'Views',
        value: '',
        values: { Clay: '-2', '&#60;i&#62;q&#60;/i&#62;': '2' },
      },
    ]);
  });

  it('shows a visitor answer with markup as text on /cart', async () => {
    const commerce = new FakeCommerce([
      {
        id: 'w1',
        itemId: '65a0c3e8d1f2000000000012',
        sku: 'JP-WS-SAT-AM',
        quantity: 1,
        title: 'Wheel Throwing Workshop',
        additionalFields: JSON.stringify({ [TEXTAREA_ID]: '<img src=x onerror=alert(1)>' }),
      },
    ]);
    roots = (await mountPage('/cart', { commerce })).roots;
    const summary = document.querySelector('.cart-entry-fields')!;
    expect(summary.querySelector('img')).toBeNull();
    expect(summary.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(logged).toEqual([]);
  });
});
