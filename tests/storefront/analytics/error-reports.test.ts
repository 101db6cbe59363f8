/**
 * Error reports (fake timers): sent 1 s after the last error, at most 10 queued, at most 20 per
 * page, stacks cut at 5000 characters, with the CSRF header from the crumb cookie.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter } from '../../../storefront/analytics/error-reports.js';
import { fakeEnv } from './fake-env.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const errorsOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ message: string; stack?: string }>).map((e) => e.message);

describe('error reports', () => {
  it('debounces sending by 1 s after the last error', async () => {
    const f = fakeEnv();
    const reporter = createErrorReporter(f.env);
    reporter.report(new Error('one'));
    await vi.advanceTimersByTimeAsync(900);
    reporter.report(new Error('two'));
    await vi.advanceTimersByTimeAsync(999);
    expect(f.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.sent).toHaveLength(1);
    expect(errorsOf(f.sent[0]!.fields)).toEqual(['Error: one', 'Error: two']);
  });

  it('sends with the CSRF header from the crumb cookie', async () => {
    const f = fakeEnv();
    f.env.setCookie('crumb=abc123');
    createErrorReporter(f.env).report(new TypeError('bad'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent[0]!.url).toBe('/api/events/RecordJavascriptErrors');
    expect(f.sent[0]!.headers['X-CSRF-Token']).toBe('abc123');
    expect(f.sent[0]!.fields).toMatchObject({
      errors: [{ message: 'TypeError: bad', url: 'https://shop.example/shop/p/apron?variant=1' }],
    });
  });

  it('keeps at most 10 queued and 20 per page', async () => {
    const f = fakeEnv();
    const reporter = createErrorReporter(f.env);
    for (let i = 0; i < 15; i++) reporter.report(new Error(`a${i}`));
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent.map((s) => errorsOf(s.fields).length)).toEqual([10]);
    for (let i = 0; i < 15; i++) reporter.report(new Error(`b${i}`));
    await vi.advanceTimersByTimeAsync(1000);
    for (let i = 0; i < 5; i++) reporter.report(new Error(`c${i}`));
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent.map((s) => errorsOf(s.fields).length)).toEqual([10, 10]);
    expect(errorsOf(f.sent[1]!.fields)[9]).toBe('Error: b9');
  });

  it('cuts stacks at 5000 characters', async () => {
    const f = fakeEnv();
    const err = new Error('deep');
    err.stack = 'x'.repeat(7000);
    createErrorReporter(f.env).report(err);
    await vi.advanceTimersByTimeAsync(1000);
    const sent = f.sent[0]!.fields.errors as Array<{ stack: string }>;
    expect(sent[0]!.stack).toHaveLength(5000);
  });

  it('fails silently', async () => {
    const f = fakeEnv();
    f.status.value = 500;
    const reporter = createErrorReporter(f.env);
    reporter.report('plain text');
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent).toHaveLength(1);
    expect(f.errors).toEqual([]);
  });

  it('sends what is queued at once when flushed (the page is hidden)', async () => {
    const f = fakeEnv();
    const reporter = createErrorReporter(f.env);
    reporter.report(new Error('late'));
    reporter.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(f.sent).toHaveLength(1);
  });
});
