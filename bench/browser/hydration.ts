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
 * - render: a client that only parses the hydration data and builds the element trees of every
 *   root (the page body and the layout's islands) with the React path over the storefront's
 *   data and widget table, timed around that work (clients.ts);
 * - static: a client that hydrates the same roots with prebuilt static trees — bare React,
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

/**
 * What one page load measured, in ms: the renderer main thread's time between two marks, and
 * the wall-clock time. The thread time (trace events' `tts`) counts only while the thread
 * runs, so it does not include the waits a busy machine imposes; CPU throttling slows the
 * thread itself, so it is in it.
 */
interface Span {
  threadMs: number;
  wallMs: number;
}

interface Load {
  /** ours, static: start mark to hydrated mark; render: the tree building. */
  main: Span;
  /** render only: parsing the hydration data. */
  parse?: Span;
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
    // Every root the real client hydrates: the page body, then the layout's islands.
    const roots = await page.evaluate(() => {
      const text = document.getElementById('__jsont')?.textContent ?? '{}';
      const boot = JSON.parse(text) as { root?: string; islands?: { root: string }[] };
      const ids = [boot.root ?? '', ...(boot.islands ?? []).map((island) => island.root)];
      return ids.map((id) => ({ id, inner: document.getElementById(id)?.innerHTML ?? '' }));
    });
    if (roots[0]!.inner === '') throw new Error(`${url}: no hydration root in the page`);
    const setup: PageSetup = {
      name,
      url,
      html,
      clients: {
        ours,
        render: await renderClient(),
        static: await staticTreeClient(roots),
      },
    };
    return setup;
  } finally {
    await context.close();
  }
}

interface MarkEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  tts?: number;
}

/** The User Timing marks of a trace, by name (the first of each). */
function traceMarks(trace: Buffer): Map<string, MarkEvent> {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: MarkEvent[] } | MarkEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const marks = new Map<string, MarkEvent>();
  for (const e of events) {
    if (e.cat === 'blink.user_timing' && e.ph === 'I' && !marks.has(e.name)) marks.set(e.name, e);
  }
  return marks;
}

function span(marks: Map<string, MarkEvent>, from: string, to: string, where: string): Span {
  const a = marks.get(from);
  const b = marks.get(to);
  if (a?.tts === undefined || b?.tts === undefined) {
    throw new Error(`${where}: the trace lacks the marks ${from} and ${to} (with thread time)`);
  }
  return { threadMs: (b.tts - a.tts) / 1000, wallMs: (b.ts - a.ts) / 1000 };
}

/** Loads the page with one kind of client, throttled; throws on any console error. */
async function load(browser: Browser, base: string, setup: PageSetup, kind: Kind): Promise<Load> {
  const context = await browser.newContext();
  const where = `${setup.url} (${kind} client)`;
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
    // Only the User Timing category: the marks, with their thread time, and next to no overhead.
    await browser.startTracing(page, { categories: ['blink.user_timing'] });
    let marks: Map<string, MarkEvent>;
    try {
      await page.goto(base + setup.url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true', {
        timeout: 60_000,
      });
    } finally {
      marks = traceMarks(await browser.stopTracing());
    }
    if (problems.length > 0) throw new Error(`${where}: ${problems.join('\n')}`);
    return kind === 'render'
      ? {
          main: span(marks, RENDER_MARKS.render, RENDER_MARKS.end, where),
          parse: span(marks, RENDER_MARKS.parse, RENDER_MARKS.render, where),
        }
      : { main: span(marks, CLIENT_START_MARK, HYDRATED_MARK, where) };
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

/** One page's figures on one clock. */
export interface Figures {
  ours: Stat;
  parse: Stat;
  render: Stat;
  bare: Stat;
  /** render + bare, medians. */
  floorMs: number;
  /** ours / floor, medians. */
  ratio: number;
  /**
   * The same ratio within each round (its three loads ran minutes apart at most), median over
   * the rounds: the machine's load drifts during a run, and this pairs loads that saw the same.
   */
  pairedRatio: number;
}

export interface HydrationRow {
  name: string;
  loads: number;
  /** Renderer main-thread time: the verdict (steady on a shared machine). */
  thread: Figures;
  /** Wall-clock time, for comparison. */
  wall: Figures;
}

