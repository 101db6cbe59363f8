/**
 * The demo store's pages as the server renders them: each route's title from its own data, the
 * shop filtered by `?category=`, the list view's marks on the image, the sale card's original
 * price, the skip link, the pop-up overlay only on its pages, the not-found page in the site
 * layout with status 404, and the favicon.
 */
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { DEMO_ROUTES } from '../e2e/demo-routes.js';
import { sendRaw } from './support.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const NOW = Date.parse('2026-11-20T12:00:00Z');
const site = siteFolder(SITE, { now: () => NOW });

interface ShopItem {
  title: string;
  categories: string[];
}
const shop = JSON.parse(readFileSync(resolve(SITE, 'data/collections/shop.json'), 'utf8')) as {
  collection: { categories: string[] };
  items: ShopItem[];
};

/** The page at `url` (path and query) as a document. */
function page(url: string): { status: number; doc: Document } {
  const [pathname, query] = url.split('?') as [string, string | undefined];
  const outcome = site.render({
    pathname,
    query: new URLSearchParams(query ?? ''),
    extra: { cart: { totalQuantity: 0, entries: [] } },
  });
  if (outcome.status === 500) throw new Error(outcome.problems.map((p) => p.frame).join('\n'));
  if (outcome.html === undefined) throw new Error(`${url}: no page`);
  return { status: outcome.status, doc: new JSDOM(outcome.html).window.document };
}

const texts = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((e) => e.textContent!.replace(/\s+/g, ' ').trim());

