/**
 * A browser's side of the API for the typed clients' tests: a `fetch` seam that sends and keeps
 * cookies (as the browser would for same-origin calls) and a `cookies` seam that reads the
 * script-readable ones, over a real API server (tests/server/support.ts).
 */
import type { ClientSeams } from '../../storefront/api/request.js';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface BrowserJar {
  cookies: Map<string, string>;
  sent: Sent[];
  seams: Required<Pick<ClientSeams, 'fetch' | 'cookies' | 'baseUrl'>>;
}

export function browserJar(base: string): BrowserJar {
  const cookies = new Map<string, string>();
  const httpOnly = new Set<string>();
  const sent: Sent[] = [];
  const fetchWithJar = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    if (cookies.size > 0) {
      headers.Cookie = [...cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    }
    const url = new URL(String(input));
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const res = await fetch(url, { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (/Max-Age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, decodeURIComponent(pair!.slice(eq + 1)));
      if (/HttpOnly/i.test(cookie)) httpOnly.add(name);
    }
    return res;
  };
  return {
    cookies,
    sent,
    seams: {
      fetch: fetchWithJar as typeof fetch,
      baseUrl: base,
      cookies: () =>
        [...cookies]
          .filter(([k]) => !httpOnly.has(k))
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('; '),
    },
  };
}
