/**
 * The demo store expressed in the developer-platform layout (siteToPlatform, tests/platform/
 * from-site.test.ts) in Chromium: every page of the converted folder loads, hydrates with the
 * storefront client and logs no console error or warning and no page error (the development
 * React build reports hydration mismatches); a navigation link renders its page in the browser.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import { convertDemoStore } from '../platform/support.js';
import { chromiumAvailable, launchChromium } from './chromium.js';
import { E2E_TEST_TIMEOUT_MS, openHydrated, PAGE_TIMEOUT_MS } from './site-harness.js';

describe.skipIf(!chromiumAvailable())('the demo store as a template folder, in Chromium', () => {
  let dir: string;
  let server: PlatformServer;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ dir } = convertDemoStore());
    server = createPlatformServer({
      root: dir,
      dbFile: ':memory:',
      preview: true,
      clientBuild: 'development',
      log: () => {},
    });
    base = await server.listen(0, '127.0.0.1');
    browser = await launchChromium();
  }, E2E_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'loads and hydrates every page with no console problem',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      for (const url of server.site.urls()) {
        const watched = await openHydrated(page, base + url);
        expect(watched.problems, url).toEqual([]);
        expect(watched.pageErrors, url).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
      // A link of the page renders the next page in the browser (the window survives).
      const watched = await openHydrated(page, `${base}/`);
      await page.waitForFunction(() => document.documentElement.dataset['navigation']);
      await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
      await page.click('main a[href="/shop"]');
      await page.waitForFunction(() => document.documentElement.dataset['navigated'] === '/shop');
      expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
      expect(watched.problems).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await page.close();
    },
    E2E_TEST_TIMEOUT_MS * 3,
  );
});
