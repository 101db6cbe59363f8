/**
 * Client-side navigation in Chromium (docs/navigation.md): every demo route the client renders
 * is DOM-equal whether navigated to from another page or loaded fresh, with nothing logged
 * (React's development build, which warns of what hydration and rendering find wrong); back
 * restores the previous page and its scroll position without a reload; a page JSON that fails
 * (the preview's fault injection) makes the browser load the page in full.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { DEMO_ROUTES } from './demo-routes.js';
import {
  bodySnapshot as snapshot,
  followLink as follow,
  NAVIGABLE_ROUTES as ROUTES,
  navigationReady,
} from './navigation-walk.js';
import { openHydrated, useSiteInChromium, type Watched } from './site-harness.js';

describe.skipIf(!chromiumAvailable())('client-side navigation', () => {
  let base: string;
  let newPage: () => Promise<Page>;
  // Preview only for now: navigation rendered in the browser asks for `?format=page`, which
  // the site handler of `jsont serve` does not answer yet.
  useSiteInChromium(
    'jsont-navigation-',
    { clientBuild: 'development', log: () => {} },
    (site) => ({ base, newPage } = site),
  );

  const clearFaults = () => fetch(`${base}/__faults`, { method: 'DELETE' });
  afterEach(clearFaults);

  async function open(url: string): Promise<Watched> {
    const watched = await openHydrated(await newPage(), base + url);
    await navigationReady(watched.page);
    return watched;
  }

  const problemsOf = (w: Watched) => [...w.problems, ...w.pageErrors];

  // Two page loads per demo route: on a loaded two-core machine the walk outlasts the default
  // limit, which is sized for a single page.
  const walkTimeout = { timeout: ROUTES.length * 15_000 };
  it('renders every route as a fresh load of it does, nothing logged', walkTimeout, async () => {
    const walker = await open('/');
    // The window survives client-side navigations only.
    await walker.page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
    const fresh = async (url: string) => {
      const watched = await open(url);
      await watched.page.waitForLoadState('networkidle');
      const html = await snapshot(watched.page);
      expect(problemsOf(watched), url).toEqual([]);
      await watched.page.context().close();
      return html;
    };
    // Each route from the one before it (the first from the home page, the home page last).
    for (const url of [...ROUTES.slice(1), ROUTES[0]!]) {
      await follow(walker.page, url);
      await walker.page.waitForLoadState('networkidle');
      const navigated = await snapshot(walker.page);
      expect(navigated, url).toBe(await fresh(url));
      expect(await walker.page.title(), url).toBe(DEMO_ROUTES[url]!.title);
      expect(new URL(walker.page.url()).pathname + new URL(walker.page.url()).search).toBe(url);
    }
    expect(
      await walker.page.evaluate(() => (window as unknown as { __kept?: number }).__kept),
    ).toBe(1);
    expect(problemsOf(walker)).toEqual([]);
  });

  it('moves focus to the main heading and announces the title', async () => {
    const { page } = await open('/');
    await follow(page, '/shop');
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(
      '<h1 tabindex="-1">Shop</h1>',
    );
    await expect
      .poll(() => page.locator('#jsont-route-announcer').textContent())
      .toBe(DEMO_ROUTES['/shop']!.title);
    expect(await page.locator('#jsont-route-announcer').getAttribute('aria-live')).toBe('polite');
  });

  it('goes back to the previous page and its scroll position without a reload', async () => {
    const watched = await open('/shop');
    const { page } = watched;
    const before = await snapshot(page);
    await page.evaluate(() => {
      (window as unknown as { __kept: number }).__kept = 1;
      window.scrollTo(0, 400);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await follow(page, '/journal');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForFunction(() => document.documentElement.dataset['navigated'] === '/shop');
    expect(new URL(page.url()).pathname).toBe('/shop');
    expect(await snapshot(page)).toBe(before);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.goForward();
    await page.waitForFunction(() => document.documentElement.dataset['navigated'] === '/journal');
    expect(await page.title()).toBe(DEMO_ROUTES['/journal']!.title);
    expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
    expect(problemsOf(watched)).toEqual([]);
  });

  it('loads the page in full when its JSON fails, and not otherwise', async () => {
    const { page } = await open('/');
    await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
    const response = await fetch(`${base}/__faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The page JSON's request only: the full load that follows is served.
      body: JSON.stringify({ rules: [{ path: '/journal', status: 500, times: 1 }] }),
    });
    expect(response.status).toBe(200);
    const loaded = page.waitForEvent('load');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/journal';
      document.body.append(a);
      a.click();
    });
    await loaded;
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    expect(new URL(page.url()).pathname).toBe('/journal');
    expect(await page.title()).toBe(DEMO_ROUTES['/journal']!.title);
    expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(
      undefined,
    );
    // The same click with the server well: no reload.
    await page.waitForFunction(() => document.documentElement.dataset['navigation']);
    await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 2));
    await follow(page, '/events');
    expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(2);
  });
});
