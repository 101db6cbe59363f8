/**
 * The demo store built by `jsont build` (the real production client) and served as
 * `jsont serve` serves it (the site handler through the Node adapter, the SQLite commerce
 * origin in process), in headless Chromium: every demo page hydrates under the
 * Content-Security-Policy with no violation and no console error or warning, the product
 * page adds to the cart, the pill following, and every route the client renders, followed
 * from a link, is rendered in the browser (page JSON and page code from the handler, no
 * reload) and DOM-equal to the same route loaded fresh.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chromiumAvailable, launchChromium } from './chromium.js';
import { DEMO_ROUTES } from './demo-routes.js';
import {
  bodySnapshot,
  followLink,
  markWindow,
  NAVIGABLE_ROUTES,
  navigationReady,
  windowMark,
} from './navigation-walk.js';
import { DEMO_SITE, serveDemoStore, type ServedSite } from './served-site.js';
import { openHydrated, watchPage, type Watched } from './site-harness.js';

const PAGES = ['/', '/shop', '/shop/p/linen-work-apron', '/cart', '/journal', '/search?q=mug'];

describe.skipIf(!chromiumAvailable())('a built site under jsont serve, in Chromium', () => {
  let served: ServedSite;
  let browser: Browser;
  let base: string;

  // The shared build of the demo store (served-site.ts): minutes on a loaded machine.
  beforeAll(async () => {
    served = await serveDemoStore('jsont-serve-e2e-');
    base = served.base;
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  /** A page that records Content-Security-Policy violations (none is expected). */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext();
    // The demo's pop-up overlay opens after a delay and would cover the page: remembered as seen.
    const popup = JSON.parse(readFileSync(join(DEMO_SITE, 'data/popup-overlay.json'), 'utf8')) as {
      popupOverlay: { version: string };
    };
    const seen = JSON.stringify({ version: popup.popupOverlay.version, submitted: true });
    await context.addInitScript((value) => {
      localStorage.setItem('popup-overlay', value);
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    }, seen);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

  it.each(PAGES)(
    '%s hydrates under the CSP with no violation and no console problem',
    async (path) => {
      const page = await newPage();
      const watched = await openHydrated(page, base + path);
      expect(await violations(page)).toEqual([]);
      expect(watched.problems).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await page.context().close();
    },
  );

  it('adds to the cart from the product page, the pill following', async () => {
    const page = await newPage();
    const watched = watchPage(page);
    await page.goto(`${base}/shop/p/linen-work-apron`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await page.selectOption('select[data-variant-option-name="Color"]', 'Sage');
    await page.selectOption('select[data-variant-option-name="Size"]', 'L/XL');
    await page.locator('.sqs-add-to-cart-button').first().click();
    await expect
      .poll(() => page.locator('.cart-pill-status').textContent())
      .toBe('One item in cart');
    await page.goto(`${base}/cart`, { waitUntil: 'load' });
    expect(await page.locator('.cart-pill .cart-pill-count').innerText()).toBe('1');
    expect(await violations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    await page.context().close();
  });

  it(
    'renders every route followed from a link in the browser, as a fresh load of it shows',
    async () => {
      const problemsOf = (w: Watched) => [...w.problems, ...w.pageErrors];
      const walker = await openHydrated(await newPage(), `${base}/`);
      await navigationReady(walker.page);
      const documents: string[] = [];
      const codes: string[] = [];
      walker.page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
        if (new URL(request.url()).pathname.startsWith('/__jsont/code/')) codes.push(request.url());
      });
      await markWindow(walker.page, 1);
      // Each route from the one before it (the first from the home page, the home page last).
      for (const url of [...NAVIGABLE_ROUTES.slice(1), NAVIGABLE_ROUTES[0]!]) {
        await followLink(walker.page, url);
        await walker.page.waitForLoadState('networkidle');
        const navigated = await bodySnapshot(walker.page);
        const fresh = await openHydrated(await newPage(), base + url);
        await fresh.page.waitForLoadState('networkidle');
        expect(navigated, url).toBe(await bodySnapshot(fresh.page));
        expect(problemsOf(fresh), url).toEqual([]);
        expect(await violations(fresh.page), url).toEqual([]);
        await fresh.page.context().close();
        expect(await walker.page.title(), url).toBe(DEMO_ROUTES[url]!.title);
      }
      expect(await windowMark(walker.page)).toBe(1);
      expect(documents).toEqual([]);
      // Pages of one template share a code, fetched once.
      expect(codes.length).toBeGreaterThan(1);
      expect(codes.length).toBeLessThan(NAVIGABLE_ROUTES.length);
      expect(new Set(codes).size).toBe(codes.length);
      expect(problemsOf(walker)).toEqual([]);
      expect(await violations(walker.page)).toEqual([]);
      await walker.page.context().close();
      // Two page loads per route: a loaded machine takes seconds for each.
    },
    NAVIGABLE_ROUTES.length * 15_000,
  );
});
