/**
 * What the navigation suites (navigation.e2e.test.ts against the preview, serve.e2e.test.ts
 * against `jsont serve`) use to compare a page navigated to in the browser with the same page
 * loaded fresh, and to follow links the way a visitor does.
 */
import type { Page } from 'playwright-core';

import { normalDom } from '../react/dom-equal.js';
import { DEMO_ROUTES } from './demo-routes.js';
import { withoutHydrationChanges } from './hydrated-dom.js';

/** Demo routes the client renders (checkout pages always load in full). */
export const NAVIGABLE_ROUTES = Object.keys(DEMO_ROUTES).filter(
  (url) => !url.startsWith('/checkout'),
);

/**
 * The page's body as compared (the DOM oracle's normal form: attribute order and the like do
 * not count), without what differs by design: the server's boot scripts
 * (a fresh load's describe its own page; a navigated page keeps the first page's) and the
 * line breaks after them, the route announcer, the heading's tabindex (focus lands there), and
 * the crumb of the no-JS forms (a fresh load is a new visitor, with a crumb of its own).
 */
export async function bodySnapshot(page: Page): Promise<string> {
  const html = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll('script, #jsont-route-announcer')) el.remove();
    while (body.lastChild?.nodeType === Node.TEXT_NODE && !body.lastChild.textContent!.trim()) {
      body.lastChild.remove();
    }
    body.querySelector('h1[tabindex="-1"]')?.removeAttribute('tabindex');
    for (const crumb of body.querySelectorAll('input[name="crumb"]'))
      crumb.setAttribute('value', '');
    return body.outerHTML;
  });
  return normalDom(withoutHydrationChanges(html));
}

/** Waits until the navigation chunk runs on the page (links are then followed in the browser). */
export async function navigationReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset['navigation']);
}

/** Follows a link to `url` the way a visitor would (a plain click); waits until shown. */
export async function followLink(page: Page, url: string): Promise<void> {
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'next';
    document.body.append(a);
    a.click();
  }, url);
  await page.waitForFunction((u) => document.documentElement.dataset['navigated'] === u, url);
}

/** Marks the window: the mark survives client-side navigations only. */
export const markWindow = (page: Page, value: number): Promise<void> =>
  page.evaluate((v) => void ((window as unknown as { __kept: number }).__kept = v), value);

/** The window's mark (undefined after a full load). */
export const windowMark = (page: Page): Promise<number | undefined> =>
  page.evaluate(() => (window as unknown as { __kept?: number }).__kept);
