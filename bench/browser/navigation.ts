/**
 * Client-side navigation against a full load of the same page, in Chromium with Lighthouse's
 * slow-4G profile applied through the DevTools protocol (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, CPU 4x slower): the time from the click on a link until the new page is
 * interactive — hydrated after a full load (`jsont:hydrated`, the widgets' chunk loaded before
 * hydration), shown with its widgets attached after a navigation (`data-navigated`).
 *
 *   npx tsx bench/browser/navigation.ts [runs]
 *
 * Full loads are measured twice: as the preview serves them (every script `no-store`, so each
 * load downloads the client again) and with the client's scripts answered from memory, as a
 * production build's immutable, content-hashed chunks come from the browser's cache; the
 * navigations get the same script cache. They are measured on the click (the page's JSON and
 * code fetched then, unless a visible link prefetched them) and after a hover that prefetched
 * them. A navigation counts until its lazy widgets are attached (`jsont:navigation-done`),
 * later than a full load's hydration, which attaches them afterwards. Figures go in
 * docs/benchmarks.md.
 */
import type { Browser, Page } from 'playwright-core';
import { openSite } from './site.js';

/** Lighthouse's "slow 4G" (mobile) throttling. */
export const SLOW_4G = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

type Mode =
  | 'full load (preview, no-store)'
  | 'full load (scripts cached)'
  | 'navigation'
  | 'navigation after hover';
const MODES: Mode[] = [
  'full load (preview, no-store)',
  'full load (scripts cached)',
  'navigation',
  'navigation after hover',
];

const ROUTES: Array<[from: string, to: string]> = [
  ['/', '/shop/p/linen-work-apron'],
  ['/shop/p/linen-work-apron', '/shop'],
  ['/shop', '/journal/glazing-with-wood-ash'],
];

async function throttled(browser: Browser, base: string, cacheScripts: boolean): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  if (cacheScripts) {
    const scripts = new Map<string, string>();
    await page.route(/\/__client(\.js|\/)/, async (route) => {
      const url = route.request().url();
      let body = scripts.get(url);
      if (body === undefined) {
        body = await (await fetch(url)).text();
        scripts.set(url, body);
      }
      await route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
    // Fill the cache before the throttled run.
    await page.goto(base + '/', { waitUntil: 'load' });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: SLOW_4G.downloadBytesPerSecond,
    uploadThroughput: SLOW_4G.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
  return page;
}

/** Milliseconds from the click on a link to `to` until the new page is interactive. */
async function measure(browser: Browser, base: string, mode: Mode, from: string, to: string) {
  const full = mode.startsWith('full');
  const page = await throttled(browser, base, mode !== 'full load (preview, no-store)');
  try {
    await page.goto(base + from, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await page.waitForFunction(() => document.documentElement.dataset['navigation'] === 'ready');
    await page.waitForLoadState('networkidle');
    const link = await page.evaluateHandle(
      ([href, reload]) => {
        const a = document.createElement('a');
        a.href = href;
        a.textContent = 'next';
        if (reload) a.setAttribute('data-reload', '');
        document.body.append(a);
        return a;
      },
      [to, full] as const,
    );
    if (mode === 'navigation after hover') {
      await link.hover();
      // The prefetch's page JSON, then time for its code (a benchmark, not a test).
      await page.waitForFunction(
        (path) =>
          performance
            .getEntriesByType('resource')
            .some(
              (r) =>
                r.name.includes(`${path}?format=page`) &&
                (r as PerformanceResourceTiming).responseEnd > 0,
            ),
        to,
      );
      await page.waitForTimeout(1500);
    }
    // Epoch milliseconds at the click, in the page's clock, kept where the next page reads it
    // (a full load replaces the page while an evaluate would wait for it).
    await page.evaluate((a) => {
      setTimeout(() => {
        sessionStorage.setItem('bench:clicked', String(performance.timeOrigin + performance.now()));
        (a as HTMLAnchorElement).click();
      });
    }, link);
    if (full) {
      await page.waitForURL(base + to);
      await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
      return await page.evaluate(
        () =>
          performance.timeOrigin +
          performance.getEntriesByName('jsont:hydrated')[0]!.startTime -
          Number(sessionStorage.getItem('bench:clicked')),
      );
    }
    await page.waitForFunction(
      (path) => document.documentElement.dataset['navigated'] === path,
      to,
    );
    if (process.env['NAV_MARKS']) {
      console.log(
        await page.evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('jsont:navigation'))
            .map((m) => `${m.name.slice(17)} ${Math.round(m.startTime)}`)
            .join(', '),
        ),
      );
    }
    return await page.evaluate(
      () =>
        performance.timeOrigin +
        performance.now() -
        Number(sessionStorage.getItem('bench:clicked')),
    );
  } finally {
    await page.context().close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const site = await openSite();
  try {
    console.log(
      `Click to interactive, Chromium, slow 4G (${SLOW_4G.latencyMs} ms RTT, 1.6 Mbps down, CPU ${SLOW_4G.cpuSlowdown}x), median of ${runs}`,
    );
    for (const [from, to] of ROUTES) {
      const row: string[] = [];
      const medians: Partial<Record<Mode, number>> = {};
      for (const mode of MODES) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++)
          times.push(await measure(site.browser, site.base, mode, from, to));
        medians[mode] = median(times);
        row.push(`${mode}: ${Math.round(medians[mode])} ms`);
      }
      const ratio = medians['full load (scripts cached)']! / medians['navigation']!;
      console.log(
        `${from} -> ${to}\n  ${row.join('\n  ')}\n  cached full load / navigation: ${ratio.toFixed(1)}x`,
      );
    }
  } finally {
    await site.close();
  }
}

await main();