describe('demo store pages', () => {
  it.each(Object.entries(DEMO_ROUTES))('titles %s from its data', (url, { title }) => {
    expect(page(url).doc.title).toBe(title);
  });

  it('filters the shop by category, with a link for each and the view kept', () => {
    for (const category of shop.collection.categories) {
      const { doc } = page(`/shop?category=${encodeURIComponent(category)}`);
      const expected = shop.items.filter((i) => i.categories.includes(category));
      expect(expected.length).toBeGreaterThan(0);
      expect(texts(doc, '.product-card-title')).toEqual(expected.map((i) => i.title));
      const count = expected.length === 1 ? '1 item' : `${expected.length} items`;
      expect(texts(doc, '.collection-count')).toEqual([`${count} in ${category}`]);
      expect(texts(doc, '.category-list a[aria-current="page"]')).toEqual([category]);
    }
    const list = page('/shop?category=Kitchen&view=list').doc;
    expect(texts(list, '.product-row-title')).toEqual([
      'Linen Work Apron',
      'Stoneware Mug Set of 4',
      'Walnut Serving Board',
    ]);
    expect(list.querySelector('.view-toggle-grid')!.getAttribute('href')).toBe(
      '/shop?category=Kitchen&view=grid',
    );
    const hrefs = [...list.querySelectorAll('.category-list a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/shop?category=Home&view=list');
    expect(hrefs[0]).toBe('/shop?view=list');
    const all = page('/shop').doc;
    expect(all.querySelectorAll('.product-card')).toHaveLength(shop.items.length);
    expect(texts(all, '.category-list a')).toEqual(['All', ...shop.collection.categories]);
    expect(texts(all, '.category-list a[aria-current="page"]')).toEqual(['All']);
    expect(texts(page('/shop?category=Nope').doc, '.collection-count')).toEqual([
      '0 items in Nope',
    ]);
  });

  it('asks for a denomination on the gift card page until the query names one', () => {
    const note = (url: string) => texts(page(url).doc, '.checkout-note');
    const chosen = (url: string) => texts(page(url).doc, '.gift-card-chosen');
    for (const url of [
      '/gift-card',
      '/gift-card?itemId=65a0c3e8d1f2000000000019',
      '/gift-card?itemId=65a0c3e8d1f2000000000019&sku=NOPE',
      // A sku of another product (the apron) does not make a gift card.
      '/gift-card?itemId=65a0c3e8d1f2000000000005&sku=JP-APR-SAG-SM',
    ]) {
      expect(note(url), url).toEqual(['Select a denomination for the Gift Card']);
      expect(chosen(url), url).toEqual([]);
    }
    const url = '/gift-card?itemId=65a0c3e8d1f2000000000019&sku=JP-GC-50';
    expect(chosen(url)).toEqual(['Juniper & Pine Gift Card: $50.00']);
    expect(note(url)).toEqual([
      "Your gift card is ready for checkout. This preview stops here: payment is the platform's.",
    ]);
  });

  it('marks the Sign in link as the current page on the sign-in page only', () => {
    const signIn = (url: string) =>
      page(url).doc.querySelector('.account-menu a.account-link')!.getAttribute('aria-current');
    expect(signIn('/account/sign-in')).toBe('page');
    expect(signIn('/')).toBeNull();
    expect(signIn('/shop')).toBeNull();
  });

  it('puts the list view marks on each row image', () => {
    const { doc } = page('/shop?view=list');
    const marks = [...doc.querySelectorAll('.product-mark')];
    expect(marks.length).toBeGreaterThanOrEqual(2);
    for (const mark of marks) expect(mark.parentElement!.className).toBe('product-row-image');
  });

  it('shows the original price of a sale card whose variants vary in price', () => {
    const { doc } = page('/shop');
    const card = (title: string) =>
      [...doc.querySelectorAll('.product-card')].find((c) => c.textContent!.includes(title))!;
    const apron = card('Linen Work Apron');
    expect(apron.querySelector('.product-price')!.textContent!.trim()).toBe('from 38.00');
    expect(apron.querySelector('.product-original-price')!.innerHTML).toBe(
      '<span class="visually-hidden">Original Price:</span><s class="original-price"><span class="sqs-money-native">48.00</span></s>',
    );
    // The candles' price already shows the original one; the board is not on sale.
    expect(card('Beeswax Taper Candles').querySelectorAll('.original-price')).toHaveLength(1);
    expect(card('Walnut Serving Board').querySelector('.original-price')).toBeNull();
  });

  it('starts every page with a skip link to its main region', () => {
    for (const url of Object.keys(DEMO_ROUTES)) {
      const { doc } = page(url);
      const skip = doc.body.firstElementChild!;
      expect([skip.className, skip.getAttribute('href')], url).toEqual([
        'skip-link',
        '#main-content',
      ]);
      expect(doc.querySelectorAll('#main-content'), url).toHaveLength(1);
      expect(doc.getElementById('main-content')!.tagName).toBe('MAIN');
      expect(doc.querySelector('link[rel="icon"]'), url).not.toBeNull();
    }
  });

  it('names the service of each social link (two of them are the same @name)', () => {
    const links = [...page('/').doc.querySelectorAll('.social-links a')];
    expect(links.map((a) => a.textContent)).toEqual([
      'Instagram @juniperandpine',
      'Pinterest @juniperandpine',
    ]);
  });

  it('has the pop-up overlay only on the pages its settings list', () => {
    expect(page('/').doc.querySelector('[data-popup-overlay]')!.getAttribute('data-version')).toBe(
      '2026-winter',
    );
    expect(page('/shop?view=list').doc.querySelector('[data-popup-overlay]')).not.toBeNull();
    for (const url of ['/shop/p/linen-work-apron', '/cart', '/gallery']) {
      expect(page(url).doc.querySelector('[data-popup-overlay]'), url).toBeNull();
    }
  });
});

describe('demo store over HTTP', () => {
  let server: SiteServer;
  let base: string;
  beforeAll(async () => {
    server = createSiteServer({ root: SITE, dbFile: ':memory:', now: () => NOW, log: () => {} });
    base = await server.listen(0, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('answers an unknown page with the not-found page in the site layout, status 404', async () => {
    for (const path of ['/nope', '/shop/p/no-such-product', '/a/b/c']) {
      const reply = await sendRaw(base, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      const doc = new JSDOM(reply.body).window.document;
      expect(doc.title).toBe('Page not found · Juniper & Pine');
      expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
      expect(doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')).toBe(
        '/assets/site.css',
      );
      expect(doc.querySelector('.site-nav')).not.toBeNull();
      expect(doc.querySelector('main h1')!.textContent).toBe('Page not found');
      expect(doc.querySelector('.not-found-path code')!.textContent).toBe(path);
      // Hydrated like any page: the header's cart pill follows the visitor.
      expect(doc.getElementById('__jsont')).not.toBeNull();
    }
  });

  it('prints the unknown path as text, never as markup', async () => {
    // A raw client sends what a browser would percent-encode; the path the page prints is the
    // parsed URL's.
    const body = await rawGet(base, '/<img/src/onerror=alert(1)>');
    expect(body).toMatch(/^HTTP\/1\.1 404 /);
    const doc = new JSDOM(body.slice(body.indexOf('<!'))).window.document;
    expect(doc.querySelector('main img')).toBeNull();
    expect(doc.querySelector('.not-found-path code')!.textContent).toBe(
      '/%3Cimg/src/onerror=alert(1)%3E',
    );
  });

  it('serves a favicon', async () => {
    const reply = await sendRaw(base, 'GET', '/favicon.ico');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/x-icon');
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0);
    const svg = await sendRaw(base, 'GET', '/assets/favicon.svg');
    expect([svg.status, svg.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });
});

/** One GET over a plain socket, so the path goes out exactly as written. */
function rawGet(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done(text));
    socket.on('error', fail);
  });
}
