/**
 * What a benchmark suite is, and the side-by-side runner most suites use. A suite returns a
 * report (a table plus summary lines) so that suites which do not time anything — bundle size,
 * for instance — fit the same runner.
 */
import {
  formatNs,
  geometricMean,
  measureGroup,
  type Timing,
  type TimingOptions,
} from './timing.js';

export interface BenchOptions {
  /** Repetition counts of the micro-suites (fewer with --quick). */
  sizes: readonly number[];
  timing: TimingOptions;
  /** `--page NAME`: only the page-table rows whose name contains NAME. */
  pageFilter?: string;
}

export interface SuiteReport {
  title: string;
  columns: string[];
  rows: string[][];
  /** Lines printed under the table, e.g. the geometric mean ratio. */
  summary: string[];
  /** Machine-readable figures for `--json`. */
  data: unknown;
  /** A compact Markdown table for the README (`--markdown`). */
  markdown?: string;
}

export interface BenchSuite {
  /** Short name used by `--only`. */
  name: string;
  run(options: BenchOptions): SuiteReport | Promise<SuiteReport>;
}

/** One workload run by both engines. */
export interface PairCase {
  snippet: string;
  reps: number;
  ours: () => unknown;
  theirs: () => unknown;
  /** Outputs compared once before timing; a difference is flagged in the table. */
  outputs?: () => { ours: string; theirs: string };
  /**
   * A third workload timed in the same rotation of batches (so under the same machine load),
   * for a figure the suite derives itself (`PairResult.alongsideNs`).
   */
  alongside?: () => unknown;
}

export interface PairResult {
  snippet: string;
  reps: number;
  /** Median over batches of the mean time per operation (see timing.ts), in ns. */
  oursNs: number;
  theirsNs: number;
  /** Plain mean over every measured operation, in ns. */
  oursMeanNs: number;
  theirsMeanNs: number;
  /** theirs / ours: above 1 means ours is faster. */
  ratio: number;
  sameOutput: boolean | null;
  /** The case's `alongside` workload, timed as `oursNs` is. */
  alongsideNs?: number;
}

/**
 * Times every case with both engines and tabulates them; the summary is the geometric mean of
 * the per-case ratios (reference time / our time).
 */
export function runPairs(
  title: string,
  cases: readonly PairCase[],
  options: BenchOptions,
): SuiteReport {
  const results: PairResult[] = [];
  for (const c of cases) {
    let sameOutput: boolean | null = null;
    if (c.outputs) {
      const out = c.outputs();
      sameOutput = out.ours === out.theirs;
    }
    const fns = c.alongside === undefined ? [c.ours, c.theirs] : [c.ours, c.theirs, c.alongside];
    const [ours, theirs, alongside] = measureGroup(fns, options.timing) as [
      Timing,
      Timing,
      Timing?,
    ];
    results.push({
      ...(alongside === undefined ? {} : { alongsideNs: alongside.nsPerOp }),
      snippet: c.snippet,
      reps: c.reps,
      oursNs: ours.nsPerOp,
      theirsNs: theirs.nsPerOp,
      oursMeanNs: ours.meanNsPerOp,
      theirsMeanNs: theirs.meanNsPerOp,
      ratio: theirs.nsPerOp / ours.nsPerOp,
      sameOutput,
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const mean = geometricMean(results.map((r) => r.ratio));
  const mismatches = results.filter((r) => r.sameOutput === false);
  const summary = [`geometric mean ratio (reference / ours): ${mean.toFixed(2)}x`];
  if (mismatches.length > 0) {
    summary.push(
      `outputs differ (marked *) in: ${mismatches.map((r) => `${r.snippet}x${r.reps}`).join(', ')}`,
    );
  }
  return {
    title,
    columns: ['suite', 'reps', 'ours', 'reference', 'ratio'],
    rows: results.map((r) => [
      r.snippet,
      String(r.reps),
      formatNs(r.oursNs),
      formatNs(r.theirsNs),
      `${r.ratio.toFixed(2)}x${r.sameOutput === false ? ' *' : ''}`,
    ]),
    summary,
    data: { geometricMeanRatio: mean, results },
    markdown: pairsMarkdown(title, results, mean),
  };
}

/** One row per snippet: the ratio at each size, then the snippet's geometric mean. */
function pairsMarkdown(title: string, results: readonly PairResult[], mean: number): string {
  const sizes = [...new Set(results.map((r) => r.reps))];
  const snippets = [...new Set(results.map((r) => r.snippet))];
  const head = `| ${title} | ${sizes.map((n) => `×${n}`).join(' | ')} | geo. mean |`;
  const rule = `|---|${sizes.map(() => '---:|').join('')}---:|`;
  const rows = snippets.map((snippet) => {
    const mine = results.filter((r) => r.snippet === snippet);
    const cells = sizes.map((n) => {
      const r = mine.find((x) => x.reps === n);
      return r ? `${r.ratio.toFixed(2)}${r.sameOutput === false ? '*' : ''}` : '';
    });
    return `| ${snippet} | ${cells.join(' | ')} | **${geometricMean(mine.map((r) => r.ratio)).toFixed(2)}** |`;
  });
  const total = `| **all** | ${sizes.map(() => '').join(' | ')} | **${mean.toFixed(2)}** |`;
  return [head, rule, ...rows, total].join('\n');
}
