/**
 * The owner panels' client over the preview's real API, with the owner session (the one-time
 * link's cookie) and without it: preferences cached per namespace with the refetch event and
 * websiteId stripped; multilingual and header/footer; store creation in its order with the url
 * ids of docs/storefront.md, "Store creation".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import {
  createOwnerClient,
  MISSING_NAVIGATION,
  PREFERENCES_REFETCH_EVENT,
} from '../../storefront/api/owner.js';
import { slugify, storeUrlId } from '../../storefront/api/store-url-id.js';
import { OWNER_MESSAGES } from '../../server/commerce/owner.js';
import { startApi, type TestServer } from '../server/support.js';
import { browserJar, type BrowserJar } from './browser-jar.js';

const WEBSITE = 'preview-website';
let server: TestServer;
let jar: BrowserJar;

/** Opens the owner link as the owner's browser does, then loads a page's worth for the crumb. */
async function ownerJar(): Promise<BrowserJar> {
  const j = browserJar(server.base);
  await j.seams.fetch(server.base + server.handler.owner.linkPath(), { redirect: 'manual' });
  await j.seams.fetch(`${server.base}/api/commerce/shopping-cart`);
  return j;
}

beforeEach(async () => {
  server = await startApi();
  jar = await ownerJar();
});
afterEach(() => server.close());

function owner(j = jar, events = new EventTarget()) {
  return createOwnerClient({ ...j.seams, events });
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as CommerceError,
  );

describe('commerce preferences', () => {
  it('are cached per namespace, without websiteId', async () => {
    const client = owner();
    expect(await client.preferences('checkout')).toEqual({});
    await client.preferences('checkout');
    await client.preferences('other');
    const gets = jar.sent.filter((s) => s.path.startsWith('/api/v1/commerce-preferences'));
    expect(gets.map((g) => g.path)).toEqual([
      '/api/v1/commerce-preferences/checkout',
      '/api/v1/commerce-preferences/other',
    ]);
  });

  it('a change updates the cache, fires the refetch event, then saves (websiteId stripped)', async () => {
    const events = new EventTarget();
    const client = owner(jar, events);
    const heard: Array<{ namespace: string; cached: unknown; savedYet: boolean }> = [];
    events.addEventListener(PREFERENCES_REFETCH_EVENT, (e) => {
      const { namespace } = (e as CustomEvent<{ namespace: string }>).detail;
      const savedYet = jar.sent.some((s) => s.method === 'PUT');
      void client
        .preferences(namespace)
        .then((cached) => heard.push({ namespace, cached, savedYet }));
    });
    const saving = client.setPreferences('checkout', { minimum: 5, websiteId: 'forged' });
    await saving;
    expect(heard).toEqual([{ namespace: 'checkout', cached: { minimum: 5 }, savedYet: false }]);
    const put = jar.sent.find((s) => s.method === 'PUT')!;
    expect(put.body).toEqual({ minimum: 5 });
    expect(PREFERENCES_REFETCH_EVENT).toBe('jsont:commerce-preferences-refetch');
    // A fresh client reads what was saved.
    expect(await owner().preferences('checkout')).toEqual({ minimum: 5 });
  });
});

describe('site settings', () => {
  it('multilingual settings, status and languages; header and footer', async () => {
    const client = owner();
    expect(await client.multilingualStatus()).toBe('DISCONNECTED');
    expect((await client.multilingualSettings()).defaultLanguage).toBe('en-US');
    const languages = await client.setLanguages([{ code: 'en-US' }, { code: 'fr-FR' }]);
    expect(languages.map((l) => l.code)).toEqual(['en-US', 'fr-FR']);
    expect(await client.languages()).toEqual(languages);
    expect(await client.multilingualStatus()).toBe('CONNECTED');
    expect(await client.disconnectMultilingual()).toBe('DISCONNECTED');
    await client.setHeaderFooter({ header: '<b>Hi</b>', footer: { links: 2 } });
    expect(await client.headerFooter()).toEqual({ header: '<b>Hi</b>', footer: { links: 2 } });
  });
});

describe('store creation', () => {
  it('creates the collection, its root category, then the navigation link, in order', async () => {
    const client = owner();
    const { collection, rootCategory } = await client.createStore({
      title: 'Spring Shop',
      websiteId: WEBSITE,
      navigation: { templateId: 't1' },
    });
    expect(collection).toMatchObject({ urlId: 'spring-shop', title: 'Spring Shop', enabled: true });
    expect(rootCategory).toMatchObject({
      collectionId: collection.id,
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
      parentCategoryId: null,
    });
    expect(
      jar.sent.filter((s) => s.method !== 'GET' || s.path.includes('Layout')).map((s) => s.path),
    ).toEqual([
      `/api/content-service/product/1.1/websites/${WEBSITE}/products`,
      `/api/content-service/product/1.1/websites/${WEBSITE}/products/${collection.id}/categories`,
      '/api/commondata/GetSiteLayout',
      '/api/widget/UpdateNavigation',
    ]);
    const nav = jar.sent.at(-1)!.body as { fieldName: string; navigation: { items: unknown[] } };
    expect(nav.fieldName).toBe('mainNav');
    expect(nav.navigation.items).toEqual([{ collectionId: collection.id }]);
  });

  it('takes the url ids of the rules: title, fallback under 3 characters, -N on collision', async () => {
    const client = owner();
    const ids: string[] = [];
    for (const title of ['Shop', 'Shop', 'Shop', 'Ö!', '', 'Café Déjà Vu']) {
      ids.push(
        (
          await client.createStore({
            title: title || 'Untitled',
            websiteId: WEBSITE,
            fallbackTitle: 'Store',
          })
        ).collection.urlId,
      );
    }
    expect(ids).toEqual(['shop', 'shop-1', 'shop-2', 'store', 'untitled', 'cafe-deja-vu']);
  });

  it('skips the url ids it is told are taken', () => {
    expect(storeUrlId('Shop', ['shop', 'shop-1', 'shop-3'])).toBe('shop-2');
    expect(storeUrlId('AB', [], 'Goods')).toBe('goods');
    expect(storeUrlId('--', [], 'x')).toBe('store');
    expect(slugify('  Summer  Sale 2026! ')).toBe('summer-sale-2026');
  });

  it("fails with 'Unable to find site main navigation' when the layout has none", async () => {
    server.handler.stores.settings.set('site-layout', { layout: [] });
    const err = await failure(
      owner().createStore({ title: 'Shop', websiteId: WEBSITE, navigation: { templateId: 't' } }),
    );
    expect(err?.message).toBe('Unable to find site main navigation');
    expect(MISSING_NAVIGATION).toBe('Unable to find site main navigation');
  });
});

describe('without the owner session', () => {
  it('every write is refused with the server text and nothing changes', async () => {
    const visitor = browserJar(server.base);
    await visitor.seams.fetch(`${server.base}/api/commerce/shopping-cart`);
    const client = owner(visitor);
    const writes = [
      () => client.setPreferences('checkout', { a: 1 }),
      () => client.setLanguages([{ code: 'fr-FR' }]),
      () => client.disconnectMultilingual(),
      () => client.setHeaderFooter({ header: 'x', footer: 'y' }),
      () => client.createStore({ title: 'Shop', websiteId: WEBSITE }),
    ];
    for (const write of writes) {
      const err = await failure(write());
      expect(err?.status).toBe(401);
      expect(err?.message).toBe(OWNER_MESSAGES.required);
    }
    expect(await owner().preferences('checkout')).toEqual({});
    expect(await client.headerFooter()).toEqual({ header: {}, footer: {} });
  });
});
