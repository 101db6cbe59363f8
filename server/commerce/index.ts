/**
 * The preview's API: every call the storefront makes (docs/storefront.md, "API calls"), on a SQLite
 * store. `createApiHandler` returns a node:http handler that the site server tries first; it
 * answers paths under /api/ (and the test hooks /__faults and /__recorded) and returns false for
 * anything else so the page renderer can take it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from 'better-sqlite3';
import * as z from 'zod/mini';
import { CART_ERROR_TEXTS } from '../../storefront/api/errors.js';
import type { ShoppingCart } from '../../storefront/api/schemas.js';
import { EMPTY_CATALOG, type Catalog } from './catalog.js';
import { FaultInjector, FaultPlanJson, ruleFromJson, type FaultPlan } from './faults.js';
import { CartStore } from './store/carts.js';
import { FormStore } from './store/forms.js';
import { RestockStore } from './store/restock.js';
import { CollectionStore, RecordStore, SettingsStore } from './store/settings.js';
import { SiteUserStore } from './store/site-users.js';
import { analyticsRateLimit, analyticsRoutes } from './analytics.js';
import { CART_COOKIE, cartRoutes } from './cart.js';
import { buildCart, emptyCartRow } from './cart-view.js';
import { commerceRoutes } from './commerce.js';
import { checkCrumb, CRUMB_COOKIE, CRUMB_HEADER, ensureCrumb } from './crumb.js';
import { formRoutes } from './forms.js';
import { OWNER_COOKIE, OWNER_LINK_PATH, OwnerAccess } from './owner.js';
import {
  decodeBody,
  HttpError,
  parseCookies,
  parseWith,
  readBody,
  requestUrl,
  sendJson,
} from './http.js';
import { placesRoutes } from './places.js';
import { restockRoutes } from './restock.js';
import {
  cookieSetters,
  Redirect,
  Reply,
  Router,
  type ApiContext,
  type Route,
  type Stores,
} from './router.js';
import { settingsRoutes } from './settings.js';
import { siteUserRoutes } from './site-users.js';

export { ensureCrumb } from './crumb.js';
export type { Stores } from './router.js';

export interface ApiOptions {
  db: Database;
  faults?: FaultPlan;
  /** Products and forms from the site JSON (see server/commerce/catalog.ts). */
  catalog?: Catalog;
  /** Clock for timestamps, expiry and rate limits (tests pass a fake one). */
  now?: () => number;
  /** The preview website's id, as returned in carts and preferences. */
  websiteId?: string;
  /**
   * Answer the test hooks `/__faults` and `/__recorded` (tests only; default false). Even then
   * they take only same-origin requests, and JSON bodies (see checkHookRequest).
   */
  testHooks?: boolean;
  /** Who may make owner calls; default: a fresh OwnerAccess whose link only the caller knows. */
  owner?: OwnerAccess;
}

export type ApiHandler = ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  /** The live fault plan (the same one `/__faults` edits). */
  faults: FaultInjector;
  stores: Stores;
  /** The owner session gate and its one-time link. */
  owner: OwnerAccess;
  /** The website the API answers for (store creation's path names it). */
  websiteId: string;
};

/** Every implemented call (the contract tests check each has a sample request). */
export const apiRoutes: readonly Route[] = [
  ...cartRoutes,
  ...commerceRoutes,
  ...formRoutes,
  ...restockRoutes,
  ...placesRoutes,
  ...siteUserRoutes,
  ...settingsRoutes,
  ...analyticsRoutes,
];
export const router = new Router([...apiRoutes]);

export function createStores(db: Database): Stores {
  return {
    db,
    carts: new CartStore(db),
    forms: new FormStore(db),
    restock: new RestockStore(db),
    users: new SiteUserStore(db),
    settings: new SettingsStore(db),
    collections: new CollectionStore(db),
    records: new RecordStore(db),
  };
}

/** What `visitorCart` needs from the options each handler was created with. */
interface CartSettings {
  catalog: Catalog;
  now: () => number;
  websiteId: string;
}
const cartSettings = new WeakMap<ApiHandler, CartSettings>();

/**
 * The visitor's cart (CART cookie of `req`) as the handler's cart calls would return it, for
 * pages rendered on the server (header pill, /cart on first paint). A visitor without a cart,
 * with an unknown one or with an already purchased one gets the empty cart; nothing is stored.
 */
export function visitorCart(handler: ApiHandler, req: IncomingMessage): ShoppingCart {
  const settings = cartSettings.get(handler);
  if (settings === undefined) throw new Error('visitorCart: not a handler from createApiHandler');
  const { catalog, now, websiteId } = settings;
  const id = parseCookies(req.headers.cookie)[CART_COOKIE];
  const row = id ? handler.stores.carts.get(id) : undefined;
  if (row === undefined || row.is_purchased === 1) {
    return buildCart(emptyCartRow(websiteId, now()), [], catalog);
  }
  return buildCart(row, handler.stores.carts.entries(row.id), catalog);
}

