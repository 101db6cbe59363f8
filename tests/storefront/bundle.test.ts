/**
 * Delivery of the storefront client: the widgets are a chunk of their own, imported only by
 * pages that use a widget formatter; the production client is minified with its source maps in
 * separate files; all storefront widget code together stays within 30 KB min+gzip.
 */
import { build } from 'esbuild';
import { clientBuildOptions, clientUrlOf } from '../../server/preview/client-bundle.js';
import { describe, expect, it } from 'vitest';
import {
  AT_LOAD,
  asksFor,
  bytesOf,
  gzip,
  loaded,
  ON_ACTION,
  production,
  productPages,
  type Output,
} from './page-scripts.js';

/** The design's target for all storefront widget code, min+gzip: not met today (see below). */
const WIDGET_BUDGET = 30 * 1024;
/**
 * What the widget code may not grow past while the target is not met (docs/benchmarks.md,
 * "Storefront budgets"): 33,843 B measured on 2026-11-28 once the storefront code every page
 * loads became one chunk (35,283 B before), against the 30 KB target; 34,005 B once the product
 * form's widget also works as a native form (no-JavaScript add to cart); 33,081 B with each
 * script's source map linked by a response header instead of a line in the script; 33,290 B
 * once hydration checks that each root's HTML stays in its container (storefront/hydrate.ts,
 * issue 24). A ratchet: lower it as savings land.
 */
const WIDGET_CEILING = 33_300;
/**
 * The commerce client chunk (client and shared zod/mini schemas), loaded on the first cart call:
 * measured at 12.9 KB min+gzip (95.9 KB when the schemas used classic zod).
 */
const COMMERCE_CLIENT_BUDGET = 16 * 1024;
/**
 * What a product page loads, React included (the bench's bytes target, bench/browser/bytes.ts):
 * every script it fetches from navigation until idle with no visitor action — the entry and its
 * static imports, the chunks its markup or product asks for at hydration, and the analytics
 * chunk loaded once idle (page-scripts.ts AT_LOAD; tests/e2e/storefront-page-scripts checks the
 * same list against Chromium). Checked on each of the demo's product pages.
 */
const PAGE_BUDGET = 160 * 1024;
/**
 * The worst case of a product page: the above plus every chunk a visitor's action can load on
 * it (ON_ACTION: the commerce client, a lightbox, the forms' controller, captcha, places). Those
 * chunks are widget code, under WIDGET_BUDGET; this cap keeps their sum with the page in sight.
 */
const WORST_CASE_BUDGET = 180 * 1024;
/** The analytics chunk (storefront/analytics/, with web-vitals), part of every page's load. */
const ANALYTICS_BUDGET = 9 * 1024;
/**
 * Client-side navigation (storefront/navigation/, docs/navigation.md): a chunk imported once the
 * page is hydrated and the browser idle (or on the first interaction): not on the way to a
 * working page, so held to a budget of its own, and like analytics counted in the page's load.
 */
const NAVIGATION_BUDGET = 5 * 1024;
const isNavigation = (url: string) => /^\/__client\/navigation-[A-Z0-9]+\.js$/.test(url);

