/**
 * Performance metrics (fake timers, fake web-vitals): the settings call and its pageLoadId,
 * the batch 30 s after load, collection ending at 60 s or when the page is hidden.
 */
import type { Metric } from 'web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPerformance, type Vitals } from '../../../storefront/analytics/performance.js';
import { fakeEnv } from './fake-env.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeVitals() {
  const reporters = new Map<string, (m: Metric) => void>();
  const on = (name: string) => (report: (m: Metric) => void) => void reporters.set(name, report);
  const vitals: Vitals = { onLCP: on('LCP'), onCLS: on('CLS'), onINP: on('INP') };
  const emit = (name: string, value: number) =>
    reporters.get(name)!({ name, value, rating: 'good', id: `v-${name}` } as Metric);
  return { vitals, emit };
}

const answer = (url: string) =>
  url === '/api/1/performance/settings' ? { pageLoadId: 'load-7', enabled: true } : { ok: true };
const batches = (sent: Array<{ url: string; fields: Record<string, unknown> }>) =>
  sent.filter((s) => s.url === '/api/1/performance/records').map((s) => s.fields);

describe('performance metrics', () => {
  it('sends LCP, CLS and INP in one batch 30 s after load, with the pageLoadId', async () => {
    const f = fakeEnv({}, { answer });
    const { vitals, emit } = fakeVitals();
    collectPerformance(f.env, vitals);
    expect(f.sent.map((s) => s.url)).toEqual(['/api/1/performance/settings']);
    emit('LCP', 1200);
    emit('LCP', 1500);
    emit('CLS', 0.02);
    emit('INP', 80);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(batches(f.sent)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches(f.sent)).toEqual([
      {
        pageLoadId: 'load-7',
        records: [
          { name: 'LCP', value: 1500, rating: 'good', id: 'v-LCP' },
          { name: 'CLS', value: 0.02, rating: 'good', id: 'v-CLS' },
          { name: 'INP', value: 80, rating: 'good', id: 'v-INP' },
        ],
      },
    ]);
  });

  it('collects until 60 s: later changes go in one more batch, then nothing', async () => {
    const f = fakeEnv({}, { answer });
    const { vitals, emit } = fakeVitals();
    collectPerformance(f.env, vitals);
    emit('LCP', 900);
    await vi.advanceTimersByTimeAsync(30_000);
    emit('INP', 200);
    await vi.advanceTimersByTimeAsync(30_000);
    emit('CLS', 0.5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(
      batches(f.sent).map((b) => (b.records as Array<{ name: string }>).map((r) => r.name)),
    ).toEqual([['LCP'], ['INP']]);
  });

  it('flushes when the page is hidden and stops collecting', async () => {
    const f = fakeEnv({}, { answer });
    const { vitals, emit } = fakeVitals();
    collectPerformance(f.env, vitals);
    emit('CLS', 0.1);
    await vi.advanceTimersByTimeAsync(5000);
    f.hide();
    await vi.advanceTimersByTimeAsync(0);
    emit('INP', 50);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(batches(f.sent)).toHaveLength(1);
    expect(batches(f.sent)[0]!.records).toEqual([
      { name: 'CLS', value: 0.1, rating: 'good', id: 'v-CLS' },
    ]);
  });

  it('gives up on the settings after 30 s, silently, and then sends no batch', async () => {
    const f = fakeEnv({}, { answer: (url) => (url.endsWith('settings') ? 'hang' : { ok: true }) });
    const { vitals, emit } = fakeVitals();
    collectPerformance(f.env, vitals);
    emit('LCP', 1000);
    await vi.advanceTimersByTimeAsync(29_999);
    const settings = f.env.fetch as unknown as ReturnType<typeof vi.fn>;
    const signal = (settings.mock.calls[0]![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches(f.sent)).toEqual([]);
    expect(f.errors).toEqual([]);
  });
});
