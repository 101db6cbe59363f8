/**
 * The reflected XSS of issue 17: a search query holding markup is shown as text on /search, in
 * the server HTML and after hydration, and runs no script.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';

import { chromiumAvailable } from './chromium.js';
import { useSiteInChromium, watchPage, E2E_TEST_TIMEOUT_MS } from './site-harness.js';

describe.skipIf(!chromiumAvailable())(
  'a hostile search query in Chromium',
  { timeout: E2E_TEST_TIMEOUT_MS },
  () => {
    let base: string;
    let newPage: () => Promise<Page>;
    useSiteInChromium('jsont-xss-', { log: () => {} }, (site) => ({ base, newPage } = site));

    it('shows /search?q=<img src=x onerror=…> as text: no <img> element, no script run', async () => {
      const { page, pageErrors } = watchPage(await newPage());
      try {
        const query = '<img src=x onerror="window.__xss=1">';
        const response = await page.goto(`${base}/search?q=${encodeURIComponent(query)}`, {
          waitUntil: 'load',
        });
        expect(response?.status()).toBe(200);
        await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
        expect(await page.locator('img[src="x"]').count()).toBe(0);
        expect(await page.locator('.search-count').textContent()).toBe(`No results for “${query}”`);
        expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  },
);
