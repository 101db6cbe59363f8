import { describe, expect, it } from 'vitest';
import { catalogFromItems, formFromJson, productFromItem } from '../../server/commerce/catalog.js';
import { catalog } from './support.js';

describe('catalogFromItems', () => {
  it('reads variants, decimal prices in minor units, sale prices and stock', () => {
    const tee = catalog.getProduct('tee')!;
    expect(tee).toMatchObject({ title: 'Tee', collectionId: 'shop', productType: 1 });
    expect(tee.variants.map((v) => [v.sku, v.priceCents, v.qtyInStock, v.unlimited])).toEqual([
      ['TEE-S', 2500, 3, false],
      ['TEE-M', 1999, 10, false],
      ['TEE-L', 2500, 0, false],
    ]);
    expect(tee.variants[0]!.attributes).toEqual({ Size: 'S' });
  });

  it('treats digital goods and gift cards as unlimited and reads legacy cent prices', () => {
    expect(catalog.getProduct('ebook')!.variants).toMatchObject([
      { sku: 'ebook', priceCents: 999, unlimited: true },
    ]);
    expect(catalog.getProduct('mug')!.variants[0]).toMatchObject({
      priceCents: 1200,
      unlimited: true,
    });
    const gift = productFromItem({
      id: 'g',
      structuredContent: {
        productType: 4,
        variants: [{ sku: 'G25', priceMoney: { value: '25' } }],
      },
    });
    expect(gift!.variants[0]).toMatchObject({ unlimited: true, priceCents: 2500 });
  });

  it('honours currency fraction digits and the modern money shape', () => {
    const yen = productFromItem({
      id: 'y',
      structuredContent: {
        variants: [
          { sku: 'A', priceMoney: { value: '1500', currency: 'JPY' } },
          { sku: 'B', priceMoney: { decimalValue: '12.34', currencyCode: 'EUR' } },
          { sku: 'C', onSale: true, priceMoney: { value: '10' } },
        ],
      },
    });
    expect(yen!.variants.map((v) => [v.priceCents, v.currency])).toEqual([
      [1500, 'JPY'],
      [1234, 'EUR'],
      [1000, 'USD'],
    ]);
  });

  it('registers embedded additional-fields forms and given forms', () => {
    expect(catalog.getForm('engraving-form')!.fields).toEqual([
      { id: 'engraving', type: 'text', title: '', required: true, maxLength: 12 },
    ]);
    expect(catalog.getForm('contact')!.fields).toHaveLength(5);
    expect(catalog.getForm('guarded')!.captchaEnabled).toBe(true);
  });

  it('skips what is not a product or a form', () => {
    const c = catalogFromItems([null, 1, { id: 'no-content' }, { structuredContent: {} }], {
      forms: [{ name: 'no id' }],
    });
    expect(c.getProduct('no-content')).toBeUndefined();
    expect(
      formFromJson({ id: 'f', fields: [{ type: 'text' }, { id: 'a', maxLength: -1 }] })!.fields,
    ).toEqual([{ id: 'a', type: 'text', title: '', required: false, maxLength: null }]);
  });
});
