/**
 * The site-user calls (docs/storefront.md, "Sign-in and sessions"): sign in with email, password
 * and remember-me, keeping the answer's XSRF token as session data that expires with the server's
 * session; every later account call sends it in `X-SiteUser-XSRF-Token`. Signing out is retried
 * once when the answer says crumbFail (the failure sets a fresh crumb cookie). The locale is sent
 * only when the current language is not a custom code.
 */
import { createSessionData, type SessionData } from '../account/session-data.js';
import { checked, createCaller, type ClientSeams } from './request.js';
import { CommerceError, crumbText } from './errors.js';
import {
  LocaleRequest,
  LocaleResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
} from './schemas.js';

export const XSRF_HEADER = 'X-SiteUser-XSRF-Token';
/** Where the XSRF token is kept (session data). */
export const XSRF_KEY = 'jsont:siteUserXsrf';
/** The server's session lengths: remembered 2 years, otherwise a day. */
export const REMEMBERED_SESSION_MS = 2 * 365 * 24 * 3600 * 1000;
export const SESSION_MS = 24 * 3600 * 1000;

export interface Credentials {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface SiteUserClient {
  login(credentials: Credentials): Promise<{ siteUserId: string }>;
  /** `cloneCart`: the signed-out visitor keeps a copy of the account's cart. */
  logout(options?: { cloneCart?: boolean }): Promise<void>;
  /** Resolves false (nothing sent) when `current` is a custom language code. */
  updateLocale(language: string, current?: string): Promise<boolean>;
}

export interface SiteUserSeams extends ClientSeams {
  session?: SessionData;
  now?: () => number;
}

/**
 * Whether a language code is a site's own (not a BCP 47 tag the platform knows, or private use
 * `x-…`): such a code is not sent as the account's locale.
 */
export function isCustomLanguage(code: string): boolean {
  if (/(^|-)x-/i.test(code)) return true;
  try {
    return Intl.getCanonicalLocales(code).length !== 1;
  } catch {
    return true;
  }
}

export function createSiteUserClient(seams: SiteUserSeams = {}): SiteUserClient {
  const call = createCaller(seams);
  const session = seams.session ?? createSessionData();
  const now = seams.now ?? Date.now;
  const cookiesEnabled =
    seams.cookiesEnabled ?? (() => globalThis.navigator?.cookieEnabled ?? true);
  const xsrf = (): Record<string, string> => {
    const token = session.get<string>(XSRF_KEY);
    return token === undefined ? {} : { [XSRF_HEADER]: token };
  };

  /** One sign-out request; true when the answer says crumbFail (as 401 or in a 2xx body). */
  async function logoutFailedCrumb(query: string): Promise<boolean> {
    try {
      const answer = await call({
        method: 'DELETE',
        path: `/api/site-users/account/session${query}`,
        response: LogoutResponse,
        headers: xsrf(),
      });
      return answer.crumbFail === true;
    } catch (err) {
      if (err instanceof CommerceError && err.kind === 'crumb') return true;
      throw err;
    }
  }

  return {
    async login(credentials) {
      const body = checked(LoginRequest, credentials);
      const answer = await call({
        method: 'POST',
        path: '/api/site-users/account/session',
        body,
        response: LoginResponse,
      });
      const ttl = body.rememberMe === true ? REMEMBERED_SESSION_MS : SESSION_MS;
      session.set(XSRF_KEY, answer.xsrfToken, now() + ttl);
      return { siteUserId: answer.siteUserId };
    },
    async logout(options = {}) {
      const query = options.cloneCart === true ? '?cloneCart=true' : '';
      if ((await logoutFailedCrumb(query)) && (await logoutFailedCrumb(query))) {
        throw new CommerceError('crumb', crumbText(cookiesEnabled()));
      }
      session.remove(XSRF_KEY);
    },
    async updateLocale(language, current = language) {
      if (isCustomLanguage(current)) return false;
      await call({
        method: 'POST',
        path: '/api/site-users/account/locale',
        body: checked(LocaleRequest, { language }),
        response: LocaleResponse,
        headers: xsrf(),
      });
      return true;
    },
  };
}
