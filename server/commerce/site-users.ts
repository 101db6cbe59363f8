/**
 * Site-user sessions (docs/storefront.md, "API calls"). Login sets an HttpOnly session cookie plus
 * the readable SiteUserInfo cookie (docs/storefront.md, "Sign-in and sessions") and returns an XSRF
 * token; while signed in, every mutating call under /api/site-users/account must echo it in
 * X-SiteUser-XSRF-Token.
 */
import {
  AccountSessionResponse,
  LocaleRequest,
  LocaleResponse,
  LoginRequest,
  LoginResponse,
  LogoutQuery,
  LogoutResponse,
  INVALID_REQUEST,
  SESSION_MESSAGES,
} from '../../storefront/api/schemas.js';
import type { SessionRow } from './store/site-users.js';
import { CART_COOKIE, currentCart, newId } from './cart.js';
import { newToken } from './crumb.js';
import { fail, HttpError, parseWith } from './http.js';
import { Redirect, type ApiContext, type Route } from './router.js';
import { accountOfSession, currentSession, SESSION_COOKIE } from './session.js';

export { currentSession, SESSION_COOKIE };

export const INFO_COOKIE = 'SiteUserInfo';
export const XSRF_HEADER = 'x-siteuser-xsrf-token';
/**
 * docs/storefront.md, "Constants and limits": the remembered session cookie lives 2 years;
 * otherwise a day on the server.
 */
const REMEMBER_S = 2 * 365 * 24 * 3600;
const SESSION_TTL_MS = 24 * 3600 * 1000;

/** 403 unless a signed-in caller sends its session's XSRF token; anonymous calls pass. */
export function checkXsrfIfSignedIn(ctx: ApiContext): SessionRow | undefined {
  const session = currentSession(ctx);
  if (session !== undefined && ctx.req.headers[XSRF_HEADER] !== session.xsrf_token) {
    throw fail(403, SESSION_MESSAGES.badXsrf);
  }
  return session;
}

/** The demo store's sign-in page (fixtures/site), where a form sign-in that failed goes back. */
export const SIGN_IN_PAGE = '/account/sign-in';

/** Only a path of this site: `//host` and `/\\host` would leave it. */
export function localPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';
}

/** The fields of a sign-in form posted without JavaScript, or undefined for the JSON call. */
function formSignIn(ctx: ApiContext) {
  if (!(ctx.req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return undefined;
  }
  const f = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<
    string,
    unknown
  >;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    fields: {
      email: text(f.email),
      password: text(f.password),
      rememberMe: f.rememberMe === 'true',
    },
    returnTo: localPath(f.returnTo),
  };
}

/**
 * Signs the account in: the session (remembered 2 years, else a day), its cookies, and the cart,
 * which follows the visitor into the account (else the account's cart comes back).
 */
function signIn(
  ctx: ApiContext,
  body: { email: string; password: string; rememberMe?: boolean | undefined },
): { xsrfToken: string; siteUserId: string } {
  const userId = ctx.stores.users.authenticate(body.email, body.password);
  if (userId === undefined) throw fail(401, SESSION_MESSAGES.badCredentials);
  const now = ctx.now();
  const remember = body.rememberMe === true;
  const session: SessionRow = {
    token: newToken(24),
    site_user_id: userId,
    xsrf_token: newToken(),
    created: now,
    expires: now + (remember ? REMEMBER_S * 1000 : SESSION_TTL_MS),
  };
  ctx.stores.users.createSession(session);
  const maxAge = remember ? { maxAgeSeconds: REMEMBER_S } : {};
  ctx.setCookie(SESSION_COOKIE, session.token, { ...maxAge, httpOnly: true });
  ctx.setCookie(INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: userId }), maxAge);
  const { carts } = ctx.stores;
  const visitorCart = currentCart(ctx);
  if (visitorCart !== undefined) carts.assignUser(visitorCart.id, userId);
  else {
    const saved = carts.cartOfUser(userId);
    if (saved !== undefined) ctx.setCookie(CART_COOKIE, saved.id, maxAge);
  }
  return { xsrfToken: session.xsrf_token, siteUserId: userId };
}

function clearSessionCookies(ctx: ApiContext): void {
  ctx.clearCookie(SESSION_COOKIE);
  ctx.clearCookie(INFO_COOKIE);
}

export const siteUserRoutes: Route[] = [
  {
    // The site handler's question for a page it renders (server/site/handler.ts): the
    // visitor's `account`, as the preview puts it into page data. Reading it changes nothing.
    method: 'GET',
    path: '/api/site-users/account/session',
    response: AccountSessionResponse,
    handle: (ctx) => accountOfSession(currentSession(ctx)),
  },
  {
    method: 'POST',
    path: '/api/site-users/account/session',
    response: LoginResponse,
    crumb: true,
    handle(ctx) {
      const form = formSignIn(ctx);
      if (form === undefined) return signIn(ctx, parseWith(LoginRequest, ctx.body));
      // The sign-in page's form without JavaScript: the browser goes to a page, never JSON.
      const parsed = LoginRequest.safeParse(form.fields);
      try {
        if (!parsed.success) throw fail(400, INVALID_REQUEST);
        signIn(ctx, parsed.data);
        return new Redirect(form.returnTo);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        const query = new URLSearchParams({
          error: err.status === 401 ? 'credentials' : 'invalid',
          email: form.fields.email,
          returnTo: form.returnTo,
        });
        return new Redirect(`${SIGN_IN_PAGE}?${query}`);
      }
    },
  },
  {
    method: 'DELETE',
    path: '/api/site-users/account/session',
    response: LogoutResponse,
    crumb: true,
    handle(ctx) {
      const { cloneCart } = parseWith(LogoutQuery, ctx.query);
      const session = checkXsrfIfSignedIn(ctx);
      if (session !== undefined) ctx.stores.users.deleteSession(session.token);
      clearSessionCookies(ctx);
      // cloneCart: the signed-out visitor keeps a copy; the original stays with the account.
      // Only an account's cart is copied, once per session: a visitor who is not signed in
      // keeps the cart they have.
      const cart = currentCart(ctx);
      const accountCart =
        session !== undefined && cart?.site_user_id === session.site_user_id ? cart : undefined;
      if (cloneCart === 'true' && accountCart !== undefined) {
        const copy = ctx.stores.carts.clone(accountCart, newId(), newId, ctx.now());
        ctx.setCookie(CART_COOKIE, copy.id);
      } else if (session !== undefined) ctx.clearCookie(CART_COOKIE);
      return {};
    },
  },
  {
    method: 'POST',
    path: '/api/site-users/account/locale',
    response: LocaleResponse,
    crumb: true,
    handle(ctx) {
      const session = checkXsrfIfSignedIn(ctx);
      if (session === undefined) throw fail(401, SESSION_MESSAGES.notLoggedIn);
      const { language } = parseWith(LocaleRequest, ctx.body);
      ctx.stores.users.setLocale(session.site_user_id, language);
      return { language };
    },
  },
];
