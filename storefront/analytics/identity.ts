/**
 * Who the visitor is to analytics: the analytics id (a cookie of 390 days), the returning-visitor
 * cookie (2 years) and the session cookie (30 minutes, renewed by each page view), the session
 * flags, and the restrictive cookie policy under which the analytics cookies are cleared and
 * never set. Storage that cannot be used is warned about once and treated as empty.
 */
import { readCookie } from '../api/cookies.js';
import {
  ANALYTICS_COOKIES,
  ANALYTICS_TEXTS,
  RESTRICTED_COOKIES,
  SESSION_FLAG_KEYS,
} from './constants.js';
import type { AnalyticsEnv } from './env.js';

export interface SessionInfo {
  isFirstLanding: boolean;
  isFirstSession: boolean;
  sessionId: string;
}

export interface Identity {
  /** '' under a restrictive policy (no id is kept). */
  analyticsId: string;
  /** The returning-visitor cookie's value ('' when none). */
  visitor: string;
  session: SessionInfo;
  localStorageSupported: boolean;
}

const newId = (env: AnalyticsEnv) =>
  Array.from({ length: 4 }, () =>
    Math.floor(env.random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

function cookieText(name: string, value: string, maxAgeMs: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeMs / 1000)}; Path=/; SameSite=Lax`;
}

/** Clears every analytics cookie (a restrictive cookie policy). */
export function clearAnalyticsCookies(env: AnalyticsEnv): void {
  for (const name of RESTRICTED_COOKIES) env.setCookie(`${name}=; Max-Age=0; Path=/`);
}

/** Reads or creates the cookie `name`; a cookie the browser refused to keep is warned about. */
function keep(env: AnalyticsEnv, name: string, maxAgeMs: number, warning?: string): string {
  const value = readCookie(env.cookies(), name) || newId(env);
  env.setCookie(cookieText(name, value, maxAgeMs));
  if (warning !== undefined && readCookie(env.cookies(), name) !== value) env.console.warn(warning);
  return value;
}

/**
 * The session flags: first landing when this tab has no landing flag; first session when the
 * visitor has no persistent landing flag or this tab's flag says it is the first session.
 */
export function sessionFlags(env: AnalyticsEnv): Omit<SessionInfo, 'sessionId'> & {
  storageOk: boolean;
} {
  try {
    const tab = env.sessionStorage();
    const site = env.localStorage();
    const tabFlag = tab.getItem(SESSION_FLAG_KEYS.tabLanded);
    const isFirstLanding = tabFlag === null;
    const isFirstSession =
      site.getItem(SESSION_FLAG_KEYS.siteLanded) === null || tabFlag === 'true';
    if (isFirstLanding) tab.setItem(SESSION_FLAG_KEYS.tabLanded, String(isFirstSession));
    site.setItem(SESSION_FLAG_KEYS.siteLanded, 'true');
    return { isFirstLanding, isFirstSession, storageOk: true };
  } catch {
    env.console.warn(ANALYTICS_TEXTS.storage);
    return { isFirstLanding: true, isFirstSession: true, storageOk: false };
  }
}

export function identify(env: AnalyticsEnv, restrictive: boolean): Identity {
  const flags = sessionFlags(env);
  const info = { isFirstLanding: flags.isFirstLanding, isFirstSession: flags.isFirstSession };
  if (restrictive) {
    clearAnalyticsCookies(env);
    return {
      analyticsId: '',
      visitor: '',
      session: { ...info, sessionId: '' },
      localStorageSupported: flags.storageOk,
    };
  }
  const c = ANALYTICS_COOKIES;
  return {
    analyticsId: keep(env, c.analyticsId, c.analyticsIdMaxAgeMs, ANALYTICS_TEXTS.storeAnalyticsId),
    visitor: keep(env, c.visitor, c.visitorMaxAgeMs),
    session: { ...info, sessionId: keep(env, c.session, c.sessionMaxAgeMs) },
    localStorageSupported: flags.storageOk,
  };
}
