/**
 * What a navigation in the browser asks the site handler for (docs/navigation.md): each page's
 * JSON at `?format=page` and its code at `/__jsont/code/<hash>.json`, a file `jsont build`
 * wrote (immutable, precompressed), the same code the page's hydration data carries. The code
 * is serialised once per template and island set, not per request.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSiteHandler } from '../../server/site/handler.js';
import { builtSiteSources, type SiteManifest } from '../../server/site/manifest.js';
import { Site } from '../../server/site/site.js';
import { readPageCode, readPageJson } from '../../storefront/navigation/page-json.js';
import { buildDemo, type BuiltDemo } from './built-site.js';

const BASE = 'http://shop.test';
const PRODUCT = '/shop/p/linen-work-apron';
const NOW = Date.UTC(2026, 0, 1);
const CART = { entries: [], totalQuantity: 0 };

let built: BuiltDemo;
beforeAll(async () => {
  built = await buildDemo();
});
afterAll(() => built?.dispose());

function handlerFor(manifest: SiteManifest) {
  return createSiteHandler(manifest, {
    readAsset: async (file) => {
      try {
        return await readFile(join(built.dir, file));
      } catch {
        return null;
      }
    },
    commerce: async () =>
      new Response(JSON.stringify(CART), { headers: { 'Content-Type': 'application/json' } }),
    now: () => NOW,
    log: () => {},
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(BASE + path, { headers });

/** The `#__jsont` hydration data of a page's HTML. */
function hydrationOf(html: string): Record<string, unknown> {
  const text = /<script type="application\/json" id="__jsont">([\s\S]*?)<\/script>/.exec(html)![1]!;
  return JSON.parse(text) as Record<string, unknown>;
}

describe('?format=page', () => {
  it("answers the page's JSON: its data with the visitor's cart, render options, shell, code URL", async () => {
    const handler = handlerFor(built.manifest);
    const response = await handler.fetch(get(`${PRODUCT}?format=page`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const page = readPageJson(await response.json());
    expect(page).toBeDefined();
    const data = page!.data as { item: { urlId: string }; cart: unknown; request: unknown };
    expect(data.item.urlId).toBe('linen-work-apron');
    expect(data.cart).toEqual(CART);
    // The format query is the navigation's, not the page's.
    expect(data.request).toEqual({ path: PRODUCT, query: {} });
    expect(page!.now).toBe(NOW);
    expect(page!.shell).toContain('<div id="__jsont-root" style="display:contents"></div>');
    expect(page!.shell).toContain('<title>Linen Work Apron');
    expect(page!.code).toMatch(/^\/__jsont\/code\/[0-9a-f]{16}\.json$/);
    // The browser renders in place only when the head is the page's own (preloads included).
    const html = await (await handler.fetch(get(PRODUCT))).text();
    const headOf = (text: string) => text.slice(0, text.indexOf('</head>'));
    expect(headOf(html)).toContain('<link rel="modulepreload"');
    expect(headOf(page!.shell)).toBe(headOf(html));
  });

  it('names a code the build wrote, the same as the page HTML hydrates with', async () => {
    const handler = handlerFor(built.manifest);
    const { reader, compileUnit } = builtSiteSources(built.manifest);
    const urls = new Site(reader, { compileUnit }).urls();
    const codes = new Set<string>();
    for (const url of urls.filter((u) => !u.startsWith('/checkout'))) {
      const page = readPageJson(await (await handler.fetch(get(`${url}?format=page`))).json())!;
      expect(built.manifest.assets[page.code], url).toMatchObject({ immutable: true });
      codes.add(page.code);
      const served = await handler.fetch(get(page.code));
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const code = readPageCode(await served.json());
      expect(code, url).toBeDefined();
      const hydration = hydrationOf(await (await handler.fetch(get(url))).text());
      expect(code!.root).toBe(hydration.root);
      expect(code!.template).toEqual(hydration.template);
      expect(code!.partials).toEqual(hydration.partials);
      expect(code!.islands).toEqual(hydration.islands);
    }
    // Pages of one template share their code (the demo has fewer templates than pages).
    expect(codes.size).toBeLessThan(urls.length);
    expect(codes.size).toBeGreaterThan(1);
  });

  it('serves the code precompressed to who accepts it', async () => {
    const handler = handlerFor(built.manifest);
    const page = readPageJson(await (await handler.fetch(get('/shop?format=page'))).json())!;
    const plain = await (await handler.fetch(get(page.code))).text();
    const br = await handler.fetch(get(page.code, { 'Accept-Encoding': 'br' }));
    expect(br.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(plain);
  });

  it('answers 404 for a path no route serves, 500 for a page that cannot be rendered', async () => {
    const missing = await handlerFor(built.manifest).fetch(get('/no/such/page?format=page'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No page JSON here' });
    const files = { ...built.manifest.files };
    delete files['data/pages/cart.json'];
    const broken = await handlerFor({ ...built.manifest, files }).fetch(get('/cart?format=page'));
    expect(broken.status).toBe(500);
    expect(broken.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await broken.json()).toEqual({ error: 'This page could not be rendered.' });
  });

  it('serves from memory a code the build did not write, once a page JSON named it', async () => {
    const page = readPageJson(
      await (await handlerFor(built.manifest).fetch(get('/shop?format=page'))).json(),
    )!;
    const assets = { ...built.manifest.assets };
    delete assets[page.code];
    const handler = handlerFor({ ...built.manifest, assets });
    expect((await handler.fetch(get(page.code))).status).toBe(404);
    await handler.fetch(get('/shop?format=page'));
    const served = await handler.fetch(get(page.code));
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(readPageCode(await served.json())).toBeDefined();
  });
});

describe('the page code, serialised once', () => {
  it('is the same object and text for every page of a template, and the hydration data holds it', () => {
    const { reader, compileUnit } = builtSiteSources(built.manifest);
    const site = new Site(reader, { compileUnit, now: () => NOW });
    const first = site.render({ pathname: PRODUCT, extra: { cart: CART } });
    const second = site.render({ pathname: '/shop/p/stoneware-mug-set' });
    if (first.status !== 200 || second.status !== 200) throw new Error('not rendered');
    expect(first.code).toBeDefined();
    expect(second.code).toBe(first.code);
    expect(second.hydration!.partials).toBe(first.hydration!.partials);
    expect(JSON.parse(first.code!.text)).toEqual({
      root: first.hydration!.root,
      template: first.hydration!.template,
      partials: first.hydration!.partials,
      islands: first.hydration!.islands,
    });
  });
});
