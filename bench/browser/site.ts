/**
 * The browser suites' setup: the demo store (fixtures/site, copied without its .data folder)
 * served by the site server with React's production build and a `:memory:` commerce db, and
 * the system Chromium (the e2e tests' launch settings, tests/e2e/chromium.ts). When Chromium is
 * missing the suites print a loud skip message instead of figures.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

import { createSiteServer } from '../../server/preview/site-server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.js';
import type { SuiteReport } from '../suite.js';

/** The repository root, found upwards (the bench runs bundled from .bench/). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'fixtures', 'site', 'site.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('fixtures/site not found above the bench');
    dir = parent;
  }
  return dir;
}

/** The demo store's pages the browser suites load. */
export const BROWSER_PAGES: ReadonlyArray<readonly [name: string, url: string]> = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', '/shop/p/linen-work-apron'],
  ['cart', '/cart'],
  ['journal post', '/journal/glazing-with-wood-ash'],
];

export interface SiteInBrowser {
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the site server and Chromium; the caller closes both. */
export async function openSite(): Promise<SiteInBrowser> {
  const site = join(repoRoot(), 'fixtures', 'site');
  const root = mkdtempSync(join(tmpdir(), 'jsont-bench-browser-'));
  cpSync(site, root, { recursive: true, filter: (src) => !src.startsWith(join(site, '.data')) });
  const server = createSiteServer({
    root,
    dbFile: ':memory:',
    clientBuild: 'production',
    log: () => {},
  });
  const base = await server.listen(0, '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The report of a browser suite that could not run: the reason, loud. */
export function chromiumMissing(title: string): SuiteReport | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const banner = '!'.repeat(78);
  const message = `!! ${title} SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  console.warn(`\n${banner}\n${message}\n${banner}`);
  return {
    title: `${title}: SKIPPED (no Chromium)`,
    columns: [],
    rows: [],
    summary: [message],
    data: null,
  };
}
