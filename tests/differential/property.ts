/**
 * The differential property: a generated template and site data render the same in our engine
 * and in the TS reference — same HTML, same number and kinds of compile and run-time errors —
 * unless a listed deviation explains the difference. Shared by the CI test and `npm run fuzz`.
 */
import fc from 'fast-check';
import { siteData } from '../arbitraries/data.js';
import { PARTIALS, templateArbitrary } from '../arbitraries/template.js';
import { explain } from './deviations.js';
import { differences, runCase } from './harness.js';

/** Per-deviation counts of explained cases, for the report. */
export type DeviationTally = Record<string, number>;

export function differentialProperty(
  malformed: boolean,
  tally: DeviationTally = {},
): fc.IProperty<[string, Record<string, unknown>]> {
  return fc.property(templateArbitrary({ malformed }), siteData, (source, data) => {
    const result = runCase(source, data, PARTIALS);
    if (result.ours.crashed) throw new Error(`our engine threw: ${result.ours.crashed}`);
    const found = differences(result);
    if (found.length === 0) return;
    const reasons = explain(result);
    if (reasons.length === 0) {
      throw new Error(
        `unlisted difference (${found.join(', ')})\n` +
          `ours:      ${JSON.stringify(result.ours)}\nreference: ${JSON.stringify(result.reference)}`,
      );
    }
    for (const reason of reasons) tally[reason.id] = (tally[reason.id] ?? 0) + 1;
  });
}
