import { describe, expect, it } from 'vitest';
import {
  LoginResponse,
  SESSION_MESSAGES,
  SiteUserInfoCookie,
} from '../../storefront/api/schemas.js';
import {
  addAccount,
  Client,
  expectFieldError,
  expectShape,
  TEST_ACCOUNT,
  type TestServer,
  useApi,
} from './support.js';

const SESSION = '/api/site-users/account/session';
const LOCALE = '/api/site-users/account/locale';

let server: TestServer;
let client: Client;
useApi((api) => {
  ({ server, client } = api);
  addAccount(server);
});

async function login(rememberMe = false): Promise<string> {
  const reply = await client.post(SESSION, { ...TEST_ACCOUNT, rememberMe });
  expect(reply.status).toBe(200);
  return expectShape(LoginResponse, reply.body).xsrfToken;
}
const xsrf = (token: string) => ({ headers: { 'X-SiteUser-XSRF-Token': token } });

describe('POST session (login)', () => {
  it('sets the session and info cookies and returns an XSRF token', async () => {
    const reply = await client.post(SESSION, { ...TEST_ACCOUNT, rememberMe: true });
    expect(reply.status).toBe(200);
    const info = expectShape(SiteUserInfoCookie, JSON.parse(client.cookies.get('SiteUserInfo')!));
    expect(info).toEqual({ authenticated: true, siteUserId: reply.body.siteUserId });
    const cookies = reply.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/SiteUserSecureAuthToken=[^;]+;.*Max-Age=63072000.*HttpOnly/);
  });

  it('refuses wrong credentials with 401 and malformed payloads with 400', async () => {
    const wrong = await client.post(SESSION, { ...TEST_ACCOUNT, password: 'nope' });
    expect(wrong).toMatchObject({ status: 401, body: { error: SESSION_MESSAGES.badCredentials } });
    expectFieldError(await client.post(SESSION, { email: 'x', password: 'p' }), 'email');
    expectFieldError(await client.post(SESSION, { email: TEST_ACCOUNT.email }), 'password');
    expectFieldError(
      await client.post(SESSION, { ...TEST_ACCOUNT, rememberMe: 'yes' }),
      'rememberMe',
    );
  });

  it('gives back the account’s cart on a later login', async () => {
    await login();
    const added = await client.post('/api/commerce/shopping-cart/entries', {
      itemId: 'mug',
      sku: 'MUG',
      quantity: 2,
    });
    const cartId = added.body.shoppingCart.id as string;
    const other = await new Client(server.base).prime();
    await other.post(SESSION, TEST_ACCOUNT);
    expect(other.cookies.get('CART')).toBe(cartId);
    expect((await other.get('/api/commerce/shopping-cart')).body.totalQuantity).toBe(2);
  });
});

describe("GET session (the page data's account)", () => {
  it("answers signed out without a session, and the session's XSRF token while signed in", async () => {
    expect(await client.get(SESSION)).toMatchObject({ status: 200, body: { signedIn: false } });
    const token = await login();
    const reply = await client.get(SESSION);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ signedIn: true, xsrfToken: token });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    await client.delete(SESSION, xsrf(token));
    expect((await client.get(SESSION)).body).toEqual({ signedIn: false });
  });
});

describe('DELETE session (logout)', () => {
  it('answers crumbFail on a bad crumb; the retry with the cookie crumb succeeds', async () => {
    const token = await login();
    const bad = await client.delete(SESSION, { crumb: false, ...xsrf(token) });
    expect(bad).toMatchObject({ status: 401, body: { crumbFail: true } });
    const retry = await client.delete(SESSION, xsrf(token));
    expect(retry.status).toBe(200);
    expect(client.cookies.has('SiteUserInfo')).toBe(false);
    expect(client.cookies.has('SiteUserSecureAuthToken')).toBe(false);
  });

  it('requires the XSRF token while signed in', async () => {
    await login();
    const reply = await client.delete(SESSION);
    expect(reply).toMatchObject({ status: 403, body: { error: SESSION_MESSAGES.badXsrf } });
    expect((await client.delete(SESSION, xsrf('wrong'))).status).toBe(403);
  });

  it('keeps a copy of the cart with cloneCart=true, drops it otherwise', async () => {
    let token = await login();
    const added = await client.post('/api/commerce/shopping-cart/entries', {
      itemId: 'mug',
      sku: 'MUG',
      quantity: 1,
    });
    const original = added.body.shoppingCart.id as string;
    await client.delete(`${SESSION}?cloneCart=true`, xsrf(token));
    const copy = client.cookies.get('CART');
    expect(copy).toBeDefined();
    expect(copy).not.toBe(original);
    expect((await client.get('/api/commerce/shopping-cart')).body.totalQuantity).toBe(1);
    token = await login();
    await client.delete(`${SESSION}?cloneCart=false`, xsrf(token));
    expect(client.cookies.has('CART')).toBe(false);
  });

  it('copies a cart only for a signed-in session, once', async () => {
    const stored = server.db.prepare(
      'SELECT (SELECT COUNT(*) FROM carts) AS carts, (SELECT COUNT(*) FROM cart_entries) AS lines',
    );
    await client.post('/api/commerce/shopping-cart/entries', {
      itemId: 'mug',
      sku: 'MUG',
      quantity: 1,
    });
    const visitorCart = client.cookies.get('CART');
    for (let i = 0; i < 3; i++) {
      expect((await client.delete(`${SESSION}?cloneCart=true`)).status).toBe(200);
    }
    expect(stored.get()).toEqual({ carts: 1, lines: 1 });
    expect(client.cookies.get('CART')).toBe(visitorCart);
    // Signed in, the account's cart is copied on the way out; the next call has no session.
    const token = await login();
    await client.delete(`${SESSION}?cloneCart=true`, xsrf(token));
    await client.delete(`${SESSION}?cloneCart=true`, xsrf(token));
    expect(stored.get()).toEqual({ carts: 2, lines: 2 });
  });

  it('validates the cloneCart query and is harmless when signed out', async () => {
    expectFieldError(await client.delete(`${SESSION}?cloneCart=maybe`), 'cloneCart');
    expect((await client.delete(SESSION)).status).toBe(200);
  });
});

describe('POST locale', () => {
  it('needs a session and its XSRF token, then saves the language', async () => {
    expect((await client.post(LOCALE, { language: 'fr' })).status).toBe(401);
    const token = await login();
    expect((await client.post(LOCALE, { language: 'fr' })).status).toBe(403);
    const ok = await client.post(LOCALE, { language: 'fr-CA' }, xsrf(token));
    expect(ok).toMatchObject({ status: 200, body: { language: 'fr-CA' } });
    expectFieldError(await client.post(LOCALE, { language: 'French!' }, xsrf(token)), 'language');
  });
});
