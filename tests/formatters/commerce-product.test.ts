/**
 * The product helpers, driven first by the reference's helper-data files
 * (tests/fixtures/conformance/plugins/*.json: named sections `:name-N-true/false` and
 * `:name-N` + `:name-N-expected`), then by edge cases observed on the reference engine.
 */
import { describe, expect, it } from 'vitest';
import {
  fromPriceMoney,
  hasVariants,
  hasVariedPrices,
  isMultipleQuantityAllowedForServices,
  isOnSale,
  isSoldOut,
  isSubscribable,
  itemVariantOptions,
  lowestPricedVariant,
  normalPriceMoney,
  productType,
  salePriceMoney,
  totalStockRemaining,
  UNLIMITED_STOCK,
} from '../../formatters/commerce-product.js';
import { decimalToString, type Money } from '../../formatters/money.js';
import { readFixtureSections } from '../support/fixtures.js';

function helperData(file: string): Array<[string, unknown]> {
  const sections = readFixtureSections('plugins', file);
  return Object.entries(sections).map(([name, text]) => [name, JSON.parse(text) as unknown]);
}

/** `:name-N-true` / `:name-N-false` sections as [name, input, expected]. */
function booleanCases(file: string): Array<[string, unknown, boolean]> {
  return helperData(file).map(([name, input]) => {
    const m = /-(true|false)$/.exec(name);
    if (!m) throw new Error(`${file}: section ${name} has no -true/-false suffix`);
    return [name, input, m[1] === 'true'];
  });
}

const item = (sc: Record<string, unknown>): unknown => ({ structuredContent: sc });
const product = (variants: unknown[], productType = 1): unknown => item({ productType, variants });
const cents = (m: Money): string => decimalToString(m.amount);

describe('helper data: has-variants.json', () => {
  // (the sections are named hasVariedPrices-… upstream, but the file tests hasVariants)
  it.each(booleanCases('has-variants.json'))('%s', (_name, input, expected) => {
    expect(hasVariants(input)).toBe(expected);
  });
});

describe('helper data: has-varied-prices.json', () => {
  it.each(booleanCases('has-varied-prices.json'))('%s', (_name, input, expected) => {
    expect(hasVariedPrices(input)).toBe(expected);
  });
});

describe('helper data: is-multi-quantity-allowed-for-services.json', () => {
  it.each(booleanCases('is-multi-quantity-allowed-for-services.json'))(
    '%s',
    (_name, input, expected) => {
      expect(isMultipleQuantityAllowedForServices(input)).toBe(expected);
    },
  );
});

describe('helper data: get-item-variant-options.json', () => {
  const data = new Map(helperData('get-item-variant-options.json'));
  const inputs = [...data.keys()].filter((name) => !name.endsWith('-expected'));
  it('has cases', () => expect(inputs.length).toBeGreaterThan(3));
  it.each(inputs)('%s', (name) => {
    expect(itemVariantOptions(data.get(name))).toEqual(data.get(`${name}-expected`));
  });
});

describe('helper data: get-total-stock-remaining.json', () => {
  // The file has inputs only; the expectations follow the section names and docs/storefront.md,
  // "Constants and limits" ("unlimited stock treated as a very large number").
  const data = new Map(helperData('get-total-stock-remaining.json'));
  const expected: Record<string, number> = {
    'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
    'getTotalStock-digital': UNLIMITED_STOCK,
    'getTotalStock-six-service': 6,
    'getTotalStock-0-physical': 0,
    'getTotalStock-0-physical-2': 0,
    'getTotalStock-unknown': 0,
  };
  it('covers every section', () =>
    expect([...data.keys()].sort()).toEqual(Object.keys(expected).sort()));
  it.each(Object.entries(expected))('%s -> %d', (name, total) => {
    expect(totalStockRemaining(data.get(name))).toBe(total);
  });
  it('sums negative counts as they are and reads numeric strings', () => {
    expect(totalStockRemaining(product([{ qtyInStock: -5 }, { qtyInStock: 3 }]))).toBe(-2);
    expect(totalStockRemaining(product([{ qtyInStock: '1' }, { qtyInStock: 1.5 }]))).toBe(2.5);
  });
});

describe('productType', () => {
  it('reads the code loosely; missing is unknown (0), not UNDEFINED (-1)', () => {
    expect(productType(item({ productType: '2' }))).toBe(2);
    expect(productType(item({ productType: true }))).toBe(1);
    expect(productType(item({}))).toBe(0);
    expect(productType(null)).toBe(0);
    expect(productType(item({ productType: 'x' }))).toBeNaN();
  });
});

describe('isSoldOut', () => {
  it.each([
    ['unlimited variant', product([{ unlimited: true }]), false],
    ['unlimited "false" is truthy', product([{ unlimited: 'false' }]), false],
    ['stock as a string', product([{ qtyInStock: '3' }]), false],
    ['fractional stock', product([{ qtyInStock: 0.5 }]), false],
    ['one variant in stock', product([{ qtyInStock: 0 }, { qtyInStock: 2 }]), false],
    ['no stock', product([{ qtyInStock: 0 }]), true],
    ['negative stock', product([{ qtyInStock: -3 }]), true],
    ['unparseable stock', product([{ qtyInStock: 'abc' }]), true],
    ['null variant', product([{ qtyInStock: 0 }, null]), true],
    ['no variants', product([]), true],
    ['variants not an array', item({ productType: 1, variants: { a: 1 } }), true],
    ['service without variants', item({ productType: 3 }), true],
    ['digital', item({ productType: 2 }), false],
    ['gift card', product([{ qtyInStock: 0 }], 4), false],
    ['unknown type', product([{ unlimited: true }], 5), true],
    ['UNDEFINED type', item({ productType: -1 }), true],
  ])('%s', (_name, input, expected) => {
    expect(isSoldOut(input)).toBe(expected);
  });
});

