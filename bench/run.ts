/**
 * `npm run bench`: runs the benchmark suites side by side with the reference engine
 * (@squarespace/template-engine, a devDependency used only here and in tests) and prints one
 * table per suite. Ratios are reference time / our time: above 1 means ours is faster.
 *
 *   npm run bench                      all suites, sizes 1 … 4096
 *   npm run bench -- --quick           fewer sizes and shorter timings (a smoke run)
 *   npm run bench -- --only render     suites whose name contains "render"
 *   npm run bench -- --only young      the young-generation checks (V8 internals)
 *   npm run bench -- --only pages --page dense
 *                                      only the page-table rows whose name contains "dense"
 *   npm run bench -- --json out.json   also write the figures as JSON
 *   npm run bench -- --markdown        also print compact ratio tables for the README
 *   npm run bench -- --cpu             time batches by this process's CPU time, not the wall
 *                                      clock (timing.ts `clock`): on a machine shared with other
 *                                      busy processes, waiting for a core swamps the ratios
 */
import { writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { parseArgs } from 'node:util';

import type { BenchOptions, BenchSuite, SuiteReport } from './suite.js';
import { bundleSuite } from './bundle-size.js';
import { bytesSuite } from './browser/bytes.js';
import { hydrationSuite } from './browser/hydration.js';
import { reactSuite } from './react.js';
import { customFormatterSuite } from './suites/custom-formatter.js';
import { reactPartialsSuite } from './suites/react-partials.js';
import { reactSiteSuite } from './suites/react-site.js';
import { compileSuite, renderSuite } from './suites/micro.js';
import { linearitySuite, pagesSuite } from './suites/pages.js';
import { youngSuite } from './young-generation.js';

/** Every suite, in the order they run. */
const SUITES: readonly BenchSuite[] = [
  compileSuite,
  renderSuite,
  pagesSuite,
  linearitySuite,
  customFormatterSuite,
  reactSuite,
  reactSiteSuite,
  reactPartialsSuite,
  bundleSuite,
  youngSuite,
  hydrationSuite,
  bytesSuite,
];

const FULL_SIZES = [1, 4, 16, 64, 256, 1024, 4096];
const QUICK_SIZES = [1, 16, 256, 4096];

function formatTable(report: SuiteReport): string {
  const all = [report.columns, ...report.rows];
  const widths = report.columns.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  // First column left-aligned (names), the rest right-aligned (numbers).
  const line = (row: string[]): string =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    report.title,
    line(report.columns),
    rule,
    ...report.rows.map(line),
    ...report.summary,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      page: { type: 'string' },
      json: { type: 'string' },
      markdown: { type: 'boolean' },
      cpu: { type: 'boolean' },
    },
  });
  const quick = values.quick === true;
  const options: BenchOptions = {
    sizes: quick ? QUICK_SIZES : FULL_SIZES,
    timing: {
      ...(quick ? { budgetMs: 40, warmupMs: 20 } : { budgetMs: 200, warmupMs: 60 }),
      clock: values.cpu === true ? 'cpu' : 'wall',
    },
    ...(values.page === undefined ? {} : { pageFilter: values.page }),
  };
  const suites = SUITES.filter((s) => values.only === undefined || s.name.includes(values.only));
  const started = Date.now();
  console.log(
    `jsont-react bench — node ${process.version}, ${platform()} ${arch()}, ${cpus()[0]?.model ?? 'cpu'}` +
      (quick ? ' (quick)' : '') +
      (values.cpu === true ? ' (CPU time)' : ''),
  );
  const reports: Record<string, SuiteReport> = {};
  for (const suite of suites) {
    const report = await suite.run(options);
    reports[suite.name] = report;
    console.log(`\n${formatTable(report)}`);
  }
  console.log(
    `\nratio = reference time / our time (2.00x: ours takes half the time). ${((Date.now() - started) / 1000).toFixed(0)} s total.`,
  );
  if (values.markdown === true) {
    const tables = Object.values(reports).flatMap((r) => (r.markdown ? [r.markdown] : []));
    console.log(`\nMarkdown (ratio = reference time / our time):\n\n${tables.join('\n\n')}`);
  }
  if (values.json !== undefined) {
    const figures = Object.fromEntries(Object.entries(reports).map(([k, r]) => [k, r.data]));
    writeFileSync(
      values.json,
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`,
    );
  }
}

await main();