describe('storefront client delivery', () => {
  it('puts the widgets in chunks of their own, loaded on demand', async () => {
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const isWidget = (o: Output) => o.inputs.some((i) => i.startsWith('storefront/widgets/'));
    const entry = outputs.find((o) => o.url === '/__client.js')!;
    expect(isWidget(entry)).toBe(false);
    const widgetChunks = outputs.filter(isWidget).map((o) => o.url);
    // The widget modules loaded on demand, and the code they share (chunk-*).
    const named = widgetChunks.filter((url) => !url.startsWith('/__client/chunk-'));
    expect(
      named.map((url) => /^\/__client\/([a-z-]+)-[A-Z0-9]+\.js$/.exec(url)?.[1]).sort(),
    ).toEqual([
      'additional-fields-dialog',
      'captcha',
      'cart-fields',
      'cart-page',
      'form-controller',
      'gallery',
      'instalment-modal',
      'places',
      'popup-overlay',
      'quick-view-dialog',
      'reviews-tabs',
      'widgets',
    ]);
    // Only dynamic imports lead to them.
    const plain = loaded(outputs, false);
    expect(plain.filter(isWidget)).toEqual([]);
    const all = loaded(outputs, true);
    expect(
      all
        .filter(isWidget)
        .map((o) => o.url)
        .sort(),
    ).toEqual(widgetChunks.sort());

    // Everything that is storefront code only (the widget chunks and the state they share), but
    // the preview's error overlay and owner page (jsont build's client has neither: it has no
    // overlay, and builds no owner page) and esbuild's own helper chunk (no source file of ours).
    const storefrontOnly = outputs.filter(
      (o) =>
        !isNavigation(o.url) &&
        o.inputs.length > 0 &&
        !o.inputs.includes('storefront/overlay.ts') &&
        !o.inputs.includes('storefront/owner/panels.ts') &&
        o.inputs.every((i) => i.startsWith('storefront/')),
    );
    const widgetBytes = storefrontOnly.reduce((sum, o) => sum + gzip(o.text), 0);
    console.info(
      `client min+gzip: page without widgets ${bytesOf(plain)} B, page with every widget ${bytesOf(all)} B, widget chunks ${widgetBytes} B`,
    );
    const verdict = widgetBytes <= WIDGET_BUDGET ? 'met' : 'NOT MET';
    console.info(`widget code ${widgetBytes} B: the ${WIDGET_BUDGET} B target is ${verdict}`);
    expect(widgetBytes).toBeLessThanOrEqual(WIDGET_CEILING);
  });

  it('keeps the storefront code the entry loads in one chunk, whatever later chunks use it', async () => {
    // server/preview/page-core-chunk.ts: without it esbuild made eight small chunks of it (one
    // per set of widget chunks using each module), each with its import lines in every user.
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const storefrontOnly = (o: Output) =>
      o.inputs.length > 0 && o.inputs.every((i) => i.startsWith('storefront/'));
    const entry = outputs.find((o) => o.url === '/__client.js')!;
    const shared = loaded(outputs, false).filter((o) => o !== entry && storefrontOnly(o));
    expect(shared).toHaveLength(1);
    expect(shared[0]!.inputs).toEqual(
      expect.arrayContaining(['storefront/runtime.ts', 'storefront/state/product.ts']),
    );
    // Every later chunk that uses any of it imports that one chunk, and no other copy exists.
    const users = outputs.filter((o) =>
      o.imports.some((i) => shared[0]!.url.endsWith(i.path.slice(i.path.lastIndexOf('/')))),
    );
    expect(users.map((o) => o.url)).toEqual(expect.arrayContaining(['/__client.js']));
    expect(users.length).toBeGreaterThan(5);
    const runtimeCopies = outputs.filter((o) => o.inputs.includes('storefront/runtime.ts'));
    expect(runtimeCopies).toEqual(shared);
  });

  it('keeps the commerce client chunk small and classic zod out of the browser', async () => {
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const commerce = outputs.filter((o) => o.inputs.includes('storefront/api/client.ts'));
    expect(commerce.map((o) => o.url)).toEqual([expect.stringMatching(/^\/__client\/client-/)]);
    // Only a dynamic import leads to it: a page loads it on the first cart call.
    expect(loaded(outputs, false)).not.toContain(commerce[0]);
    // Nor does a static import bring zod/mini: a module every page loads that takes anything from
    // the schemas shared with the server (storefront/api/schemas.ts) would put it in every page.
    const eagerZod = loaded(outputs, false)
      .flatMap((o) => o.inputs)
      .filter((i) => i.includes('/zod/'));
    expect(eagerZod).toEqual([]);
    const all = loaded(outputs, true);
    expect(all).toContain(commerce[0]);
    const zodInputs = outputs.flatMap((o) => o.inputs).filter((i) => i.includes('/zod/'));
    expect(zodInputs).toContainEqual(expect.stringContaining('node_modules/zod/v4/mini/'));
    expect(zodInputs.filter((i) => i.includes('/zod/v4/classic/'))).toEqual([]);
    const commerceBytes = gzip(commerce[0]!.text);
    console.info(`commerce client chunk ${commerceBytes} B min+gzip`);
    expect(commerceBytes).toBeLessThanOrEqual(COMMERCE_CLIENT_BUDGET);
  });

  it('keeps what a product page loads, and its worst case, within their budgets', async () => {
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const pages = productPages().map(([url, html]) => {
      const scripts = loaded(outputs, true, asksFor(html, AT_LOAD));
      const worst = loaded(outputs, true, asksFor(html, AT_LOAD, ON_ACTION));
      return { url, scripts, bytes: bytesOf(scripts), worst, worstBytes: bytesOf(worst) };
    });
    const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const worst = pages.reduce((a, b) => (b.worstBytes > a.worstBytes ? b : a));
    const chunk = (name: string) => (o: Output) => o.url.startsWith(`/__client/${name}-`);
    // Analytics is counted in the load; the commerce client and the lightbox only in the worst
    // case (the workshop's add button opens one: the check sees its form).
    expect(largest.scripts.filter(chunk('analytics'))).toHaveLength(1);
    expect(largest.scripts.some(chunk('client'))).toBe(false);
    expect(worst.worst.some(chunk('client'))).toBe(true);
    const workshop = pages.find((p) => p.url === '/shop/p/wheel-throwing-workshop')!;
    expect(workshop.scripts.some(chunk('additional-fields-dialog'))).toBe(false);
    expect(workshop.worst.some(chunk('additional-fields-dialog'))).toBe(true);
    console.info(
      `the largest product page loads ${largest.bytes} B (${largest.url}); with every on-action chunk ${worst.worstBytes} B (${worst.url}) min+gzip`,
    );
    expect(largest.bytes).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(worst.worstBytes).toBeLessThanOrEqual(WORST_CASE_BUDGET);
  });

  it('loads analytics as a chunk of its own, only by a dynamic import, within its budget', async () => {
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const analytics = outputs.filter((o) => o.inputs.includes('storefront/analytics/index.ts'));
    expect(analytics.map((o) => o.url)).toEqual([expect.stringMatching(/^\/__client\/analytics-/)]);
    expect(analytics[0]!.inputs).toContainEqual(
      expect.stringContaining('node_modules/web-vitals/'),
    );
    expect(loaded(outputs, false)).not.toContain(analytics[0]);
    // Every product page loads it (counted in the product pages' budget above).
    for (const [url, html] of productPages()) {
      expect(loaded(outputs, true, asksFor(html, AT_LOAD)), url).toContain(analytics[0]);
    }
    const analyticsBytes = gzip(analytics[0]!.text);
    console.info(`analytics chunk ${analyticsBytes} B min+gzip`);
    expect(analyticsBytes).toBeLessThanOrEqual(ANALYTICS_BUDGET);
  });

  it('loads client-side navigation as a chunk of its own, on demand, within its budget', async () => {
    const outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    const navigation = outputs.filter((o) => o.inputs.includes('storefront/navigation/index.ts'));
    expect(navigation.map((o) => o.url)).toEqual([
      expect.stringMatching(/^\/__client\/navigation-/),
    ]);
    expect(isNavigation(navigation[0]!.url)).toBe(true);
    expect(loaded(outputs, false)).not.toContain(navigation[0]);
    expect(loaded(outputs, true)).toContain(navigation[0]);
    // What it adds to a page: itself and any chunk only it imports.
    const bytes = gzip(navigation[0]!.text);
    console.info(`navigation chunk ${bytes} B min+gzip`);
    expect(bytes).toBeLessThanOrEqual(NAVIGATION_BUDGET);
  });

  it('is minified, with each source map in a separate file', async () => {
    const outputs = await production();
    const development = await build({
      ...clientBuildOptions('development'),
      write: false,
      minify: false,
    });
    // No link line in any script: the servers link each map by the SourceMap header.
    for (const script of outputs.filter((o) => o.url.endsWith('.js'))) {
      expect(script.text, script.url).not.toContain('sourceMappingURL');
      const map = clientUrlOf(`${script.url.slice(script.url.lastIndexOf('/') + 1)}.map`);
      expect(
        outputs.some((o) => o.url === map),
        script.url,
      ).toBe(true);
    }
    const map = outputs.find((o) => o.url === '/__client/__client.js.map')!;
    // A real map: it names the entry's own sources (start.ts and the modules the navigation
    // chunk shares with it are in a chunk both import).
    const sources = (JSON.parse(map.text) as { sources: string[] }).sources;
    expect(sources.some((source) => source.endsWith('storefront/preview-client.ts'))).toBe(true);
    // Minified: the client's scripts well under half their size unminified (the entry alone is
    // mostly imports of its chunks).
    const scripts = (files: Array<{ path: string; text: string }>) =>
      files.filter((f) => f.path.endsWith('.js')).reduce((sum, f) => sum + f.text.length, 0);
    expect(scripts(outputs.map((o) => ({ path: o.url, text: o.text })))).toBeLessThan(
      scripts(development.outputFiles) / 2,
    );
  });
});
