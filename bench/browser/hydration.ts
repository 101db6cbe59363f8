/**
 * Hydration in Chromium, CPU throttled 4x through the DevTools protocol, against its floor.
 *
 * Per page (the demo store's product and shop pages), three kinds of load of the same HTML
 * (fetched once from the site server and served to every load), each in a fresh browser
 * context, alternated within every round:
 *
 * - ours: the real client (/__client.js as the server sends it): from its first statement
 *   (`jsont:client-start`, before React's module code runs) to the hydrated page
 *   (`jsont:hydrated`, after hydrateRoot's commit) — storefront/client-start.ts;
 * - render: a client that only parses the hydration data and builds the element tree with the
 *   React path, timed around that work (clients.ts);
 * - static: a client that hydrates the same HTML with a prebuilt static tree — bare React,
 *   timed between the same two marks as ours (static-tree.ts).
 *
 * floor = render + static (the React path's tree building plus bare React hydration; parsing
 * the hydration data is not in the floor). Target: ours <= 1.3x the floor. Medians over the
 * rounds; the spread is the interquartile range.
 *
 *   npm run bench -- --only hydration
 */
import type { Browser, Page } from 'playwright-core';

import { CLIENT_PATH } from '../../server/site/html.js';
import { CLIENT_START_MARK, HYDRATED_MARK } from '../../storefront/client-start.js';
import type { BenchOptions, BenchSuite, SuiteReport } from '../suite.js';
import { RENDER_MARKS, renderClient, staticTreeClient } from './clients.js';
import { chromiumMissing, openSite } from './site.js';

/** Ours may take at most 30% more than its floor. */
export const HYDRATION_TARGET = 1.3;

/** CPU slowdown applied to every page (Emulation.setCPUThrottlingRate). */
export const CPU_THROTTLING = 4;

const PAGES: ReadonlyArray<readonly [name: string, url: string]> = [
  ['product', '/shop/p/linen-work-apron'],
  ['shop', '/shop'],
];

type Kind = 'ours' | 'render' | 'static';
const KINDS: readonly Kind[] = ['ours', 'render', 'static'];

/** What one page load measured, in ms. */
interface Load {
  /** ours, static: start mark to hydrated mark; render: the tree building. */
  ms: number;
  /** render only: parsing the hydration data. */
  parseMs?: number;
}

interface PageSetup {
  name: string;
  url: string;
  html: string;
  clients: Record<Kind, string>;
}

