/**
 * The demo store built by `jsont build` (the real production client) and served by `jsont serve`
 * (the site handler through the Node adapter, the SQLite commerce origin in process), in
 * headless Chromium: every demo page hydrates under the Content-Security-Policy with no
 * violation and no console error or warning, and the product page adds to the cart, the pill
 * following.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chromiumAvailable, launchChromium } from './chromium.js';
import { DEMO_SITE, serveDemoStore, type ServedSite } from './served-site.js';
import { openHydrated, watchPage } from './site-harness.js';

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
});
