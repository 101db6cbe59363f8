/**
 * The site-user client over the preview's real API (docs/storefront.md, "Sign-in and sessions"):
 * sign-in keeps the XSRF token as session data expiring with the server's session and sends it
 * in X-SiteUser-XSRF-Token; sign-out is retried once on crumbFail; the locale is not sent for a
 * custom code; the user-info cookie's unreadable value means signed out; the cart follows the
 * account.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionData } from '../../storefront/account/session-data.js';
import { createCommerceClient } from '../../storefront/api/client.js';
import { CART_ERROR_TEXTS, CommerceError } from '../../storefront/api/errors.js';
import {
  createSiteUserClient,
  isCustomLanguage,
  REMEMBERED_SESSION_MS,
  SESSION_MS,
  XSRF_HEADER,
  XSRF_KEY,
} from '../../storefront/api/site-users.js';
import { readUserInfo, USER_INFO_PARSE_ERROR } from '../../storefront/api/user-info.js';
import { addAccount, startApi, TEST_ACCOUNT, type TestServer } from '../server/support.js';
import { browserJar, type BrowserJar } from './browser-jar.js';

/** A Storage over a Map (the clients' session data seam). */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const NOW = 1_800_000_000_000;
let server: TestServer;
let jar: BrowserJar;
let storage: Storage;
let clock: number;

function clients(j = jar) {
  const session = createSessionData(
    () => storage,
    () => clock,
  );
  return {
    users: createSiteUserClient({ ...j.seams, session, now: () => clock }),
    commerce: createCommerceClient(j.seams),
    session,
  };
}

beforeEach(async () => {
  server = await startApi();
  addAccount(server);
  jar = browserJar(server.base);
  storage = memoryStorage();
  clock = NOW;
  await clients().commerce.getCart(); // the first call gets the crumb cookie, as a page view does
});
afterEach(() => server.close());

const sessionCalls = () => jar.sent.filter((s) => s.path.startsWith('/api/site-users'));

