/**
 * The entry decides whether to load the widget chunk from formatter names (hydrate.ts
 * WIDGET_FORMATTERS) without importing the chunk: the names must be exactly the chunk's table.
 */
import { describe, expect, it } from 'vitest';
import { usesWidgets, WIDGET_FORMATTERS, type HydrationBoot } from '../../storefront/hydrate.js';
import { STOREFRONT_WIDGETS } from '../../storefront/widgets/index.js';
import { compile, prepareReact } from '../../index.js';

const bootOf = (source: string): HydrationBoot => ({
  root: 'r',
  template: prepareReact(compile(source)),
  data: {},
  partials: {},
  locale: 'en-US',
  now: 0,
});

describe('widget table', () => {
  it('names the formatters whose widgets the chunk holds', () => {
    expect([...WIDGET_FORMATTERS].sort()).toEqual(Object.keys(STOREFRONT_WIDGETS).sort());
  });

  it('loads the chunk only for templates applying one of them', () => {
    expect(usesWidgets(bootOf('{.section item}{@|add-to-cart-btn}{.end}'))).toBe(true);
    expect(usesWidgets(bootOf('<p>{title}</p>{@|product-price}'))).toBe(false);
  });
});
