/** The site-user client of the page's account code (actions.ts, sign-out.ts). */
import { createSiteUserClient, XSRF_KEY } from '../api/site-users.js';
import type { StorefrontRuntime } from '../runtime.js';
import { createSessionData } from './session-data.js';
import { isRec } from '../utils/records.js';

/**
 * The client, with the session's XSRF token from the page data when this browser has none
 * stored (a sign-in made without JavaScript).
 */
export function siteUsers(runtime: StorefrontRuntime, data: unknown) {
  const session = createSessionData();
  const account = isRec(data) && isRec(data.account) ? data.account : {};
  if (session.get(XSRF_KEY) === undefined && typeof account.xsrfToken === 'string') {
    session.set(XSRF_KEY, account.xsrfToken);
  }
  return createSiteUserClient({ ...runtime.timers, session });
}
