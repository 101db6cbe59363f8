import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FullStoryIdResponse,
  PreferencesResponse,
  ProductCollectionResponse,
  RootCategoryResponse,
  StockResponse,
  SubscriptionCartResponse,
} from '../../storefront/api/schemas.js';
import { Client, expectFieldError, expectShape, startApi, type TestServer } from './support.js';

let server: TestServer;
let client: Client;
/** For the owner calls: preference writes and store creation. */
let owner: Client;
beforeEach(async () => {
  server = await startApi({ websiteId: 'site-1' });
  client = await new Client(server.base).prime();
  owner = await new Client(server.base).signInAsOwner(server.handler.owner);
});
afterEach(() => server.close());

describe('GET commerce/inventory/stock/', () => {
  it('lists each variant with unlimited and qtyInStock', async () => {
    const reply = await client.get('/api/commerce/inventory/stock/?itemId=tee');
    expect(reply.status).toBe(200);
    expect(expectShape(StockResponse, reply.body).results).toEqual([
      { variantId: 'tee-s', sku: 'TEE-S', unlimited: false, qtyInStock: 3 },
      { variantId: 'tee-m', sku: 'TEE-M', unlimited: false, qtyInStock: 10 },
      { variantId: 'tee-l', sku: 'TEE-L', unlimited: false, qtyInStock: 0 },
    ]);
    const digital = await client.get('/api/commerce/inventory/stock?itemId=ebook');
    expect(digital.body.results[0]).toMatchObject({ unlimited: true });
  });

  it('needs an itemId and a known product', async () => {
    expectFieldError(await client.get('/api/commerce/inventory/stock/'), 'itemId', 'Required');
    expect((await client.get('/api/commerce/inventory/stock/?itemId=nope')).status).toBe(404);
  });
});

describe('POST /api/3/commerce/cart/subscription', () => {
  const path = '/api/3/commerce/cart/subscription';

  it('returns a cart token for a subscribable product', async () => {
    const reply = await client.post(path, { itemId: 'box', sku: 'BOX', qty: 1 });
    expect(reply.status).toBe(200);
    expect(expectShape(SubscriptionCartResponse, reply.body).cartToken).toMatch(/^[0-9a-f]{24}$/);
    const stored = server.db.prepare('SELECT * FROM subscription_carts').all();
    expect(stored).toHaveLength(1);
  });

  it('rejects invalid payloads, other products and missing stock', async () => {
    expectFieldError(await client.post(path, { itemId: 'box', sku: 'BOX' }), 'qty');
    expectFieldError(await client.post(path, { itemId: 'box', qty: 1 }), 'sku');
    expect((await client.post(path, { itemId: 'tee', sku: 'TEE-S', qty: 1 })).body.error).toBe(
      'Unavailable',
    );
    expect((await client.post(path, { itemId: 'box', sku: 'NOPE', qty: 1 })).status).toBe(400);
  });
});

describe('GET /api/commerce/fullstory/getId', () => {
  it('returns a string id', async () => {
    const reply = await client.get('/api/commerce/fullstory/getId');
    expect(expectShape(FullStoryIdResponse, reply.body)).not.toBe('');
  });
});

describe('commerce preferences', () => {
  const path = '/api/v1/commerce-preferences/checkout';

  it('returns websiteId plus saved fields, stripping a sent websiteId', async () => {
    expect((await client.get(path)).body).toEqual({ websiteId: 'site-1' });
    const put = await owner.put(path, { websiteId: 'evil', expressCheckout: true, min: 500 });
    expect(put.status).toBe(200);
    expect(expectShape(PreferencesResponse, put.body)).toEqual({
      websiteId: 'site-1',
      expressCheckout: true,
      min: 500,
    });
    expect((await client.get(path)).body).toEqual(put.body);
    // Namespaces are independent.
    expect((await client.get('/api/v1/commerce-preferences/other')).body).toEqual({
      websiteId: 'site-1',
    });
  });

  it('rejects a non-object body and a malformed namespace', async () => {
    expectFieldError(await owner.put(path, ['x']), '_root');
    expectFieldError(await client.get('/api/v1/commerce-preferences/bad%20ns'), '_root');
  });
});

describe('store creation', () => {
  const products = '/api/content-service/product/1.1/websites/site-1/products';
  const collection = {
    navigationTitle: 'Shop',
    title: 'Shop',
    urlId: 'shop',
    description: '',
    enabled: true,
  };
  const root = {
    displayName: 'All',
    parentCategoryId: null,
    type: 'ROOT',
    pageRendering: 'LIST_VIEW',
    displayIndex: 1,
  };

  it('creates a product collection, then its root category', async () => {
    const created = await owner.post(products, collection);
    expect(created.status).toBe(201);
    const { id } = expectShape(ProductCollectionResponse, created.body);
    const category = await owner.post(`${products}/${id}/categories`, root);
    expect(category.status).toBe(201);
    expect(expectShape(RootCategoryResponse, category.body)).toMatchObject({
      collectionId: id,
      displayName: 'All',
    });
  });

  it('validates payloads, url ids, websites and collections', async () => {
    expectFieldError(await owner.post(products, { ...collection, urlId: 'Not OK' }), 'urlId');
    expectFieldError(await owner.post(products, { ...collection, enabled: 'yes' }), 'enabled');
    await owner.post(products, collection);
    expectFieldError(await owner.post(products, collection), 'urlId', 'URL already in use');
    const otherSite = '/api/content-service/product/1.1/websites/site-2/products';
    expect((await owner.post(otherSite, { ...collection, urlId: 'shop-1' })).status).toBe(404);
    expectFieldError(
      await owner.post(`${products}/x/categories`, { ...root, type: 'LEAF' }),
      'type',
    );
    expectFieldError(
      await owner.post(`${products}/x/categories`, { ...root, displayIndex: 2 }),
      'displayIndex',
    );
    expect((await owner.post(`${products}/missing/categories`, root)).status).toBe(404);
  });
});
