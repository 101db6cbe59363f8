/** The session-recording gate and id call, and experiment lookup. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExperiments } from '../../../storefront/analytics/experiments.js';
import {
  sessionRecordingAllowed,
  sessionRecordingId,
} from '../../../storefront/analytics/session-recording.js';
import { fakeEnv } from './fake-env.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session recording', () => {
  const withCores = (cores: number, timeZone = 'America/Chicago') => {
    const f = fakeEnv({ timeZone: () => timeZone });
    const win = f.env.window();
    f.env.window = () => ({ ...win, hardwareConcurrency: cores });
    return f;
  };

  it('needs 3 cores, a US site and an America time zone', () => {
    expect(sessionRecordingAllowed(withCores(3).env, 'US')).toBe(true);
    expect(sessionRecordingAllowed(withCores(2).env, 'US')).toBe(false);
    expect(sessionRecordingAllowed(withCores(8).env, 'CA')).toBe(false);
    expect(sessionRecordingAllowed(withCores(8, 'Europe/Paris').env, 'US')).toBe(false);
  });

  it('takes the id, ignores the automated mock id, and only logs failures', async () => {
    const ok = fakeEnv({}, { answer: () => 'real-id' });
    expect(await sessionRecordingId(ok.env, 'US')).toBe('real-id');
    expect(ok.sent.map((s) => s.url)).toEqual(['/api/commerce/fullstory/getId']);
    const mock = fakeEnv({}, { answer: () => 'automated-mock-id' });
    expect(await sessionRecordingId(mock.env, 'US')).toBeUndefined();
    const failing = fakeEnv();
    failing.status.value = 500;
    expect(await sessionRecordingId(failing.env, 'US')).toBeUndefined();
    expect(failing.errors).toHaveLength(1);
    const elsewhere = fakeEnv();
    expect(await sessionRecordingId(elsewhere.env, 'GB')).toBeUndefined();
    expect(elsewhere.sent).toEqual([]);
  });
});

describe('experiments', () => {
  const config = {
    on: { experimentType: 'FEATURE_TOGGLE' as const, variant: 'true' },
    off: { experimentType: 'FEATURE_TOGGLE' as const, variant: 'TRUE' },
    test: { experimentType: 'AB_TEST' as const, variant: 'b', segmentName: 'seg-2' },
    broken: { experimentType: 'FEATURE_TOGGLE' as const },
  };
  const outside = { internalSite: false, search: '' };

  it("enables a feature toggle only when its variant is 'true'", () => {
    const x = createExperiments(config, outside);
    expect(x.isFeatureEnabled('on')).toBe(true);
    expect(x.isFeatureEnabled('off')).toBe(false);
  });

  it('throws the four texts', () => {
    expect(() => createExperiments(undefined, outside).isFeatureEnabled('on')).toThrow(
      'The underlying configuration is not loaded',
    );
    const x = createExperiments(config, outside);
    expect(() => x.isFeatureEnabled('nope')).toThrow('The specified feature does not exist');
    expect(() => x.isFeatureEnabled('test')).toThrow(
      'The specified feature is not a FEATURE_TOGGLE',
    );
    expect(() => x.isFeatureEnabled('broken')).toThrow(
      'The specified feature has an invalid server-side definition',
    );
  });

  it('gives an A/B test its segment, or the default segment and the caller default', () => {
    const x = createExperiments(config, outside);
    expect(x.abTest('test', 'a')).toEqual({
      name: 'test',
      experimentType: 'AB_TEST',
      variant: 'b',
      segmentName: 'seg-2',
      containsError: false,
    });
    expect(x.abTest('nope', 'a')).toEqual({
      name: 'nope',
      experimentType: 'AB_TEST',
      variant: 'a',
      segmentName: 'default',
      containsError: true,
    });
    expect(createExperiments(undefined, outside).abTest('test', 'c').variant).toBe('c');
  });

  it('applies query overrides only on internal sites', () => {
    const search = '?experiment-test=z&experiment-off=true';
    const external = createExperiments(config, { internalSite: false, search });
    expect(external.abTest('test', 'a').variant).toBe('b');
    expect(external.isFeatureEnabled('off')).toBe(false);
    const internal = createExperiments(config, { internalSite: true, search });
    expect(internal.abTest('test', 'a').variant).toBe('z');
    expect(internal.isFeatureEnabled('off')).toBe(true);
  });
});
