/**
 * The signed-in site user of a request, if any. Kept apart from the session routes so the
 * cart can attach new carts to the account without an import cycle.
 */
import type { SessionRow } from './store/site-users.js';
import type { ApiContext } from './router.js';
import { SESSION_COOKIE } from '../../storefront/api/schemas.js';

export { SESSION_COOKIE };

export function currentSession(ctx: ApiContext): SessionRow | undefined {
  const token = ctx.cookies[SESSION_COOKIE];
  return token === undefined || token === ''
    ? undefined
    : ctx.stores.users.session(token, ctx.now());
}

/** The page data's `account` for a session: only what the page's scripts need of it. */
export function accountOfSession(session: SessionRow | undefined): {
  signedIn: boolean;
  xsrfToken?: string;
} {
  return session === undefined
    ? { signedIn: false }
    : { signedIn: true, xsrfToken: session.xsrf_token };
}
