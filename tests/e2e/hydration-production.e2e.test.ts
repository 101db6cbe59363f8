/**
 * Hydration with React's production build, what the site server ships by default. There the
 * server's React path writes its elements itself (react-renderer/runtime/inline-elements.ts:
 * constructed objects of the shape React's production `jsx` makes, fragments included), where
 * the development build (hydration.e2e.test.ts) and the browser runtime (which leaves out that
 * server-only speed-up) have React make them. The production build does not describe
 * mismatches; it recovers from one by rendering the root again on the client, which replaces
 * the server's nodes: so the test checks that nodes of the server HTML are still in the
 * document after hydration, that the DOM is unchanged, and that nothing was logged.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { DEMO_ROUTES } from './demo-routes.js';
import {
  clickAddToCart,
  E2E_TEST_TIMEOUT_MS,
  loadServerHtml,
  runClient,
  useSiteInChromium,
  watchPage,
} from './site-harness.js';
import { withoutHydrationChanges } from './hydrated-dom.js';

/** A product page with variants, the shop (product cards from a partial), the home page. */
const PAGES: Array<[url: string, kept: string]> = [
  ['/shop/p/linen-work-apron', '.sqs-add-to-cart-button'],
  ['/shop', '.product-card .sqs-product-quick-view-button'],
  ['/', '.product-card'],
];

describe.skipIf(!chromiumAvailable())("hydration with React's production build", () => {
  let base: string;
  let newPage: () => Promise<Page>;
  // Preview only: it loads the server HTML with the client script held back (`/__client.js`),
  // the preview's script path; a served build's entry is content-hashed.
  useSiteInChromium(
    'jsont-hydration-prod-',
    { clientBuild: 'production', log: () => {} },
    (site) => ({ base, newPage } = site),
  );

  interface Hydrated {
    /** Whether the remembered server nodes are still in the document. */
    connected: boolean[];
    /** The root's HTML before and after hydration, lazy image sources left out. */
    before: string;
    after: string;
    /** Console errors and warnings, and page errors, while hydrating. */
    problems: string[];
  }

  /**
   * Loads `url` without its client script, remembers the root's first node and the first
   * `kept` element, then runs the client script and reports. `tamper` changes the page's
   * hydration data first (a mismatch on purpose).
   */
  async function hydrate(
    url: string,
    kept: string,
    tamper?: (data: string) => string,
  ): Promise<Hydrated> {
    const { page, problems, pageErrors } = watchPage(await newPage());
    try {
      if (tamper !== undefined) {
        await page.route(base + url, async (route) => {
          const response = await route.fetch();
          const [html, data] = (await response.text()).split('id="__jsont">');
          await route.fulfill({ response, body: `${html}id="__jsont">${tamper(data!)}` });
        });
      }
      await loadServerHtml(page, base, url);
      await page.evaluate((selector) => {
        const root = document.getElementById('__jsont-root')!;
        (window as unknown as { __kept: Node[] }).__kept = [
          root.firstChild!,
          root.querySelector(selector)!,
        ];
      }, kept);
      // Apart from what hydration adds by design, the DOM must not change.
      const html = async () =>
        withoutHydrationChanges(await page.locator('#__jsont-root').innerHTML());
      const before = await html();
      await runClient(page);
      const connected = await page.evaluate(() =>
        (window as unknown as { __kept: Node[] }).__kept.map((node) => node.isConnected),
      );
      const after = await html();
      return { connected, before, after, problems: [...problems, ...pageErrors] };
    } finally {
      await page.close();
    }
  }

  // One test per page, each with its own limit: a page is a load and a hydration.
  it.each(PAGES)(
    'adopts the server DOM of %s, with nothing logged',
    async (url, kept) => {
      const { connected, before, after, problems } = await hydrate(url, kept);
      expect(connected, url).toEqual([true, true]);
      expect(after, url).toBe(before);
      expect(problems, url).toEqual([]);
    },
    E2E_TEST_TIMEOUT_MS,
  );

  // Journal, gallery, events, search, contact and cart pages too: their own markup (forms,
  // tables, comments, images) hydrates as the shop's does.
  it.each(Object.keys(DEMO_ROUTES))(
    'adopts the server nodes of demo route %s, with nothing logged',
    async (url) => {
      const { connected, problems } = await hydrate(url, '*');
      expect(connected, url).toEqual([true, true]);
      expect(problems, url).toEqual([]);
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'makes the widgets React-owned: the handler their component attached fires',
    async () => {
      // On the server, with the production build, the widget component writes its elements
      // itself (react-renderer/runtime/inline-elements.ts); in the browser React makes them.
      const { page, problems, pageErrors } = watchPage(await newPage());
      try {
        expect(await clickAddToCart(page, base)).toEqual([
          { name: 'add-to-cart-btn', target: expect.stringContaining('sqs-add-to-cart-button') },
        ]);
        expect([...problems, ...pageErrors]).toEqual([]);
      } finally {
        await page.close();
      }
    },
    E2E_TEST_TIMEOUT_MS,
  );

  it(
    'would tell: with data differing from the server data, the server DOM is not adopted',
    async () => {
      const [url, kept] = PAGES[0]!;
      const { connected, problems } = await hydrate(url, kept, (data) => {
        const tampered = data.replace('"title":"Linen Work Apron"', '"title":"Tampered"');
        expect(tampered).not.toBe(data);
        return tampered;
      });
      // React recovers by rendering the root again on the client, and reports it.
      expect(connected).toEqual([false, false]);
      expect(problems.length).toBeGreaterThan(0);
    },
    E2E_TEST_TIMEOUT_MS,
  );
});
