/**
 * The React path on pages of a real site's shape whose values leave their element: a header
 * with navigation, a blog list whose excerpts are `<p>`s printed inside a `<p>`, a post whose
 * body (headings, paragraphs, a `<div>` left open) is printed inside `<div>`s, a sidebar, and
 * code injected in the footer. Such a value makes the React path re-parse the nearest element
 * its markup cannot close (react-renderer/compile/local-fallback.ts). Each case is reported
 * against its floor, as in bench/react.ts: (string render + bare React renderToString of the
 * same static tree) ÷ bare React; target: such a page at most 1.5x its floor. The same pages
 * with balanced values (`… balanced`) show what the fallback adds.
 *
 *   npm run bench -- --only react-site
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { repositoryPath } from '../pages/site-pages.js';
import { reactCase } from '../react.js';
import type { BenchOptions, BenchSuite, PairCase, PairResult, SuiteReport } from '../suite.js';
import { runPairs } from '../suite.js';
import { formatNs, geometricMean } from '../timing.js';

/** 1.5x: a page with a value leaving its element may cost half again its floor. */
const LOCAL_TARGET = 1.5;

/**
 * The pages and their data, in files so that `jsont check --react --json unbalanced.json
 * bench/suites/react-site` reports where the values leave their element. The data: navigation
 * with a sub-menu, 12 entries each with its own excerpt (`<p>`s in `unbalanced.json`, plain
 * text with a link in `balanced.json`), the first entry as the post (its body leaves a `<div>`
 * open, or closes it), a sidebar, and footer code (leaving a `<div>` and a `<p>` open, or not).
 */
const PAGES = repositoryPath('bench/suites/react-site');
const read = (name: string): string => readFileSync(join(PAGES, name), 'utf8');
const readData = (name: string): unknown => JSON.parse(read(name)) as unknown;

/** The suite's cases (exported for A/B and profile runs of the fallback). */
export function siteCases(): PairCase[] {
  const list = read('blog-list.html');
  const post = read('post.html');
  const unbalanced = readData('unbalanced.json');
  const balanced = readData('balanced.json');
  return [
    reactCase('blog list: excerpts <p> in <p>', 1, list, unbalanced),
    reactCase('blog list balanced', 1, list, balanced),
    reactCase('post: body in <div>s, code', 1, post, unbalanced),
    reactCase('post balanced', 1, post, balanced),
  ];
}

/**
 * Runs React cases as the React suite does (bench/react.ts), adding each case's cost, string
 * render, floor and cost ÷ floor to the report.
 */
export function runAgainstFloor(
  title: string,
  cases: PairCase[],
  options: BenchOptions,
): { report: SuiteReport; results: PairResult[]; rows: FloorRow[] } {
  const timing = {
    budgetMs: options.timing.budgetMs * 3,
    warmupMs: Math.max(options.timing.warmupMs, options.timing.budgetMs * 10),
  };
  const report = runPairs(title, cases, { ...options, timing });
  const results = (report.data as { results: PairResult[] }).results;
  const rows = results.map((r) => {
    const cost = r.oursNs / r.theirsNs;
    const floor = (r.alongsideNs! + r.theirsNs) / r.theirsNs;
    return { cost, floor, vsFloor: cost / floor, stringNs: r.alongsideNs! };
  });
  report.columns = [...report.columns, 'cost', 'string', 'floor', 'cost / floor'];
  report.rows = report.rows.map((row, i) => [
    ...row,
    `${rows[i]!.cost.toFixed(2)}x`,
    formatNs(rows[i]!.stringNs),
    `${rows[i]!.floor.toFixed(2)}x`,
    `${rows[i]!.vsFloor.toFixed(2)}x`,
  ]);
  (report.data as { floors?: unknown }).floors = rows;
  return { report, results, rows };
}

interface FloorRow {
  cost: number;
  floor: number;
  vsFloor: number;
  stringNs: number;
}

/** Runs the site pages against their floor. */
export function runReactSiteSuite(options: BenchOptions): SuiteReport {
  const { report, results, rows } = runAgainstFloor(
    'React path on site pages whose values leave their element',
    siteCases(),
    options,
  );
  const unbalanced = rows.filter((_, i) => !results[i]!.snippet.includes('balanced'));
  const worst = Math.max(...unbalanced.map((r) => r.vsFloor));
  const mean = geometricMean(unbalanced.map((r) => r.vsFloor));
  report.summary.push(
    `pages with values leaving their element: ${mean.toFixed(2)}x their floor (geometric mean), ` +
      `${worst.toFixed(2)}x worst (target at most ${LOCAL_TARGET}x: ` +
      `${worst <= LOCAL_TARGET ? 'met' : 'NOT met'})`,
  );
  return report;
}

export const reactSiteSuite: BenchSuite = { name: 'react-site', run: runReactSiteSuite };
