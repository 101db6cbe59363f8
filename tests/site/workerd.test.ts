/**
 * The same site handler in workerd (Cloudflare Workers' runtime) through Miniflare: the demo
 * store is built, server/site/worker.ts is bundled with the manifest by esbuild as a module
 * worker, its static files are the worker's assets, and /api/* goes to a commerce origin on
 * loopback. Every demo route must give the same status, headers and HTML as the handler on
 * Node with the same manifest, clock and commerce origin.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CommerceOrigin } from '../../server/commerce/origin.js';
import { createSiteHandler, forwardTo, type SiteHandler } from '../../server/site/handler.js';
import { DEMO_ROUTES } from '../e2e/demo-routes.js';
import { buildDemo, startDemoCommerce, type BuiltDemo } from './built-site.js';

const BASE = 'http://shop.test';
/** One clock for both runtimes, so relative dates and the page ETag agree. */
const NOW = Date.UTC(2026, 0, 1, 12);
const WORKER_SOURCE = resolve(import.meta.dirname, '../../server/site/worker.ts');
/** Starting workerd and bundling take seconds on a loaded machine. */
const SLOW = 120_000;
const APRON_ID = '65a0c3e8d1f2000000000005';
const APRON_SKU = 'JP-APR-SAG-SM';

let built: BuiltDemo;
let commerce: CommerceOrigin;
let mf: Miniflare;
let node: SiteHandler;
let cookie: string;

beforeAll(async () => {
  built = await buildDemo();
  commerce = await startDemoCommerce(built.manifest);

  cookie = await visitorWithCart(commerce.url);
  node = createSiteHandler(built.manifest, {
    readAsset: (file) => readFile(join(built.dir, file)).catch(() => null),
    commerce: forwardTo(commerce.url),
    now: () => NOW,
  });

  const entry = join(built.dir, '..', 'worker-entry.js');
  writeFileSync(
    entry,
    [
      `import manifest from ${JSON.stringify(join(built.dir, 'manifest.json'))};`,
      `import { siteWorker } from ${JSON.stringify(WORKER_SOURCE)};`,
      `export default siteWorker(manifest, { now: () => ${NOW} });`,
    ].join('\n'),
  );
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    // React reads process.env.NODE_ENV; workerd has no process (wrangler defines it the same).
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]!.text,
    compatibilityDate: '2025-01-01',
    bindings: { API_ORIGIN: commerce.url },
    // The worker answers every request itself and reads the build folder through ASSETS.
    assets: {
      directory: built.dir,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  await mf.ready;
}, SLOW);

afterAll(async () => {
  await mf?.dispose();
  await commerce?.close();
  built?.dispose();
});

/**
 * Headers that are not the handler's: the ones Miniflare's HTTP hop adds (`mf-*`, the chunked
 * transfer of a streamed body). Everything else, the ETag included, must be equal.
 */
const TRANSPORT = (name: string) => name.startsWith('mf-') || name === 'transfer-encoding';

/** Both runtimes' Response types (Node's and Miniflare's undici) have these. */
interface Answer {
  status: number;
  headers: { forEach(each: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

async function answered(response: Answer) {
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (!TRANSPORT(name)) headers.push([name, value]);
  });
  headers.sort(([a], [b]) => a.localeCompare(b));
  return { status: response.status, headers, body: await response.text() };
}

/**
 * A visitor with an apron in the cart: both runtimes then render the same stored cart (an empty
 * cart is made afresh, with its creation time, on every call).
 */
async function visitorWithCart(origin: string): Promise<string> {
  const first = await fetch(`${origin}/api/commerce/shopping-cart`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
  const added = await fetch(`${origin}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: {
      Cookie: `crumb=${crumb}`,
      'X-CSRF-Token': crumb,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ itemId: APRON_ID, sku: APRON_SKU, quantity: 1 }),
  });
  expect(added.status).toBe(200);
  const cart = /CART=([^;]+)/.exec(added.headers.getSetCookie().join(';'))![1]!;
  return `crumb=${crumb}; CART=${cart}`;
}

describe('the site handler in workerd', () => {
  it.each(Object.keys(DEMO_ROUTES))(
    'serves %s as the handler on Node does',
    async (path) => {
      const headers = { Cookie: cookie };
      const onNode = await answered(await node.fetch(new Request(BASE + path, { headers })));
      const inWorkerd = await answered(await mf.dispatchFetch(BASE + path, { headers }));
      expect(onNode.status).toBe(200);
      expect(inWorkerd.body).toContain('data-cart-quantity="1"');
      expect(inWorkerd.body).toBe(onNode.body);
      expect(inWorkerd).toEqual(onNode);
      for (const snippet of DEMO_ROUTES[path]!.html) expect(inWorkerd.body).toContain(snippet);
    },
    SLOW,
  );

  it('forwards /api/* to the commerce origin', async () => {
    const response = await mf.dispatchFetch(`${BASE}/api/commerce/shopping-cart`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ totalQuantity: 0 });
  });

  it('serves the client from the uploaded assets, precompressed copies included', async () => {
    const entry = built.manifest.client.entry;
    const expected = await readFile(join(built.dir, built.manifest.assets[entry]!.file), 'utf8');
    const plain = await mf.dispatchFetch(BASE + entry, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(expected);
    const zipped = await mf.dispatchFetch(BASE + entry, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(await zipped.text()).toBe(expected);
  });

  it('renders the site-defined 404 page for an unknown path, as on Node', async () => {
    const headers = { Cookie: cookie };
    const onNode = await answered(
      await node.fetch(new Request(`${BASE}/no-such-page`, { headers })),
    );
    const inWorkerd = await answered(await mf.dispatchFetch(`${BASE}/no-such-page`, { headers }));
    expect(inWorkerd.status).toBe(404);
    expect(inWorkerd).toEqual(onNode);
  });
});
