/**
 * Shared setup of the e2e suites: the demo store (fixtures/site) served by the preview server
 * (a temporary copy without its .data folder, a `:memory:` db, React's development build) or by
 * `jsont build` + `jsont serve --test-hooks` (served-site.ts), and the system Chromium.
 * `describeSite` runs a suite against both; `useSiteInChromium` is the preview alone, for the
 * suites that edit the site's files while it runs.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';

import {
  createSiteServer,
  type SiteServer,
  type SiteServerOptions,
} from '../../server/preview/site-server.js';
import { chromiumAvailable, launchChromium } from './chromium.js';
import { DEMO_SITE, serveDemoStore, suiteFolder } from './served-site.js';

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
/**
 * The start of a suite against `jsont serve` may include the shared production build
 * (bundling, precompression): minutes on a loaded two-core machine.
 */
const SERVE_START_TIMEOUT_MS = 600_000;

/** Which server a suite runs against. */
export type ServerKind = 'preview' | 'serve';
export const BOTH_SERVERS: readonly ServerKind[] = ['preview', 'serve'];

type NewPage = (options?: { popupOverlay?: boolean; javaScript?: boolean }) => Promise<Page>;

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
   * remembered as followed (local storage), unless `popupOverlay` asks for it. With
   * `javaScript: false` the page runs no script (a visitor without JavaScript).
   */
  newPage: NewPage;
  /** The server's current one-time owner link (opening it gives that browser the owner session). */
  ownerLink(): string;
}

