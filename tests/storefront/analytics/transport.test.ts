/** Tracking posts: encoding, beacon, the 2500 ms timeout, success statuses, rejections. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_RATE } from '../../../server/commerce/analytics.js';
import { CLIENT_RATE } from '../../../storefront/analytics/budget.js';
import { post } from '../../../storefront/analytics/transport.js';
import { fakeEnv } from './fake-env.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('tracking posts', () => {
  it('sends a form-encoded body', async () => {
    const f = fakeEnv();
    await post(f.env, '/api/events/RecordEvent', { form: { crumb: 'c1', event: 'e', data: '{}' } });
    expect(f.sent[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(f.sent[0]!.body).toBe('crumb=c1&event=e&data=%7B%7D');
  });

  it('resolves on 200 and 202 and rejects other statuses with the exact text', async () => {
    const f = fakeEnv();
    f.status.value = 202;
    await expect(post(f.env, '/x', { json: {} })).resolves.toBeUndefined();
    f.status.value = 201;
    await expect(post(f.env, '/x', { json: {} })).rejects.toThrow(
      'Error tracking event: HTTP Status 201',
    );
    f.status.value = 500;
    await expect(post(f.env, '/x', { json: {} })).rejects.toThrow(
      'Error tracking event: HTTP Status 500',
    );
  });

  it('rejects without a payload', async () => {
    const f = fakeEnv();
    await expect(post(f.env, '/x', undefined)).rejects.toThrow('Error tracking event: no payload');
    expect(f.sent).toEqual([]);
  });

  it('aborts a request after 2500 ms, not before', async () => {
    const f = fakeEnv({}, { answer: () => 'hang' });
    const result = post(f.env, '/x', { json: {} });
    let settled = false;
    result.catch(() => {}).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow();
  });

  it('goes by beacon when asked and possible, and never when it needs a header', async () => {
    const f = fakeEnv({}, { beacon: true });
    await post(f.env, '/a', { form: { event: 'e' } }, { beacon: true });
    expect(f.beacons.map((b) => b.url)).toEqual(['/a']);
    expect(f.sent).toEqual([]);
    await post(f.env, '/b', { json: {}, headers: { 'X-CSRF-Token': 't' } }, { beacon: true });
    expect(f.sent.map((s) => s.url)).toEqual(['/b']);
  });
});

describe('the call budget', () => {
  it('stays below the server limit', () => {
    expect(CLIENT_RATE.capacity).toBeLessThan(ANALYTICS_RATE.capacity);
    expect(CLIENT_RATE.refillPerSecond).toBeLessThan(ANALYTICS_RATE.refillPerSecond);
  });

  it('drops calls over a burst of 50 without sending them, then admits 0.8 a second', async () => {
    let now = 0;
    const f = fakeEnv({ now: () => now });
    const results = await Promise.allSettled(
      Array.from({ length: 52 }, () => post(f.env, '/x', { json: {} })),
    );
    expect(f.sent).toHaveLength(50);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    now += 1000;
    await expect(post(f.env, '/x', { json: {} })).rejects.toThrow('over the call budget');
    now += 250;
    await post(f.env, '/x', { json: {} });
    expect(f.sent).toHaveLength(51);
  });

  it('is shared through local storage by the page loads of a visitor', async () => {
    const first = fakeEnv({ now: () => 0 });
    for (let i = 0; i < 50; i++) await post(first.env, '/x', { json: {} });
    const next = fakeEnv({ now: () => 0, localStorage: first.env.localStorage });
    await expect(post(next.env, '/x', { json: {} })).rejects.toThrow();
    expect(next.sent).toEqual([]);
  });
});
