/**
 * The commerce price formatters through the real render(). Expected outputs were observed on
 * the reference engine for inputs the conformance fixtures do not cover.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const NATIVE = (amount: string): string => `<span class="sqs-money-native">${amount}</span>`;
const HIDDEN = (text: string): string =>
  `<span class="visually-hidden v6-visually-hidden">${text}</span>`;

function out(template: string, data: unknown, locale?: string): string {
  const result = render(template, data, locale === undefined ? {} : { locale });
  expect(result.errors).toEqual([]);
  return result.html;
}

/** The inside of the product-price / subscription-price div. */
function priceBody(formatter: string, data: unknown, locale?: string): string {
  const html = out(`{@|${formatter}}`, data, locale);
  const m = /^\n\n\n<div class="[a-z-]+">\n([\s\S]*)<\/div>$/.exec(html);
  if (!m) throw new Error(`unexpected shape: ${JSON.stringify(html)}`);
  return m[1]!;
}

const V1 = [{ price: 100, priceMoney: { value: '1' } }];
const V2 = [...V1, { price: 200, priceMoney: { value: '2' } }];
const VSALE = [
  {
    price: 200,
    priceMoney: { value: '2' },
    onSale: true,
    salePrice: 100,
    salePriceMoney: { value: '1' },
  },
];
const sub = (
  variants: unknown[],
  unit: unknown,
  value: unknown,
  cycles?: unknown,
  extra = {},
): unknown => ({
  structuredContent: {
    productType: 1,
    variants,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { unit, value }, numBillingCycles: cycles },
  },
  ...extra,
});

describe('product-price', () => {
  it('starts with the three newlines of the reference template', () => {
    expect(out('a{@|product-price}b', { structuredContent: { productType: 2 } })).toBe(
      `a\n\n\n<div class="product-price">\n${NATIVE('0.00')}\n</div>b`,
    );
  });

  it('prints nothing for the UNDEFINED type but a zero price for other unknown types', () => {
    expect(priceBody('product-price', { structuredContent: { productType: -1 } })).toBe('\n');
    expect(
      priceBody('product-price', { structuredContent: { productType: 5, variants: V2 } }),
    ).toBe(`${NATIVE('0.00')}\n`);
  });

  it('decides "from" on the cent fields, and prints the money fields', () => {
    const sameCents = [
      { price: 1, priceMoney: { value: '1' } },
      { price: 1, priceMoney: { value: '2' } },
    ];
    expect(
      priceBody('product-price', { structuredContent: { productType: 1, variants: sameCents } }),
    ).toBe(`${NATIVE('2.00')}\n`);
    const gift = { structuredContent: { productType: 4, variants: V2 } };
    expect(priceBody('product-price', gift)).toBe(`from ${NATIVE('1.00')}\n\n`);
  });

  it('uses localizedStrings.productPriceFromText, even when empty', () => {
    const data = (text: unknown): unknown => ({
      structuredContent: { productType: 1, variants: V2 },
      localizedStrings: { productPriceFromText: text },
    });
    expect(priceBody('product-price', data('X {fromPrice} Y'))).toBe(`X ${NATIVE('1.00')} Y\n\n`);
    expect(priceBody('product-price', data(''))).toBe('\n\n');
  });

  it.each([
    ['YEAR', 1, undefined, 'every year'],
    ['YEAR', 2, 3, 'every 2 years for 6 years'],
    ['YEAR', 1, 1, 'every year for 1 year'],
    ['WEEK', 1, 1, 'every week for 1 week'],
    ['WEEK', 52, 1, 'every 52 weeks for 1 year'],
    ['WEEK', 1, 104, 'every week for 2 years'],
    ['MONTH', 6, 2, 'every 6 months for 1 year'],
    ['DAY', 1, 3, 'every day for 3 days'],
    ['WEEK', 0, undefined, 'every week'],
    ['WEEK', '2', '3', 'every 2 weeks for 6 weeks'],
    ['WEEK', 1, -1, 'every week'],
    ['week', 1, undefined, 'every week'],
  ])('subscription %s x%s, %s cycles: %s', (unit, value, cycles, wording) => {
    expect(priceBody('product-price', sub(V1, unit, value, cycles))).toBe(
      `${NATIVE('1.00')} ${wording}\n`,
    );
  });

  it('words from and sale prices of subscriptions', () => {
    expect(priceBody('product-price', sub(V2, 'MONTH', 1, 24))).toBe(
      `from ${NATIVE('1.00')} every month for 2 years\n\n`,
    );
    expect(priceBody('product-price', sub(VSALE, 'WEEK', 2))).toBe(
      `${HIDDEN('Sale Price:')}${NATIVE('1.00')} every 2 weeks ${HIDDEN('Original Price:')}` +
        `<span class="original-price">${NATIVE('2.00')} every 2 weeks</span>\n\n`,
    );
  });

  it('is Unavailable without a billing period', () => {
    const data = { structuredContent: { productType: 1, variants: VSALE, isSubscribable: true } };
    expect(priceBody('product-price', data)).toBe('Unavailable\n\n');
  });

  it('picks localized subscription keys by count, unit and duration', () => {
    const ls = {
      productPrice__singlePrice__1Monthly__limited__1Years:
        'A {price} {billingPeriodValue} {duration}',
      productPrice__multiplePrices__nWeekly__limited__nWeeks: 'B {price} {fromPrice} {duration}',
      productPrice__singlePrice__nWeekly__indefinite: 'C {billingPeriodValue}',
      productPrice__singlePrice__1Weekly__limited__nWeeks: 'D {duration}',
    };
    const localized = { localizedStrings: ls };
    expect(priceBody('product-price', sub(V1, 'MONTH', 1, 12, localized))).toBe(
      `A ${NATIVE('1.00')} 1 1\n`,
    );
    expect(priceBody('product-price', sub(V2, 'WEEK', 2, 3, localized))).toBe(
      `B ${NATIVE('1.00')} ${NATIVE('1.00')} 6\n\n`,
    );
    // the key says "n" for any count but 1, even where the English wording says "every week"
    expect(priceBody('product-price', sub(V1, 'WEEK', 0, undefined, localized))).toBe('C 0\n');
    // a negative cycle count picks a "limited" key but is worded as indefinite in English
    expect(priceBody('product-price', sub(V1, 'WEEK', 1, -1, localized))).toBe('D -1\n');
  });

  it('formats in the locale with featureFlags.useCLDRMoneyFormat', () => {
    const data = (currency: string, extra = {}): unknown => ({
      structuredContent: { productType: 2, priceMoney: { value: '2500', currency } },
      featureFlags: { useCLDRMoneyFormat: 'true' },
      ...extra,
    });
    expect(priceBody('product-price', data('JPY'))).toBe('¥2,500\n');
    expect(priceBody('product-price', data('EUR'), 'fr')).toBe('2\u202f500,00\u00a0€\n');
    const websiteOnly = {
      structuredContent: { productType: 2, priceMoney: { value: '1', currency: 'EUR' } },
      website: { useCLDRMoneyFormat: true },
    };
    expect(priceBody('product-price', websiteOnly)).toBe(`${NATIVE('1.00')}\n`);
  });

  it('fails the tag on an infinite price in CLDR mode, like the reference', () => {
    const data = {
      structuredContent: { productType: 2, priceMoney: { value: 'Infinity' } },
      featureFlags: { useCLDRMoneyFormat: true },
    };
    const result = render('a{@|product-price}b', data);
    expect(result.html).toBe('ab');
    expect(result.errors).toHaveLength(1);
  });
});

