/**
 * Sending a tracking call: by beacon when asked and possible (a page being hidden), else by
 * `fetch` aborted after TRACKING_TIMEOUT_MS; 200 and 202 are success, any other status rejects
 * with `Error tracking event: HTTP Status {n}`. Callers that must fail silently use `quietly`.
 */
import { takeCall } from './budget.js';
import { ANALYTICS_TEXTS, SUCCESS_STATUSES, TRACKING_TIMEOUT_MS } from './constants.js';
import type { AnalyticsEnv } from './env.js';

export type Payload =
  { form: Record<string, string> } | { json: unknown; headers?: Record<string, string> };

export interface PostOptions {
  /** Prefer `navigator.sendBeacon` (it survives the page being unloaded). */
  beacon?: boolean;
  timeoutMs?: number;
}

function encode(payload: Payload): { body: string; type: string } {
  return 'form' in payload
    ? {
        body: new URLSearchParams(payload.form).toString(),
        type: 'application/x-www-form-urlencoded',
      }
    : { body: JSON.stringify(payload.json), type: 'application/json' };
}

export async function post(
  env: AnalyticsEnv,
  url: string,
  payload: Payload | undefined,
  options: PostOptions = {},
): Promise<void> {
  if (payload === undefined) throw new Error(ANALYTICS_TEXTS.noPayload);
  if (!takeCall(env)) throw new Error(ANALYTICS_TEXTS.overBudget);
  const { body, type } = encode(payload);
  const headers = 'headers' in payload ? (payload.headers ?? {}) : {};
  // A beacon cannot carry headers: calls that need one always go by fetch.
  if (options.beacon === true && env.sendBeacon && Object.keys(headers).length === 0) {
    if (env.sendBeacon(url, new Blob([body], { type }))) return;
  }
  await request(env, url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': type, ...headers },
    timeoutMs: options.timeoutMs ?? TRACKING_TIMEOUT_MS,
    budgeted: false, // taken above
  });
}

/**
 * A request aborted after `timeoutMs`; resolves with the response of a successful status. It
 * takes a call from the budget (budget.ts) unless `budgeted` is false (a call the server does not
 * rate-limit).
 */
export async function request(
  env: AnalyticsEnv,
  url: string,
  init: {
    method: string;
    body?: string;
    headers?: Record<string, string>;
    timeoutMs: number;
    budgeted?: boolean;
  },
): Promise<Response> {
  if (init.budgeted !== false && !takeCall(env)) throw new Error(ANALYTICS_TEXTS.overBudget);
  const controller = new AbortController();
  const timer = env.timers.setTimeout(() => controller.abort(), init.timeoutMs);
  try {
    const res = await env.fetch(url, {
      method: init.method,
      credentials: 'same-origin',
      // keepalive lets a call outlive the page, but only for small bodies (64 KiB in flight).
      keepalive: (init.body?.length ?? 0) < 60_000,
      signal: controller.signal,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    if (!SUCCESS_STATUSES.includes(res.status)) {
      throw new Error(ANALYTICS_TEXTS.httpStatus(res.status));
    }
    return res;
  } finally {
    env.timers.clearTimeout(timer);
  }
}

/** Analytics calls fail silently. */
export function quietly(promise: Promise<unknown>): void {
  promise.catch(() => {});
}
