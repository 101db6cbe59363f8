/**
 * Joins the site to the commerce API (server/commerce/): the catalog the API prices carts with is read
 * from the same collection files the pages render, and each page render gets the visitor's cart
 * (CART cookie) so the header pill and /cart are right on first paint, before any script runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createApiHandler, ensureCrumb, visitorCart, type ApiHandler } from '../commerce/index.js';
import { newId } from '../commerce/cart-lines.js';
import { catalogFromItems, type Catalog } from '../commerce/catalog.js';
import type { FaultPlan } from '../commerce/faults.js';
import { OWNER_COOKIE, type OwnerAccess } from '../commerce/owner.js';
import { openStore } from '../commerce/store/open.js';
import type { Site } from '../site/site.js';
import { ProblemError } from '../site/files.js';
import { siteAccounts, type SiteAccount } from '../site/site-users.js';
import { parseCookies } from '../commerce/http.js';
import { accountOfSession, SESSION_COOKIE } from '../commerce/session.js';

export interface Commerce {
  /** Answers /api/* (and the test hooks); false for everything else. */
  handle: ApiHandler;
  /** The visitor's cart as the API would return it (an empty cart when there is none). */
  cartFor(req: IncomingMessage): unknown;
  /**
   * Sets the crumb cookie on page responses so the first API call from the page passes;
   * returns the crumb (the pages' forms post it without JavaScript).
   */
  ensureCrumb(req: IncomingMessage, res: ServerResponse): string;
  /**
   * The page data's `account`: whether a site user is signed in, and then the session's XSRF
   * token, which the page's scripts send with account calls (a form sign-in leaves no other
   * copy in the browser).
   */
  accountFor(req: IncomingMessage): { signedIn: boolean; xsrfToken?: string };
  /**
   * An owner page's `owner` data: the website the owner calls name and the store url ids in use
   * (store creation picks a free one); throws the HttpError (401 without the owner session, 403
   * with a stale one) that refuses anyone else.
   */
  ownerFor(req: IncomingMessage): OwnerPageData;
  /** The products and forms the API answers with. */
  catalog: Catalog;
  /** The API's clock. */
  now(): number;
  /** Drops the cached catalog after the site's data changed. */
  invalidate(): void;
  close(): void;
}

export interface OwnerPageData {
  websiteId: string;
  takenUrlIds: string[];
}

export interface CommerceOptions {
  /** SQLite file, or ':memory:' (tests). */
  dbFile: string;
  faults?: FaultPlan;
  now?: () => number;
  /** Answer the test hooks /__faults and /__recorded (see ApiOptions.testHooks). */
  testHooks?: boolean;
  /** The owner session gate (see ApiOptions.owner). */
  owner?: OwnerAccess;
}

/**
 * What the API needs of a site: the items it prices carts with, the forms submissions are
 * checked against, and the site-user accounts (throwing ProblemError when unreadable). The
 * site.json Site gives them through `siteSource`; a developer-platform folder has no forms or
 * accounts.
 */
export interface CommerceSource {
  allItems(): Record<string, unknown>[];
  forms(): unknown[];
  accounts(): SiteAccount[];
}

export function siteSource(site: Site): CommerceSource {
  return {
    allItems: () => site.allItems(),
    forms: () => site.forms(),
    accounts: () => siteAccounts(site),
  };
}

export function createCommerce(site: CommerceSource, options: CommerceOptions): Commerce {
  const db = openStore(options.dbFile);
  let cached: Catalog | undefined;
  // Built on first use after each change; a broken data file leaves the last good catalog.
  const current = (): Catalog => {
    if (cached === undefined) {
      try {
        cached = catalogFromItems(site.allItems(), { forms: site.forms() });
      } catch {
        return previous ?? catalogFromItems([]);
      }
      previous = cached;
    }
    return cached;
  };
  let previous: Catalog | undefined;
  const catalog: Catalog = {
    getProduct: (id) => current().getProduct(id),
    getForm: (id) => current().getForm(id),
  };
  const now = options.now ?? Date.now;
  const handle = createApiHandler({
    db,
    catalog,
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.now ? { now: options.now } : {}),
    testHooks: options.testHooks ?? false,
    ...(options.owner ? { owner: options.owner } : {}),
  });

  seedAccounts(site, handle);

  return {
    handle,
    cartFor(req) {
      return visitorCart(handle, req);
    },
    ensureCrumb(req, res) {
      return ensureCrumb(req, res);
    },
    accountFor(req) {
      const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
      return accountOfSession(
        token === undefined || token === '' ? undefined : handle.stores.users.session(token, now()),
      );
    },
    ownerFor(req) {
      handle.owner.check(parseCookies(req.headers.cookie)[OWNER_COOKIE]);
      return { websiteId: handle.websiteId, takenUrlIds: handle.stores.collections.urlIds() };
    },
    catalog,
    now,
    invalidate() {
      cached = undefined;
    },
    close() {
      db.close();
    },
  };
}

/**
 * Gives the store exactly the site folder's accounts. An unreadable accounts file changes
 * nothing (a typo neither opens nor closes an account); the site check reports it with its
 * location.
 */
function seedAccounts(site: CommerceSource, handle: ApiHandler): void {
  let accounts: SiteAccount[];
  try {
    accounts = site.accounts();
  } catch (err) {
    if (err instanceof ProblemError) return;
    throw err;
  }
  handle.stores.users.replaceAll(accounts, newId);
}
