/**
 * The instalment pill's data (state/instalments.ts): range rule, product type, availability,
 * provider by locale and country, four payments computed from cents, the chosen variant's price.
 */
import { describe, expect, it } from 'vitest';
import {
  INSTALMENT_COUNT,
  instalmentView,
  RANGE_TEXT,
} from '../../storefront/state/instalments.js';
import { storefrontData, initialState } from '../../storefront/state/page-data.js';

const money = (decimal: string) => ({
  value: decimal,
  currency: 'USD',
  decimalValue: decimal,
  currencyCode: 'USD',
});

function product(prices: string[], productType = 1, sale?: string) {
  return {
    id: 'p1',
    structuredContent: {
      productType,
      variantOptionOrdering: ['Size'],
      variants: prices.map((p, i) => ({
        id: `v${i}`,
        sku: `S${i}`,
        priceMoney: money(p),
        ...(sale !== undefined && i === 0 ? { onSale: true, salePriceMoney: money(sale) } : {}),
        attributes: { Size: `s${i}` },
        qtyInStock: 5,
      })),
    },
  };
}

const context = (overrides: Record<string, unknown> = {}) => ({
  afterPayAvailable: true,
  afterPayMin: 35,
  afterPayMax: 2000,
  shopperLanguage: 'en_US',
  stripeAccountCountry: 'US',
  ...overrides,
});

describe('instalmentView', () => {
  it('is in range above the minimum and up to the maximum, inclusive', () => {
    expect(instalmentView(product(['35.01']), context())?.inRange).toBe(true);
    expect(instalmentView(product(['2000.00']), context())?.inRange).toBe(true);
    expect(instalmentView(product(['35.00']), context())?.inRange).toBe(false);
    expect(instalmentView(product(['2000.01']), context())?.inRange).toBe(false);
  });

  it('splits the price into 4 payments computed from cents', () => {
    const view = instalmentView(product(['65.00']), context())!;
    expect(INSTALMENT_COUNT).toBe(4);
    expect(view.count).toBe(4);
    expect(view.amount).toEqual(money('16.25'));
    expect(view.rangeText).toBeNull();
    expect(instalmentView(product(['100.10']), context())!.amount).toEqual(money('25.03'));
  });

  it('names the minimum with "over" at or below it and the maximum with "up to" above it', () => {
    const low = instalmentView(product(['24.00']), context())!;
    expect(low).toMatchObject({ inRange: false, amount: null, rangeText: RANGE_TEXT.over });
    expect(low.bound).toEqual(money('35.00'));
    expect(RANGE_TEXT.over).toBe('available for orders over');
    const high = instalmentView(product(['2400.00']), context())!;
    expect(high).toMatchObject({ inRange: false, rangeText: RANGE_TEXT.upTo });
    expect(high.bound).toEqual(money('2000.00'));
    expect(RANGE_TEXT.upTo).toBe('available for orders up to');
  });

  it('prices at the sale price, the lowest variant, or the chosen variant', () => {
    expect(instalmentView(product(['48.00'], 1, '38.00'), context())!.amount).toEqual(
      money('9.50'),
    );
    const item = product(['30.00', '80.00']);
    expect(instalmentView(item, context())!.inRange).toBe(false);
    const chosen = { ...item.structuredContent.variants[1]!, attributes: { Size: 's1' } };
    const view = instalmentView(item, context(), {
      ...chosen,
      qtyInStock: 5,
      unlimited: false,
    });
    expect(view).toMatchObject({ inRange: true, amount: money('20.00') });
  });

  it('applies only to physical products whose context says available', () => {
    for (const type of [2, 3, 4, 5])
      expect(instalmentView(product(['50.00'], type), context())).toBeUndefined();
    expect(
      instalmentView(product(['50.00']), context({ afterPayAvailable: false })),
    ).toBeUndefined();
    expect(instalmentView(product(['50.00']), undefined)).toBeUndefined();
  });

  it('names the provider by locale and needs a supported account country', () => {
    const provider = (locale: string) =>
      instalmentView(product(['50.00']), context({ shopperLanguage: locale }))?.provider;
    for (const locale of ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']) {
      expect(provider(locale)).toBe('Afterpay');
    }
    expect(provider('en_GB')).toBe('Clearpay');
    expect(provider('de_DE')).toBeUndefined();
    for (const country of ['US', 'CA', 'AU', 'NZ', 'GB']) {
      expect(
        instalmentView(product(['50.00']), context({ stripeAccountCountry: country })),
      ).toBeDefined();
    }
    expect(
      instalmentView(product(['50.00']), context({ stripeAccountCountry: 'DE' })),
    ).toBeUndefined();
  });
});

describe('storefrontData item.instalments', () => {
  it('follows the chosen variant', () => {
    const data = { item: product(['30.00', '80.00']), instalmentContext: { p1: context() } };
    const first = storefrontData(data, initialState(data)) as { item: { instalments: unknown } };
    expect(first.item.instalments).toMatchObject({ inRange: false });
    const chosen = storefrontData(data, {
      ...initialState(data),
      selection: { p1: { Size: 's1' } },
    }) as { item: { instalments: unknown } };
    expect(chosen.item.instalments).toMatchObject({ inRange: true, amount: money('20.00') });
  });
});
