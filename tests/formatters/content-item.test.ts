/**
 * Unit tests of formatters/content-item.ts (`item-classes`, docs/language.md, "Content formatters")
 * and its store helpers. Expected values are the reference engine's observed behaviour (probed with
 * @squarespace/template-engine) and the spec fixtures f-item-classes-1..3.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { isOnSale, isSoldOut } from '../../formatters/content-item.js';

function classes(item: unknown): string {
  return render(compile('{a|item-classes}'), { a: item }).html;
}

function product(structuredContent: unknown): unknown {
  return { recordType: 11, structuredContent };
}

describe('item-classes', () => {
  it('always starts with hentry and post-type-LABEL (the label as is)', () => {
    for (const item of [{}, null, 'x', undefined]) expect(classes(item)).toBe('hentry post-type-');
    expect(classes({ recordTypeLabel: 'X Y' })).toBe('hentry post-type-X Y');
    expect(classes({ recordTypeLabel: '<b>' })).toBe('hentry post-type-<b>');
  });

  it('slugs the promoted block, categories, tags and author', () => {
    expect(classes({ promotedBlockType: 'Block  Type!!x' })).toBe(
      'hentry promoted promoted-block-block-typex post-type-',
    );
    expect(classes({ categories: ['A B', '', 5, null, 'Ünïcode é', '  x  ', 'a_b'] })).toBe(
      'hentry category-a-b category- category-5 category- category-ncode- category--x- ' +
        'category-ab post-type-',
    );
    expect(classes({ tags: ['A B'] })).toBe('hentry tag-a-b post-type-');
    expect(classes({ author: { displayName: 'John  Doe' } })).toBe(
      'hentry author-john-doe post-type-',
    );
    expect(classes({ author: { displayName: '  ' } })).toBe('hentry author-- post-type-');
  });

  it('skips falsy promoted blocks and authors, and non-list categories', () => {
    expect(classes({ promotedBlockType: {} })).toBe('hentry post-type-');
    expect(classes({ promotedBlockType: true })).toBe(
      'hentry promoted promoted-block-true post-type-',
    );
    expect(classes({ author: { displayName: 0 } })).toBe('hentry post-type-');
    expect(classes({ categories: 'foo' })).toBe('hentry post-type-');
    // An object counts as that many entries without text.
    expect(classes({ categories: { x: 'foo', y: 'bar' } })).toBe(
      'hentry category- category- post-type-',
    );
  });

  it('adds the article index from the nearest repeated section, and featured', () => {
    const template = '{.repeated section x}{.repeated section y}{@|item-classes}|{.end}{.end}';
    expect(render(compile(template), { x: [{ y: [{}, {}] }, { y: [{}] }] }).html).toBe(
      'hentry post-type- article-index-1|hentry post-type- article-index-2|' +
        'hentry post-type- article-index-1|',
    );
    expect(classes({ starred: 'false' })).toBe('hentry post-type- featured');
    expect(classes({ starred: {} })).toBe('hentry post-type-');
  });

  it('marks store items (record type 11, read loosely) on sale and sold out', () => {
    const sc = { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] };
    expect(classes(product(sc))).toBe('hentry post-type- on-sale sold-out');
    expect(classes({ recordType: ' 11', structuredContent: sc })).toBe(
      'hentry post-type- on-sale sold-out',
    );
    expect(classes({ recordType: 12, structuredContent: sc })).toBe('hentry post-type-');
    expect(classes({ recordType: '11.5', structuredContent: sc })).toBe('hentry post-type-');
  });
});

it('looks the display fields up through the context, from the current frame outward', () => {
  const run = (template: string, data: unknown): string => render(compile(template), data).html;
  // The variable's value lacks them, so the enclosing frames supply them.
  expect(run('{title|item-classes}', { title: 'x', tags: ['a'] })).toBe('hentry tag-a post-type-');
  const outer = {
    promotedBlockType: 'Image Block',
    categories: ['A b'],
    author: { displayName: 'Jo Do' },
    recordTypeLabel: 'blog',
    starred: true,
  };
  expect(run('{.section item}{title|item-classes}{.end}', { item: { title: 'x' }, ...outer })).toBe(
    'hentry promoted promoted-block-image-block category-a-b author-jo-do post-type-blog featured',
  );
  // The nearest frame that has the field wins; null counts as found.
  expect(
    run('{.section item}{a|item-classes}{.end}', { item: { a: 1, tags: ['i'] }, tags: ['r'] }),
  ).toBe('hentry tag-i post-type-');
  expect(run('{a|item-classes}', { a: { tags: null }, tags: ['r'] })).toBe('hentry post-type-');
  // author is found first, then descended into: an author without a name hides the outer one.
  expect(run('{a|item-classes}', { a: { author: {} }, author: { displayName: 'R' } })).toBe(
    'hentry post-type-',
  );
  // The frame of `{a.b}` sits directly on the enclosing one, not on `a`.
  expect(run('{a.b|item-classes}', { a: { b: 1, tags: ['ab'] }, tags: ['r'] })).toBe(
    'hentry tag-r post-type-',
  );
  expect(
    run('{.repeated section items}{title|item-classes}{.end}', {
      items: [{ title: 'a', tags: ['z'] }],
    }),
  ).toBe('hentry tag-z post-type- article-index-1');
});

it('reads the store marks from the formatted value only, not the frames', () => {
  const sc = { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] };
  const run = (data: unknown): string => render(compile('{a|item-classes}'), data).html;
  expect(run({ a: 'x', recordType: 11, structuredContent: sc })).toBe('hentry post-type-');
  expect(run({ a: { structuredContent: sc }, recordType: 11 })).toBe('hentry post-type-');
  expect(run({ a: { recordType: 11 }, structuredContent: sc })).toBe('hentry post-type- sold-out');
  // After `get`, the value is the nested object while tags still come from the frames.
  const got = '{a|get k|item-classes}';
  expect(render(compile(got), { k: 'b', a: { b: { tags: ['x'], recordType: 11 } } }).html).toBe(
    'hentry post-type- sold-out',
  );
});

describe('isOnSale / isSoldOut', () => {
  it('physical products and services look at their variants', () => {
    for (const productType of [1, 3, '1', true]) {
      const sc = {
        productType,
        variants: [
          { onSale: false, qtyInStock: 0 },
          { onSale: 'x', qtyInStock: 1 },
        ],
      };
      expect(isOnSale(product(sc))).toBe(true);
      expect(isSoldOut(product(sc))).toBe(false);
    }
    expect(isOnSale(product({ productType: 1, variants: [{ onSale: {} }, { onSale: [] }] }))).toBe(
      false,
    );
  });

  it('counts stock loosely and unlimited variants as in stock', () => {
    const soldOut = (variant: unknown) =>
      isSoldOut(product({ productType: 1, variants: [variant] }));
    for (const qty of [0.5, '0.5', true, '3abc', '1e3'])
      expect(soldOut({ qtyInStock: qty })).toBe(false);
    for (const qty of [0, -1, null, 'abc', [5], {}])
      expect(soldOut({ qtyInStock: qty })).toBe(true);
    expect(soldOut({ qtyInStock: 0, unlimited: 'false' })).toBe(false);
    expect(soldOut({ qtyInStock: 0, unlimited: {} })).toBe(true);
    expect(isSoldOut(product({ productType: 1, variants: [] }))).toBe(true);
    expect(isSoldOut(product({ productType: 1, variants: { a: { qtyInStock: 1 } } }))).toBe(true);
  });

  it('digital products carry the sale flag themselves and never sell out; gift cards neither', () => {
    const digital = product({ productType: 2, onSale: true, variants: [{ qtyInStock: 0 }] });
    expect(isOnSale(digital)).toBe(true);
    expect(isSoldOut(digital)).toBe(false);
    const giftCard = product({ productType: 4, onSale: true, variants: [{ onSale: true }] });
    expect(isOnSale(giftCard)).toBe(false);
    expect(isSoldOut(giftCard)).toBe(false);
  });

  it('an unknown or missing product type is sold out and never on sale', () => {
    for (const productType of [0, 5, 1.5, 'abc', null, undefined]) {
      const item = product({ productType, variants: [{ onSale: true, qtyInStock: 5 }] });
      expect(isOnSale(item)).toBe(false);
      expect(isSoldOut(item)).toBe(true);
    }
    expect(classes({ recordType: 11 })).toBe('hentry post-type- sold-out');
  });
});
