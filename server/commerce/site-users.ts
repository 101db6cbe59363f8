/**
 * Site-user sessions (docs/storefront.md, "API calls"). Login sets an HttpOnly session cookie plus
 * the readable SiteUserInfo cookie (docs/storefront.md, "Sign-in and sessions") and returns an XSRF
 * token; while signed in, every mutating call under /api/site-users/account must echo it in
 * X-SiteUser-XSRF-Token.
 */
import {
  LocaleRequest,
  LocaleResponse,
  LoginRequest,
  LoginResponse,
  LogoutQuery,
  LogoutResponse,
  SESSION_MESSAGES,
} from '../../storefront/api/schemas.js';
import type { SessionRow } from './store/site-users.js';
import { CART_COOKIE, currentCart, newId } from './cart.js';
import { newToken } from './crumb.js';
import { fail, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';
import { currentSession, SESSION_COOKIE } from './session.js';

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

function clearSessionCookies(ctx: ApiContext): void {
  ctx.clearCookie(SESSION_COOKIE);
  ctx.clearCookie(INFO_COOKIE);
}

export const siteUserRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/site-users/account/session',
    response: LoginResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(LoginRequest, ctx.body);
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
      ctx.setCookie(
        INFO_COOKIE,
        JSON.stringify({ authenticated: true, siteUserId: userId }),
        maxAge,
      );
      // The visitor's cart follows them into the account; else the account's cart comes back.
      const { carts } = ctx.stores;
      const visitorCart = currentCart(ctx);
      if (visitorCart !== undefined) carts.assignUser(visitorCart.id, userId);
      else {
        const saved = carts.cartOfUser(userId);
        if (saved !== undefined) ctx.setCookie(CART_COOKIE, saved.id, maxAge);
      }
      return { xsrfToken: session.xsrf_token, siteUserId: userId };
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