describe('subscription-price', () => {
  const option = (value: string, sale?: string): unknown => ({
    priceMoney: { value },
    ...(sale ? { onSale: true, salePriceMoney: { value: sale } } : {}),
  });
  const data = (variants: unknown[], productType = 1): unknown => ({
    structuredContent: { productType, variants },
  });

  it('prices the first option of the variant a shopper pays least for, without wording', () => {
    const variants = [
      { priceMoney: { value: '10' }, pricingOptions: [option('9'), option('1')] },
      { priceMoney: { value: '20' }, pricingOptions: [option('8')] },
    ];
    expect(priceBody('subscription-price', data(variants))).toBe(`${NATIVE('9.00')}\n`);
    expect(priceBody('subscription-price', data(variants, 3))).toBe(`${NATIVE('9.00')}\n`);
  });

  it('shows a from price when variant prices vary, and sale prices of the option', () => {
    const varied = [
      { price: 1, priceMoney: { value: '10' }, pricingOptions: [option('9')] },
      { price: 2, priceMoney: { value: '20' }, pricingOptions: [option('8')] },
    ];
    expect(priceBody('subscription-price', data(varied))).toBe(`from ${NATIVE('9.00')}\n\n`);
    const sale = [{ priceMoney: { value: '10' }, pricingOptions: [option('9', '4')] }];
    expect(priceBody('subscription-price', data(sale))).toBe(
      `${HIDDEN('Sale Price:')}${NATIVE('4.00')} ${HIDDEN('Original Price:')}<span class="original-price">${NATIVE('9.00')}</span>\n\n`,
    );
  });

  it('is empty for other product types and without pricing options; a malformed option is zero', () => {
    const variants = [{ priceMoney: { value: '10' }, pricingOptions: [option('9')] }];
    expect(priceBody('subscription-price', data(variants, 4))).toBe('\n');
    expect(
      priceBody('subscription-price', data([{ priceMoney: { value: '10' }, pricingOptions: [] }])),
    ).toBe('\n');
    expect(
      priceBody(
        'subscription-price',
        data([{ priceMoney: { value: '10' }, pricingOptions: [null] }]),
      ),
    ).toBe(`${NATIVE('0.00')}\n`);
  });
});

