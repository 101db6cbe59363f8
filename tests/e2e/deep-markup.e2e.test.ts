/**
 * A product whose description nests elements far past the browser's limit (9 KB of unclosed
 * `<b>`, issue 24): the React path used to throw while building the page's tree, and the page
 * body was emptied, taking the variant picker and the add-to-cart button with it. The tree is
 * now built as Chromium builds the DOM (past 512 open, elements go beside each other), so the
 * page hydrates and its widgets work (before the fix it never finished hydrating).
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import {
  openHydrated,
  useSiteInChromium,
  E2E_TEST_TIMEOUT_MS,
  PAGE_TIMEOUT_MS,
} from './site-harness.js';

const PRODUCT = '/shop/p/linen-work-apron';

describe.skipIf(!chromiumAvailable())(
  'a product description nested 3,000 deep',
  { timeout: E2E_TEST_TIMEOUT_MS },
  () => {
    let base: string;
    let newPage: () => Promise<Page>;
    // Preview only: it edits the shop's data before the server reads it; a served build is fixed
    // when it is built (another build just for this page would cost a minute of CI).
    useSiteInChromium('jsont-deep-', { log: () => {} }, (site) => {
      ({ base, newPage } = site);
      const file = join(site.dir, 'data/collections/shop.json');
      const shop = JSON.parse(readFileSync(file, 'utf8')) as {
        items: Array<{ urlId: string; body: string }>;
      };
      shop.items.find((item) => `/shop/p/${item.urlId}` === PRODUCT)!.body =
        '<b>'.repeat(3000) + 'deep';
      writeFileSync(file, JSON.stringify(shop));
      const later = new Date(Date.now() + 2000);
      utimesSync(file, later, later);
    });

    it('hydrates with its widgets in place and no page error', async () => {
      const page = await newPage();
      try {
        // The hydration root sits inside <main>: Chromium, counting from <html>, flattens a few
        // levels sooner than the tree built from the root, and React, finding the mismatch,
        // renders the root again in the browser (docs/react-path.md). The page still works.
        const { pageErrors } = await openHydrated(page, base + PRODUCT);
        const root = page.locator('#__jsont-root');
        await expect
          .poll(() => root.locator('h1.product-title').count(), { timeout: PAGE_TIMEOUT_MS })
          .toBe(1);
        expect(await root.locator('.sqs-add-to-cart-button').count()).toBe(1);
        expect(await root.locator('.product-description b').count()).toBeGreaterThan(500);
        expect(await root.textContent()).toContain('deep');
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  },
);
