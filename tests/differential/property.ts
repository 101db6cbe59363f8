/**
 * The differential property: a generated template and site data render the same in our engine
 * and in the TS reference — same HTML, same compile and run-time error messages — or the same
 * once the listed deviations' adjustments are applied (deviations.ts). Shared by the CI test and
 * `npm run fuzz`.
 */
import fc from 'fast-check';
import { siteData } from '../arbitraries/data.js';
import { PARTIALS, templateArbitrary } from '../arbitraries/template.js';
import { ALL_DEVIATIONS, type Deviation } from './deviations.js';
import { differences, runCase } from './harness.js';

/** Counts of a run: cases, differing cases, and the cases each deviation explained. */
export interface DeviationTally {
  cases: number;
  differing: number;
  /** Deviation id -> cases that differ again without its adjustment. */
  credited: Record<string, number>;
  /** Differing cases that agree with all adjustments but need none of them alone. */
  jointly: number;
}

export const emptyTally = (): DeviationTally => ({
  cases: 0,
  differing: 0,
  credited: {},
  jointly: 0,
});

/**
 * Whether the case agrees with the deviations' adjustments applied: [] when it does, else what
 * still differs. The deviations credited are those without which it differs again.
 */
export function explainCase(
  source: string,
  data: unknown,
  partials: Record<string, string>,
  deviations: readonly Deviation[] = ALL_DEVIATIONS,
): { unexplained: string[]; credited: Deviation[] } {
  const adjusted = runCase(source, data, partials, deviations);
  const unexplained = differences(adjusted);
  if (unexplained.length > 0) {
    const detail = `ours:      ${JSON.stringify(adjusted.ours)}\nreference: ${JSON.stringify(adjusted.reference)}`;
    return { unexplained: [...unexplained, detail], credited: [] };
  }
  const credited = deviations.filter((deviation) => {
    const others = deviations.filter((d) => d !== deviation);
    return differences(runCase(source, data, partials, others)).length > 0;
  });
  return { unexplained: [], credited };
}

export function differentialProperty(
  malformed: boolean,
  tally: DeviationTally = emptyTally(),
): fc.IProperty<[string, Record<string, unknown>]> {
  return fc.property(templateArbitrary({ malformed }), siteData, (source, data) => {
    tally.cases++;
    const result = runCase(source, data, PARTIALS);
    if (result.ours.crashed) throw new Error(`our engine threw: ${result.ours.crashed}`);
    const found = differences(result);
    if (found.length === 0) return;
    tally.differing++;
    const { unexplained, credited } = explainCase(source, data, PARTIALS);
    if (unexplained.length > 0) {
      throw new Error(
        `unlisted difference (${found.join(', ')}); with every deviation's adjustment: ` +
          unexplained.join('\n'),
      );
    }
    if (credited.length === 0) tally.jointly++;
    for (const d of credited) tally.credited[d.id] = (tally.credited[d.id] ?? 0) + 1;
  });
}
