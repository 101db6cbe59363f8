/**
 * Route table and request context. Each route module exports a list of routes; the handler
 * (index.ts) matches the pathname, reads and decodes the body, checks the crumb where the
 * route asks for it, and turns the handler's return value (or thrown HttpError) into JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from 'better-sqlite3';
import type * as z from 'zod/mini';
import type { Catalog } from './catalog.js';
import type { CartStore } from './store/carts.js';
import type { FormStore } from './store/forms.js';
import type { RestockStore } from './store/restock.js';
import type { CollectionStore, RecordStore, SettingsStore } from './store/settings.js';
import type { SiteUserStore } from './store/site-users.js';
import { INVALID_REQUEST } from '../../storefront/api/schemas.js';
import { appendSetCookie, HttpError, serializeCookie, type CookieOptions } from './http.js';

export interface Stores {
  db: Database;
  carts: CartStore;
  forms: FormStore;
  restock: RestockStore;
  users: SiteUserStore;
  settings: SettingsStore;
  collections: CollectionStore;
  records: RecordStore;
}

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  pathname: string;
  params: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
  body: unknown;
  stores: Stores;
  catalog: Catalog;
  websiteId: string;
  now(): number;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
}

/** A reply with a status other than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * A 303 to a page of the site: the answer to a form posted without JavaScript (the sign-in
 * form), which the browser follows to a page instead of showing JSON.
 */
export class Redirect {
  constructor(readonly location: string) {}
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `:name` segments, e.g. `/api/commerce/shopping-cart/entries/:entryId`. */
  path: string;
  /** Mutating visitor calls require the crumb (double-submit CSRF token). */
  crumb?: boolean;
  /** Largest body taken (default MAX_BODY_BYTES of http.ts); a larger one is 413 unread. */
  maxBodyBytes?: number;
  /** Admitted by the analytics rate limit (analytics.ts) before the body is read, else 429. */
  rateLimited?: boolean;
  /**
   * Owner calls (restock lists and sends, store creation, settings writes) need the owner
   * session (server/commerce/owner.ts) as well: 401 without it, 403 with a wrong one.
   */
  owner?: boolean;
  /** Shape of a successful reply; the handler checks it so the client's schema never lies. */
  response: z.core.$ZodType;
  handle(ctx: ApiContext): unknown;
}

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => {
      const names: string[] = [];
      const source = route.path
        .replace(/\/$/, '')
        .replace(/:(\w+)|[.*+?^${}()|[\]\\]/g, (m, name) => {
          if (name === undefined) return `\\${m}`;
          names.push(name as string);
          return '([^/]+)';
        });
      // A trailing slash is tolerated: docs/storefront.md, "API calls" writes
      // `commerce/inventory/stock/`.
      return { route, names, regex: new RegExp(`^${source}/?$`) };
    });
  }

  /**
   * The route for this method and path, 'method' if only the method is wrong, or undefined.
   * A parameter that is not valid percent-encoding (`%ZZ`) throws the 400 reply.
   */
  match(method: string, pathname: string) {
    let pathMatched = false;
    for (const { route, regex, names } of this.routes) {
      const m = regex.exec(pathname);
      if (m === null) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => (params[name] = decodeParam(name, m[i + 1]!)));
      return { route, params };
    }
    return pathMatched ? ('method' as const) : undefined;
  }
}

function decodeParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, {
      error: INVALID_REQUEST,
      fieldErrors: { [name]: ['Malformed percent-encoding in the path'] },
    });
  }
}

export function cookieSetters(res: ServerResponse) {
  return {
    setCookie: (name: string, value: string, options?: CookieOptions) =>
      appendSetCookie(res, serializeCookie(name, value, options)),
    clearCookie: (name: string) =>
      appendSetCookie(res, serializeCookie(name, '', { maxAgeSeconds: 0 })),
  };
}
