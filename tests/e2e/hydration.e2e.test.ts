/**
 * Hydration in headless Chromium (docs/architecture.md, "Hydration"): the site server
 * renders a product page with the string path and ships the prepared template, data and
 * partials; the client script hydrates it with React's development build (which reports
 * mismatches in detail). No console error or warning about hydration, no page error, the DOM the
 * server sent is kept (not re-rendered), and the formatter-backed components are React-owned:
 * clicking the add-to-cart button runs the component's handler, which dispatches a bubbling
 * `jsont:add-to-cart-btn` event.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { DEMO_ROUTES } from './demo-routes.js';
import {
  clickAddToCart,
  loadServerHtml,
  runClient,
  useSiteInChromium,
  watchPage,
  type Watched,
  E2E_TEST_TIMEOUT_MS,
} from './site-harness.js';
import { withoutHydrationChanges } from './hydrated-dom.js';

/** Product pages of the demo store: physical with variants, service, gift card, subscription. */
const PRODUCT_PAGES = [
  '/shop/p/linen-work-apron',
  '/shop/p/wheel-throwing-workshop',
  '/shop/p/gift-card',
  '/shop/p/coffee-subscription',
];

describe.skipIf(!chromiumAvailable())(
  'hydration of a server-rendered page in Chromium',
  { timeout: E2E_TEST_TIMEOUT_MS },
  () => {
    let base: string;
    let dir: string;
    let newPage: () => Promise<Page>;
    // Preview only: it loads the server HTML with the client script held back (`/__client.js`)
    // and edits the site's files while the server runs; a served build has neither.
    useSiteInChromium(
      'jsont-hydration-',
      { clientBuild: 'development', log: () => {} },
      (site) => ({ base, dir, newPage } = site),
    );

    const openPage = async (): Promise<Watched> => watchPage(await newPage());

    it('hydrates product pages with no hydration warning and keeps the server DOM', async () => {
      const { page, problems, pageErrors } = await openPage();
      try {
        for (const url of PRODUCT_PAGES) {
          problems.length = 0;
          await loadServerHtml(page, base, url);
          // The server marked the hydration root and shipped what hydration needs.
          expect(await page.locator('#__jsont-root').count(), url).toBe(1);
          expect(await page.locator('script#__jsont').count(), url).toBe(1);
          // Remember nodes of the server HTML: hydration must adopt them, not replace them.
          await page.evaluate(() => {
            const root = document.getElementById('__jsont-root')!;
            const w = window as unknown as { __before: Node[] };
            w.__before = [
              root.querySelector('h1.product-title')!,
              root.querySelector('.sqs-add-to-cart-button')!,
              root.firstChild!,
            ];
          });
          const serverHtml = await page.locator('#__jsont-root').innerHTML();

          await runClient(page);

          const kept = await page.evaluate(() => {
            const w = window as unknown as { __before: Node[] };
            return w.__before.map((node) => node.isConnected);
          });
          expect(kept, url).toEqual([true, true, true]);
          // Apart from what hydration adds by design, the DOM is unchanged.
          const strip = withoutHydrationChanges;
          expect(strip(await page.locator('#__jsont-root').innerHTML()), url).toBe(
            strip(serverHtml),
          );
          expect(
            problems.filter((p) => /hydrat|did not match|mismatch|server rendered/i.test(p)),
            url,
          ).toEqual([]);
          // Nothing else either: a development build logs every misuse it sees.
          expect(problems, url).toEqual([]);
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('hydrates every demo route with nothing logged, keeping its server nodes', async () => {
      // The development build reports any attribute, text or structure it finds different.
      const { page, problems, pageErrors } = await openPage();
      try {
        for (const url of Object.keys(DEMO_ROUTES)) {
          problems.length = 0;
          await loadServerHtml(page, base, url);
          await page.evaluate(() => {
            const root = document.getElementById('__jsont-root')!;
            (window as unknown as { __nodes: Node[] }).__nodes = [...root.querySelectorAll('*')];
          });
          await runClient(page);
          const replaced = await page.evaluate(
            () =>
              (window as unknown as { __nodes: Node[] }).__nodes.filter((node) => !node.isConnected)
                .length,
          );
          expect(replaced, url).toBe(0);
          expect(problems, url).toEqual([]);
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('hydrates pages built from partials, whose widgets are React-owned too', async () => {
      // /shop and / render every product card with `{@|apply product-card.block}`: the partial
      // runs as structured React code, so the quick-view widget inside it is a component.
      const { page, problems, pageErrors } = await openPage();
      try {
        for (const url of ['/shop', '/']) {
          problems.length = 0;
          await loadServerHtml(page, base, url);
          expect(await page.locator('.product-card').count(), url).toBeGreaterThan(0);
          await page.evaluate(() => {
            const w = window as unknown as { __card: Node };
            w.__card = document.querySelector('.product-card')!;
          });
          const serverHtml = await page.locator('#__jsont-root').innerHTML();
          await runClient(page);
          expect(
            await page.evaluate(() => (window as unknown as { __card: Node }).__card.isConnected),
            url,
          ).toBe(true);
          const strip = withoutHydrationChanges;
          expect(strip(await page.locator('#__jsont-root').innerHTML()), url).toBe(
            strip(serverHtml),
          );
          expect(problems, url).toEqual([]);
        }
        // The quick-view widget inside the card partial is React-owned: its click opens the dialog.
        await page.locator('.product-card .sqs-product-quick-view-button').first().click();
        await page.getByRole('dialog').waitFor();
        expect(await page.getByRole('dialog').count()).toBe(1);
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('hydrates the cart page with entries, whose table has whitespace between rows', async () => {
      const { page, problems, pageErrors } = await openPage();
      try {
        await page.goto(`${base}/shop/p/linen-work-apron`, { waitUntil: 'load' });
        const status = await page.evaluate(async () => {
          const crumb = /(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
          const itemId = document.querySelector('[data-item-id]')!.getAttribute('data-item-id');
          const reply = await fetch('/api/commerce/shopping-cart/entries', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
            body: JSON.stringify({ itemId, sku: 'JP-APR-SAG-SM', quantity: 2 }),
          });
          return reply.status;
        });
        expect(status).toBe(200);
        problems.length = 0;
        await loadServerHtml(page, base, '/cart');
        await page.evaluate(() => {
          (window as unknown as { __row: Node }).__row = document.querySelector('tr.cart-entry')!;
        });
        await runClient(page);
        expect(await page.locator('tr.cart-entry').count()).toBe(1);
        expect(
          await page.evaluate(() => (window as unknown as { __row: Node }).__row.isConnected),
        ).toBe(true);
        expect(problems).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('would report a mismatch: data differing from the server data makes React complain', async () => {
      const { page, problems } = await openPage();
      const url = `${base}/shop/p/linen-work-apron`;
      try {
        // The same page, but the hydration data names the product differently.
        await page.route(url, async (route) => {
          const response = await route.fetch();
          const [html, data] = (await response.text()).split('id="__jsont">');
          const tampered = data!.replace('"title":"Linen Work Apron"', '"title":"Tampered"');
          expect(tampered).not.toBe(data);
          await route.fulfill({ response, body: `${html}id="__jsont">${tampered}` });
        });
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
        expect(problems.filter((p) => /hydrat/i.test(p)).length).toBeGreaterThan(0);
      } finally {
        await page.close();
      }
    });

    it('keeps the widgets live on a page rendered whole (a description leaves its element)', async () => {
      // A product description whose markup closes the template's <div class="product-description">:
      // the React path renders that page whole (REACT_UNBALANCED_VALUE); its widgets must still be
      // React's components. The server reads the changed file on the next request.
      const shopFile = join(dir, 'data', 'collections', 'shop.json');
      const original = readFileSync(shopFile, 'utf8');
      const shop = JSON.parse(original) as { items: Array<{ urlId: string; body: string }> };
      const apron = shop.items.find((item) => item.urlId === 'linen-work-apron')!;
      apron.body = '<p>Heavy linen.</p></div><div class="care"><p>Wash cold.</p>';
      writeFileSync(shopFile, JSON.stringify(shop));
      const { page, problems, pageErrors } = await openPage();
      try {
        expect(await clickAddToCart(page, base)).toEqual([
          { name: 'add-to-cart-btn', target: expect.stringContaining('sqs-add-to-cart-button') },
        ]);
        expect(await page.locator('#__jsont-root div.care').count()).toBe(1);
        // The one console message: the React path's warning, from the client's render.
        expect(problems).toEqual([
          expect.stringMatching(/^warning: \[jsont\] REACT_UNBALANCED_VALUE/),
        ]);
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
        writeFileSync(shopFile, original);
      }
    });

    it('makes the formatter-backed components React-owned (the click handler fires)', async () => {
      const { page, problems, pageErrors } = await openPage();
      try {
        expect(await clickAddToCart(page, base)).toEqual([
          { name: 'add-to-cart-btn', target: expect.stringContaining('sqs-add-to-cart-button') },
        ]);
        expect(problems).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  },
);
