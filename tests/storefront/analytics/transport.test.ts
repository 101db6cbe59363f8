/** Tracking posts: encoding, beacon, the 2500 ms timeout, success statuses, rejections. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
