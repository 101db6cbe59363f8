/**
 * A small self-calibrating timer. Each case is warmed up (so the JIT has compiled it), then run
 * in batches sized to take about a twentieth of the time budget each, until the budget is spent.
 * Each batch gives a mean time per operation; the reported figure is the median of those batch
 * means, so a batch that was descheduled or hit by a major GC does not skew it (the overall mean
 * is kept too). Batching keeps timer overhead out of sub-microsecond cases. Results go to a
 * module-level sink so the optimiser cannot drop the benchmarked calls.
 */
import { performance } from 'node:perf_hooks';

export interface TimingOptions {
  /** Time spent measuring each case, in ms. */
  budgetMs: number;
  /** Time spent running the case before measuring, in ms. */
  warmupMs: number;
  /**
   * What a batch's time is read from: the wall clock (default), or the CPU time of this
   * process (`process.cpuUsage`, microseconds, all its threads: GC helpers included). On a
   * machine shared with other busy processes the wall clock also counts the time this process
   * waited for a core, which swamps the ratios; CPU time leaves it out.
   */
  clock?: 'wall' | 'cpu';
}

export interface Timing {
  /** Time per operation in nanoseconds: the median of the batches' mean times. */
  nsPerOp: number;
  /** Mean time per operation over all batches, in nanoseconds. */
  meanNsPerOp: number;
  /** Operations measured. */
  ops: number;
  /** Batches measured. */
  batches: number;
}

/** Collects batch timings of one function. */
class Sampler {
  private readonly perOp: number[] = [];
  private ops = 0;
  elapsedMs = 0;
  constructor(
    private readonly fn: () => unknown,
    private readonly batch: number,
    private readonly clock: 'wall' | 'cpu' = 'wall',
  ) {}
  runBatch(): void {
    const took = runBatch(this.fn, this.batch, this.clock);
    this.elapsedMs += took;
    this.ops += this.batch;
    this.perOp.push(took / this.batch);
  }
  result(): Timing {
    const sorted = [...this.perOp].sort((x, y) => x - y);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return {
      nsPerOp: median * 1e6,
      meanNsPerOp: (this.elapsedMs * 1e6) / this.ops,
      ops: this.ops,
      batches: sorted.length,
    };
  }
}

/** Results are stored here so the optimiser cannot drop a call whose value is unused. */
export let blackhole: unknown;

/** CPU time of this process in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function runBatch(fn: () => unknown, n: number, clock: 'wall' | 'cpu' = 'wall'): number {
  const now = clock === 'cpu' ? cpuMs : () => performance.now();
  const start = now();
  for (let i = 0; i < n; i++) blackhole = fn();
  return now() - start;
}

/** Warms `fn` up and returns a batch size that takes about `batchMs`. */
function calibrate(fn: () => unknown, options: TimingOptions, batchMs: number): number {
  // Warm up, growing the batch along the way until one batch takes at least ~2 ms.
  let batch = 1;
  let warmed = 0;
  while (warmed < options.warmupMs) {
    const took = runBatch(fn, batch, options.clock);
    warmed += took;
    if (took < 2 && batch < 1 << 24) batch *= 2;
  }
  const perOp = Math.max(runBatch(fn, batch, options.clock) / batch, 1e-6);
  return Math.max(1, Math.round(batchMs / perOp));
}

/** Measures `fn` alone (see the module comment). */
export function measure(fn: () => unknown, options: TimingOptions): Timing {
  const sampler = new Sampler(fn, calibrate(fn, options, options.budgetMs / 20), options.clock);
  while (sampler.elapsedMs < options.budgetMs) sampler.runBatch();
  return sampler.result();
}

/**
 * Measures implementations of the same work, their batches taking turns so that all see the
 * same machine load (other processes, GC pressure, CPU frequency); each gets `budgetMs`. Their
 * ratios are then much steadier than those of back-to-back measurements.
 */
export function measureGroup(fns: ReadonlyArray<() => unknown>, options: TimingOptions): Timing[] {
  const samplers = fns.map(
    (fn) => new Sampler(fn, calibrate(fn, options, options.budgetMs / 20), options.clock),
  );
  while (samplers.some((s) => s.elapsedMs < options.budgetMs)) {
    for (const s of samplers) if (s.elapsedMs < options.budgetMs) s.runBatch();
  }
  return samplers.map((s) => s.result());
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
