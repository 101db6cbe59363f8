/**
 * No client input makes the preview answer 500: generated requests (method, path parameters,
 * query, cookies, content type and body) to every route of the commerce API (its router table)
 * and of the page server (site.json's routes, the assets folder, the client script), checked
 * against the demo store on a `:memory:` store. Bodies use the field names of the API's request
 * schemas and the demo store's real ids, so they often get past validation into the handlers.
 * Each request is sent without an owner session, with a made-up one or with the owner's: owner
 * calls (routes marked `owner`) answer exactly 401 or 403 without the owner's, before anything
 * else, and nothing answers 500 with it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { apiRoutes, router } from '../../server/commerce/index.js';
import { OWNER_COOKIE, OWNER_LINK_PATH } from '../../server/commerce/owner.js';
import type { Route } from '../../server/commerce/router.js';
import { CLIENT_PATH, LIVERELOAD_PATH } from '../../server/site/html.js';
import type { SiteServer } from '../../server/preview/site-server.js';
import * as schemas from '../../storefront/api/schemas.js';
import { sendRaw, startDemoSite } from './support.js';

let site: SiteServer;
let base: string;
let crumb: string;
let cartId: string;
/** `jsont-owner=…` from the demo server's owner link. */
let ownerCookie: string;

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
  const link = await sendRaw(base, 'GET', site.commerce.handle.owner.linkPath());
  ownerCookie = new RegExp(`${OWNER_COOKIE}=[0-9a-f]+`).exec(
    String(link.headers['set-cookie']),
  )![0];
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

const ownerRoutes = apiRoutes.filter((r) => r.owner === true);
type OwnerSession = 'none' | 'wrong' | 'owner';

/** The owner route a request reaches, if any (as the server decodes its target). */
function ownerRouteOf(method: string, target: string): Route | undefined {
  let found;
  try {
    found = router.match(method, new URL(`http://localhost${target}`).pathname);
  } catch {
    return undefined; // a malformed parameter: 400 before any route runs
  }
  return typeof found === 'object' && found.route.owner === true ? found.route : undefined;
}

it('knows the routes and fields it generates from', () => {
  expect(apiRoutes.length).toBeGreaterThan(40);
  expect(ownerRoutes.length).toBeGreaterThan(10);
  expect(FIELD_NAMES).toEqual(expect.arrayContaining(['itemId', 'quantity', 'eventContent']));
});

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'OPTIONS'] as const;

/** The generators both properties draw from (they need the demo store's ids). */
function generators() {
  const ids = demoStrings();
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
  const query = fc
    .dictionary(key, fc.oneof(text, fc.constantFrom(...ids)), { maxKeys: 3 })
    .map((q) => (Object.keys(q).length === 0 ? '' : `?${new URLSearchParams(q).toString()}`));
  /** A route's path with generated parameters, and its own method or any other. */
  const callOf = (route: Route, method = fc.constantFrom(route.method, ...METHODS)) =>
    fc.record({
      method,
      path: fc.array(param, { minLength: 3, maxLength: 3 }).map((values) => {
        let i = 0;
        return route.path.replace(/:\w+/g, () => encodePathPart(values[i++]!));
      }),
    });
  const body = fc.oneof(
    fc.constant(undefined),
    fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.dictionary(key, text, { maxKeys: 4 }).map((o) => new URLSearchParams(o).toString()),
    fc.string(),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data',
    undefined,
  );
  /** Requests: a generated call with generated query, body, headers and cookies. */
  const requestOf = (
    call: fc.Arbitrary<{ method: string; path: string }>,
    sessions: OwnerSession[],
  ): fc.Arbitrary<GeneratedRequest> =>
    fc
      .record({
        call,
        query,
        body,
        contentType,
        withCrumb: fc.boolean(),
        withCart: fc.boolean(),
        ownerSession: fc.constantFrom(...sessions),
      })
      .map(({ call: c, ...rest }) => ({ ...c, ...rest }));
  /** Checks `runs` requests; resolves to how many an owner route refused. */
  const countRefusals = async (request: fc.Arbitrary<GeneratedRequest>, numRuns: number) => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        if ((await check(r)) === 'refused') refused++;
      }),
      { numRuns },
    );
    return refused;
  };
  return { param, query, callOf, requestOf, countRefusals };
}

