/**
 * No client input makes the preview answer 500: generated requests (method, path parameters,
 * query, cookies, content type and body) to every route of the commerce API (its router table)
 * and of the page server (site.json's routes, the assets folder, the client script), checked
 * against the demo store on a `:memory:` store. Bodies use the field names of the API's request
 * schemas and the demo store's real ids, so they often get past validation into the handlers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { apiRoutes } from '../../server/api/index.js';
import { CLIENT_PATH, LIVERELOAD_PATH } from '../../server/site/html.js';
import type { SiteServer } from '../../server/site-server.js';
import * as schemas from '../../storefront/api/schemas.js';
import { sendRaw, startDemoSite } from './support.js';

let site: SiteServer;
let base: string;
let crumb: string;
let cartId: string;

beforeAll(async () => {
  ({ site, base } = await startDemoSite());
  const first = await sendRaw(base, 'GET', '/api/commerce/shopping-cart');
  crumb = /crumb=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!;
  const add = await sendRaw(
    base,
    'POST',
    '/api/commerce/shopping-cart/entries',
    { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
    JSON.stringify({ itemId: '65a0c3e8d1f200000000001e', sku: 'JP-COF-WB', quantity: 1 }),
  );
  cartId = /CART=([^;]+)/.exec(String(add.headers['set-cookie']))![1]!;
});
afterAll(() => site.close());

/** Every string of the demo store's items and forms under these keys (ids, skus, urlIds). */
function demoStrings(): string[] {
  const found = new Set<string>();
  const pending: unknown[] = [site.site.allItems(), site.site.forms()];
  while (pending.length > 0) {
    const v = pending.pop();
    if (Array.isArray(v)) pending.push(...v);
    else if (typeof v === 'object' && v !== null) {
      for (const [key, child] of Object.entries(v)) {
        if (typeof child === 'string' && /^(id|sku|urlId|formId)$/.test(key)) found.add(child);
        else pending.push(child);
      }
    }
  }
  return [...found];
}

/** The field names of every request and query schema the API validates with. */
const FIELD_NAMES = [
  ...new Set(
    Object.values(schemas)
      .filter((v): v is z.ZodMiniObject => v instanceof z.ZodMiniObject)
      .flatMap((schema) => Object.keys(schema.shape)),
  ),
];
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

it('knows the routes and fields it generates from', () => {
  expect(apiRoutes.length).toBeGreaterThan(40);
  expect(FIELD_NAMES).toEqual(expect.arrayContaining(['itemId', 'quantity', 'eventContent']));
});

it('answers every route without a 500 and stays up', async () => {
  const ids = demoStrings();
  const pageRoutes = Object.keys(site.site.config().routes);
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom(...ids, ...PROTOTYPE_NAMES, '%ZZ', '%', '..', '', ' ', 'a@b.co'),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.nat({ max: 70 }).map((n) => '['.repeat(n * 30)),
    fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
  );
  const value: fc.Arbitrary<unknown> = fc.oneof(
    text,
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 9999, 10_000, 2 ** 63)),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...PROTOTYPE_NAMES, 'source_environment'), fc.jsonValue()),
  );
  const key = fc.oneof(fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_NAMES), fc.string());
  const param = fc.oneof(text, fc.string().map(encodeURIComponent));
  /** A path of the API (params filled), the page server or neither. */
  const path = fc.oneof(
    fc
      .tuple(fc.constantFrom(...apiRoutes), fc.array(param, { minLength: 3, maxLength: 3 }))
      .map(([route, values]) => {
        let i = 0;
        return route.path.replace(/:\w+/g, () => encodePathPart(values[i++]!));
      }),
    fc
      .tuple(fc.constantFrom(...pageRoutes), param)
      .map(([url, id]) => url.replace(':urlId', encodePathPart(id))),
    fc.constantFrom(CLIENT_PATH, LIVERELOAD_PATH, '/__faults', '/__recorded', '//', '/api/'),
    param.map((p) => `/assets/${encodePathPart(p)}`),
    fc.string().map((s) => `/${encodePathPart(s)}`),
  );
  const query = fc
    .dictionary(key, fc.oneof(text, fc.constantFrom(...ids)), { maxKeys: 3 })
    .map((q) => (Object.keys(q).length === 0 ? '' : `?${new URLSearchParams(q).toString()}`));
  const body = fc.oneof(
    fc.constant(undefined),
    fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.dictionary(key, text, { maxKeys: 4 }).map((o) => new URLSearchParams(o).toString()),
    fc.string(),
  );
  const request = fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'OPTIONS'),
    path,
    query,
    body,
    contentType: fc.constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data',
      undefined,
    ),
    withCrumb: fc.boolean(),
    withCart: fc.boolean(),
  });

  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const headers: Record<string, string> = {};
      if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
      const cookies = [r.withCrumb ? `crumb=${crumb}` : '', r.withCart ? `CART=${cartId}` : ''];
      if (r.withCrumb) headers['X-CSRF-Token'] = crumb;
      headers.Cookie = cookies.filter((c) => c !== '').join('; ');
      const hasBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
      const reply = await sendRaw(
        base,
        r.method,
        r.path + r.query,
        headers,
        hasBody ? r.body : undefined,
      );
      expect(
        reply.status,
        `${r.method} ${r.path}${r.query}: ${reply.body.slice(0, 200)}`,
      ).toBeLessThan(500);
    }),
    { numRuns: 400 },
  );
  expect((await sendRaw(base, 'GET', '/shop')).status).toBe(200);
}, 60_000);

/** A generated value as one path segment: characters a request target cannot carry encoded. */
function encodePathPart(value: string): string {
  return value.replace(/[^\x21-\x7e]|[/?#]/g, (c) => encodeURIComponent(c));
}
