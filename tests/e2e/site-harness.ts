/**
 * Shared setup of the e2e suites: the site server on a temporary copy of the demo store
 * (fixtures/site, without its .data folder) with a `:memory:` db, and the system Chromium.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

import {
  createSiteServer,
  type SiteServer,
  type SiteServerOptions,
} from '../../server/preview/site-server.js';
import { launchChromium } from './chromium.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');

/**
 * Playwright's default timeout for every action, wait and navigation of a page made here. A
 * page step takes well under a second on a quiet machine; a loaded two-core CI machine has been
 * seen 3-10 times slower, and this leaves room beyond that.
 */
export const PAGE_TIMEOUT_MS = 30_000;
/**
 * A per-test limit for a test that takes a few page steps (a load, a hydration, a click and
 * its answer): a few times PAGE_TIMEOUT_MS, so a slow machine fails one step, with its
 * message, before the test's limit.
 */
export const E2E_TEST_TIMEOUT_MS = 120_000;

/** What `useSiteInChromium` hands the suite once the server and browser are up. */
export interface SiteInChromium {
  /** The temporary copy of the demo store the server runs on. */
  dir: string;
  /** The server's `http://127.0.0.1:PORT`. */
  base: string;
  /**
   * A new browser page, in a browser context of its own that closes with it, with
   * PAGE_TIMEOUT_MS as its default timeout. The demo's promotional pop-up overlay opens after
   * a delay on some pages and would cover what a suite clicks: the page starts with it
   * remembered as followed (local storage), unless `popupOverlay` asks for it.
   */
  newPage(options?: { popupOverlay?: boolean }): Promise<Page>;
  /** The server's current one-time owner link (opening it gives that browser the owner session). */
  ownerLink(): string;
}

/**
 * Registers the suite's `beforeAll` (copy the demo store into a temp folder named from
 * `prefix`, start the site server on it with `options` and its test hooks, launch Chromium, pass them to
 * `receive`) and `afterAll` (close the browser and server, remove the copy).
 */
