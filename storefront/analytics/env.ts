/**
 * The analytics chunk's seams to the browser: network, timers, clock, cookies, storage, the
 * console and what it reads of the window. `browserEnv()` is the real one; tests pass overrides.
 */
import type { Timers } from '../runtime.js';

export interface AnalyticsEnv {
  fetch: typeof fetch;
  /** `navigator.sendBeacon`, where there is one. */
  sendBeacon?: (url: string, body: BodyInit) => boolean;
  timers: Timers;
  now(): number;
  cookies(): string;
  setCookie(text: string): void;
  /** Local and session storage; reading them may throw (blocked storage). */
  localStorage(): Storage;
  sessionStorage(): Storage;
  console: Pick<Console, 'warn' | 'error'>;
  location(): { href: string; host: string; pathname: string; search: string; hash: string };
  document(): { title: string; referrer: string; lang: string };
  window(): {
    innerWidth: number;
    innerHeight: number;
    screenWidth: number;
    screenHeight: number;
    userAgent: string;
    language: string;
    hardwareConcurrency: number;
  };
  timeZone(): string;
  random(): number;
  /** Calls `listener` when the page is hidden (tab switched, closed, navigated away). */
  onPageHide(listener: () => void): () => void;
}

export function browserEnv(timers: Timers, overrides: Partial<AnalyticsEnv> = {}): AnalyticsEnv {
  const nav = globalThis.navigator;
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    ...(typeof nav?.sendBeacon === 'function'
      ? { sendBeacon: (url: string, body: BodyInit) => nav.sendBeacon(url, body) }
      : {}),
    timers,
    now: () => Date.now(),
    cookies: () => document.cookie,
    setCookie: (text) => {
      document.cookie = text;
    },
    localStorage: () => globalThis.localStorage,
    sessionStorage: () => globalThis.sessionStorage,
    console,
    location: () => location,
    document: () => ({
      title: document.title,
      referrer: document.referrer,
      lang: document.documentElement.lang,
    }),
    window: () => ({
      innerWidth: globalThis.innerWidth,
      innerHeight: globalThis.innerHeight,
      screenWidth: globalThis.screen?.width ?? 0,
      screenHeight: globalThis.screen?.height ?? 0,
      userAgent: nav?.userAgent ?? '',
      language: nav?.language ?? '',
      hardwareConcurrency: nav?.hardwareConcurrency ?? 0,
    }),
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    random: () => Math.random(),
    onPageHide(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      document.addEventListener('visibilitychange', onVisibility);
      globalThis.addEventListener('pagehide', listener);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        globalThis.removeEventListener('pagehide', listener);
      };
    },
    ...overrides,
  };
}
