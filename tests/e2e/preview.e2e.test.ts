/**
 * `jsont preview` in headless Chromium, on a temporary copy of the demo store: every route
 * answers 200 and shows its content; saving a template reloads the open page; a broken template
 * shows the overlay with file:line:col; fixing it brings the page back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { DEMO_ROUTES } from './demo-routes.js';
import { useSiteInChromium, E2E_TEST_TIMEOUT_MS } from './site-harness.js';

describe.skipIf(!chromiumAvailable())(
  'jsont preview in Chromium',
  { timeout: E2E_TEST_TIMEOUT_MS },
  () => {
    let dir: string;
    let base: string;
    let openPage: () => Promise<Page>;
    const terminal: string[] = [];
    // Preview only: live reload, the error overlay and file watching are the preview's.
    useSiteInChromium(
      'jsont-e2e-',
      { preview: true, log: (m) => terminal.push(m) },
      (site) => ({ dir, base, newPage: openPage } = site),
    );

    it('answers every demo route with 200 and shows its content', async () => {
      const page = await openPage();
      const scriptErrors: string[] = [];
      page.on('pageerror', (err) => scriptErrors.push(err.message));
      try {
        for (const [url, expected] of Object.entries(DEMO_ROUTES)) {
          const response = await page.goto(base + url, { waitUntil: 'load' });
          expect(response?.status(), url).toBe(200);
          await page
            .getByText(expected.visible, { exact: false })
            .first()
            .waitFor({ state: 'visible' });
          expect(await page.locator('#jsont-error-overlay').count(), url).toBe(0);
        }
        // The client script ran: lazy images got their src from data-src (and there are some).
        await page.goto(`${base}/gallery`);
        await page.waitForFunction(() => {
          const images = [...document.querySelectorAll('img.gallery-image[data-src]')];
          return images.length > 0 && images.every((img) => img.getAttribute('src'));
        });
        expect(scriptErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('reloads the open page after a save, shows the overlay for a broken template, recovers', async () => {
      const file = join(dir, 'templates', 'events.html');
      const good = readFileSync(file, 'utf8');
      const page = await openPage();
      try {
        await page.goto(`${base}/events`);
        await waitForLiveReload(page);

        // 1. A save reloads the page with the new content. (How fast is not a test's matter: a
        // wall-clock limit fails on a loaded machine; the page's default timeout bounds it.)
        writeFileSync(
          file,
          good.replace('<h1>{collection.title}</h1>', '<h1>{collection.title} (edited)</h1>'),
        );
        await page.getByRole('heading', { name: 'Events (edited)' }).waitFor();

        // 2. A broken template: unknown formatter on line 2, column 3 of templates/events.html.
        writeFileSync(
          file,
          good.replace('  <h1>{collection.title}</h1>', '  {collection.title|no-such-formatter}'),
        );
        const overlay = page.locator('#jsont-error-overlay');
        await overlay.locator('.where').first().waitFor();
        expect(await overlay.locator('.where').first().textContent()).toBe(
          'templates/events.html:2:3',
        );
        expect(await overlay.locator('pre').first().textContent()).toContain('>> 2 |');
        expect(terminal.join('\n')).toContain('templates/events.html:2:3');

        // A fresh load of the broken page is a 500 with the same overlay.
        const broken = await page.reload();
        expect(broken?.status()).toBe(500);
        await overlay.locator('.where').first().waitFor();
        expect(await overlay.locator('.where').first().textContent()).toBe(
          'templates/events.html:2:3',
        );
        await waitForLiveReload(page);

        // 3. Fixed: the page reloads by itself, content back, overlay gone.
        writeFileSync(file, good);
        await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
        expect(await overlay.count()).toBe(0);
      } finally {
        writeFileSync(file, good);
        await page.close();
      }
    });
  },
);

/** Resolves once the page's live-reload stream is connected (the client sets this flag). */
async function waitForLiveReload(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as { __jsontLiveReload?: string }).__jsontLiveReload === 'connected',
  );
}