describe('isOnSale', () => {
  it.each([
    ['a variant on sale', product([{}, { onSale: true }]), true],
    ['onSale "false" is truthy', product([{ onSale: 'false' }]), true],
    ['no variant on sale', product([{ onSale: false }]), false],
    ['digital uses its own flag', item({ productType: 2, onSale: 1 }), true],
    ['digital not on sale', item({ productType: 2, onSale: false }), false],
    ['gift cards never', product([{ onSale: true }], 4), false],
    ['unknown type', product([{ onSale: true }], 0), false],
  ])('%s', (_name, input, expected) => {
    expect(isOnSale(input)).toBe(expected);
  });
});

describe('hasVariedPrices', () => {
  it.each([
    ['price string vs number', product([{ price: '100' }, { price: 100 }]), true],
    [
      'sale prices ignored when not on sale',
      product([
        { price: 1, salePrice: 5 },
        { price: 1, salePrice: 6 },
      ]),
      false,
    ],
    [
      'on-sale flag differs',
      product([
        { price: 1, onSale: true, salePrice: 1 },
        { price: 1, salePrice: 1 },
      ]),
      true,
    ],
    [
      'both on sale, same sale, different price',
      product([
        { price: 1, onSale: true, salePrice: 1 },
        { price: 2, onSale: true, salePrice: 1 },
      ]),
      true,
    ],
    [
      'both on sale without sale prices',
      product([
        { price: 1, onSale: true },
        { price: 1, onSale: true },
      ]),
      false,
    ],
    ['third variant differs', product([{ price: 1 }, { price: 1 }, { price: 3 }]), true],
    ['gift cards compare too', product([{ price: 1 }, { price: 2 }], 4), true],
    ['one variant', product([{ price: 1, onSale: true, salePrice: 0 }]), false],
  ])('%s', (_name, input, expected) => {
    expect(hasVariedPrices(input)).toBe(expected);
  });
});

describe('price picks', () => {
  const variants = [
    { priceMoney: { value: '1' } },
    { onSale: true, priceMoney: { value: '2' }, salePriceMoney: { value: '.1', currency: 'EUR' } },
    { priceMoney: { value: '.75' } },
    { onSale: true, priceMoney: { value: '3' }, salePriceMoney: { value: '.5' } },
  ];

  it('from price: lowest sale-aware price (first on ties); digital: its regular price', () => {
    expect(fromPriceMoney(product(variants))).toEqual({
      amount: expect.anything(),
      currency: 'EUR',
    });
    expect(cents(fromPriceMoney(product(variants)))).toBe('0.1');
    expect(cents(fromPriceMoney(product(variants, 4)))).toBe('0.1');
    const digital = item({
      productType: 2,
      onSale: true,
      priceMoney: { value: '7' },
      salePriceMoney: { value: '6' },
    });
    expect(cents(fromPriceMoney(digital))).toBe('7');
  });

  it('normal price: highest regular price', () => {
    expect(cents(normalPriceMoney(product(variants)))).toBe('3');
    expect(cents(normalPriceMoney(product([{ priceMoney: { value: '-3' } }, {}])))).toBe('0');
  });

  it('sale price: lowest among on-sale variants; digital regardless of flag; never for gift cards', () => {
    expect(cents(salePriceMoney(product(variants)))).toBe('0.1');
    expect(cents(salePriceMoney(product([{ priceMoney: { value: '1' } }])))).toBe('0');
    const digital = item({ productType: 2, onSale: false, salePriceMoney: { value: '6' } });
    expect(cents(salePriceMoney(digital))).toBe('6');
    expect(cents(salePriceMoney(product(variants, 4)))).toBe('0');
  });

  it('unknown types are priced at zero USD', () => {
    for (const pick of [fromPriceMoney, normalPriceMoney, salePriceMoney]) {
      expect(pick(product(variants, -1))).toEqual({ amount: expect.anything(), currency: 'USD' });
      expect(cents(pick(product(variants, 5)))).toBe('0');
    }
  });

  it('lowest priced variant is sale-aware and keeps the first on ties', () => {
    const a = { priceMoney: { value: '10' } };
    const b = { priceMoney: { value: '20' }, onSale: true, salePriceMoney: { value: '5' } };
    const c = { priceMoney: { value: '5' } };
    expect(lowestPricedVariant(product([a, b, c]))).toBe(b);
    expect(lowestPricedVariant(product([]))).toBeUndefined();
  });
});

describe('isSubscribable', () => {
  it('takes true, "true" and non-zero integers', () => {
    expect(isSubscribable(item({ isSubscribable: 'true' }))).toBe(true);
    expect(isSubscribable(item({ isSubscribable: 1 }))).toBe(true);
    expect(isSubscribable(item({ isSubscribable: 'false' }))).toBe(false);
    expect(isSubscribable(item({}))).toBe(false);
  });
});

describe('itemVariantOptions', () => {
  it('keeps first-appearance order, lists options without values, skips missing attributes', () => {
    const input = item({
      variants: [
        { attributes: { color: 'red' } },
        { attributes: { color: 'blue' } },
        { attributes: { color: 'red' } },
        {},
      ],
      variantOptionOrdering: ['color', 'size'],
    });
    expect(itemVariantOptions(input)).toEqual([
      { name: 'color', values: ['red', 'blue'] },
      { name: 'size', values: [] },
    ]);
  });
});
