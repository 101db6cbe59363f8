/**
 * The product page of the demo store under `jsont serve`, in Chromium on a slow network and a
 * slow CPU applied through the DevTools protocol (`Network.emulateNetworkConditions`,
 * `Emulation.setCPUThrottlingRate`), each run in a fresh browser context (nothing cached):
 *
 * - **button shown**: when the Add To Cart button is first in the document (parsed; it is
 *   painted with the first contentful paint);
 * - **button works**: when a click on it is first handled by the storefront (its widget's
 *   `jsont:add-to-cart-btn` event). From the first parse on, the page clicks the button itself
 *   every 50 ms (untrusted clicks, which neither count as input for LCP nor choose a variant,
 *   so each handled click only shows the "select the options" text);
 * - **LCP**: the last `largest-contentful-paint` entry once the page is idle;
 * - **FCP**, and the JavaScript transferred (compressed bytes on the wire, every script).
 *
 * All times from navigation start, medians of the runs. Figures go in docs/benchmarks.md.
 *
 *   npx tsx bench/browser/slow-network.ts [--runs N] [--built DIR] [--kbps N] [--rtt MS] [--cpu N]
 *
 * Without --built the demo store is built first (jsont build) into a temp folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

import { buildSite } from '../../cli/build-site.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.js';
import { repoRoot } from './site.js';

const PRODUCT = '/shop/p/linen-work-apron';

interface Conditions {
  kbps: number;
  rttMs: number;
  cpu: number;
}

interface Run {
  buttonShown: number;
  buttonWorks: number;
  fcp: number;
  lcp: number;
  /** The LCP element, `tag.class.class`. */
  lcpElement: string;
  scriptBytes: number;
}

/** Runs in the page before its scripts: records the button's first appearance and first work. */
function instrument(): void {
  const w = window as unknown as Record<string, number | undefined>;
  document.addEventListener(
    'jsont:add-to-cart-btn',
    () => (w['__works'] ??= performance.now()),
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      w['__lcp'] = entry.startTime;
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      (window as unknown as { __lcpElement?: string }).__lcpElement = element
        ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`
        : 'gone';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const poke = setInterval(() => {
    const button = document.querySelector<HTMLElement>('.sqs-add-to-cart-button');
    if (button === null) return;
    w['__shown'] ??= performance.now();
    if (w['__works'] !== undefined) clearInterval(poke);
    else button.click();
  }, 50);
}

async function measure(browser: Browser, base: string, conditions: Conditions): Promise<Run> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(180_000);
  let scriptBytes = 0;
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.rttMs,
    downloadThroughput: (conditions.kbps * 1000) / 8,
    uploadThroughput: (conditions.kbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpu });
  await page.addInitScript(instrument);
  try {
    await page.goto(base + PRODUCT, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as { __works?: number }).__works !== undefined);
    await page.waitForLoadState('networkidle');
    const times = await page.evaluate(() => {
      const w = window as unknown as Record<string, number>;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const lcpElement = (window as unknown as { __lcpElement?: string }).__lcpElement ?? 'none';
      return {
        buttonShown: w['__shown']!,
        buttonWorks: w['__works']!,
        fcp,
        lcp: w['__lcp']!,
        lcpElement,
      };
    });
    return { ...times, scriptBytes };
  } finally {
    await context.close();
  }
}

/** `jsont serve <dir>` as its own process (one worker): resolves to its URL. */
function serve(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cli/main.ts', 'serve', dir, '--port', '0', '--workers', '1'],
    { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /jsont serve: (http:\/\/\S+)/.exec(out)?.[1];
      if (url) done({ url, child });
    });
    child.once('exit', (code) => fail(new Error(`jsont serve exited (${code}): ${out}`)));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      built: { type: 'string' },
      kbps: { type: 'string', default: '400' },
      rtt: { type: 'string', default: '400' },
      cpu: { type: 'string', default: '4' },
    },
  });
  const conditions = {
    kbps: Number(values.kbps),
    rttMs: Number(values.rtt),
    cpu: Number(values.cpu),
  };
  const scratch = mkdtempSync(join(tmpdir(), 'jsont-bench-slow-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    let built = values.built;
    if (built === undefined) {
      built = join(scratch, 'build');
      const io = { cwd: repoRoot(), stdout: { write: () => {} }, stderr: process.stderr };
      if ((await buildSite(join(repoRoot(), 'fixtures/site'), built, io)) !== 0) process.exit(1);
    }
    // A folder of its own (its .data store) linking to the build.
    const dir = join(scratch, 'served');
    mkdirSync(dir);
    for (const name of readdirSync(built)) {
      if (name !== '.data') symlinkSync(join(built, name), join(dir, name));
    }
    const served = await serve(dir);
    server = served.child;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const runs: Run[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      runs.push(await measure(browser, served.url, conditions));
      console.error(`run ${i + 1}: ${JSON.stringify(runs.at(-1))}`);
    }
    const ms = (pick: (r: Run) => number) => `${Math.round(median(runs.map(pick)))} ms`;
    console.log(
      `Product page under jsont serve, Chromium, ${conditions.kbps} kbps, ${conditions.rttMs} ms RTT, CPU ${conditions.cpu}x, median of ${runs.length} cold loads`,
    );
    console.log(`  Add To Cart shown: ${ms((r) => r.buttonShown)}`);
    console.log(`  Add To Cart works: ${ms((r) => r.buttonWorks)}`);
    console.log(`  FCP: ${ms((r) => r.fcp)}`);
    console.log(
      `  LCP: ${ms((r) => r.lcp)} (${[...new Set(runs.map((r) => r.lcpElement))].join(', ')})`,
    );
    console.log(
      `  scripts on the wire: ${(median(runs.map((r) => r.scriptBytes)) / 1024).toFixed(1)} KB`,
    );
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
