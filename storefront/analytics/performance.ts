/**
 * Performance metrics: the settings call (aborted after 30 s) gives the page load's id; Core Web
 * Vitals (LCP, CLS, INP, measured by the `web-vitals` package) are collected until 60 s after
 * load or until the page is hidden, and sent as one batch 30 s after load or when the page is
 * hidden first; whatever arrives after that first batch goes in one more when collection ends.
 * Every failure is silent.
 */
import type { Metric } from 'web-vitals';
import { ANALYTICS_PATHS, PERFORMANCE_TIMING } from './constants.js';
import type { AnalyticsEnv } from './env.js';
import { post, quietly, request } from './transport.js';

type OnMetric = (
  report: (metric: Metric) => void,
  options?: { reportAllChanges?: boolean },
) => void;

/** The `web-vitals` functions used (a seam: tests give fakes). */
export interface Vitals {
  onLCP: OnMetric;
  onCLS: OnMetric;
  onINP: OnMetric;
}

export interface MetricRecord {
  name: string;
  value: number;
  rating: string;
  id: string;
}

export async function performanceSettings(env: AnalyticsEnv): Promise<string | undefined> {
  const res = await request(env, ANALYTICS_PATHS.performanceSettings, {
    method: 'GET',
    timeoutMs: PERFORMANCE_TIMING.settingsTimeoutMs,
  });
  const body = (await res.json()) as { pageLoadId?: unknown; enabled?: unknown };
  return body.enabled !== false && typeof body.pageLoadId === 'string'
    ? body.pageLoadId
    : undefined;
}

/** Starts collecting; returns the stop function (tests). */
export function collectPerformance(env: AnalyticsEnv, vitals: Vitals): () => void {
  /** The latest value of each metric not yet sent. */
  const pending = new Map<string, MetricRecord>();
  let collecting = true;
  let pageLoadId: Promise<string | undefined> | undefined;
  const settings = () => (pageLoadId ??= performanceSettings(env).catch(() => undefined));

  const record = (metric: Metric) => {
    if (!collecting) return;
    const { name, value, rating, id } = metric;
    pending.set(name, { name, value, rating, id });
  };
  vitals.onLCP(record, { reportAllChanges: true });
  vitals.onCLS(record, { reportAllChanges: true });
  vitals.onINP(record, { reportAllChanges: true });

  const flush = (beacon: boolean) => {
    if (pending.size === 0) return;
    const records = [...pending.values()];
    pending.clear();
    quietly(
      settings().then((id) =>
        id === undefined
          ? undefined
          : post(
              env,
              ANALYTICS_PATHS.performanceRecords,
              { json: { pageLoadId: id, records } },
              {
                beacon,
              },
            ),
      ),
    );
  };
  void settings();

  const flushTimer = env.timers.setTimeout(() => flush(false), PERFORMANCE_TIMING.flushAfterMs);
  const stop = (beacon: boolean) => {
    if (!collecting) return;
    collecting = false;
    env.timers.clearTimeout(flushTimer);
    env.timers.clearTimeout(endTimer);
    unlisten();
    flush(beacon);
  };
  const endTimer = env.timers.setTimeout(() => stop(false), PERFORMANCE_TIMING.collectForMs);
  const unlisten = env.onPageHide(() => stop(true));
  return () => stop(false);
}
