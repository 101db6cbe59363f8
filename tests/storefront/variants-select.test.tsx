/**
 * The variant picker on the demo product pages (jsdom): both forms, the marks of sold-out
 * combinations, the chosen variant's price, sale mark, image and scarcity message re-rendered by
 * the template, and the variant kept in the address bar (back and forward restore it).
 *
 * @vitest-environment jsdom
 */
import { act, fireEvent } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeAddress, logged, mountPage } from './support.js';

const APRON = '/shop/p/linen-work-apron';
const BOARD = '/shop/p/walnut-serving-board';
const select = (option: string) =>
  document.querySelector<HTMLSelectElement>(`select[data-variant-option-name="${option}"]`)!;
const text = (selector: string) =>
  document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
const mainImage = () => document.querySelector<HTMLImageElement>('.product-gallery img')!;

async function choose(option: string, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(select(option), { target: { value } });
  });
}

describe('variants-select', () => {
  describe('given the select form', () => {
    it('lists the options in variantOptionOrdering with their prompts', async () => {
      await mountPage(APRON);
      const names = [...document.querySelectorAll('select')].map(
        (s) => s.dataset['variantOptionName'],
      );
      expect(names).toEqual(['Color', 'Size']);
      expect([...select('Size').options].map((o) => o.text)).toEqual([
        'Select Size',
        'S/M',
        'L/XL',
      ]);
      expect(select('Size').getAttribute('aria-label')).toBe('Select Size');
      expect(logged).toEqual([]);
    });

    it('shows the chosen variant price, sale mark and main image', async () => {
      await mountPage(APRON);
      // Before a choice: the lowest price of the variants, and the product's sale mark.
      expect(text('.product-summary .product-price')).toBe('from 38.00');
      expect(text('.product-gallery .product-mark')).toBe('Sale');
      await choose('Color', 'Charcoal');
      await choose('Size', 'S/M');
      expect(text('.product-summary .product-price')).toBe('48.00');
      expect(document.querySelector('.product-gallery .product-mark')).toBeNull();
      expect(mainImage().dataset['src']).toContain('/assets/img/apron-charcoal.svg');
      await choose('Color', 'Sage');
      expect(text('.product-summary .product-price')).toBe('Sale Price:38.00 Original Price:48.00');
      expect(text('.product-gallery .product-mark')).toBe('Sale');
      expect(mainImage().dataset['src']).toContain('/assets/img/apron.svg');
    });

    it('marks values that leave nothing in stock, and shows sold out for such a variant', async () => {
      await mountPage(APRON);
      await choose('Color', 'Charcoal');
      const sizes = [...select('Size').options].map((o) => [o.text, o.dataset['unavailable']]);
      expect(sizes).toEqual([
        ['Select Size', undefined],
        ['S/M', undefined],
        ['L/XL (sold out)', 'true'],
      ]);
      await choose('Size', 'L/XL');
      expect(text('.product-gallery .product-mark')).toBe('Sold out');
    });

    it('shows the scarcity message of the chosen variant only', async () => {
      await mountPage(APRON);
      const scarcity = () => document.querySelector<HTMLElement>('.product-scarcity')!;
      expect(scarcity().hidden).toBe(true);
      await choose('Color', 'Sage');
      await choose('Size', 'S/M');
      expect(scarcity().hidden).toBe(false);
      expect(text('.product-scarcity')).toBe('Only 3 left in stock');
      await choose('Size', 'L/XL');
      expect(scarcity().hidden).toBe(true);
    });
  });

  describe('given the address bar', () => {
    it('keeps a complete choice in it and restores it on back and forward', async () => {
      const address = new FakeAddress();
      await mountPage(APRON, { address });
      await choose('Color', 'Sage');
      expect(address.search()).toBe('');
      await choose('Size', 'L/XL');
      expect(address.search()).toBe('?variant=66b1c3e8d1f2000000000002');
      await choose('Color', 'Charcoal');
      expect(address.search()).toBe('?variant=66b1c3e8d1f2000000000004');
      await address.back();
      expect(select('Color').value).toBe('Sage');
      expect(select('Size').value).toBe('L/XL');
      await address.back();
      expect(select('Color').value).toBe('');
      await address.forward();
      expect(select('Color').value).toBe('Sage');
      expect(text('.product-summary .product-price')).toBe('Sale Price:38.00 Original Price:48.00');
    });

    it('starts from the variant the address names', async () => {
      await mountPage(APRON, { address: new FakeAddress('?variant=66b1c3e8d1f2000000000003') });
      expect(select('Color').value).toBe('Charcoal');
      expect(select('Size').value).toBe('S/M');
      expect(mainImage().dataset['src']).toContain('apron-charcoal.svg');
      expect(logged).toEqual([]);
    });
  });

  describe('given the radio form', () => {
    it('chooses by click and by keyboard on the labels', async () => {
      const { runtime } = await mountPage(BOARD);
      const chosen = () => runtime.selection.get()['65a0c3e8d1f200000000002c'];
      const labels = [
        ...document.querySelectorAll<HTMLLabelElement>('.variant-radiobtn-wrapper label'),
      ];
      expect(labels.map((l) => l.getAttribute('aria-pressed'))).toEqual([null, null]);
      await userEvent.setup().click(labels[1]!);
      const radios = [...document.querySelectorAll<HTMLInputElement>('input.variant-radiobtn')];
      expect(radios.map((r) => r.checked)).toEqual([false, true]);
      expect(labels.map((l) => l.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
      expect(chosen()).toEqual({ Size: 'Large' });
      expect(select('Size').value).toBe('Large');
      labels[0]!.focus();
      await userEvent.setup().keyboard('{Enter}');
      expect(radios.map((r) => r.checked)).toEqual([true, false]);
      expect(chosen()).toEqual({ Size: 'Small' });
    });
  });
});
