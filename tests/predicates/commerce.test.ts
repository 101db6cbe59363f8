/**
 * has-variants?, on-sale?, sold-out?, varied-prices? on the current node. The predicates restate
 * the product rules of formatters/commerce-product.ts (the layering keeps predicates/ from
 * importing formatters/), so every case also checks that both agree.
 */
import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
} from '../../formatters/commerce-product.js';
import { COMMERCE_PREDICATES } from '../../predicates/commerce.js';
import { render } from '../../index.js';
import { FakeContext } from '../support/fake-context.js';
import { readFixtureSections } from '../support/fixtures.js';

const RULES: Array<[string, (item: unknown) => boolean]> = [
  ['has-variants?', hasVariants],
  ['on-sale?', isOnSale],
  ['sold-out?', isSoldOut],
  ['varied-prices?', hasVariedPrices],
];

function predicate(name: string, node: unknown): boolean {
  const ctx = new FakeContext({});
  ctx.push(node);
  return COMMERCE_PREDICATES[name]!.apply([], ctx);
}

const product = (variants: unknown, productType: unknown = 1, extra = {}): unknown => ({
  structuredContent: { productType, variants, ...extra },
});

/** Products covering every rule branch, incl. the loose readings observed on the reference. */
const PRODUCTS: unknown[] = [
  ...[-1, 0, 1, 2, 3, 4, 5, '1', '2', null, 'x', 2.5, true].map((type) =>
    product(
      [
        { price: 100, qtyInStock: 0 },
        { price: 200, onSale: true, salePrice: 50, qtyInStock: 0 },
      ],
      type,
      { onSale: true },
    ),
  ),
  product([{ unlimited: 'false' }]),
  product([{ qtyInStock: 'abc' }, null]),
  product([{ qtyInStock: true }]),
  product([{ price: '100' }, { price: 100 }]),
  product([
    { price: 1, onSale: true, salePrice: 1 },
    { price: 1, onSale: true, salePrice: 2 },
  ]),
  product([
    { price: 1, salePrice: 1 },
    { price: 1, salePrice: 2 },
  ]),
  product({ a: 1 }),
  product([], 3),
  { structuredContent: 5 },
  {},
  null,
  'text',
  [product([{}, {}])],
];

describe('commerce predicates', () => {
  it('registers the four predicates', () => {
    expect(Object.keys(COMMERCE_PREDICATES).sort()).toEqual(RULES.map(([name]) => name).sort());
  });

  for (const [name, rule] of RULES) {
    it(`${name} agrees with the formatter-side rule`, () => {
      for (const node of PRODUCTS)
        expect(predicate(name, node), JSON.stringify(node)).toBe(rule(node));
    });
  }

  it.each([
    ['has-variants?', product([{}, {}], -1), true],
    ['has-variants?', product([{}, {}], 2), false],
    ['on-sale?', product([{ onSale: 'false' }]), true],
    ['on-sale?', product([{ onSale: true }], 4), false],
    ['sold-out?', product([{ qtyInStock: 0.5 }]), false],
    ['sold-out?', product([{ unlimited: 0 }]), true],
    ['varied-prices?', product([{ price: 1, onSale: true, salePrice: 1 }, { price: 1 }]), true],
    [
      'varied-prices?',
      product([
        { price: 1, onSale: true },
        { price: 1, onSale: true },
      ]),
      false,
    ],
  ])('%s on %j is %s', (name, node, expected) => {
    expect(predicate(name, node)).toBe(expected);
  });

  it('tests the current node of a section', () => {
    const data = { items: [product([{ qtyInStock: 0 }]), product([{ unlimited: true }])] };
    const template = '{.repeated section items}{.sold-out?}S{.or}-{.end}{.end}';
    expect(render(template, data).html).toBe('S-');
  });
});

describe('helper data agrees with the predicates', () => {
  const files: Array<[string, string]> = [
    ['has-variants.json', 'has-variants?'],
    ['has-varied-prices.json', 'varied-prices?'],
  ];
  for (const [file, name] of files) {
    const sections = readFixtureSections('plugins', file);
    for (const [section, text] of Object.entries(sections)) {
      it(`${file} ${section}`, () => {
        expect(predicate(name, JSON.parse(text))).toBe(section.endsWith('-true'));
      });
    }
  }
});
