/**
 * The test hooks (/__faults, /__recorded) exist only when the server is started with them, and
 * even then answer only same-origin requests with JSON bodies, so another website cannot take a
 * preview down or read its form submissions through a visitor's browser. Fault plans sent over
 * HTTP match by glob, which has no catastrophic case.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { Glob } from '../../server/commerce/faults.js';
import type { SiteServer } from '../../server/preview/site-server.js';
import { expectLinearGrowth, SIZE_FACTOR } from '../support/growth.js';
import { sendRaw, startApi, startDemoSite, type TestServer } from './support.js';

const send = sendRaw;

const DROP_ALL = JSON.stringify({ rules: [{ glob: '*', drop: true }] });

describe('without the test hooks flag', () => {
  let site: SiteServer;
  let siteBase: string;
  let api: TestServer;
  beforeAll(async () => {
    ({ site, base: siteBase } = await startDemoSite());
    api = await startApi({ testHooks: false });
  });
  afterAll(async () => {
    await site.close();
    await api.close();
  });

  it('the site server has no /__faults or /__recorded', async () => {
    const json = { 'Content-Type': 'application/json' };
    // A POST is a form post to the site: JSON is refused (415), never taken as a plan.
    expect((await send(siteBase, 'POST', '/__faults', json, DROP_ALL)).status).toBe(415);
    expect((await send(siteBase, 'GET', '/__faults')).status).toBe(404);
    expect((await send(siteBase, 'GET', '/__recorded?kind=form-submission')).status).toBe(404);
    expect((await send(siteBase, 'DELETE', '/__recorded')).status).toBe(405);
    // The plan was not taken: pages are still served.
    expect((await send(siteBase, 'GET', '/shop')).status).toBe(200);
  });

  it('the API handler leaves them to the next handler', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect((await send(api.base, 'POST', '/__faults', json, DROP_ALL)).body).toContain('not api');
    expect((await send(api.base, 'GET', '/__recorded')).body).toContain('not api');
    expect(api.handler.faults.describe()).toEqual([]);
  });
});

describe('with the test hooks flag', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());
  afterEach(() => api.handler.faults.clear());

  it('takes a same-origin JSON plan (Origin and Sec-Fetch-Site of this server, or none)', async () => {
    const plan = JSON.stringify({ rules: [{ path: '/api/x', status: 500 }] });
    const allowed: Array<Record<string, string>> = [
      {},
      { Origin: api.base, 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
    ];
    for (const headers of allowed) {
      const reply = await send(
        api.base,
        'POST',
        '/__faults',
        { 'Content-Type': 'application/json; charset=utf-8', ...headers },
        plan,
      );
      expect(reply.status).toBe(200);
    }
    expect(api.handler.faults.describe()).toHaveLength(1);
  });

  it.each([
    ['another origin', { Origin: 'http://evil.example' }],
    ['an origin on another port', { Origin: 'http://127.0.0.1:1' }],
    ['a null origin', { Origin: 'null' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a same-site fetch from another origin', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses %s with 403, for every method and both hooks', async (_what, headers) => {
    const json = { 'Content-Type': 'application/json', ...headers };
    expect((await send(api.base, 'POST', '/__faults', json, DROP_ALL)).status).toBe(403);
    expect((await send(api.base, 'GET', '/__faults', headers)).status).toBe(403);
    expect((await send(api.base, 'DELETE', '/__faults', headers)).status).toBe(403);
    expect((await send(api.base, 'GET', '/__recorded', headers)).status).toBe(403);
    expect((await send(api.base, 'DELETE', '/__recorded', headers)).status).toBe(403);
    expect(api.handler.faults.describe()).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a plan sent as %s with 415 (what a cross-origin form or beacon can send)',
    async (type) => {
      const reply = await send(api.base, 'POST', '/__faults', { 'Content-Type': type }, DROP_ALL);
      expect(reply.status).toBe(415);
      expect(api.handler.faults.describe()).toEqual([]);
    },
  );

  it('takes a glob with many stars and stays responsive on a long path', async () => {
    const glob = `/${'*a'.repeat(60)}*b`;
    const plan = JSON.stringify({ rules: [{ glob, status: 418 }] });
    const json = { 'Content-Type': 'application/json' };
    expect((await send(api.base, 'POST', '/__faults', json, plan)).status).toBe(200);
    expect((await send(api.base, 'GET', `/${'a'.repeat(8000)}`)).status).toBe(404);
    expect((await send(api.base, 'GET', `/${'a'.repeat(60)}b`)).status).toBe(418);
  });
});

describe('Glob', () => {
  it('matches * against any run of characters and the rest literally', () => {
    const cart = new Glob('/api/commerce/shopping-cart*');
    expect(cart.test('/api/commerce/shopping-cart')).toBe(true);
    expect(cart.test('/api/commerce/shopping-cart/entries/e1')).toBe(true);
    expect(cart.test('/api/commerce/shopping')).toBe(false);
    const entry = new Glob('/api/*/entries/*');
    expect(entry.test('/api/commerce/shopping-cart/entries/e1')).toBe(true);
    expect(entry.test('/api/commerce/entries')).toBe(false);
    expect(new Glob('/a.c').test('/abc')).toBe(false);
    expect(new Glob('*ab*ab').test('abab')).toBe(true);
    expect(new Glob('*aba*').test('abab')).toBe(true);
    expect(new Glob('a*a').test('a')).toBe(false);
    expect(new Glob('*').test('')).toBe(true);
  });

  it('takes time linear in the path on its worst input (a backtracking matcher is quadratic)', () => {
    // The first piece matches at every position and the second, whose partial matches run
    // 30 characters, is nowhere: this matcher finds the first at once and then reads the whole
    // path for the second; one that tries every place for the first reads it once per place.
    const glob = new Glob(`*a*${'a'.repeat(30)}b*`);
    const miss = (path: string) => {
      if (glob.test(path)) throw new Error('the glob must not match');
    };
    expect(glob.test(`${'a'.repeat(100)}b`)).toBe(true);
    expectLinearGrowth('Glob.test', miss, 'a'.repeat(64_000), 'a'.repeat(SIZE_FACTOR * 64_000));
  });
});
