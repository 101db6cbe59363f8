/**
 * The developer-platform preview in Chromium: every page of the test template folders
 * (tests/fixtures/platform-site, and platform-shapes, shaped like public templates) loads,
 * hydrates with the storefront client and logs no console error or warning and no page error
 * (the development React build reports hydration mismatches); links render their pages in the
 * browser from `?format=page`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import { PLATFORM_FIXTURE } from '../platform/support.js';
import { chromiumAvailable, launchChromium } from './chromium.js';
import { E2E_TEST_TIMEOUT_MS, openHydrated, PAGE_TIMEOUT_MS } from './site-harness.js';

const SHAPES_FIXTURE = resolve(import.meta.dirname, '../fixtures/platform-shapes');

describe.skipIf(!chromiumAvailable())('developer-platform preview in Chromium', () => {
  const dirs: string[] = [];
  const servers: PlatformServer[] = [];
  let server: PlatformServer;
  let base: string;
  let browser: Browser;

  /** A preview of a copy of `fixture`; resolves to its server and base URL. */
  async function serve(fixture: string): Promise<{ server: PlatformServer; base: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'jsont-platform-e2e-'));
    dirs.push(dir);
    cpSync(fixture, dir, { recursive: true });
    const started = createPlatformServer({
      root: dir,
      dbFile: ':memory:',
      preview: true,
      clientBuild: 'development',
      log: () => {},
    });
    servers.push(started);
    return { server: started, base: await started.listen(0, '127.0.0.1') };
  }

  /** Opens every page of `urls` in turn: each hydrates with nothing logged. */
  async function openEach(page: Page, at: string, urls: string[]): Promise<void> {
    for (const url of urls) {
      const watched = await openHydrated(page, at + url);
      expect(watched.problems, url).toEqual([]);
      expect(watched.pageErrors, url).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  }

  beforeAll(async () => {
    ({ server, base } = await serve(PLATFORM_FIXTURE));
    expect((await fetch(`${base}/__client.js`)).status).toBe(200);
    browser = await launchChromium();
  }, E2E_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'loads and hydrates every page with no console problem',
    async () => {
      const urls = server.site.urls().filter((u) => u !== '/more');
      const page = await browser.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      await openEach(page, base, urls);
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

  it(
    'loads every page of a folder shaped like public templates, and pages and filters a list in the browser',
    async () => {
      const shapes = await serve(SHAPES_FIXTURE);
      const urls = shapes.server.site.urls().filter((u) => u !== '/folders');
      const page = await browser.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      await openEach(page, shapes.base, [...urls, '/blog?category=Studio', '/folders']);
      // The combined scripts ran, in order.
      expect(
        await page.evaluate(() =>
          [...document.documentElement.classList].filter((c) => c.endsWith('-js')),
        ),
      ).toEqual(['site-js', 'extra-js']);
      // Pagination and a category link (relative, as templates write them) render in the browser.
      const watched = await openHydrated(page, `${shapes.base}/blog`);
      await page.waitForFunction(() => document.documentElement.dataset['navigation']);
      await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
      const older = await page.getAttribute('a.older', 'href');
      await page.click('a.older');
      await page.waitForFunction((u) => document.documentElement.dataset['navigated'] === u, older);
      expect(await page.locator('main h1.title').count()).toBe(1);
      await page.click('a.category');
      await page.waitForFunction(() =>
        document.documentElement.dataset['navigated']?.startsWith('/blog?category='),
      );
      expect(await page.textContent('p.filtered-by')).toMatch(/^Filtered by Category: \w+$/);
      expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
      expect(watched.problems).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await page.close();
    },
    E2E_TEST_TIMEOUT_MS * 3,
  );
});
