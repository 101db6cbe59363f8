/**
 * Timing for the tests that compare how work grows with its size (ratios of times, never a
 * time against a fixed bound): the fastest run is the one least disturbed by other work.
 */

/** The fastest of `runs` runs of `run`, in ms, after one warm-up run. */
export function fastest(run: () => void, runs: number): number {
  run();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
