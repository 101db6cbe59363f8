/**
 * The readable site-user cookie (`SiteUserInfo`, JSON `{ authenticated, siteUserId }`): whether a
 * site user is signed in. No dependencies, so the page's entry script can read it. A value that
 * does not parse means signed out, with the console-only text of docs/storefront.md,
 * "Sign-in and sessions".
 */
import { readCookie } from './cookies.js';

export const SITE_USER_COOKIE = 'SiteUserInfo';
export const USER_INFO_PARSE_ERROR = 'Could not parse user info cookie value';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

/** The signed-in user's info, or undefined (no cookie, signed out, or an unreadable value). */
export function readUserInfo(
  cookies: string,
  warn: (text: string) => void = (text) => console.warn(text),
): SiteUserInfo | undefined {
  const text = readCookie(cookies, SITE_USER_COOKIE);
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    warn(USER_INFO_PARSE_ERROR);
    return undefined;
  }
  const rec = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (typeof rec.authenticated !== 'boolean' || typeof rec.siteUserId !== 'string') {
    warn(USER_INFO_PARSE_ERROR);
    return undefined;
  }
  return rec.authenticated ? { authenticated: true, siteUserId: rec.siteUserId } : undefined;
}
