/**
 * One JSON call to the preview's API, shared by the typed clients (client.ts for commerce,
 * site-users.ts, owner.ts): the answer is validated with the call's zod schema (an answer of the
 * wrong shape is an error, never data), mutations carry the crumb (CSRF) header, every call has a
 * timeout, and failures are `CommerceError`s carrying the text to show (errors.ts).
 *
 * `fetch`, the timer functions and the cookie reader are seams: tests give fakes.
 */
import type * as z from 'zod/mini';
import { readCookie } from './cookies.js';
import { CART_ERROR_TEXTS, CommerceError, crumbText } from './errors.js';
import { ErrorResponse } from './schemas.js';

export interface ClientSeams {
  fetch?: typeof fetch;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** `document.cookie`-style text. */
  cookies?: () => string;
  /** Whether the browser keeps cookies (chooses the crumb failure text). */
  cookiesEnabled?: () => boolean;
  /** Milliseconds before a call is aborted; default 15 s. */
  timeoutMs?: number;
  /** Prefix of every path (another origin); default same origin. */
  baseUrl?: string;
}

export const CRUMB_HEADER = 'X-CSRF-Token';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface Call<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  response: z.ZodMiniType<T>;
  /** Headers besides Accept, Content-Type and the crumb. */
  headers?: Record<string, string>;
}

export type Caller = <T>(call: Call<T>) => Promise<T>;

export function createCaller(seams: ClientSeams = {}): Caller {
  const doFetch = seams.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const arm = seams.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const disarm =
    seams.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const cookies = seams.cookies ?? (() => globalThis.document?.cookie ?? '');
  const cookiesEnabled =
    seams.cookiesEnabled ?? (() => globalThis.navigator?.cookieEnabled ?? true);
  const timeoutMs = seams.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = seams.baseUrl ?? '';

  return async function call<T>({ method, path, body, response, headers: extra }: Call<T>) {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers[CRUMB_HEADER] = readCookie(cookies(), 'crumb') ?? '';
    const controller = new AbortController();
    let timedOut = false;
    const timer = arm(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        credentials: 'same-origin',
        signal: controller.signal,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      text = await res.text();
    } catch {
      throw timedOut
        ? new CommerceError('timeout', CART_ERROR_TEXTS.tryAgain)
        : new CommerceError('network', CART_ERROR_TEXTS.offline);
    } finally {
      disarm(timer);
    }
    const json = parseJson(text);
    if (!res.ok) throw failure(res.status, json, cookiesEnabled());
    const parsed = response.safeParse(json);
    if (!parsed.success) {
      throw new CommerceError('invalid-response', CART_ERROR_TEXTS.tryAgain, res.status);
    }
    return parsed.data;
  };
}

/** Request bodies are checked before sending: a caller bug never reaches the server. */
export function checked<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new CommerceError('server', first?.message ?? CART_ERROR_TEXTS.tryAgain);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as the error the visitor sees, carrying the body (forms read its fields). */
function failure(status: number, json: unknown, cookiesEnabled: boolean): CommerceError {
  if (status === 429)
    return new CommerceError('rate-limit', CART_ERROR_TEXTS.rateLimited, status, json);
  const body = ErrorResponse.safeParse(json);
  if (body.success && body.data.crumbFail === true) {
    return new CommerceError('crumb', crumbText(cookiesEnabled), status, json);
  }
  if (body.success && body.data.error !== '') {
    return new CommerceError('server', body.data.error, status, json);
  }
  return new CommerceError('invalid-response', CART_ERROR_TEXTS.tryAgain, status, json);
}
