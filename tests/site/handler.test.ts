/**
 * The site handler (server/site/handler.ts) on the built demo store, driven with Request
 * objects: streamed pages with the head first, ETag and 304, the security headers and scripts
 * the policy allows, ?format=json, 404 and 500 pages from the site's templates, immutable and
 * precompressed static files, and /api forwarded to the commerce origin.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compile } from '../../index.js';
import {
  createSiteHandler,
  forwardTo,
  type SiteHandlerOptions,
} from '../../server/site/handler.js';
import type { SiteManifest } from '../../server/site/manifest.js';
import { CONTENT_SECURITY_POLICY } from '../../server/site/security.js';
import { buildDemo, ENTRY_BYTES, type BuiltDemo } from './built-site.js';

const BASE = 'http://shop.test';
const PRODUCT = '/shop/p/linen-work-apron';

let built: BuiltDemo;
beforeAll(async () => {
  built = await buildDemo();
});
afterAll(() => built?.dispose());

/** A commerce origin that answers the cart call with `cart` and records what it was asked. */
function fakeCommerce(cart: Record<string, unknown> = { entries: [], totalQuantity: 0 }) {
  const calls: Request[] = [];
  const commerce = async (request: Request) => {
    calls.push(request);
    return new Response(JSON.stringify(cart), {
      headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'crumb=abc; Path=/' },
    });
  };
  return { calls, commerce };
}

