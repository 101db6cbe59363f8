/**
 * The demo store's owner page in headless Chromium: a visitor without the owner session is
 * refused (401, the server's text, no 500); the owner (the one-time link opened) gets the panels,
 * with no axe violation at 1280 and 375 px, creates stores whose url ids follow the rules
 * (`shop`, then `shop-1`) and saves preferences, the status line announcing each outcome. No
 * console error or hydration warning beyond the refusal's own 401.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { useSiteInChromium, watchPage, type Watched } from './site-harness.js';

describe.skipIf(!chromiumAvailable())('owner panels in Chromium', () => {
  let base: string;
  let newPage: () => Promise<Page>;
  let ownerLink: () => string;
  // Preview only: the owner page and its session are the preview's; `jsont build` leaves the
  // page out of a published site.
  useSiteInChromium('jsont-owner-', { clientBuild: 'development', log: () => {} }, (site) => {
    ({ base, newPage, ownerLink } = site);
  });

  let watched: Watched | undefined;
  let expected: string[] = [];
  afterEach(async () => {
    if (watched === undefined) return;
    const { problems, pageErrors } = watched;
    await watched.page.context().close();
    watched = undefined;
    expect(problems.filter((p) => !expected.includes(p))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expected = [];
  });

  const violations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
    );

  it('refuses a visitor without the owner session', async () => {
    const page = await newPage();
    watched = watchPage(page);
    expected = [
      'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ];
    const response = await page.goto(`${base}/owner`);
    expect(response?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Owner session required' }).waitFor();
    expect(await page.locator('[data-owner-panels]').count()).toBe(0);
  });

  it('gives the owner the panels, creating stores by the url id rules', async () => {
    const page = await newPage();
    watched = watchPage(page);
    await page.goto(ownerLink());
    expect(new URL(page.url()).pathname).toBe('/');
    const response = await page.goto(`${base}/owner`);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page), `${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const status = page.locator('.owner-status');
    const create = page.getByRole('button', { name: 'Create store' });
    await page.getByLabel('Store title').fill('Shop');
    await create.click();
    await page.getByText('Created the store “Shop” at /shop.').waitFor();
    expect(await status.textContent()).toBe('Creating the store: done.');
    await create.click();
    await page.getByText('Created the store “Shop” at /shop-1.').waitFor();

    await page
      .getByLabel('Preferences to save (a JSON object)')
      .fill('{"minimumOrderSubtotal": 900}');
    const preferences = page.getByRole('region', { name: 'Commerce preferences' });
    await preferences.getByRole('button', { name: 'Save' }).click();
    await status.getByText('Saving the preferences: done.').waitFor();
    expect(
      JSON.parse((await page.locator('[data-owner-result="preferences"]').textContent())!),
    ).toEqual({
      minimumOrderSubtotal: 900,
    });
    expect(await violations(page)).toEqual([]);
  });
});
