/**
 * Session recording is offered only to visitors with at least 3 CPU cores, on a site whose
 * country is the US, in an America time zone. The id call's answer is the recording's id; the
 * automated mock id is ignored. Failures are only logged.
 */
import { ANALYTICS_PATHS, SESSION_RECORDING, TRACKING_TIMEOUT_MS } from './constants.js';
import type { AnalyticsEnv } from './env.js';
import { request } from './transport.js';

export function sessionRecordingAllowed(env: AnalyticsEnv, siteCountry: string): boolean {
  return (
    env.window().hardwareConcurrency >= SESSION_RECORDING.minCpuCores &&
    siteCountry === SESSION_RECORDING.siteCountry &&
    env.timeZone().startsWith(SESSION_RECORDING.timeZonePrefix)
  );
}

/** The recording id, or undefined (not allowed, the mock id, or a failure logged). */
export async function sessionRecordingId(
  env: AnalyticsEnv,
  siteCountry: string,
): Promise<string | undefined> {
  if (!sessionRecordingAllowed(env, siteCountry)) return undefined;
  try {
    const res = await request(env, ANALYTICS_PATHS.sessionRecordingId, {
      method: 'GET',
      timeoutMs: TRACKING_TIMEOUT_MS,
      budgeted: false, // a commerce call, not rate-limited
    });
    const id: unknown = await res.json();
    if (typeof id !== 'string' || id === '' || id === SESSION_RECORDING.automatedMockId) {
      return undefined;
    }
    return id;
  } catch (err) {
    env.console.error('[jsont] session recording id unavailable', err);
    return undefined;
  }
}