function handlerFor(manifest: SiteManifest, extra: Partial<SiteHandlerOptions> = {}) {
  const logged: string[] = [];
  const handler = createSiteHandler(manifest, {
    readAsset: async (file) => {
      try {
        return await readFile(join(built.dir, file));
      } catch {
        return null;
      }
    },
    now: () => Date.UTC(2026, 0, 1),
    log: (message) => logged.push(message),
    ...extra,
  });
  return { handler, logged };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(BASE + path, { headers });

describe('pages', () => {
  it('renders a product page from the precompiled templates, with hydration data', async () => {
    const { handler } = handlerFor(built.manifest, fakeCommerce());
    const response = await handler.fetch(get(PRODUCT));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Linen Work Apron');
    expect(html).toContain('id="__jsont"');
    expect(html).toContain(`<script type="module" src="${built.manifest.client.entry}"></script>`);
  });

  it('sends the head (with a modulepreload per first script) before rendering the body', async () => {
    const { handler } = handlerFor(built.manifest, fakeCommerce());
    const response = await handler.fetch(get(PRODUCT));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('<link rel="modulepreload" href="/_jsont/chunk-STATIC.js">');
    expect(first).toContain('</head>');
    expect(first).not.toContain('__jsont-root');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(rest.startsWith('<div id="__jsont-root"')).toBe(true);
    expect(rest).toContain('</html>');
  });

  it('preloads the first scripts also when the layout is rendered whole (not streamed)', async () => {
    // Printed twice, mainContent cannot be split around: the page is rendered in one piece.
    const source = built.manifest.files['templates/layout.html']!.replace(
      '{mainContent}',
      '{mainContent}<!-- {mainContent} -->',
    );
    const manifest: SiteManifest = {
      ...built.manifest,
      files: { ...built.manifest.files, 'templates/layout.html': source },
      units: {
        ...built.manifest.units,
        'templates/layout.html': { template: { code: compile(source).code, errors: [] } },
      },
    };
    const html = await (await handlerFor(manifest).handler.fetch(get(PRODUCT))).text();
    expect(html).toContain('<!-- <div id="__jsont-root"');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" href="/_jsont/chunk-STATIC.js">');
  });

  it('has a Content-Security-Policy its scripts satisfy: no inline script runs', async () => {
    const { handler } = handlerFor(built.manifest, fakeCommerce());
    for (const path of ['/', '/shop', PRODUCT, '/cart', '/nope']) {
      const response = await handler.fetch(get(path));
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
      expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline'; object");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/gi)].map(
        (m) => m[1]!,
      );
      expect(scripts.length).toBeGreaterThan(1);
      for (const attributes of scripts) {
        // Either a same-origin file ('self') or a data block the browser never runs.
        const runsInline =
          !/\bsrc="\/[^/]/.test(attributes) && !/type="application\/json"/.test(attributes);
        expect(runsInline, `${path}: <script${attributes}>`).toBe(false);
      }
    }
  });

  it('answers a repeated request with 304 while the page is the same, 200 when the cart changes', async () => {
    const { handler } = handlerFor(built.manifest, fakeCommerce());
    const first = await handler.fetch(get('/shop'));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{16}"$/);
    const again = await handler.fetch(get('/shop', { 'If-None-Match': etag }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('content-security-policy')).toBeNull();
    const other = handlerFor(built.manifest, fakeCommerce({ entries: [], totalQuantity: 3 }));
    const changed = await other.handler.fetch(get('/shop', { 'If-None-Match': etag }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it("renders with the visitor's cart from the commerce origin and passes its cookies on", async () => {
    const { calls, commerce } = fakeCommerce({ entries: [], totalQuantity: 7 });
    const { handler } = handlerFor(built.manifest, { commerce });
    const response = await handler.fetch(get('/shop', { Cookie: 'CART=c1' }));
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/commerce/shopping-cart']);
    expect(calls[0]!.headers.get('cookie')).toBe('CART=c1');
    expect(response.headers.getSetCookie()).toEqual(['crumb=abc; Path=/']);
    const data = await (await handler.fetch(get('/shop?format=json'))).json();
    expect((data as { cart: { totalQuantity: number } }).cart.totalQuantity).toBe(7);
  });

  describe("the visitor's session", () => {
    const SIGNED_IN = 'SiteUserSecureAuthToken=t1; CART=c1';
    /** An origin answering the cart call, and the session call with `account` (or `fail`). */
    function originWithSession(account: unknown, fail = false) {
      const asked: Request[] = [];
      const commerce = async (request: Request) => {
        asked.push(request);
        if (new URL(request.url).pathname !== '/api/site-users/account/session') {
          return Response.json({ entries: [], totalQuantity: 0 });
        }
        return fail ? new Response('Bad Gateway', { status: 502 }) : Response.json(account);
      };
      return { asked, ...handlerFor(built.manifest, { commerce }) };
    }
    const pathsOf = (asked: Request[]) => asked.map((r) => new URL(r.url).pathname).sort();
    const dataOf = async (response: Response) => (await response.json()) as { account: unknown };

    it('renders a signed-in page with the account from the commerce origin', async () => {
      const { asked, handler } = originWithSession({ signedIn: true, xsrfToken: 'x1' });
      const html = await (await handler.fetch(get('/shop', { Cookie: SIGNED_IN }))).text();
      expect(pathsOf(asked)).toEqual([
        '/api/commerce/shopping-cart',
        '/api/site-users/account/session',
      ]);
      expect(asked[1]!.headers.get('cookie')).toBe(SIGNED_IN);
      expect(html).toContain('<span class="account-status">Signed in</span>');
      const data = await dataOf(
        await handler.fetch(get('/shop?format=json', { Cookie: SIGNED_IN })),
      );
      expect(data.account).toEqual({ signedIn: true, xsrfToken: 'x1' });
      const pageJson = await handler.fetch(get('/shop?format=page', { Cookie: SIGNED_IN }));
      expect(await pageJson.text()).toContain('"xsrfToken":"x1"');
    });

    it('gives a page another ETag signed in than signed out: no 304 after a sign-in', async () => {
      const signedOut = originWithSession({ signedIn: false }).handler;
      const signedIn = originWithSession({ signedIn: true, xsrfToken: 'x1' }).handler;
      for (const path of ['/shop', '/shop?format=page', '/shop?format=json']) {
        const before = await signedOut.fetch(get(path, { Cookie: SIGNED_IN }));
        const tag = before.headers.get('etag')!;
        const after = await signedIn.fetch(get(path, { Cookie: SIGNED_IN, 'If-None-Match': tag }));
        expect(after.status, path).toBe(200);
        expect(after.headers.get('etag'), path).not.toBe(tag);
      }
    });

    it('makes no session call without a session cookie: the page is signed out', async () => {
      const { asked, handler } = originWithSession({ signedIn: true, xsrfToken: 'x1' });
      const data = await dataOf(
        await handler.fetch(get('/shop?format=json', { Cookie: 'CART=c1' })),
      );
      expect(pathsOf(asked)).toEqual(['/api/commerce/shopping-cart']);
      expect(data.account).toEqual({ signedIn: false });
      await handler.fetch(get('/shop'));
      expect(pathsOf(asked)).toHaveLength(2);
    });

    it('renders the page signed out, and logs, when the session call fails', async () => {
      for (const [account, fail] of [
        [null, true],
        [{ entries: [] }, false],
      ] as const) {
        const { handler, logged } = originWithSession(account, fail);
        const response = await handler.fetch(get('/shop', { Cookie: SIGNED_IN }));
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toContain('<a class="account-link" href="/account/sign-in">Sign in</a>');
        expect(html).not.toContain('<span class="account-status">');
        expect(logged.join('\n')).toMatch(/\[site\] the visitor's session: /);
        const data = await dataOf(
          await handler.fetch(get('/shop?format=json', { Cookie: SIGNED_IN })),
        );
        expect(data.account).toEqual({ signedIn: false });
      }
    });
  });

  it("serves each page's data at ?format=json", async () => {
    const { handler } = handlerFor(built.manifest, fakeCommerce());
    const response = await handler.fetch(get(`${PRODUCT}?format=json`));
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const data = (await response.json()) as { item: { urlId: string }; website: unknown };
    expect(data.item.urlId).toBe('linen-work-apron');
    expect(data.website).toBeDefined();
    const missing = await handler.fetch(get('/shop/p/no-such-thing?format=json'));
    expect(missing.status).toBe(404);
  });

  it('refuses other methods than GET and HEAD on pages', async () => {
    const { handler } = handlerFor(built.manifest);
    const response = await handler.fetch(new Request(BASE + '/shop', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('404 and 500', () => {
  it("renders the site's not-found page (site.json notFound) with status 404", async () => {
    const { handler } = handlerFor(built.manifest);
    const response = await handler.fetch(get('/no/such/<page>'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await response.text();
    expect(html).toContain('<main id="main-content"');
    expect(html).toContain('<section class="not-found">');
    expect(html).toContain('<code>/no/such/%3Cpage%3E</code>');
    expect(html).toContain(`src="${built.manifest.client.entry}"`);
  });

  it('renders a short 404 inside the layout for a site without a not-found page', async () => {
    const config = JSON.parse(built.manifest.files['site.json']!) as Record<string, unknown>;
    delete config.notFound;
    const manifest: SiteManifest = {
      ...built.manifest,
      files: { ...built.manifest.files, 'site.json': JSON.stringify(config) },
    };
    const response = await handlerFor(manifest).handler.fetch(get('/nope'));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]*Juniper &amp; Pine<\/title>/);
    expect(html).toContain('<main id="main-content"');
    expect(html).toContain('<h1>Page not found</h1>');
  });

  it("uses the site's own templates/500.html when it has one", async () => {
    const source = '<h1>Sorry from {website.siteTitle|htmltag}</h1>';
    const files: Record<string, string> = {
      ...built.manifest.files,
      'templates/500.html': source,
    };
    delete files['data/pages/cart.json'];
    const manifest: SiteManifest = {
      ...built.manifest,
      files,
      units: {
        ...built.manifest.units,
        'templates/500.html': { template: { code: compile(source).code, errors: [] } },
      },
    };
    const response = await handlerFor(manifest).handler.fetch(get('/cart'));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('<h1>Sorry from Juniper &amp; Pine</h1>');
  });

  it('renders 500 inside the layout when a page cannot be rendered, and reports why', async () => {
    const files = { ...built.manifest.files };
    delete files['data/pages/cart.json'];
    const { handler, logged } = handlerFor({ ...built.manifest, files });
    const response = await handler.fetch(get('/cart'));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(html).toContain('<main id="main-content"');
    expect(logged.join('\n')).toContain('cannot read data/pages/cart.json');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('static files', () => {
  it('serves the content-hashed client as immutable, precompressed for who accepts it', async () => {
    const { handler } = handlerFor(built.manifest);
    const plain = await handler.fetch(get(built.manifest.client.entry));
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await plain.text()).toBe(ENTRY_BYTES);
    const br = await handler.fetch(
      get(built.manifest.client.entry, { 'Accept-Encoding': 'gzip, br' }),
    );
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(ENTRY_BYTES);
    const gz = await handler.fetch(
      get(built.manifest.client.entry, { 'Accept-Encoding': 'gzip, br;q=0' }),
    );
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it("links a script's source map by the SourceMap header, only where the build has the map", async () => {
    const { handler } = handlerFor(built.manifest);
    const map = `${built.manifest.client.entry}.map`;
    expect(built.manifest.assets[map]).toBeDefined();
    const entry = await handler.fetch(get(built.manifest.client.entry));
    expect(entry.headers.get('sourcemap')).toBe(map);
    const served = await handler.fetch(get(map));
    expect(JSON.parse(await served.text())).toMatchObject({ version: 3 });
    const chunk = await handler.fetch(get(`/_jsont/chunk-STATIC.js`));
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('sourcemap')).toBeNull();
  });

  it("serves the site's assets revalidated by ETag (their names carry no hash)", async () => {
    const { handler } = handlerFor(built.manifest);
    const css = await handler.fetch(get('/assets/site.css'));
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('no-cache');
    const etag = css.headers.get('etag')!;
    const again = await handler.fetch(get('/assets/site.css', { 'If-None-Match': etag }));
    expect(again.status).toBe(304);
  });
});

describe('/api', () => {
  let origin: Server;
  let seen: Array<{ method: string; url: string; body: string; cookie?: string }>;
  beforeAll(async () => {
    seen = [];
    origin = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body, cookie: req.headers.cookie });
        res.writeHead(201, {
          'Content-Type': 'application/json',
          'Set-Cookie': 'CART=new; Path=/',
        });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  });
  afterAll(() => new Promise<void>((done) => origin.close(() => done())));

  it('forwards /api/* to the commerce origin: method, path, query, body and cookies, and back', async () => {
    const { port } = origin.address() as AddressInfo;
    const { handler } = handlerFor(built.manifest, {
      commerce: forwardTo(`http://127.0.0.1:${port}`),
    });
    const response = await handler.fetch(
      new Request(`${BASE}/api/commerce/shopping-cart/entries?crumb=x`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: 'crumb=x' },
        body: '{"itemId":"1"}',
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie()).toEqual(['CART=new; Path=/']);
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries?crumb=x',
      body: '{"itemId":"1"}',
      cookie: 'crumb=x',
    });
  });

  it('answers 502 when the commerce origin drops the connection, and logs no failure of its own', async () => {
    const dropping = createServer((req) => req.socket.destroy());
    await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
    const { port } = dropping.address() as AddressInfo;
    const { handler, logged } = handlerFor(built.manifest, {
      commerce: forwardTo(`http://127.0.0.1:${port}`),
    });
    const response = await handler.fetch(
      new Request(`${BASE}/api/commerce/shopping-cart/entries`, { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(502);
    expect(await response.text()).toBe('Bad Gateway');
    expect(logged).toEqual([]);
    await new Promise<void>((done) => dropping.close(() => done()));
  });

  it('answers /api/* 404 when no commerce origin is configured', async () => {
    const { handler } = handlerFor(built.manifest);
    expect((await handler.fetch(get('/api/commerce/shopping-cart'))).status).toBe(404);
  });
});
