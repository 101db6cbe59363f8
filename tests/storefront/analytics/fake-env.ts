/**
 * A fake browser for the analytics modules: a cookie jar, storages, a recording `fetch` (and
 * optionally `sendBeacon`), the global timers (tests fake them with vi.useFakeTimers), a fixed
 * clock and window, and a console that records warnings and errors.
 */
import { vi } from 'vitest';
import type { AnalyticsEnv } from '../../../storefront/analytics/env.js';

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The form fields of a form-encoded body, else the parsed JSON. */
  fields: Record<string, unknown>;
}

export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

export interface FakeEnv {
  env: AnalyticsEnv;
  sent: Sent[];
  beacons: Array<{ url: string; body: string }>;
  /** Cookie name → [value, max-age seconds]. */
  jar: Map<string, { value: string; maxAge: number | undefined }>;
  warnings: string[];
  errors: unknown[][];
  /** The status the fake server answers with (default 200). */
  status: { value: number };
  hide(): void;
}

function fields(body: string | undefined, type: string): Record<string, unknown> {
  if (body === undefined) return {};
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(body));
  }
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function fakeEnv(
  overrides: Partial<AnalyticsEnv> = {},
  options: { beacon?: boolean; answer?: (url: string) => unknown } = {},
): FakeEnv {
  const sent: Sent[] = [];
  const beacons: Array<{ url: string; body: string }> = [];
  const jar = new Map<string, { value: string; maxAge: number | undefined }>();
  const warnings: string[] = [];
  const errors: unknown[][] = [];
  const status = { value: 200 };
  const hideListeners = new Set<() => void>();
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers,
      body,
      fields: fields(body, headers['Content-Type'] ?? ''),
    });
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      const answer = options.answer?.(url);
      if (answer === 'hang') {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        return;
      }
      resolve(new Response(JSON.stringify(answer ?? { ok: true }), { status: status.value }));
    });
  });
  const env: AnalyticsEnv = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...(options.beacon === true
      ? {
          sendBeacon: (url: string, body: BodyInit) => {
            beacons.push({ url, body: body instanceof Blob ? '(blob)' : String(body) });
            return true;
          },
        }
      : {}),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    now: () => 1_700_000_000_000,
    cookies: () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v.value)}`).join('; '),
    setCookie(text) {
      const [pair, ...attrs] = text.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const maxAgeAttr = attrs.find((a) => a.startsWith('Max-Age='));
      const maxAge = maxAgeAttr === undefined ? undefined : Number(maxAgeAttr.slice(8));
      if (maxAge === 0) jar.delete(name);
      else jar.set(name, { value, maxAge });
    },
    localStorage: () => local,
    sessionStorage: () => session,
    console: {
      warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')),
      error: (...args: unknown[]) => errors.push(args),
    },
    location: () => ({
      href: 'https://shop.example/shop/p/apron?variant=1',
      host: 'shop.example',
      pathname: '/shop/p/apron',
      search: '?variant=1',
      hash: '',
    }),
    document: () => ({ title: 'Apron · Shop', referrer: 'https://ref.example/', lang: 'en-GB' }),
    window: () => ({
      innerWidth: 1280,
      innerHeight: 720,
      screenWidth: 1920,
      screenHeight: 1080,
      userAgent: 'FakeAgent/1.0',
      language: 'fr-FR',
      hardwareConcurrency: 4,
    }),
    timeZone: () => 'America/Chicago',
    random: () => 0.5,
    onPageHide(listener) {
      hideListeners.add(listener);
      return () => hideListeners.delete(listener);
    },
    ...overrides,
  };
  return {
    env,
    sent,
    beacons,
    jar,
    warnings,
    errors,
    status,
    hide: () => [...hideListeners].forEach((l) => l()),
  };
}
