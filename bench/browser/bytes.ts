/**
 * JavaScript bytes per page: every script response the browser receives while loading a demo
 * store page with its real client (the one the site server sends, production build), until the
 * page has hydrated and the network is idle — the client, React, and any chunk it loads (the
 * storefront widgets). Each body is gzipped at level 9, as a server would send it. Target: at
 * most 160 KB for a product page.
 *
 *   npm run bench -- --only bytes
 */
import { constants, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

import type { BenchSuite, SuiteReport } from '../suite.js';
import { BROWSER_PAGES, chromiumMissing, openSite } from './site.js';

/** 160 KB (of 1024 bytes) of min+gzip JavaScript on a product page. */
export const PRODUCT_PAGE_JS_BUDGET = 160 * 1024;

const gzip = (body: Buffer): number =>
  gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;

interface ScriptBytes {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageBytes {
  name: string;
  url: string;
  scripts: ScriptBytes[];
  rawBytes: number;
  gzipBytes: number;
  /** The HTML document (with its hydration data), gzipped, for scale. */
  htmlGzipBytes: number;
}

async function measurePage(browser: Browser, base: string, name: string, url: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Array<Promise<ScriptBytes>> = [];
    let html: Promise<Buffer> | undefined;
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'document' && html === undefined) html = response.body();
      if (type !== 'script') return;
      bodies.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          rawBytes: body.length,
          gzipBytes: gzip(body),
        })),
      );
    });
    const response = await page.goto(base + url, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${url}: status ${response?.status()}`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true', {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    const sum = (key: 'rawBytes' | 'gzipBytes'): number => scripts.reduce((n, s) => n + s[key], 0);
    const result: PageBytes = {
      name,
      url,
      scripts,
      rawBytes: sum('rawBytes'),
      gzipBytes: sum('gzipBytes'),
      htmlGzipBytes: html === undefined ? 0 : gzip(await html),
    };
    return result;
  } finally {
    await context.close();
  }
}

export async function measureBytes(): Promise<PageBytes[]> {
  const site = await openSite();
  try {
    const pages: PageBytes[] = [];
    for (const [name, url] of BROWSER_PAGES) {
      pages.push(await measurePage(site.browser, site.base, name, url));
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    return pages;
  } finally {
    await site.close();
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const TITLE = 'Bytes: JavaScript each page loads in Chromium (production client, gzip -9)';

export function bytesReport(pages: PageBytes[]): SuiteReport {
  const product = pages.find((p) => p.name === 'product');
  const verdict =
    product === undefined
      ? 'no product page measured'
      : product.gzipBytes <= PRODUCT_PAGE_JS_BUDGET
        ? `product page ${kb(product.gzipBytes)}: target <= ${kb(PRODUCT_PAGE_JS_BUDGET)} met`
        : `product page ${kb(product.gzipBytes)}: target <= ${kb(PRODUCT_PAGE_JS_BUDGET)} NOT met (over by ${kb(product.gzipBytes - PRODUCT_PAGE_JS_BUDGET)})`;
  const scriptList = (p: PageBytes): string =>
    p.scripts.map((s) => `${s.url} ${kb(s.gzipBytes)}`).join(', ');
  return {
    title: TITLE,
    columns: ['page', 'url', 'scripts', 'JS as sent', 'JS gzip -9', 'HTML gzip -9'],
    rows: pages.map((p) => [
      p.name,
      p.url,
      String(p.scripts.length),
      kb(p.rawBytes),
      kb(p.gzipBytes),
      kb(p.htmlGzipBytes),
    ]),
    summary: [
      verdict,
      ...pages.map((p) => `${p.name}: ${scriptList(p)}`),
      'JS: every script response until hydrated and network idle; HTML: the document with its hydration data, for scale',
    ],
    data: pages,
    markdown: [
      '| Page | scripts | JS as sent | JS gzip -9 | HTML gzip -9 |',
      '|---|---:|---:|---:|---:|',
      ...pages.map(
        (p) =>
          `| ${p.name} | ${p.scripts.length} | ${kb(p.rawBytes)} | **${kb(p.gzipBytes)}** | ${kb(p.htmlGzipBytes)} |`,
      ),
    ].join('\n'),
  };
}

export const bytesSuite: BenchSuite = {
  name: 'bytes',
  run: async () => chromiumMissing(TITLE) ?? bytesReport(await measureBytes()),
};