export function useSiteInChromium(
  prefix: string,
  options: Omit<SiteServerOptions, 'root' | 'dbFile'>,
  receive: (site: SiteInChromium) => void,
): void {
  let dir: string | undefined;
  let server: SiteServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    dir = root;
    cpSync(SITE, root, { recursive: true, filter: (src) => !src.startsWith(join(SITE, '.data')) });
    // The test hooks (/__faults, /__recorded) let a suite inject failures and read records.
    server = createSiteServer({ root, dbFile: ':memory:', testHooks: true, ...options });
    const base = await server.listen(0, '127.0.0.1');
    // The client script is built on its first request: here, under the hook's limit, not in
    // the first test's.
    expect((await fetch(`${base}/__client.js`)).status).toBe(200);
    const launched = await launchChromium();
    browser = launched;
    receive({
      dir: root,
      base,
      newPage: async (pageOptions = {}) => {
        // A page of its own context (axe's Playwright builder needs one made by newContext).
        const context = await launched.newContext();
        if (pageOptions.popupOverlay !== true) await rememberPopupFollowed(context, root);
        const page = await context.newPage();
        // Closing an already closed context (a test closed it, or the browser went) is moot.
        page.once('close', () => void context.close().catch(() => undefined));
        page.setDefaultTimeout(PAGE_TIMEOUT_MS);
        page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
        return page;
      },
      ownerLink: () => server!.ownerLink(),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
}

/** The demo's pop-up overlay recorded as followed, so it never opens in `context`. */
async function rememberPopupFollowed(context: BrowserContext, siteDir: string): Promise<void> {
  const file = join(siteDir, 'data/popup-overlay.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as { popupOverlay: { version: string } };
  const record = JSON.stringify({ version: settings.popupOverlay.version, submitted: true });
  await context.addInitScript((value) => localStorage.setItem('popup-overlay', value), record);
}

/** A page whose console errors and warnings, and page errors, are collected. */
export interface Watched {
  page: Page;
  /** Console messages of level error or warning, as `level: text`. */
  problems: string[];
  pageErrors: string[];
}

/** Collects `page`'s console errors and warnings, and its page errors. */
export function watchPage(page: Page): Watched {
  const problems: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const level = message.type();
    if (level === 'error' || level === 'warning') problems.push(`${level}: ${message.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { page, problems, pageErrors };
}

/** Opens `url` in `page`, watched, and waits until the storefront has hydrated it. */
export async function openHydrated(page: Page, url: string): Promise<Watched> {
  const watched = watchPage(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status(), url).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  return watched;
}

/** Loads `base + url` without its client script, so a test can look at the DOM first. */
export async function loadServerHtml(page: Page, base: string, url: string): Promise<void> {
  await page.route('**/__client.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  const response = await page.goto(base + url, { waitUntil: 'load' });
  expect(response?.status(), url).toBe(200);
  await page.unroute('**/__client.js');
}

/** Runs the real client script (the one the page would have loaded) and waits for hydration. */
export async function runClient(page: Page): Promise<void> {
  // Another URL than the stubbed one: a module runs once per URL and document.
  await page.addScriptTag({ url: '/__client.js?now', type: 'module' });
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
}

/**
 * Opens the product page with its client script, waits for hydration and clicks the add-to-cart
 * button: the `jsont:add-to-cart-btn` events the document saw (the handler its widget component
 * attached fires only where React owns the widget).
 */
export async function clickAddToCart(page: Page, base: string): Promise<unknown[]> {
  const response = await page.goto(`${base}/shop/p/linen-work-apron`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
  await page.evaluate(() => {
    const w = window as unknown as { __events: unknown[] };
    w.__events = [];
    document.addEventListener('jsont:add-to-cart-btn', (event) => {
      const detail = (event as CustomEvent<{ name: string }>).detail;
      w.__events.push({ name: detail.name, target: (event.target as Element).className });
    });
  });
  await page.locator('.sqs-add-to-cart-button').first().click();
  await page.waitForFunction(
    () => (window as unknown as { __events: unknown[] }).__events.length > 0,
  );
  return page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);
}

/** Sets the server's fault plan (`/__faults`, server/commerce/faults.ts) to `rules`. */
export async function injectFaults(base: string, rules: unknown[]): Promise<void> {
  const response = await fetch(`${base}/__faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(response.status).toBe(200);
}

/**
 * Closes a watched page's context and checks it logged nothing; with `faultsInjected`,
 * Chromium's own line about each injected failed response is expected and left out.
 */
export async function closeQuietly(watched: Watched, faultsInjected: boolean): Promise<void> {
  const { problems, pageErrors } = watched;
  await watched.page.context().close();
  const ours = problems.filter(
    (p) => !(faultsInjected && p.startsWith('error: Failed to load resource')),
  );
  expect([...ours, ...pageErrors]).toEqual([]);
}

/**
 * Records, in order, every text the add-to-cart label under `scope` shows from now on (a
 * MutationObserver in the page), so a test waits for a state it cannot miss however briefly it
 * shows or however slowly the test polls. Read them with `addLabels`.
 */
export function recordAddLabels(page: Page, scope = ''): Promise<void> {
  return page.evaluate((selector) => {
    const inner = document.querySelector(`${selector} .sqs-add-to-cart-button-inner`.trim())!;
    const seen: string[] = [];
    const w = window as unknown as { __labels: string[]; __addedAt: number };
    w.__labels = seen;
    new MutationObserver(() => {
      const text = inner.textContent ?? '';
      if (text === 'Added!' && seen[seen.length - 1] !== text) w.__addedAt = performance.now();
      if (seen[seen.length - 1] !== text) seen.push(text);
    }).observe(inner, { childList: true, characterData: true, subtree: true });
  }, scope);
}

/** The labels recorded since `recordAddLabels`. */
export function addLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __labels: string[] }).__labels);
}

/** Waits until the recorded labels include `label`, at most `timeout` ms. */
export async function waitForAddLabel(page: Page, label: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => (window as unknown as { __labels: string[] }).__labels.includes(wanted),
    label,
    { timeout },
  );
}
