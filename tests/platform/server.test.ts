/**
 * The developer-platform preview over HTTP on the test template folder: every page answers 200
 * with its content, a folder redirects to its first child, /site.css is the compiled LESS, and
 * problems (unknown tags, LESS errors) are reported with file:line:col, each once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import { runJsont } from '../cli/helpers.js';
import { Client } from '../server/support.js';
import { PLATFORM_FIXTURE } from './support.js';

let dir: string;
let server: PlatformServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsont-platform-'));
  cpSync(PLATFORM_FIXTURE, dir, { recursive: true });
  server = createPlatformServer({
    root: dir,
    dbFile: ':memory:',
    now: () => Date.UTC(2026, 0, 1),
    log: (m) => logged.push(m),
  });
  base = await server.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

describe('developer-platform preview', () => {
  it('answers 200 on every page with the layout, navigation and hydration', async () => {
    const urls = server.site.urls();
    expect(urls).toEqual(
      expect.arrayContaining(['/', '/blog', '/shop', '/events', '/gallery', '/album', '/notes']),
    );
    for (const url of urls.filter((u) => u !== '/more')) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('<nav class="main-nav" aria-label="Main">');
      expect(html, url).toContain('<link rel="stylesheet" href="/site.css">');
      expect(html, url).toContain('<div id="__jsont-root" style="display:contents">');
      expect(html, url).toContain('<script type="application/json" id="__jsont">');
      expect(html, url).toContain('<script src="/scripts/site.js"></script>');
    }
  });

  it('serves / as the first entry of the navigation (the home page) with its queries', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain('class="homepage collection-type-page page-home cart-empty"');
    expect(html).toContain('<main class="content content--plain">');
    // Stored blocks from snapshots/index.json (a field without any: see /blog).
    expect(html).toContain('<p>Stored introduction blocks.</p>');
    const latest = /<ul class="latest">([\s\S]*?)<\/ul>/.exec(html)![1]!;
    expect(latest.match(/<li>/g)).toHaveLength(2);
    const featured = /<ul class="featured">([\s\S]*?)<\/ul>/.exec(html)![1]!;
    expect(featured.match(/<li>/g)).toHaveLength(1);
    expect(html).toContain('<div class="unclosed-query">');
    // The navigation block rendered inside an attribute value, as text.
    expect(html).toMatch(/data-nav-titles="Home \/ Records \/ Journal/);
  });

  it('renders the list and item templates with tags, and stand-ins where there are none', async () => {
    const blog = await (await get('/blog')).text();
    expect(blog).toContain('<ul class="sqs-category-list">');
    expect(blog).toContain('Block field “sidebar-blocks” (Sidebar)');
    expect(blog.match(/class="post-summary"/g)).toHaveLength(4);
    const firstPost = server.site.urls().find((u) => u.startsWith('/blog/'))!;
    const post = await (await get(firstPost)).text();
    expect(post).toContain('class="blog-item"');
    expect(post).toContain('squarespace-social-buttons');
    expect(post).toContain('<aside class="sqs-related"');
    expect(post).toContain('squarespace-comments');
    expect(post).toContain('view-item');
    const shop = await (await get('/shop')).text();
    expect(shop).toContain('24.00 USD / 24.00 USD');
    const events = await (await get('/events')).text();
    expect(events).toContain('jsont-stand-in collection-list');
  });

  it('renders a collection from its snapshot', async () => {
    const notes = await (await get('/notes')).text();
    expect(notes).toContain('Field Notes');
    const note = await (await get('/notes/snapshot-note')).text();
    expect(note).toContain('This note comes from snapshots/notes.json.');
  });

  it('redirects a folder to its first child, which shows the folder navigation', async () => {
    const res = await get('/more');
    expect(res.status).toBe(302);
    const child = res.headers.get('location')!;
    expect(child).toMatch(/^\/more\//);
    const html = await (await get(child)).text();
    expect(html).toContain('<nav class="folder-nav" aria-label="More">');
  });

  it('serves the compiled stylesheet, scripts, assets and placeholder images; 404 elsewhere', async () => {
    const css = await (await get('/site.css')).text();
    expect(css).toContain('max-width: 960px;');
    expect(css).toContain('color: #2a6f97;');
    expect(css).toMatch(/\.sidebar \{\s+display: block;/);
    expect((await get('/scripts/site.js')).status).toBe(200);
    expect((await get('/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    const svg = await get('/__placeholder/shop-1.svg');
    expect(await svg.text()).toContain('<svg');
    // Binary assets arrive byte for byte.
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00, 0xc3, 0x28]);
    writeFileSync(join(dir, 'assets', 'dot.png'), bytes);
    expect(Buffer.from(await (await get('/assets/dot.png')).arrayBuffer())).toEqual(bytes);
    expect((await get('/nowhere')).status).toBe(404);
    expect((await get('/assets/..%2ftemplate.conf')).status).toBe(404);
  });

  it('serves the client script with its source map linked by the SourceMap header', async () => {
    const script = await get('/__client.js');
    expect(script.status).toBe(200);
    expect(await script.text()).not.toContain('sourceMappingURL');
    const map = await get(script.headers.get('sourcemap')!);
    expect(map.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await map.json()) as { version: number }).version).toBe(3);
  });

  it('reports an unknown tag once, with file:line:col and a code frame', async () => {
    await get('/blog');
    await get('/shop');
    const reports = logged
      .join('\n')
      .match(/site\.region:6:3 warning: unknown tag squarespace:mystery-widget/g);
    expect(reports).toHaveLength(1);
  });

  it('inlines a plain CSS file of the stylesheets list', async () => {
    const conf = join(dir, 'template.conf');
    const original = readFileSync(conf, 'utf8');
    writeFileSync(join(dir, 'styles', 'vendor.css'), '.vendor { color: red; }\n');
    writeFileSync(conf, original.replace('"stylesheets": [', '"stylesheets": ["vendor.css", '));
    const css = await (await get('/site.css')).text();
    writeFileSync(conf, original);
    expect(css).toContain('.vendor {\n  color: red;\n}');
    expect(css).not.toContain('@import');
  });

  it('prices a sample product in the commerce API, and the page shows the cart', async () => {
    const client = new Client(base);
    await client.get('/api/commerce/shopping-cart');
    const product = server.site.allItems().find((item) => item.recordTypeLabel === 'store-item')!;
    const variant = (product.structuredContent as { variants: { sku: string }[] }).variants[0]!;
    const added = await client.post('/api/commerce/shopping-cart/entries', {
      itemId: product.id,
      sku: variant.sku,
      quantity: 2,
    });
    expect(added.status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const html = await (await fetch(`${base}/blog`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('cart-has-items');
    expect(await (await get('/blog')).text()).toContain('cart-empty');
  });

  it('reports a LESS error with its file, line and column', async () => {
    writeFileSync(join(dir, 'styles', 'tweaks.less'), '.a {\n  color: @missing;\n}\n');
    const problems = await server.recheck();
    expect(problems.find((p) => p.code === 'CSS_ERROR')).toMatchObject({
      file: 'styles/tweaks.less',
      line: 2,
      column: 10,
    });
    cpSync(join(PLATFORM_FIXTURE, 'styles', 'tweaks.less'), join(dir, 'styles', 'tweaks.less'));
  });
});

describe('jsont check on a template folder', () => {
  it('reports the unknown tag as a warning and exits 0', async () => {
    const run = await runJsont(PLATFORM_FIXTURE, ['check', '.']);
    expect(run.stderr).toContain('site.region:6:3 warning: unknown tag squarespace:mystery-widget');
    expect(run.stdout).toContain('0 errors, 1 warning');
    expect(run.code).toBe(0);
  });
});
