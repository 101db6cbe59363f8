/**
 * The developer-platform preview in Chromium: every page of the test template folder
 * (tests/fixtures/platform-site) loads, hydrates with the storefront client and logs no console
 * error or warning and no page error (the development React build reports hydration mismatches).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import { PLATFORM_FIXTURE } from '../platform/support.js';
import { chromiumAvailable, launchChromium } from './chromium.js';
import { E2E_TEST_TIMEOUT_MS, openHydrated, PAGE_TIMEOUT_MS } from './site-harness.js';

describe.skipIf(!chromiumAvailable())('developer-platform preview in Chromium', () => {
  let dir: string;
  let server: PlatformServer;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jsont-platform-e2e-'));
    cpSync(PLATFORM_FIXTURE, dir, { recursive: true });
    server = createPlatformServer({
      root: dir,
      dbFile: ':memory:',
      preview: true,
      clientBuild: 'development',
      log: () => {},
    });
    base = await server.listen(0, '127.0.0.1');
    expect((await fetch(`${base}/__client.js`)).status).toBe(200);
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
      const urls = server.site.urls().filter((u) => u !== '/more');
      const page = await browser.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      for (const url of urls) {
        const watched = await openHydrated(page, base + url);
        expect(watched.problems, url).toEqual([]);
        expect(watched.pageErrors, url).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
      // The folder's script ran, and the stylesheet applied.
      expect(
        await page.evaluate(() => document.documentElement.classList.contains('site-js')),
      ).toBe(true);
      const width = await page.evaluate(
        () => getComputedStyle(document.querySelector('.content')!).maxWidth,
      );
      expect(width).toBe('960px');
      // A navigation link renders the next page in the browser from its page JSON: the window
      // survives (a full load would make a new one), and the page is the one a fresh load gives.
      const watched = await openHydrated(page, `${base}/`);
      await page.waitForFunction(() => document.documentElement.dataset['navigation']);
      await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
      await page.click('.main-nav a[href="/blog"]');
      await page.waitForFunction(() => document.documentElement.dataset['navigated'] === '/blog');
      await page.waitForSelector('.blog-list');
      expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
      expect(await page.evaluate(() => document.body.className)).toContain('collection-type-blog');
      expect(await page.title()).toBe('Fieldnotes');
      expect(watched.problems).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await page.close();
    },
    E2E_TEST_TIMEOUT_MS * 3,
  );
});