export function createApiHandler(options: ApiOptions): ApiHandler {
  const stores = createStores(options.db);
  const faults = new FaultInjector(options.faults);
  const catalog = options.catalog ?? EMPTY_CATALOG;
  const now = options.now ?? Date.now;
  const websiteId = options.websiteId ?? 'preview-website';
  const testHooks = options.testHooks ?? false;
  const analyticsLimit = analyticsRateLimit(now);
  const owner = options.owner ?? new OwnerAccess();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const method = (req.method ?? 'GET').toUpperCase();
    let pathname = req.url ?? '/';
    try {
      const url = requestUrl(req);
      pathname = url.pathname;
      if (testHooks && (pathname === '/__faults' || pathname === '/__recorded')) {
        checkHookRequest(req, method);
        const body = method === 'POST' ? decodeBody(await readBody(req), 'json') : undefined;
        sendJson(res, 200, control(pathname, method, url, body));
        return true;
      }
      if (pathname === OWNER_LINK_PATH) {
        owner.answerLink(res, method, url.searchParams.get('token'));
        return true;
      }
      if ((await faults.apply(req, res, pathname)) !== 'continue') return true;
      if (!pathname.startsWith('/api/')) return false;
      const found = router.match(method, pathname);
      if (found === undefined) throw new HttpError(404, { error: 'Not found' });
      if (found === 'method') throw new HttpError(405, { error: 'Method not allowed' });
      const cookies = parseCookies(req.headers.cookie);
      if (found.route.owner === true) owner.check(cookies[OWNER_COOKIE]);
      ensureCrumb(req, res);
      const query = Object.fromEntries(url.searchParams);
      if (found.route.rateLimited === true && !analyticsLimit.admit(req, cookies)) {
        throw new HttpError(429, { error: CART_ERROR_TEXTS.rateLimited });
      }
      const body =
        method === 'GET'
          ? undefined
          : decodeBody(await readBody(req, found.route.maxBodyBytes), req.headers['content-type']);
      if (found.route.crumb === true) {
        const header = req.headers[CRUMB_HEADER];
        const fromBody = isRecord(body) && typeof body.crumb === 'string' ? body.crumb : undefined;
        const sent = (typeof header === 'string' ? header : undefined) ?? query.crumb ?? fromBody;
        checkCrumb(cookies[CRUMB_COOKIE], sent);
      }
      const ctx: ApiContext = {
        req,
        res,
        method,
        pathname,
        params: found.params,
        query,
        cookies,
        body,
        stores,
        catalog,
        websiteId,
        now,
        ...cookieSetters(res),
      };
      const result = await found.route.handle(ctx);
      if (result instanceof Redirect) {
        res.writeHead(303, { Location: result.location, 'Cache-Control': 'no-store' }).end();
        return true;
      }
      const reply = result instanceof Reply ? result : new Reply(200, result);
      const checked = z.safeParse(found.route.response, reply.body);
      if (!checked.success) throw new Error(`reply breaks its schema: ${checked.error.message}`);
      sendJson(res, reply.status, reply.body);
    } catch (error) {
      if (res.headersSent || res.destroyed) return true;
      if (error instanceof HttpError) sendJson(res, error.status, error.body);
      else {
        // A bug, not a client mistake: log it for the developer, answer like the platform.
        console.error(`[api] ${method} ${pathname}:`, error);
        sendJson(res, 500, { error: 'Internal Server Error' });
      }
    }
    return true;
  }

  /** Test hooks: the fault plan and the recorded analytics/report calls. */
  function control(pathname: string, method: string, url: URL, body: unknown): unknown {
    if (pathname === '/__faults') {
      if (method === 'POST') faults.replace(parseWith(FaultPlanJson, body).rules.map(ruleFromJson));
      else if (method === 'DELETE') faults.clear();
      else if (method !== 'GET') throw new HttpError(405, { error: 'Method not allowed' });
      return { rules: faults.describe() };
    }
    if (method === 'DELETE') {
      stores.records.clear();
      return { records: [] };
    }
    if (method !== 'GET') throw new HttpError(405, { error: 'Method not allowed' });
    const kind = url.searchParams.get('kind') ?? undefined;
    // Saved forms and subscriptions live in their own tables; shown as records of the save.
    const saved = (row: { id: number; created: number }, payload: unknown) => ({
      id: row.id,
      kind,
      path: '/api/form/SaveFormSubmission',
      payload,
      created: row.created,
    });
    if (kind === 'form-submission') {
      return {
        records: stores.forms
          .list()
          .map((s) =>
            saved(s, { formId: s.form_id, form: JSON.parse(s.fields), page: JSON.parse(s.page) }),
          ),
      };
    }
    if (kind === 'newsletter-subscription') {
      return {
        records: stores.forms
          .subscriptions()
          .map((s) => saved(s, { formId: s.form_id, email: s.email })),
      };
    }
    return {
      records: stores.records.list(kind).map((r) => ({ ...r, payload: JSON.parse(r.payload) })),
    };
  }

  const handler = Object.assign(handle, { faults, stores, owner, websiteId });
  cartSettings.set(handler, { catalog, now, websiteId });
  return handler;
}

/**
 * The test hooks can take the server down (a fault plan dropping every request) and read every
 * stored form submission, so another website must not reach them from a visitor's browser: a
 * request a browser marks as cross-site (Sec-Fetch-Site), or whose Origin is not this server, is
 * 403, and a body that is not `application/json` (which a page can only send cross-origin after
 * a CORS preflight this server never grants) is 415.
 */
function checkHookRequest(req: IncomingMessage, method: string): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, { error: 'Test hooks take same-origin requests only' });
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !sameHost(origin, req.headers.host)) {
    throw new HttpError(403, { error: 'Test hooks take same-origin requests only' });
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (method === 'POST' && type !== 'application/json') {
    throw new HttpError(415, { error: 'Test hooks take application/json bodies only' });
  }
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // `null` (sandboxed frames, file: pages) or garbage
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
