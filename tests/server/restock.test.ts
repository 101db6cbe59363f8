import { describe, expect, it } from 'vitest';
import { RESTOCK_PAGE_SIZE } from '../../server/commerce/restock.js';
import {
  CART_MESSAGES,
  CART_SERVER_MESSAGES,
  RESTOCK_MESSAGES,
  RestockGroupsResponse,
  RestockSendResponse,
  RestockSignupResponse,
  RestockSignupsResponse,
} from '../../storefront/api/schemas.js';
import {
  Client,
  expectFieldError,
  expectShape,
  signIn,
  type TestServer,
  useApi,
} from './support.js';

const BASE = '/api/site-users/account/notifications/restock';
const signup = (email: string, variantId = 'tee-l', productId = 'tee') => ({
  productId,
  variantId,
  siteVisitorEmail: email,
  isJoinMailingList: false,
});

let server: TestServer;
let client: Client;
/** Listing and sending are owner calls. */
let owner: Client;
useApi((api) => ({ server, client, owner } = api));

describe('POST restock sign-up', () => {
  it('stores a sign-up once per email and variant', async () => {
    const first = await client.post(BASE, { ...signup('a@example.com'), language: 'en-US' });
    expect(first.status).toBe(200);
    const { id } = expectShape(RestockSignupResponse, first.body);
    const again = await client.post(BASE, { ...signup('A@example.com'), isJoinMailingList: true });
    expect(again.body.id).toBe(id);
    const list = await owner.get(`${BASE}?productId=tee&variantId=tee-l`);
    expect(list.body.signUps).toHaveLength(1);
    expect(list.body.signUps[0]).toMatchObject({ isJoinMailingList: true, notifiedOn: null });
  });

  it('requires the XSRF token from a signed-in visitor', async () => {
    const xsrf = await signIn(server, client);
    expect((await client.post(BASE, signup('e@example.com'))).status).toBe(403);
    const headers = { 'X-SiteUser-XSRF-Token': xsrf };
    expect((await client.post(BASE, signup('e@example.com'), { headers })).status).toBe(200);
  });

  it('accepts a variant by sku too', async () => {
    expect((await client.post(BASE, signup('b@example.com', 'TEE-L'))).status).toBe(200);
  });

  it('answers the email texts of docs/storefront.md, "Restock notifications" in fieldErrors and data.message', async () => {
    const blank = await client.post(BASE, signup(''));
    expectFieldError(blank, 'siteVisitorEmail', RESTOCK_MESSAGES.blank);
    expect(blank.body.message).toBe(RESTOCK_MESSAGES.blank);
    const invalid = await client.post(BASE, signup('not-an-email'));
    expect(invalid.body.message).toBe(RESTOCK_MESSAGES.invalid);
    expectFieldError(
      await client.post(BASE, { ...signup('c@example.com'), isJoinMailingList: 'no' }),
      'isJoinMailingList',
    );
  });

  it('answers unknown products and variants with data.message', async () => {
    const product = await client.post(BASE, signup('d@example.com', 'x', 'nope'));
    expect(product).toMatchObject({
      status: 404,
      body: { message: CART_SERVER_MESSAGES.productNotFound },
    });
    const variant = await client.post(BASE, signup('d@example.com', 'nope'));
    expect(variant).toMatchObject({
      status: 400,
      body: { message: CART_MESSAGES.variantUnavailable },
    });
  });
});

describe('restock listings and sending', () => {
  it('pages groups and sign-ups with cursors', async () => {
    for (let i = 0; i < RESTOCK_PAGE_SIZE + 5; i++) {
      expect((await client.post(BASE, signup(`v${i}@example.com`))).status).toBe(200);
    }
    await client.post(BASE, signup('s@example.com', 'tee-s'));
    const groups = expectShape(RestockGroupsResponse, (await owner.get(`${BASE}/groups`)).body);
    expect(groups).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(groups.signUpGroups).toEqual([
      {
        productId: 'tee',
        variantId: 'tee-l',
        signUpCount: RESTOCK_PAGE_SIZE + 5,
        pendingCount: RESTOCK_PAGE_SIZE + 5,
      },
      { productId: 'tee', variantId: 'tee-s', signUpCount: 1, pendingCount: 1 },
    ]);
    const page1 = expectShape(
      RestockSignupsResponse,
      (await owner.get(`${BASE}?productId=tee&variantId=tee-l`)).body,
    );
    expect(page1.signUps).toHaveLength(RESTOCK_PAGE_SIZE);
    expect(page1.hasNextPage).toBe(true);
    const page2 = (
      await owner.get(`${BASE}?productId=tee&variantId=tee-l&cursor=${page1.nextPageCursor}`)
    ).body;
    expect(page2.signUps).toHaveLength(5);
    expect(page2.hasNextPage).toBe(false);
    const all = (await owner.get(`${BASE}?productId=tee`)).body;
    expect(all.hasNextPage).toBe(true);
  });

  it('validates listing queries', async () => {
    expectFieldError(await owner.get(BASE), 'productId', 'Required');
    expectFieldError(await owner.get(`${BASE}/groups?cursor=abc`), 'cursor');
  });

  it('sends once per pending sign-up, for one variant or many', async () => {
    await client.post(BASE, signup('a@example.com'));
    await client.post(BASE, signup('b@example.com'));
    await client.post(BASE, signup('c@example.com', 'tee-s'));
    const one = await owner.post(`${BASE}/send`, { productId: 'tee', variantId: 'tee-l' });
    expect(expectShape(RestockSendResponse, one.body)).toEqual({ sentCount: 2 });
    expect(
      (await owner.post(`${BASE}/send`, { productId: 'tee', variantId: 'tee-l' })).body.sentCount,
    ).toBe(0);
    const all = await owner.post(`${BASE}/send/all`, {
      sendRequests: [
        { productId: 'tee', variantId: 'tee-l' },
        { productId: 'tee', variantId: 'tee-s' },
      ],
    });
    expect(all.body).toEqual({ sentCount: 1 });
    const groups = (await owner.get(`${BASE}/groups`)).body.signUpGroups;
    expect(groups.map((g: { pendingCount: number }) => g.pendingCount)).toEqual([0, 0]);
  });

  it('validates send payloads', async () => {
    expectFieldError(await owner.post(`${BASE}/send`, { productId: 'tee' }), 'variantId');
    expectFieldError(await owner.post(`${BASE}/send/all`, { sendRequests: [] }), 'sendRequests');
    expectFieldError(
      await owner.post(`${BASE}/send/all`, { sendRequests: [{ productId: 1 }] }),
      'sendRequests.0.productId',
    );
  });
});