interface GeneratedRequest {
  method: string;
  path: string;
  query: string;
  body: string | undefined;
  contentType: string | undefined;
  withCrumb: boolean;
  withCart: boolean;
  ownerSession: OwnerSession;
}

/** Sends `r` and checks it is not a 500, and a 401/403 when it reaches an owner route. */
async function check(r: GeneratedRequest): Promise<'refused' | 'answered'> {
  const headers: Record<string, string> = {};
  if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
  const cookies = [
    r.withCrumb ? `crumb=${crumb}` : '',
    r.withCart ? `CART=${cartId}` : '',
    r.ownerSession === 'owner' ? ownerCookie : '',
    r.ownerSession === 'wrong' ? `${OWNER_COOKIE}=${'0'.repeat(64)}` : '',
  ];
  if (r.withCrumb) headers['X-CSRF-Token'] = crumb;
  headers.Cookie = cookies.filter((c) => c !== '').join('; ');
  const hasBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
  const target = r.path + r.query;
  const reply = await sendRaw(base, r.method, target, headers, hasBody ? r.body : undefined);
  const said = `${r.method} ${target} (${r.ownerSession}): ${reply.body.slice(0, 200)}`;
  expect(reply.status, said).toBeLessThan(500);
  if (ownerRouteOf(r.method, target) === undefined || r.ownerSession === 'owner') {
    return 'answered';
  }
  expect(reply.status, said).toBe(r.ownerSession === 'none' ? 401 : 403);
  return 'refused';
}

it('answers every route without a 500, refuses owner calls without the owner, stays up', async () => {
  const { param, query, callOf, requestOf, countRefusals } = generators();
  const pageRoutes = Object.keys(site.site.config().routes);
  const anyMethod = fc.constantFrom(...METHODS);
  /** A call of the API (params filled; owner routes often), the page server or neither. */
  const call = fc.oneof(
    fc.constantFrom(...apiRoutes).chain((route) => callOf(route)),
    fc.constantFrom(...ownerRoutes).chain((route) => callOf(route)),
    fc.record({
      method: anyMethod,
      path: fc
        .tuple(fc.constantFrom(...pageRoutes), param)
        .map(([url, id]) => url.replace(':urlId', encodePathPart(id))),
    }),
    fc.record({
      method: anyMethod,
      path: fc.oneof(
        fc.constantFrom(CLIENT_PATH, LIVERELOAD_PATH, '/__faults', '/__recorded', '//', '/api/'),
        query.map((q) => OWNER_LINK_PATH + q),
        param.map((p) => `/assets/${encodePathPart(p)}`),
        fc.string().map((s) => `/${encodePathPart(s)}`),
      ),
    }),
  );
  const refused = await countRefusals(requestOf(call, ['none', 'wrong', 'owner']), 400);
  // The generators do reach owner routes without the owner's session.
  expect(refused).toBeGreaterThan(10);
  expect((await sendRaw(base, 'GET', '/shop')).status).toBe(200);
}, 60_000);

it.each(ownerRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  'refuses %s without the owner session, whatever else the request holds',
  async (_name, route) => {
    const { callOf, requestOf, countRefusals } = generators();
    const call = callOf(route, fc.constant(route.method));
    const refused = await countRefusals(requestOf(call, ['none', 'wrong']), 25);
    // Only a malformed path parameter (400 before routing) escapes the count.
    expect(refused).toBeGreaterThan(10);
  },
);

/** A generated value as one path segment: characters a request target cannot carry encoded. */
function encodePathPart(value: string): string {
  return value.replace(/[^\x21-\x7e]|[/?#]/g, (c) => encodeURIComponent(c));
}
