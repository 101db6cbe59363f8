/**
 * Growth checks without wall-clock limits: time a workload at size n and at 4n in the same run
 * and compare. Linear work gives a ratio near 4 and quadratic work near 16; a check passes
 * under LINEAR_RATIO_LIMIT, well below the quadratic ratio and with room above the linear one
 * for a loaded machine.
 *
 * Robust on a loaded two-core machine because:
 * - each timing repeats the workload until the small size takes at least MIN_SAMPLE_MS (timer
 *   resolution and scheduler noise are small against it; checked again on the samples
 *   themselves), the same count for both sizes;
 * - the sizes alternate (small, large, small, large, …), so load that comes and goes hits both;
 * - the ratio is the median of the pairs' ratios, so one slow sample cannot decide it;
 * - a ratio over the limit is measured again (ATTEMPTS in all): load does not persist the way a
 *   quadratic cost does, which fails every attempt.
 */
import { expect } from 'vitest';

/** The size factor between the two measurements. */
export const SIZE_FACTOR = 4;
/** Linear: ~4; n log n: ~4.5-5; quadratic: ~16. */
export const LINEAR_RATIO_LIMIT = 10;
const MIN_SAMPLE_MS = 25;
const PAIRS = 5;
const ATTEMPTS = 3;

/** Median of the numbers (the upper one of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(run: () => void, repeat: number): number {
  const start = performance.now();
  for (let i = 0; i < repeat; i++) run();
  return performance.now() - start;
}

export interface Growth {
  /** Median of the pairs' large/small time ratios. */
  ratio: number;
  /** How often each timing ran the workload. */
  repeat: number;
  /** Median times of one repetition at each size, ms. */
  smallMs: number;
  largeMs: number;
}

/** Measures how `work`'s time grows from `small` to `large` (built by the caller, untimed). */
export function measureGrowth<T>(work: (input: T) => void, small: T, large: T): Growth {
  for (let i = 0; i < 3; i++) {
    work(small); // warm-up: JIT and caches
    work(large);
  }
  let repeat = 1;
  while (timed(() => work(small), repeat) < MIN_SAMPLE_MS) repeat *= 2;
  for (;;) {
    const ratios: number[] = [];
    const smalls: number[] = [];
    const larges: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const s = timed(() => work(small), repeat);
      const l = timed(() => work(large), repeat);
      smalls.push(s);
      larges.push(l);
      ratios.push(l / s);
    }
    // Still too short to time (the calibration ran slow, e.g. on a busy machine): repeat more.
    if (median(smalls) < MIN_SAMPLE_MS) {
      repeat *= 2;
      continue;
    }
    return {
      ratio: median(ratios),
      repeat,
      smallMs: median(smalls) / repeat,
      largeMs: median(larges) / repeat,
    };
  }
}

/**
 * Fails unless `work` grows linearly from `small` to `large`, inputs SIZE_FACTOR times apart
 * (ATTEMPTS measurements before failing). Returns the passing measurement.
 */
export function expectLinearGrowth<T>(
  name: string,
  work: (input: T) => void,
  small: T,
  large: T,
): Growth {
  let growth: Growth | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    growth = measureGrowth(work, small, large);
    if (growth.ratio < LINEAR_RATIO_LIMIT) return growth;
  }
  const { ratio, smallMs, largeMs, repeat } = growth!;
  return expect.fail(
    `${name} is not linear: ${SIZE_FACTOR}x the input took ${ratio.toFixed(1)}x the time ` +
      `(limit ${LINEAR_RATIO_LIMIT}x; ${smallMs.toFixed(2)} ms vs ${largeMs.toFixed(2)} ms, ` +
      `${repeat} repetitions per timing)`,
  );
}