describe('sign-in', () => {
  it('posts email, password and rememberMe and keeps the XSRF token until the session ends', async () => {
    const { users, session } = clients();
    await users.login({ ...TEST_ACCOUNT, rememberMe: true });
    const [login] = sessionCalls();
    expect(login).toMatchObject({ method: 'POST', path: '/api/site-users/account/session' });
    expect(login!.body).toEqual({ ...TEST_ACCOUNT, rememberMe: true });
    const stored = JSON.parse(storage.getItem(XSRF_KEY)!) as { value: string; expires: number };
    expect(stored.expires).toBe(NOW + REMEMBERED_SESSION_MS);
    expect(REMEMBERED_SESSION_MS).toBe(2 * 365 * 24 * 3600 * 1000);
    expect(readUserInfo(jar.seams.cookies())?.authenticated).toBe(true);
    clock = NOW + REMEMBERED_SESSION_MS;
    expect(session.get(XSRF_KEY)).toBeUndefined();
    expect(storage.getItem(XSRF_KEY)).toBeNull();
  });

  it('keeps a session that is not remembered for a day', async () => {
    await clients().users.login(TEST_ACCOUNT);
    const stored = JSON.parse(storage.getItem(XSRF_KEY)!) as { expires: number };
    expect(stored.expires).toBe(NOW + SESSION_MS);
    expect(SESSION_MS).toBe(86_400_000);
  });

  it('shows the server text for wrong credentials', async () => {
    const err = await clients()
      .users.login({ ...TEST_ACCOUNT, password: 'wrong' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommerceError);
    expect((err as CommerceError).status).toBe(401);
    expect(storage.getItem(XSRF_KEY)).toBeNull();
  });

  it('sends the XSRF token with the locale call, which the server needs', async () => {
    const { users } = clients();
    await users.login(TEST_ACCOUNT);
    expect(await users.updateLocale('fr-FR')).toBe(true);
    const locale = sessionCalls().at(-1)!;
    expect(locale.path).toBe('/api/site-users/account/locale');
    expect(locale.headers[XSRF_HEADER]).toBe(JSON.parse(storage.getItem(XSRF_KEY)!).value);
    storage.removeItem(XSRF_KEY);
    const refused = await users.updateLocale('de-DE').catch((e: unknown) => e);
    expect((refused as CommerceError).status).toBe(403);
  });

  it('does not send the locale when the current language is a custom code', async () => {
    const { users } = clients();
    await users.login(TEST_ACCOUNT);
    const before = jar.sent.length;
    expect(await users.updateLocale('fr-FR', 'x-pirate')).toBe(false);
    expect(await users.updateLocale('fr-FR', 'not a code')).toBe(false);
    expect(jar.sent.length).toBe(before);
    expect(isCustomLanguage('en-US')).toBe(false);
    expect(isCustomLanguage('en-x-shop')).toBe(true);
  });
});

describe('sign-out', () => {
  it('signs out with the XSRF token and forgets it', async () => {
    const { users } = clients();
    await users.login(TEST_ACCOUNT);
    await users.logout();
    const logout = sessionCalls().at(-1)!;
    expect(logout.method).toBe('DELETE');
    expect(logout.headers[XSRF_HEADER]).toBeDefined();
    expect(readUserInfo(jar.seams.cookies())).toBeUndefined();
    expect(storage.getItem(XSRF_KEY)).toBeNull();
  });

  it('is retried once when the crumb failed (the failure sets a fresh crumb)', async () => {
    const { users } = clients();
    await users.login(TEST_ACCOUNT);
    jar.cookies.delete('crumb');
    await users.logout();
    const deletes = sessionCalls().filter((s) => s.method === 'DELETE');
    expect(deletes).toHaveLength(2);
    expect(readUserInfo(jar.seams.cookies())).toBeUndefined();
  });

  it('gives up after the retry with the crumb text, and retries a 200 saying crumbFail', async () => {
    const answers = [
      new Response(JSON.stringify({ crumbFail: true }), { status: 200 }),
      new Response(JSON.stringify({ error: 'x', crumbFail: true }), { status: 401 }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    const users = createSiteUserClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      session: createSessionData(() => storage),
    });
    const err = (await users.logout().catch((e: unknown) => e)) as CommerceError;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(err.kind).toBe('crumb');
    expect(err.message).toBe(CART_ERROR_TEXTS.crumbCookiesOn);
  });
});

describe('the cart follows the account', () => {
  it('goes into the account at sign-in, comes back at the next sign-in, and a copy stays with cloneCart', async () => {
    const { users, commerce } = clients();
    await commerce.addEntry({ itemId: 'tee', sku: 'TEE-S', quantity: 2 });
    await users.login(TEST_ACCOUNT);
    await users.logout({ cloneCart: true });
    expect(sessionCalls().at(-1)!.path).toBe('/api/site-users/account/session?cloneCart=true');
    expect((await commerce.getCart()).totalQuantity).toBe(2); // the visitor's copy

    const other = browserJar(server.base);
    const second = clients(other);
    await second.commerce.getCart();
    expect((await second.commerce.getCart()).totalQuantity).toBe(0);
    await second.users.login(TEST_ACCOUNT);
    expect((await second.commerce.getCart()).totalQuantity).toBe(2); // the account's cart
    await second.users.logout();
    expect((await second.commerce.getCart()).totalQuantity).toBe(0);
  });
});

describe('the user-info cookie', () => {
  it('is signed out when unreadable, with the console text', () => {
    const warn = vi.fn();
    expect(readUserInfo('SiteUserInfo=%7Bnot-json', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Could not parse user info cookie value');
    expect(USER_INFO_PARSE_ERROR).toBe('Could not parse user info cookie value');
    expect(readUserInfo('SiteUserInfo=%5B1%5D', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    const signedOut = encodeURIComponent(JSON.stringify({ authenticated: false, siteUserId: 'u' }));
    expect(readUserInfo(`SiteUserInfo=${signedOut}`, warn)).toBeUndefined();
    expect(readUserInfo('', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('session data', () => {
  it('keeps a value without expiry, drops an expired one, and survives a refusing storage', () => {
    const data = createSessionData(
      () => storage,
      () => clock,
    );
    data.set('a', { x: 1 });
    data.set('b', 'v', NOW + 10);
    expect(data.get('a')).toEqual({ x: 1 });
    expect(data.get('b')).toBe('v');
    clock = NOW + 10;
    expect(data.get('b')).toBeUndefined();
    expect(JSON.parse(storage.getItem('a')!)).toEqual({ value: { x: 1 } });
    const refusing = createSessionData(() => {
      throw new Error('SecurityError');
    });
    refusing.set('a', 1);
    expect(refusing.get('a')).toBeUndefined();
  });
});
