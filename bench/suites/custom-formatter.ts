/**
 * A render that passes a table of custom formatters against the same render without one. The
 * registry joined from a table is made once per table (index.ts `registryFor`), so the closures
 * compiled for the first render are reused and the two should run at about the same speed;
 * before that cache, every render with a table recompiled the whole template.
 *
 * Three renders of the same template shape per size: built-in formatters only and no table; the
 * same code rendered with a table passed (what the table itself costs); and the template using the
 * custom formatter `{a|shout}` in place of the built-in `{a|html}` in each repetition.
 */
import { compile, render, type FormatterTable } from '../../index.js';
import type { BenchSuite, SuiteReport } from '../suite.js';
import { formatNs, measureGroup } from '../timing.js';
import { DATA } from './micro.js';

const CUSTOM: FormatterTable = {
  shout: { apply: (_args, vars) => vars[0]!.set(String(vars[0]!.value).toUpperCase()) },
};
const OPTIONS = { formatters: CUSTOM };

const UNIT = '<p>{b}</p>{.section c}{x}{.end}{d} ';

interface Row {
  reps: number;
  builtinNs: number;
  tableNs: number;
  customNs: number;
}

function run(options: Parameters<BenchSuite['run']>[0]): SuiteReport {
  const results: Row[] = [];
  for (const reps of options.sizes.filter((n) => n <= 1024)) {
    const builtin = compile(`{a|html}${UNIT}`.repeat(reps)).code;
    const custom = compile(`{a|shout}${UNIT}`.repeat(reps), OPTIONS).code;
    const [plain, table, used] = measureGroup(
      [
        () => render(builtin, DATA).html,
        () => render(builtin, DATA, OPTIONS).html,
        () => render(custom, DATA, OPTIONS).html,
      ],
      options.timing,
    );
    results.push({
      reps,
      builtinNs: plain!.nsPerOp,
      tableNs: table!.nsPerOp,
      customNs: used!.nsPerOp,
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const ratio = (ns: number, r: Row): string => `${(ns / r.builtinNs).toFixed(2)}x`;
  return {
    title: 'Render with a custom formatter table: render(code, data, { formatters })',
    columns: ['reps', 'no table', 'table passed', 'ratio', 'custom used', 'ratio'],
    rows: results.map((r) => [
      String(r.reps),
      formatNs(r.builtinNs),
      formatNs(r.tableNs),
      ratio(r.tableNs, r),
      formatNs(r.customNs),
      ratio(r.customNs, r),
    ]),
    summary: ['ratio = time / time with no table (about 1.00x: no recompilation per render)'],
    data: { results },
  };
}

export const customFormatterSuite: BenchSuite = { name: 'custom-formatter', run };
