/**
 * The analytics chunk started in a test file: fake timers for each test, and after it the chunk
 * stopped (its listeners off the shared jsdom document) and the body emptied.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { startAnalytics, type Analytics } from '../../../storefront/analytics/index.js';
import type { Vitals } from '../../../storefront/analytics/performance.js';
import type { StorefrontRuntime } from '../../../storefront/runtime.js';
import type { FakeEnv } from './fake-env.js';

export const noVitals: Vitals = { onLCP: () => {}, onCLS: () => {}, onINP: () => {} };

export interface StartedAnalytics {
  /** Starts the chunk over `runtime` in `f`'s fake browser (stopping the one before). */
  start(runtime: StorefrontRuntime, data: unknown, f: FakeEnv): Analytics;
  /** The chunk started last. */
  current(): Analytics;
}

export function useStartedAnalytics(): StartedAnalytics {
  let started: Analytics | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    started?.stop();
    started = undefined;
    document.body.innerHTML = '';
    vi.useRealTimers();
  });
  return {
    start(runtime, data, f) {
      started?.stop();
      started = startAnalytics(runtime, data, { env: f.env, vitals: noVitals });
      return started;
    },
    current: () => started!,
  };
}
