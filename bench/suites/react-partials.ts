/**
 * The React path on a layout region applying 8 block partials (bench/pages/partials-layout.ts),
 * with the partials given as source text (as the CLI's `--partials` folder and the preview give
 * them) and compiled. Each case against its floor, as in bench/react.ts: (string render + bare
 * React renderToString of the same static tree) ÷ bare React; target: at most 1.5x its floor.
 *
 *   npm run bench -- --only react-partials
 */
import {
  PARTIALS_LAYOUT,
  partialsLayoutCode,
  partialsLayoutData,
  partialsLayoutSources,
} from '../pages/partials-layout.js';
import { reactCase } from '../react.js';
import type { BenchOptions, BenchSuite, SuiteReport } from '../suite.js';
import { runAgainstFloor } from './react-site.js';

/** 1.5x: the layout may cost half again its floor, whichever way its partials are given. */
const PARTIALS_TARGET = 1.5;

export function runReactPartialsSuite(options: BenchOptions): SuiteReport {
  const data = partialsLayoutData();
  const { report, rows } = runAgainstFloor(
    'React path on a layout applying 8 block partials',
    [
      reactCase('layout, partials as source', 1, PARTIALS_LAYOUT, data, partialsLayoutSources()),
      reactCase('layout, partials compiled', 1, PARTIALS_LAYOUT, data, partialsLayoutCode()),
    ],
    options,
  );
  const worst = Math.max(...rows.map((r) => r.vsFloor));
  report.summary.push(
    `layout applying 8 partials: ${worst.toFixed(2)}x its floor at worst ` +
      `(target at most ${PARTIALS_TARGET}x: ${worst <= PARTIALS_TARGET ? 'met' : 'NOT met'})`,
  );
  return report;
}

export const reactPartialsSuite: BenchSuite = {
  name: 'react-partials',
  run: runReactPartialsSuite,
};
