/**
 * The client's own budget of rate-limited analytics calls, below the preview server's per-visitor
 * limit (server/commerce/analytics.ts, ANALYTICS_RATE: a burst of 60, one a second): a call over it is
 * dropped before it is made, silently, instead of being refused with 429 — which the browser
 * would log as a failed resource on the visitor's console. Kept in local storage, so the tabs
 * and page loads of one visitor share it (in memory when storage cannot be used).
 */
import type { AnalyticsEnv } from './env.js';

export const CLIENT_RATE = { capacity: 50, refillPerSecond: 0.8 } as const;
export const BUDGET_KEY = 'jsont:analytics-budget';

interface Bucket {
  tokens: number;
  at: number;
}

let inMemory: Bucket | undefined;

function load(env: AnalyticsEnv): Bucket | undefined {
  try {
    const value = JSON.parse(env.localStorage().getItem(BUDGET_KEY) ?? 'null') as Bucket | null;
    if (value !== null && Number.isFinite(value.tokens) && Number.isFinite(value.at)) return value;
    return undefined;
  } catch {
    return inMemory;
  }
}

function save(env: AnalyticsEnv, bucket: Bucket): void {
  inMemory = bucket;
  try {
    env.localStorage().setItem(BUDGET_KEY, JSON.stringify(bucket));
  } catch {
    // Storage unavailable: the in-memory bucket serves this page load.
  }
}

/** Takes one call from the budget; false when it is spent. */
export function takeCall(env: AnalyticsEnv): boolean {
  const at = env.now();
  const last = load(env);
  const { capacity, refillPerSecond } = CLIENT_RATE;
  const tokens =
    last === undefined
      ? capacity
      : Math.min(capacity, last.tokens + (Math.max(0, at - last.at) / 1000) * refillPerSecond);
  const admitted = tokens >= 1;
  save(env, { tokens: admitted ? tokens - 1 : tokens, at });
  return admitted;
}