async function setUpPage(browser: Browser, base: string, name: string, url: string) {
  const response = await fetch(base + url);
  if (!response.ok) throw new Error(`${url}: status ${response.status}`);
  const html = await response.text();
  const ours = await (await fetch(base + CLIENT_PATH)).text();
  // The root's content as the browser parsed it: what hydration sees.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(base + url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: html }),
    );
    await page.route(`**${CLIENT_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto(base + url, { waitUntil: 'load' });
    const { rootId, inner } = await page.evaluate(() => {
      const text = document.getElementById('__jsont')?.textContent ?? '{}';
      const id = (JSON.parse(text) as { root?: string }).root ?? '';
      return { rootId: id, inner: document.getElementById(id)?.innerHTML ?? '' };
    });
    if (inner === '') throw new Error(`${url}: no hydration root in the page`);
    const setup: PageSetup = {
      name,
      url,
      html,
      clients: {
        ours,
        render: await renderClient(),
        static: await staticTreeClient(rootId, inner),
      },
    };
    return setup;
  } finally {
    await context.close();
  }
}

/** Loads the page with one kind of client, throttled; throws on any console error. */
async function load(browser: Browser, base: string, setup: PageSetup, kind: Kind): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.route(base + setup.url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: setup.html }),
    );
    await page.route(`**${CLIENT_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: setup.clients[kind] }),
    );
    await page.goto(base + setup.url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true', {
      timeout: 60_000,
    });
    const marks = await page.evaluate(
      (names) =>
        names.map((n) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? Number.NaN),
      [CLIENT_START_MARK, HYDRATED_MARK, RENDER_MARKS.parse, RENDER_MARKS.render, RENDER_MARKS.end],
    );
    if (problems.length > 0) {
      throw new Error(`${setup.url} (${kind} client): ${problems.join('\n')}`);
    }
    const [start, hydrated, parse, render, end] = marks as [number, number, number, number, number];
    const result: Load =
      kind === 'render' ? { ms: end - render, parseMs: render - parse } : { ms: hydrated - start };
    if (!Number.isFinite(result.ms)) throw new Error(`${setup.url} (${kind}): marks missing`);
    return result;
  } finally {
    await context.close();
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

interface Stat {
  median: number;
  p25: number;
  p75: number;
}

const stat = (values: readonly number[]): Stat => ({
  median: quantile(values, 0.5),
  p25: quantile(values, 0.25),
  p75: quantile(values, 0.75),
});

export interface HydrationRow {
  name: string;
  loads: number;
  ours: Stat;
  parse: Stat;
  render: Stat;
  bare: Stat;
  floorMs: number;
  ratio: number;
}

export async function measureHydration(rounds: number): Promise<HydrationRow[]> {
  const site = await openSite();
  try {
    const setups: PageSetup[] = [];
    for (const [name, url] of PAGES)
      setups.push(await setUpPage(site.browser, site.base, name, url));
    const loads = new Map<string, Load[]>();
    for (let round = 0; round < rounds; round++) {
      // Alternate: every round visits every page and kind, starting one kind further along.
      for (const setup of setups) {
        for (let k = 0; k < KINDS.length; k++) {
          const kind = KINDS[(round + k) % KINDS.length]!;
          const key = `${setup.name}/${kind}`;
          const list = loads.get(key) ?? [];
          list.push(await load(site.browser, site.base, setup, kind));
          loads.set(key, list);
        }
      }
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    return setups.map((setup) => {
      const of = (kind: Kind): Load[] => loads.get(`${setup.name}/${kind}`) ?? [];
      const ours = stat(of('ours').map((l) => l.ms));
      const render = stat(of('render').map((l) => l.ms));
      const parse = stat(of('render').map((l) => l.parseMs ?? Number.NaN));
      const bare = stat(of('static').map((l) => l.ms));
      const floorMs = render.median + bare.median;
      return {
        name: setup.name,
        loads: rounds,
        ours,
        parse,
        render,
        bare,
        floorMs,
        ratio: ours.median / floorMs,
      };
    });
  } finally {
    await site.close();
  }
}

const ms = (s: Stat): string =>
  `${s.median.toFixed(1)} ms (${s.p25.toFixed(1)}–${s.p75.toFixed(1)})`;

const TITLE = `Hydration in Chromium (CPU throttled ${CPU_THROTTLING}x): client start to hydrated, vs floor = our render + bare React hydrateRoot of the static tree`;

export function hydrationReport(rows: HydrationRow[]): SuiteReport {
  const worst = Math.max(...rows.map((r) => r.ratio));
  const met = worst <= HYDRATION_TARGET;
  return {
    title: TITLE,
    columns: [
      'page',
      'loads',
      'ours',
      'parse data',
      'our render',
      'bare hydrate',
      'floor',
      'ratio',
    ],
    rows: rows.map((r) => [
      r.name,
      String(r.loads),
      ms(r.ours),
      ms(r.parse),
      ms(r.render),
      ms(r.bare),
      `${r.floorMs.toFixed(1)} ms`,
      `${r.ratio.toFixed(2)}x`,
    ]),
    summary: [
      `ratio = ours / floor (median ms; the interquartile range in brackets); highest ${worst.toFixed(2)}x (target <= ${HYDRATION_TARGET}x: ${met ? 'met' : 'NOT met'})`,
      'ours includes parsing the hydration data and the runtime’s module code; the floor does not include the parse',
    ],
    data: rows,
    markdown: [
      `| Page | ours | our render | bare hydrateRoot | floor | ratio |`,
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.ours.median.toFixed(1)} ms | ${r.render.median.toFixed(1)} ms | ${r.bare.median.toFixed(1)} ms | ${r.floorMs.toFixed(1)} ms | **${r.ratio.toFixed(2)}x** |`,
      ),
    ].join('\n'),
  };
}

export const hydrationSuite: BenchSuite = {
  name: 'hydration',
  run: async (options: BenchOptions) =>
    chromiumMissing(TITLE) ??
    hydrationReport(await measureHydration(options.sizes.length > 4 ? 15 : 5)),
};