/** The preview server on a fresh copy of the demo store, with its test hooks. */
async function startPreview(
  prefix: string,
  options: Omit<SiteServerOptions, 'root' | 'dbFile'>,
): Promise<{ dir: string; base: string; ownerLink(): string; close(): Promise<void> }> {
  const dir = suiteFolder(prefix);
  cpSync(DEMO_SITE, dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(DEMO_SITE, '.data')),
  });
  // The test hooks (/__faults, /__recorded) let a suite inject failures and read records.
  const server: SiteServer = createSiteServer({
    root: dir,
    dbFile: ':memory:',
    testHooks: true,
    ...options,
  });
  const base = await server.listen(0, '127.0.0.1');
  // The client script is built on its first request: here, under the hook's limit, not in
  // the first test's.
  expect((await fetch(`${base}/__client.js`)).status).toBe(200);
  return {
    dir,
    base,
    ownerLink: () => server.ownerLink(),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `newPage` of SiteInChromium, on `browser`. */
function pageMaker(browser: Browser): NewPage {
  return async (pageOptions = {}) => {
    // A page of its own context (axe's Playwright builder needs one made by newContext).
    const context = await browser.newContext({ javaScriptEnabled: pageOptions.javaScript ?? true });
    if (pageOptions.popupOverlay !== true) await rememberPopupFollowed(context);
    const page = await context.newPage();
    // Closing an already closed context (a test closed it, or the browser went) is moot.
    page.once('close', () => void context.close().catch(() => undefined));
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
    return page;
  };
}

/**
 * Registers the suite's `beforeAll` (copy the demo store into a temp folder named from
 * `prefix`, start the preview's site server on it with `options` and its test hooks, launch
 * Chromium, pass them to `receive`) and `afterAll` (close the browser and server, remove the
 * copy).
 */
export function useSiteInChromium(
  prefix: string,
  options: Omit<SiteServerOptions, 'root' | 'dbFile'>,
  receive: (site: SiteInChromium) => void,
): void {
  let site: { close(): Promise<void> } | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const started = await startPreview(prefix, options);
    site = started;
    browser = await launchChromium();
    const { dir, base, ownerLink } = started;
    receive({ dir, base, ownerLink, newPage: pageMaker(browser) });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}

/** The demo's pop-up overlay recorded as followed, so it never opens in `context`. */
async function rememberPopupFollowed(context: BrowserContext): Promise<void> {
  const file = join(DEMO_SITE, 'data/popup-overlay.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as { popupOverlay: { version: string } };
  const record = JSON.stringify({ version: settings.popupOverlay.version, submitted: true });
  await context.addInitScript((value) => localStorage.setItem('popup-overlay', value), record);
}

/**
 * One suite's site and pages, the same against either server. A page opened or watched
 * through it is closed after each test, which fails if the page logged a console error or
 * warning or a page error (less the problems a test allowed, and Chromium's line about each
 * failed response when the test injected faults); faults are cleared after each test.
 */
export interface SiteSuite {
  readonly server: ServerKind;
  /** The server's `http://127.0.0.1:PORT` (set once the suite's servers are up). */
  readonly base: string;
  /**
   * The copy of the demo store the preview runs on, which a test may edit (the preview reads
   * it on each request); undefined under serve, whose site is fixed when it is built.
   */
  readonly dir: string | undefined;
  newPage: NewPage;
  /** The page opened or watched last in this test. */
  readonly watched: Watched | undefined;
  /**
   * Opens `base + url` in a new page (at `size`; or in `page`, made with newPage), watched,
   * and waits for hydration; another page watched before is closed and checked first.
   */
  open(
    url: string,
    options?: { size?: { width: number; height: number }; popupOverlay?: boolean; page?: Page },
  ): Promise<Page>;
  /** Watches `page` as `open` does (for a test that loads it its own way). */
  watch(page: Page): Watched;
  /** Console problems this test expects (exact texts): not counted at its end. */
  allowProblems(...texts: string[]): void;
  /** Sets the commerce API's fault plan (`/__faults`, server/commerce/faults.ts). */
  faults(rules: unknown[]): Promise<void>;
  clearFaults(): Promise<void>;
  /** The commerce API's stored records of `kind` (`/__recorded`). */
  recorded<T = unknown>(kind: string): Promise<T[]>;
}

/**
 * Registers `body` as a suite titled `title (server)` for each of `servers` (default both),
 * skipped without Chromium, each test limited to E2E_TEST_TIMEOUT_MS.
 */
export function describeSite(
  title: string,
  options: { prefix: string; servers?: readonly ServerKind[] },
  body: (site: SiteSuite) => void,
): void {
  for (const server of options.servers ?? BOTH_SERVERS) {
    describe.skipIf(!chromiumAvailable())(
      `${title} (${server})`,
      { timeout: E2E_TEST_TIMEOUT_MS },
      () => body(siteSuite(server, options.prefix)),
    );
  }
}

function siteSuite(server: ServerKind, prefix: string): SiteSuite {
  let base = '';
  let dir: string | undefined;
  let newPage: NewPage = () => Promise.reject(new Error('the suite has not started'));
  let started: { close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let watched: Watched | undefined;
  let faultsSet = false;
  let allowed: string[] = [];

  beforeAll(
    async () => {
      if (server === 'preview') {
        const up = await startPreview(prefix, { clientBuild: 'development', log: () => {} });
        ({ base, dir } = up);
        started = up;
      } else {
        const up = await serveDemoStore(prefix);
        base = up.base;
        started = up;
      }
      browser = await launchChromium();
      newPage = pageMaker(browser);
    },
    server === 'serve' ? SERVE_START_TIMEOUT_MS : undefined,
  );
  afterAll(async () => {
    await browser?.close();
    await started?.close();
  });
  /** Closes the watched page, checking it logged nothing but what the test allowed. */
  async function closeWatched(): Promise<void> {
    const closing = watched;
    watched = undefined;
    if (closing === undefined) return;
    closing.problems.splice(0, Infinity, ...closing.problems.filter((p) => !allowed.includes(p)));
    await closeQuietly(closing, faultsSet);
  }
  afterEach(async () => {
    try {
      if (faultsSet) await suite.clearFaults();
      await closeWatched();
    } finally {
      faultsSet = false;
      allowed = [];
    }
  });

  const suite: SiteSuite = {
    server,
    get base() {
      return base;
    },
    get watched() {
      return watched;
    },
    get dir() {
      return dir;
    },
    newPage: (pageOptions) => newPage(pageOptions),
    async open(url, openOptions = {}) {
      if (watched?.page !== openOptions.page) await closeWatched();
      const page =
        openOptions.page ?? (await newPage({ popupOverlay: openOptions.popupOverlay ?? false }));
      if (openOptions.size) await page.setViewportSize(openOptions.size);
      watched = await openHydrated(page, base + url);
      return page;
    },
    watch: (page) => (watched = watchPage(page)),
    allowProblems: (...texts) => void allowed.push(...texts),
    async faults(rules) {
      faultsSet = true;
      await injectFaults(base, rules);
    },
    async clearFaults() {
      expect((await fetch(`${base}/__faults`, { method: 'DELETE' })).status).toBe(200);
    },
    async recorded<T>(kind: string) {
      const response = await fetch(`${base}/__recorded?kind=${encodeURIComponent(kind)}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { records: T[] }).records;
    },
  };
  return suite;
}

/**
 * POSTs `body` as JSON to `url` from `page`, with its cookies and the crumb header its scripts
 * send (as the add button's call): the answer's status.
 */
export function postFromPage(page: Page, url: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ url, body }) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { url, body },
  );
}

/** Whether the focused element of `page` matches `selector`. */
export const focused = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** axe's violations on `page` as it is, `id: targets` each. */
export const axeViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
  );

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

/**
 * Opens `url` in `page`, watched, and waits until the storefront has hydrated it and attached
 * its lazy widgets (a click before would meet the markup without them).
 */
export async function openHydrated(page: Page, url: string): Promise<Watched> {
  const watched = watchPage(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status(), url).toBe(200);
  await waitForWidgets(page);
  return watched;
}

/** Waits until the page has hydrated and its lazy widgets are attached. */
export async function waitForWidgets(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset['widgets'] === 'attached');
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
