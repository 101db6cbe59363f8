/**
 * The add-to-cart button on the demo product pages (jsdom, fake timers): its states and labels,
 * the validation texts, errors and their titles, express checkout, and a click while adding.
 *
 * @vitest-environment jsdom
 */
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import {
  advance,
  alertText,
  button,
  choose,
  label,
  quantityField,
  useWidgetClock,
  user,
} from './product-form.js';
import { FakeCommerce, logged, mountPage } from './support.js';

const APRON = '/shop/p/linen-work-apron';
const CANDLES = '/shop/p/beeswax-taper-candles';

useWidgetClock();

describe('add-to-cart button', () => {
  describe('given a product with two options', () => {
    it('hydrates without a warning and names both missing options', async () => {
      await mountPage(APRON);
      expect(logged).toEqual([]);
      await user().click(button());
      expect(alertText()).toBe('Unable to Add Item Please select the Color and Size options.');
      await choose('Color', 'Sage');
      await user().click(button());
      expect(alertText()).toBe('Unable to Add Item Please select the Size option.');
    });

    it('goes idle → Adding… → Added! (1 s) → idle (2 s later) and updates the cart', async () => {
      const { commerce, runtime } = await mountPage(APRON);
      expect(label()).toBe('Add To Cart');
      await choose('Color', 'Sage');
      await choose('Size', 'L/XL');
      await user().click(button());
      expect(label()).toBe('Adding…');
      expect(button().getAttribute('aria-disabled')).toBe('true');
      expect(commerce.calls.map((c) => c.method)).toEqual(['addEntry']);
      expect(commerce.calls[0]!.args[0]).toEqual({
        itemId: '65a0c3e8d1f2000000000005',
        sku: 'JP-APR-SAG-LX',
        quantity: 1,
      });
      await commerce.answer();
      expect(label()).toBe('Adding…'); // the answer came before 1 s
      await advance(999);
      expect(label()).toBe('Adding…');
      await advance(1);
      expect(label()).toBe('Added!');
      expect(runtime.cart.get().cart.totalQuantity).toBe(1);
      await advance(1999);
      expect(label()).toBe('Added!');
      await advance(1);
      expect(label()).toBe('Add To Cart');
      expect(button().hasAttribute('aria-disabled')).toBe(false);
      expect(logged).toEqual([]);
    });

    it('shows Added! when a slow answer arrives after the first second', async () => {
      const { commerce } = await mountPage(APRON);
      await choose('Color', 'Sage');
      await choose('Size', 'S/M');
      await user().click(button());
      await advance(5000);
      expect(label()).toBe('Adding…');
      await commerce.answer();
      expect(label()).toBe('Added!');
      await advance(2000);
      expect(label()).toBe('Add To Cart');
    });

    it('never adds twice for clicks and keys while adding', async () => {
      const { commerce } = await mountPage(APRON);
      await choose('Color', 'Sage');
      await choose('Size', 'S/M');
      await act(async () => {
        for (let i = 0; i < 10; i++) fireEvent.click(button());
      });
      await user().keyboard('{Enter}');
      expect(commerce.calls.filter((c) => c.method === 'addEntry')).toHaveLength(1);
      await commerce.answer();
      await advance(1000);
      await act(async () => fireEvent.click(button()));
      expect(commerce.calls.filter((c) => c.method === 'addEntry')).toHaveLength(1);
    });

    it('is a keyboard button: Enter and Space add', async () => {
      const { commerce } = await mountPage(APRON);
      await choose('Color', 'Charcoal');
      await choose('Size', 'S/M');
      button().focus();
      await user().keyboard(' ');
      expect(commerce.calls.map((c) => c.method)).toEqual(['addEntry']);
    });

    it('is the submit button of the product form, and adds in place without sending it', async () => {
      const { commerce } = await mountPage(APRON);
      const form = button().closest('form')!;
      expect([button().tagName, button().getAttribute('type'), form.method]).toEqual([
        'BUTTON',
        'submit',
        'post',
      ]);
      let sent = 0;
      form.addEventListener('submit', (event) => {
        if (!event.defaultPrevented) sent++;
        event.preventDefault(); // jsdom cannot navigate
      });
      await choose('Color', 'Sage');
      await choose('Size', 'S/M');
      await user().click(button());
      await commerce.answer();
      await advance(3000);
      // Enter in the quantity field submits through the default button: the widget's click.
      await user().type(
        document.querySelector<HTMLInputElement>('input[name="quantity"]')!,
        '{Enter}',
      );
      expect(commerce.calls.filter((c) => c.method === 'addEntry')).toHaveLength(2);
      expect(sent).toBe(0);
    });

    it('shows the error, then is idle again after 1 s', async () => {
      const { commerce } = await mountPage(APRON);
      await choose('Color', 'Sage');
      await choose('Size', 'S/M');
      await user().click(button());
      await commerce.fail(
        new CommerceError('rate-limit', 'Please try again in a few seconds.', 429),
      );
      expect(alertText()).toBe('Unable to Add Item Please try again in a few seconds.');
      expect(label()).toBe('Add To Cart');
      expect(button().getAttribute('aria-disabled')).toBe('true');
      await advance(1000);
      expect(button().hasAttribute('aria-disabled')).toBe(false);
      await user().click(button());
      expect(commerce.calls.filter((c) => c.method === 'addEntry')).toHaveLength(2);
      expect(alertText()).toBeNull();
    });
  });

  describe('given the quantity field', () => {
    it.each([
      ['abc', 'Quantity must be a number.'],
      ['', 'Quantity must be a number.'],
      ['1.5', 'Quantity must be a whole number'],
      ['0', 'Quantity must be at least 1'],
      ['10000', 'Quantity must be at most 9999'],
    ])('refuses %j with %j', async (text, message) => {
      const { commerce } = await mountPage(CANDLES);
      await choose('Color', 'Ivory');
      const input = quantityField();
      await act(async () => {
        fireEvent.change(input, { target: { value: text } });
      });
      await user().click(button());
      expect(alertText()).toBe(`Unable to Add Item ${message}`);
      expect(commerce.calls).toEqual([]);
    });

    it('adds the quantity typed', async () => {
      const { commerce } = await mountPage(CANDLES);
      await choose('Color', 'Ivory');
      const input = quantityField();
      expect(input.value).toBe('1');
      await user().clear(input);
      await user().type(input, '3');
      await user().click(button());
      expect(commerce.calls[0]!.args[0]).toMatchObject({ quantity: 3 });
    });
  });

  describe('given express checkout', () => {
    it('goes straight to checkout, and titles errors Unable to Purchase Item', async () => {
      const { commerce, navigate } = await mountPage(CANDLES, { expressCheckout: true });
      await choose('Color', 'Natural');
      await user().click(button());
      await commerce.fail(new CommerceError('network', 'Please check your internet connection.'));
      expect(alertText()).toBe('Unable to Purchase Item Please check your internet connection.');
      await advance(1000);
      await user().click(button());
      await commerce.answer();
      expect(navigate).toHaveBeenCalledWith('/checkout');
    });
  });

  describe('given a product with an additional-fields form', () => {
    it('checks the live stock first', async () => {
      const commerce = new FakeCommerce();
      await mountPage('/shop/p/wheel-throwing-workshop', { commerce });
      const select = document.querySelector<HTMLSelectElement>('select')!;
      const value = select.options[1]!.value;
      await choose(select.dataset['variantOptionName']!, value);
      await user().click(button());
      expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
      await commerce.answer(); // no stock result for the variant
      expect(alertText()).toBe(
        'Unable to Add Item Sorry, we do not have enough of that item available.',
      );
      expect(commerce.calls.map((c) => c.method)).toEqual(['stock']);
    });
  });
});
