/**
 * The signed-in site user of a request, if any. Kept apart from the session routes so the
 * cart can attach new carts to the account without an import cycle.
 */
import type { SessionRow } from './store/site-users.js';
import type { ApiContext } from './router.js';

export const SESSION_COOKIE = 'SiteUserSecureAuthToken';

export function currentSession(ctx: ApiContext): SessionRow | undefined {
  const token = ctx.cookies[SESSION_COOKIE];
  return token === undefined || token === ''
    ? undefined
    : ctx.stores.users.session(token, ctx.now());
}
