/**
 * The demo store (fixtures/site, the site.json layout) expressed in the developer-platform layout
 * by siteToPlatform (server/site/platform/from-site.ts): the files it makes, the routes it leaves
 * out, and the preview of the result serving every page with the demo's content.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import type { ConvertedSite } from '../../server/site/platform/from-site.js';
import { convertDemoStore } from './support.js';

let dir: string;
let converted: ConvertedSite;
let server: PlatformServer;
let base: string;

beforeAll(async () => {
  ({ dir, converted } = convertDemoStore());
  server = createPlatformServer({ root: dir, dbFile: ':memory:', log: () => {} });
  base = await server.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo store in the developer-platform layout', () => {
  it('makes regions, blocks, collections, pages and snapshots from site.json', () => {
    const paths = Object.keys(converted.files);
    expect(paths).toEqual(
      expect.arrayContaining([
        'template.conf',
        'site.region',
        'blocks/header.block',
        'collections/shop.list',
        'collections/shop.item',
        'collections/shop.conf',
        'collections/gallery.list',
        'pages/home.page',
        'pages/contact.page',
        'snapshots/_site.json',
        'snapshots/index.json',
        'snapshots/shop.json',
      ]),
    );
    expect(converted.files['site.region']).toContain('{squarespace.main-content}');
    expect(converted.files['site.region']).not.toContain('{mainContent}');
    expect(converted.skipped.map((s) => s.route)).toEqual([
      '/checkout/subscription',
      '/members/access-denied',
      '/account/sign-in',
      '(not found)',
    ]);
  });

  it('serves every page with the demo content, the shared data on each', async () => {
    const urls = server.site.urls();
    expect(urls).toEqual(
      expect.arrayContaining(['/', '/shop', '/shop/p/linen-work-apron', '/journal', '/contact']),
    );
    for (const url of urls) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(200);
      // The shared data (website.json) reaches every page: its tagline and footer note.
      const html = await res.text();
      expect(html, url).toContain('<p class="site-tagline">Goods for slow mornings</p>');
      expect(html, url).toContain('Free shipping on orders over $75 in the US.');
    }
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain('Goods for slow mornings');
    const product = await (await fetch(`${base}/shop/p/linen-work-apron`)).text();
    expect(product).toContain('Linen Work Apron');
    expect(server.site.check()).toEqual([]);
  });
});