function figures(loads: (kind: Kind) => Load[], clock: keyof Span): Figures {
  const of = (kind: Kind, part: 'main' | 'parse' = 'main'): Stat =>
    stat(loads(kind).map((l) => l[part]?.[clock] ?? Number.NaN));
  const ours = of('ours');
  const render = of('render');
  const bare = of('static');
  const floorMs = render.median + bare.median;
  const [oursLoads, renderLoads, bareLoads] = [loads('ours'), loads('render'), loads('static')];
  const perRound = oursLoads.map(
    (l, i) => l.main[clock] / (renderLoads[i]!.main[clock] + bareLoads[i]!.main[clock]),
  );
  return {
    ours,
    parse: of('render', 'parse'),
    render,
    bare,
    floorMs,
    ratio: ours.median / floorMs,
    pairedRatio: stat(perRound).median,
  };
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
      return {
        name: setup.name,
        loads: rounds,
        thread: figures(of, 'threadMs'),
        wall: figures(of, 'wallMs'),
      };
    });
  } finally {
    await site.close();
  }
}

const ms = (s: Stat): string => `${s.median.toFixed(1)} (${s.p25.toFixed(0)}–${s.p75.toFixed(0)})`;

const TITLE = `Hydration in Chromium (CPU throttled ${CPU_THROTTLING}x): client start to hydrated vs floor = our render + bare React hydrateRoot of the static tree`;

export function hydrationReport(rows: HydrationRow[]): SuiteReport {
  const worst = Math.max(...rows.map((r) => r.thread.ratio));
  const met = worst <= HYDRATION_TARGET;
  const line = (r: HydrationRow, clock: 'thread' | 'wall'): string[] => {
    const f = r[clock];
    return [
      clock === 'thread' ? r.name : '',
      clock,
      ms(f.ours),
      ms(f.parse),
      ms(f.render),
      ms(f.bare),
      f.floorMs.toFixed(1),
      `${f.ratio.toFixed(2)}x`,
      `${f.pairedRatio.toFixed(2)}x`,
    ];
  };
  return {
    title: TITLE,
    columns: [
      'page',
      'clock',
      'ours',
      'parse data',
      'our render',
      'bare hydrate',
      'floor',
      'ratio',
      'per round',
    ],
    rows: rows.flatMap((r) => [line(r, 'thread'), line(r, 'wall')]),
    summary: [
      `ms, median over ${rows[0]?.loads ?? 0} loads of each kind (interquartile range); thread = renderer main-thread time between the marks (the verdict), wall = the same on the wall clock`,
      'per round: ours / (our render + bare hydrate) of the same round, median over the rounds (loads close in time see the same machine load)',
      `ratio = ours / floor; highest (thread) ${worst.toFixed(2)}x (target <= ${HYDRATION_TARGET}x: ${met ? 'met' : 'NOT met'})`,
      'ours also includes the client’s module code beyond React (which the floor’s static client runs too) and parsing the hydration data (shown, not in the floor)',
    ],
    data: rows,
    markdown: [
      '| Page | ours | our render | bare hydrateRoot | floor | ratio (thread) | per round (thread) | ratio (wall) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.thread.ours.median.toFixed(1)} ms | ${r.thread.render.median.toFixed(1)} ms | ${r.thread.bare.median.toFixed(1)} ms | ${r.thread.floorMs.toFixed(1)} ms | **${r.thread.ratio.toFixed(2)}x** | ${r.thread.pairedRatio.toFixed(2)}x | ${r.wall.ratio.toFixed(2)}x |`,
      ),
    ].join('\n'),
  };
}

/** Loads of each kind per page: a full run, and `--quick` (which runs fewer sizes). */
const FULL_ROUNDS = 15;
const QUICK_ROUNDS = 5;

export const hydrationSuite: BenchSuite = {
  name: 'hydration',
  run: async (options: BenchOptions) =>
    chromiumMissing(TITLE) ??
    hydrationReport(await measureHydration(options.sizes.length < 5 ? QUICK_ROUNDS : FULL_ROUNDS)),
};