describe('from-price / normal-price / sale-price', () => {
  const digital = (value: unknown): unknown => ({
    structuredContent: { productType: 2, priceMoney: { value }, salePriceMoney: { value } },
  });
  it.each([
    ['1e3', '100000'],
    ['-0', '-0'],
    ['-0.004', '-0.4'],
    ['00012.50', '1250'],
    [2.5, '250'],
    ['12345678901234567890.129', '1234567890123456789012.9'],
    [' 5', '0'],
    [null, '0'],
  ])('%j -> %s', (value, expected) => {
    expect(out('{@|from-price} {@|normal-price} {@|sale-price}', digital(value))).toBe(
      `${expected} ${expected} ${expected}`,
    );
  });
});

describe('product-status', () => {
  const soldOut = { id: 'a', structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } };
  const onSale = {
    structuredContent: { productType: 1, variants: [{ qtyInStock: 1, onSale: true }] },
  };

  it('escapes sold-out texts (quotes too) but not the sale text', () => {
    const ls = { localizedStrings: { productSoldOutText: `a"b'c&d`, productSaleText: 'SALE<i>' } };
    expect(out('{@|product-status}', { ...soldOut, ...ls })).toBe(
      `<div class="product-mark sold-out">a&quot;b'c&amp;d</div>`,
    );
    expect(out('{@|product-status}', { ...onSale, ...ls })).toBe(
      '<div class="product-mark sale">SALE<i></div>',
    );
  });

  it('skips empty texts but shows 0, and finds the merchandising context anywhere up the stack', () => {
    expect(
      out('{@|product-status}', { ...onSale, localizedStrings: { productSaleText: '' } }),
    ).toBe('<div class="product-mark sale">sale</div>');
    expect(
      out('{@|product-status}', { ...soldOut, localizedStrings: { productSoldOutText: 0 } }),
    ).toBe('<div class="product-mark sold-out">0</div>');
    const nested = {
      item: soldOut,
      productMerchandisingContext: { a: { customSoldOutText: 'OUTER' } },
    };
    expect(out('{.section item}{@|product-status}{.end}', nested)).toBe(
      '<div class="product-mark sold-out">OUTER</div>',
    );
  });

  it('is MISSING when in stock and not on sale', () => {
    expect(out('[{@|product-status}]', { structuredContent: { productType: 2 } })).toBe('[]');
  });
});

describe('bookkeeper-money-format', () => {
  it.each([
    [12345, 'en-US', '$123.45'],
    [12345, 'de-DE', '123,45\u00a0€'],
    [12345, 'ja-JP', '￥123'],
    [12345, 'en-GB', '£123.45'],
    [12.5, 'en-US', '$0.12'],
    [13.5, 'en-US', '$0.14'],
    ['123456789012345678901.5555', 'en-US', '$1,234,567,890,123,456,789.02'],
    ['12,345', 'en-US', '$0.00'],
    [{}, 'en-US', '$0.00'],
    [12345, 'none', ''],
  ])('%j in %s -> %s', (value, locale, expected) => {
    expect(out('{@|bookkeeper-money-format}', value, locale)).toBe(expected);
  });
});

describe('percentage-format', () => {
  it.each([
    [0.12345, '', '0.123'],
    [0.0625, '', '0.062'],
    [-1234.5, '', '-1,234.50'],
    [12.3, ' trim', '12.3'],
    [12.3, ' foo', '12.30'],
    ['-0', '', '0.00'],
    ['Infinity', '', '∞'],
    [null, '', '0.00'],
    ['123456789012345678901.5555', '', '123,456,789,012,345,678,901.556'],
  ])('%j%s -> %s', (value, args, expected) => {
    expect(out(`{@|percentage-format${args}}`, value)).toBe(expected);
  });

  it('formats in the render locale', () => {
    expect(out('{@|percentage-format}', '12.3456', 'de-DE')).toBe('12,346');
    expect(out('{@|percentage-format}', 12345678.5, 'en-IN')).toBe('1,23,45,678.50');
    expect(out('{@|percentage-format}', 1, 'none')).toBe('');
  });
});

describe('legacy cents formatters (Java behaviour)', () => {
  it('print cents as an amount; non-numeric input is unchanged', () => {
    expect(out('{@|money-format}|{@|moneyFormat}|{@|money-string}', 123456)).toBe(
      `1,234.56|1,234.56|${NATIVE('1,234.56')}`,
    );
    expect(out('{@|money-string}', '-5')).toBe(NATIVE('-0.05'));
    expect(out('[{@|money-format}]', {})).toBe('[]');
    expect(out('[{@|money-string}]', 'abc')).toBe('[abc]');
  });
});
