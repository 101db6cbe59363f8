/**
 * Owner calls need the owner session (server/commerce/owner.ts): a visitor holding only the crumb
 * gets 401, a made-up or stale owner cookie 403, and nothing is read or changed; the one-time
 * owner link works once and sets an HttpOnly, SameSite=Strict cookie; with it every owner call
 * works; `jsont preview` prints the link.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPreview } from '../../cli/preview.js';
import { apiRoutes, router } from '../../server/commerce/index.js';
import { OWNER_COOKIE, OWNER_MESSAGES, OwnerAccess } from '../../server/commerce/owner.js';
import { Client, sendRaw, startApi, type TestServer } from './support.js';

const R = '/api/site-users/account/notifications/restock';
const P = '/api/content-service/product/1.1/websites/preview-website/products';

/**
 * A valid request for every owner call, in an order in which each succeeds for the owner
 * (`{collection}` is the id the collection call returned).
 */
const OWNER_CALLS: Array<{ method: string; path: string; body?: unknown; status?: number }> = [
  { method: 'GET', path: `${R}/groups` },
  { method: 'GET', path: `${R}?productId=tee&variantId=tee-l` },
  { method: 'POST', path: `${R}/send`, body: { productId: 'tee', variantId: 'tee-l' } },
  {
    method: 'POST',
    path: `${R}/send/all`,
    body: { sendRequests: [{ productId: 'tee', variantId: 'tee-l' }] },
  },
  { method: 'PUT', path: '/api/v1/commerce-preferences/checkout', body: { minimum: 1 } },
  {
    method: 'POST',
    path: P,
    body: { navigationTitle: 'Shop', title: 'Shop', urlId: 'shop', description: '', enabled: true },
    status: 201,
  },
  {
    method: 'POST',
    path: `${P}/{collection}/categories`,
    body: {
      displayName: 'All',
      parentCategoryId: null,
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    },
    status: 201,
  },
  { method: 'PUT', path: '/api/multilingual/languages', body: { languages: [{ code: 'de-DE' }] } },
  { method: 'DELETE', path: '/api/multilingual/connection' },
  { method: 'PUT', path: '/api/site-header-footer', body: { header: { a: 1 }, footer: {} } },
  {
    method: 'POST',
    path: '/api/widget/UpdateNavigation',
    body: { fieldName: 'mainNav', templateId: 't1', navigation: { items: [] } },
  },
];

const routeOf = (method: string, path: string) => {
  const found = router.match(method, path.split('?')[0]!);
  if (found === undefined || found === 'method') throw new Error(`no route: ${method} ${path}`);
  return found.route;
};

let server: TestServer;
let visitor: Client;
beforeEach(async () => {
  server = await startApi();
  visitor = await new Client(server.base).prime();
});
afterEach(() => server.close());

const signup = (email: string) => ({
  productId: 'tee',
  variantId: 'tee-l',
  siteVisitorEmail: email,
  isJoinMailingList: false,
});

