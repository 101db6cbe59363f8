/**
 * The crumb: a double-submit CSRF token. The server sets a `crumb` cookie the page's scripts can
 * read; mutating calls send it back (X-CSRF-Token header, `crumb` query parameter or form
 * field) and it must equal the cookie. A failure is 401 `{ crumbFail: true }` with a fresh
 * cookie when none was sent, so the client's single retry (logout, docs/storefront.md, "Sign-in and
 * sessions") succeeds.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_MESSAGES } from '../../storefront/api/schemas.js';
import { appendSetCookie, HttpError, parseCookies, serializeCookie } from './http.js';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

export const newToken = (bytes = 16): string => randomBytes(bytes).toString('hex');

/**
 * Returns the request's crumb, setting a new crumb cookie when it has none. The page server
 * calls this too, so the first page a visitor loads already carries a crumb.
 */
export function ensureCrumb(req: IncomingMessage, res: ServerResponse): string {
  const existing = parseCookies(req.headers.cookie)[CRUMB_COOKIE];
  if (existing !== undefined && existing !== '') return existing;
  const crumb = newToken();
  appendSetCookie(res, serializeCookie(CRUMB_COOKIE, crumb));
  return crumb;
}

/** Throws the crumbFail reply unless `sent` matches the crumb cookie. */
export function checkCrumb(cookieCrumb: string | undefined, sent: string | undefined): void {
  if (cookieCrumb !== undefined && cookieCrumb !== '' && sent === cookieCrumb) return;
  throw new HttpError(401, { error: SESSION_MESSAGES.crumbExpired, crumbFail: true });
}
