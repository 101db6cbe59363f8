/**
 * The picker's sold-out marks (docs/storefront.md, "Sold out"): a value is marked when choosing
 * it, with the *other* options as chosen, leaves no variant in stock. The demo apron's only
 * sold-out variant is Charcoal L/XL: Charcoal is marked only while L/XL is the chosen size (that
 * combination is what choosing it would make), never on its own, and the option's own current
 * choice never counts against its values.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import { optionAvailable, type Choices } from '../../storefront/state/product.js';

const shop = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, '../../fixtures/site/data/collections/shop.json'),
    'utf8',
  ),
) as { items: { urlId: string }[] };
const apron = shop.items.find((i) => i.urlId === 'linen-work-apron')!;

/** The values of `option` that are marked, given `choices`. */
const marked = (choices: Choices, option: string, values: string[]) =>
  values.filter((v) => !optionAvailable(apron, choices, option, v));

describe('sold-out marks in the option pickers', () => {
  const COLORS = ['Sage', 'Charcoal'];
  const SIZES = ['S/M', 'L/XL'];

  it('marks nothing before a choice: every value has a variant in stock', () => {
    expect(marked({}, 'Color', COLORS)).toEqual([]);
    expect(marked({}, 'Size', SIZES)).toEqual([]);
  });

  it('marks Charcoal only while L/XL is the chosen size', () => {
    expect(marked({ Size: 'L/XL' }, 'Color', COLORS)).toEqual(['Charcoal']);
    expect(marked({ Size: 'S/M' }, 'Color', COLORS)).toEqual([]);
    expect(marked({ Size: '' }, 'Color', COLORS)).toEqual([]);
  });

  it('marks L/XL only while Charcoal is the chosen color', () => {
    expect(marked({ Color: 'Charcoal' }, 'Size', SIZES)).toEqual(['L/XL']);
    expect(marked({ Color: 'Sage' }, 'Size', SIZES)).toEqual([]);
  });

  it('judges a value by the other options only, whatever that option has chosen', () => {
    // Charcoal chosen: Sage is judged with the size alone, not as "Charcoal and Sage".
    expect(marked({ Color: 'Charcoal', Size: 'S/M' }, 'Color', COLORS)).toEqual([]);
    expect(marked({ Color: 'Sage', Size: 'L/XL' }, 'Color', COLORS)).toEqual(['Charcoal']);
    expect(marked({ Color: 'Charcoal', Size: 'L/XL' }, 'Size', SIZES)).toEqual(['L/XL']);
  });
});