describe('owner calls', () => {
  it('are exactly the restock lists and sends, store creation and settings writes', () => {
    const owned = apiRoutes.filter((r) => r.owner === true);
    expect(owned.length).toBe(OWNER_CALLS.length);
    expect(new Set(OWNER_CALLS.map((c) => routeOf(c.method, c.path)))).toEqual(new Set(owned));
    // The visitor's own calls next to them stay open.
    expect(routeOf('POST', R).owner).toBeUndefined();
    expect(routeOf('GET', '/api/site-header-footer').owner).toBeUndefined();
    expect(routeOf('GET', '/api/v1/commerce-preferences/checkout').owner).toBeUndefined();
  });

  it("keep one visitor from reading another's restock email or sending notifications", async () => {
    expect((await visitor.post(R, signup('private@example.com'))).status).toBe(200);
    const other = await new Client(server.base).prime();
    const list = await other.get(`${R}?productId=tee&variantId=tee-l`);
    expect(list).toMatchObject({ status: 401, body: { error: OWNER_MESSAGES.required } });
    expect(JSON.stringify(list.body)).not.toContain('private@example.com');
    const sendAll = await other.post(`${R}/send/all`, {
      sendRequests: [{ productId: 'tee', variantId: 'tee-l' }],
    });
    expect(sendAll.status).toBe(401);
    const owner = await new Client(server.base).signInAsOwner(server.handler.owner);
    const groups = (await owner.get(`${R}/groups`)).body.signUpGroups;
    expect(groups).toEqual([expect.objectContaining({ pendingCount: 1 })]);
  });

  it('answer 401 without an owner cookie and 403 with a wrong one, changing nothing', async () => {
    const stranger = await new Client(server.base).prime();
    stranger.cookies.set(OWNER_COOKIE, 'a'.repeat(64));
    for (const call of OWNER_CALLS) {
      const path = call.path.replace('{collection}', 'c1');
      const none = await visitor.request(call.method, path, { json: call.body });
      expect(none, `${call.method} ${path}`).toMatchObject({
        status: 401,
        body: { error: OWNER_MESSAGES.required },
      });
      const wrong = await stranger.request(call.method, path, { json: call.body });
      expect(wrong, `${call.method} ${path}`).toMatchObject({
        status: 403,
        body: { error: OWNER_MESSAGES.invalid },
      });
    }
    expect((await visitor.get('/api/site-header-footer')).body).toEqual({ header: {}, footer: {} });
    expect((await visitor.get('/api/multilingual/languages')).body.languages).toHaveLength(1);
    expect((await visitor.get('/api/v1/commerce-preferences/checkout')).body).toEqual({
      websiteId: 'preview-website',
    });
  });

  it('work with the owner cookie', async () => {
    const owner = await new Client(server.base).signInAsOwner(server.handler.owner);
    let collection = '';
    for (const call of OWNER_CALLS) {
      const path = call.path.replace('{collection}', collection);
      const reply = await owner.request(call.method, path, { json: call.body });
      expect(reply.status, `${call.method} ${path}: ${JSON.stringify(reply.body)}`).toBe(
        call.status ?? 200,
      );
      if (call.path === P) collection = reply.body.id as string;
    }
    expect((await visitor.get('/api/site-header-footer')).body.header).toEqual({ a: 1 });
  });

  it("refuse another run's owner session", async () => {
    const other = await startApi();
    try {
      const owner = await new Client(other.base).signInAsOwner(other.handler.owner);
      const here = await new Client(server.base).prime();
      here.cookies.set(OWNER_COOKIE, owner.cookies.get(OWNER_COOKIE)!);
      expect((await here.get(`${R}/groups`)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('the owner link', () => {
  it('sets an HttpOnly, SameSite=Strict cookie once and redirects home', async () => {
    const link = server.handler.owner.linkPath();
    expect(link).toMatch(/^\/__owner\?token=[0-9a-f]{64}$/);
    const first = await sendRaw(server.base, 'GET', link);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${OWNER_COOKIE}=[0-9a-f]{64}; Path=/; SameSite=Strict`));
    expect(cookie).toContain('HttpOnly');
    const again = await sendRaw(server.base, 'GET', link);
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body)).toEqual({ error: OWNER_MESSAGES.badLink });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(server.handler.owner.linkPath()).not.toBe(link);
  });

  it('refuses a missing, guessed or near-miss token and other methods', async () => {
    const link = server.handler.owner.linkPath();
    const token = link.split('=')[1]!;
    const nearMiss = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const target of ['/__owner', '/__owner?token=', `/__owner?token=${nearMiss}`]) {
      expect((await sendRaw(server.base, 'GET', target)).status, target).toBe(403);
    }
    expect((await sendRaw(server.base, 'POST', link)).status).toBe(405);
    // None of those spent the link.
    expect((await sendRaw(server.base, 'GET', link)).status).toBe(303);
  });

  it('reports each next link to whoever runs the server', () => {
    const heard: string[] = [];
    const owner = new OwnerAccess((path) => heard.push(path));
    const first = owner.linkPath();
    expect(owner.redeem(first.split('=')[1])).toMatch(/^[0-9a-f]{64}$/);
    expect(heard).toEqual([owner.linkPath()]);
    expect(heard[0]).not.toBe(first);
  });
});

describe('jsont preview', () => {
  it('prints a one-time owner link that signs the browser in', async () => {
    // A copy of the demo site, so the preview's store file lands in a temporary folder.
    const dir = mkdtempSync(join(tmpdir(), 'jsont-owner-'));
    cpSync(resolve(import.meta.dirname, '../../fixtures/site'), join(dir, 'site'), {
      recursive: true,
    });
    const out: string[] = [];
    const io = {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: () => undefined },
      cwd: dir,
    };
    try {
      const stop = new AbortController();
      let checked: Promise<void> = Promise.resolve();
      await runPreview(['site', '--port', '0'], io, {
        signal: stop.signal,
        onListening: (url) => {
          checked = (async () => {
            const printed = /Owner: (http:\/\/localhost:\d+\/__owner\?token=[0-9a-f]{64})\n/.exec(
              out.join(''),
            );
            expect(printed?.[1]?.startsWith(url)).toBe(true);
            const target = printed![1]!.slice(url.length);
            const opened = await sendRaw(url, 'GET', target);
            expect(opened.status).toBe(303);
            const cookie = /jsont-owner=[0-9a-f]+/.exec(String(opened.headers['set-cookie']))![0];
            const groups = await sendRaw(url, 'GET', `${R}/groups`, { Cookie: cookie });
            expect(groups.status).toBe(200);
            expect((await sendRaw(url, 'GET', `${R}/groups`)).status).toBe(401);
            expect((await sendRaw(url, 'GET', target)).status).toBe(403);
          })().finally(() => stop.abort());
        },
      });
      await checked;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
