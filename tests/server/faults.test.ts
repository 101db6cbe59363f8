import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRoutes, router } from '../../server/commerce/index.js';
import { Client, expectFieldError, startApi, type TestServer } from './support.js';

const R = '/api/site-users/account/notifications/restock';
const P = '/api/content-service/product/1.1/websites/preview-website/products';

/** One sample request per implemented endpoint; a test checks none is missing. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/api/commerce/shopping-cart'],
  ['POST', '/api/commerce/shopping-cart/entries'],
  ['PUT', '/api/commerce/shopping-cart/entries/e1/additionalFields'],
  ['PUT', '/api/commerce/shopping-cart/entries/e1'],
  ['DELETE', '/api/commerce/shopping-cart/entries/e1'],
  ['GET', '/api/commerce/inventory/stock/'],
  ['POST', '/api/3/commerce/cart/subscription'],
  ['GET', '/api/commerce/fullstory/getId'],
  ['GET', '/api/v1/commerce-preferences/checkout'],
  ['PUT', '/api/v1/commerce-preferences/checkout'],
  ['POST', P],
  ['POST', `${P}/c1/categories`],
  ['POST', '/api/form/FormSubmissionKey'],
  ['POST', '/api/rest/forms/validate/contact'],
  ['POST', '/api/form/SaveFormSubmission'],
  ['POST', R],
  ['GET', `${R}/groups`],
  ['GET', R],
  ['POST', `${R}/send`],
  ['POST', `${R}/send/all`],
  ['GET', '/api/site-users/account/session'],
  ['POST', '/api/site-users/account/session'],
  ['DELETE', '/api/site-users/account/session'],
  ['POST', '/api/site-users/account/locale'],
  ['GET', '/api/multilingual/settings'],
  ['GET', '/api/multilingual/status'],
  ['GET', '/api/multilingual/languages'],
  ['PUT', '/api/multilingual/languages'],
  ['DELETE', '/api/multilingual/connection'],
  ['GET', '/api/site-header-footer'],
  ['PUT', '/api/site-header-footer'],
  ['GET', '/api/commondata/GetSiteLayout'],
  ['POST', '/api/widget/UpdateNavigation'],
  ['POST', '/api/events/RecordEvent'],
  ['POST', '/api/v1/clanker/events'],
  ['POST', '/api/v1/clanker/validate-event-content/page_view'],
  ['POST', '/api/events/RecordJavascriptErrors'],
  ['POST', '/api/census/RecordHit'],
  ['POST', '/api/census/button-click'],
  ['POST', '/api/census/button-render'],
  ['POST', '/api/census/form-render'],
  ['POST', '/api/census/overlay'],
  ['POST', '/api/census/RecordQuickView/q1'],
  ['GET', '/api/1/performance/settings'],
  ['POST', '/api/1/performance/records'],
  ['GET', '/api/google-maps/places/autocomplete'],
  ['GET', '/api/google-maps/places/details'],
];

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startApi();
  client = await new Client(server.base).prime();
});
afterAll(() => server.close());
beforeEach(() => server.handler.faults.clear());

const pathOf = (path: string) => path.split('?')[0]!;
const send = (method: string, path: string) =>
  client.request(method, path, method === 'GET' ? {} : { json: {} });

it('has a sample request for every implemented endpoint', () => {
  const covered = new Set(
    ENDPOINTS.map(([method, path]) => {
      const found = router.match(method, path);
      return typeof found === 'object' ? found.route : undefined;
    }),
  );
  const missing = apiRoutes.filter((r) => !covered.has(r)).map((r) => `${r.method} ${r.path}`);
  expect(missing).toEqual([]);
});

describe.each(ENDPOINTS)('%s %s', (method, path) => {
  it('answers an injected 429 once, then serves normally', async () => {
    server.handler.faults.replace([{ path: pathOf(path), method, status: 429, times: 1 }]);
    const limited = await send(method, path);
    expect(limited).toMatchObject({ status: 429, body: { error: 'Too Many Requests' } });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await send(method, path)).status).not.toBe(429);
  });

  it('answers an injected 500 until cleared', async () => {
    server.handler.faults.replace([{ path: pathOf(path), status: 500 }]);
    expect((await send(method, path)).status).toBe(500);
    expect((await send(method, path)).status).toBe(500);
  });

  it('adds injected latency', async () => {
    server.handler.faults.replace([{ path: pathOf(path), latencyMs: 60 }]);
    const start = performance.now();
    const reply = await send(method, path);
    expect(performance.now() - start).toBeGreaterThanOrEqual(55);
    expect(reply.status).toBeLessThan(500);
  });

  it('drops the connection', async () => {
    server.handler.faults.replace([{ path: pathOf(path), drop: true, times: 1 }]);
    await expect(send(method, path)).rejects.toThrow();
  });
});

describe('/__faults at run time', () => {
  it('replaces, lists and clears the plan; globs and methods filter', async () => {
    const set = await client.post('/__faults', {
      rules: [
        { glob: '/api/commerce/shopping-cart*', method: 'POST', status: 503, times: 2 },
        { path: '/shop', status: 500 },
      ],
    });
    expect(set.body.rules).toHaveLength(2);
    expect((await client.get('/api/commerce/shopping-cart')).status).toBe(200);
    const entry = { itemId: 'mug', sku: 'MUG', quantity: 1 };
    expect((await client.post('/api/commerce/shopping-cart/entries', entry)).status).toBe(503);
    expect((await client.post('/api/commerce/shopping-cart/entries', entry)).status).toBe(503);
    expect((await client.post('/api/commerce/shopping-cart/entries', entry)).status).toBe(200);
    // Page paths can fail too: the handler answers them instead of the renderer.
    expect((await client.get('/shop')).status).toBe(500);
    expect((await client.get('/__faults')).body.rules).toHaveLength(1);
    await client.delete('/__faults');
    expect((await client.get('/__faults')).body.rules).toEqual([]);
    expect((await client.get('/shop')).status).toBe(404);
  });

  it('sends a custom body with the status', async () => {
    await client.post('/__faults', {
      rules: [
        { path: '/api/form/SaveFormSubmission', status: 400, body: { errors: { email: 'x' } } },
      ],
    });
    expect((await client.post('/api/form/SaveFormSubmission', {})).body).toEqual({
      errors: { email: 'x' },
    });
  });

  it('rejects malformed plans', async () => {
    expectFieldError(await client.post('/__faults', { rules: [{ status: 500 }] }), 'rules.0');
    expectFieldError(
      await client.post('/__faults', { rules: [{ path: '/x', status: 99 }] }),
      'rules.0.status',
    );
    // Regular expressions are not taken over HTTP (a catastrophic one blocks the event loop).
    expectFieldError(
      await client.post('/__faults', { rules: [{ pattern: '(a+)+$', status: 500 }] }),
      'rules.0',
      'Unrecognized key: "pattern"',
    );
    expectFieldError(
      await client.post('/__faults', { rules: [{ glob: `/${'*a'.repeat(100)}`, status: 500 }] }),
      'rules.0.glob',
    );
    expect((await client.request('PUT', '/__faults')).status).toBe(405);
  });
});

describe('routing', () => {
  it('answers unknown API paths 404 and wrong methods 405', async () => {
    expect((await client.get('/api/nope')).status).toBe(404);
    expect((await client.request('PATCH', '/api/commerce/shopping-cart')).status).toBe(405);
  });

  it('answers malformed JSON and oversized bodies', async () => {
    const malformed = await client.request('POST', '/api/commerce/shopping-cart/entries', {
      headers: { 'Content-Type': 'application/json' },
    });
    expectFieldError(malformed, '_root');
    const res = await fetch(`${server.base}/api/v1/clanker/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(400);
    const big = await fetch(`${server.base}/api/v1/clanker/events`, {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
  });
});
