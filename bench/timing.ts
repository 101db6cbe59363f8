/**
 * A small self-calibrating timer. Each case is warmed up (so the JIT has compiled it), then run
 * in batches sized to take a few milliseconds each until the time budget is spent; the result is
 * the mean wall time per operation. Batching keeps timer overhead out of sub-microsecond cases.
 * Results go to a module-level sink so the optimiser cannot drop the benchmarked calls.
 */
import { performance } from 'node:perf_hooks';

export interface TimingOptions {
  /** Time spent measuring each case, in ms. */
  budgetMs: number;
  /** Time spent running the case before measuring, in ms. */
  warmupMs: number;
}

export interface Timing {
  /** Mean time per operation in nanoseconds. */
  nsPerOp: number;
  /** Operations measured. */
  ops: number;
}

/** Results are stored here so the optimiser cannot drop a call whose value is unused. */
export let blackhole: unknown;

function runBatch(fn: () => unknown, n: number): number {
  const start = performance.now();
  for (let i = 0; i < n; i++) blackhole = fn();
  return performance.now() - start;
}

/** Warms `fn` up and returns a batch size that takes about `batchMs`. */
function calibrate(fn: () => unknown, options: TimingOptions, batchMs: number): number {
  // Warm up, growing the batch along the way until one batch takes at least ~2 ms.
  let batch = 1;
  let warmed = 0;
  while (warmed < options.warmupMs) {
    const took = runBatch(fn, batch);
    warmed += took;
    if (took < 2 && batch < 1 << 24) batch *= 2;
  }
  const perOp = Math.max(runBatch(fn, batch) / batch, 1e-6);
  return Math.max(1, Math.round(batchMs / perOp));
}

/** Measures `fn` alone (see the module comment). */
export function measure(fn: () => unknown, options: TimingOptions): Timing {
  // ~20 batches in the budget, so loop overhead and clock resolution are noise.
  const batch = calibrate(fn, options, options.budgetMs / 20);
  let ops = 0;
  let elapsed = 0;
  while (elapsed < options.budgetMs) {
    elapsed += runBatch(fn, batch);
    ops += batch;
  }
  return { nsPerOp: (elapsed * 1e6) / ops, ops };
}

/**
 * Measures two implementations of the same work, alternating their batches so that both see
 * the same machine load (other processes, GC pressure, CPU frequency); each gets `budgetMs`.
 * The ratio of the two means is then much steadier than two back-to-back measurements.
 */
export function measurePair(
  a: () => unknown,
  b: () => unknown,
  options: TimingOptions,
): [Timing, Timing] {
  const batchA = calibrate(a, options, options.budgetMs / 20);
  const batchB = calibrate(b, options, options.budgetMs / 20);
  let opsA = 0;
  let opsB = 0;
  let elapsedA = 0;
  let elapsedB = 0;
  while (elapsedA < options.budgetMs || elapsedB < options.budgetMs) {
    if (elapsedA < options.budgetMs) {
      elapsedA += runBatch(a, batchA);
      opsA += batchA;
    }
    if (elapsedB < options.budgetMs) {
      elapsedB += runBatch(b, batchB);
      opsB += batchB;
    }
  }
  return [
    { nsPerOp: (elapsedA * 1e6) / opsA, ops: opsA },
    { nsPerOp: (elapsedB * 1e6) / opsB, ops: opsB },
  ];
}

/** Formats a duration in nanoseconds with a unit that keeps 3 significant digits. */
export function formatNs(ns: number): string {
  if (ns < 1e3) return `${ns.toPrecision(3)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toPrecision(3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toPrecision(3)} ms`;
  return `${(ns / 1e9).toPrecision(3)} s`;
}

/** Geometric mean of positive numbers (the fair average of ratios). */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}
