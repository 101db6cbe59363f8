// Differential suite: generated templates and data rendered by our engine and by
// @squarespace/template-engine must agree, or differ only as tests/differential/deviations.ts
// lists. 5,000 cases in CI (3,000 well-formed, 2,000 with malformed tags); `npm run fuzz` runs
// more. Each listed deviation also has a concrete example here, proving it is real and still
// explained.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVIATIONS, PENDING_PLUGIN_FIXES, explain } from './deviations.js';
import { differences, runCase } from './harness.js';
import { differentialProperty, type DeviationTally } from './property.js';

describe('differential against the TS reference', () => {
  it('3,000 well-formed generated cases agree or differ only as listed', () => {
    const tally: DeviationTally = {};
    fc.assert(differentialProperty(false, tally), { numRuns: 3000 });
  });

  it('2,000 generated cases with malformed tags agree or differ only as listed', () => {
    const tally: DeviationTally = {};
    fc.assert(differentialProperty(true, tally), { numRuns: 2000 });
  });
});

/** One case per listed deviation: the engines differ on it, and only that deviation explains it. */
const EXAMPLES: Record<
  string,
  { source: string; data: unknown; partials?: Record<string, string> }
> = {
  'alternates-with-nesting': {
    source: '{.repeated section a}{@}{.alternates with}{.section s}S{.end}|{.end}',
    data: { a: [1, 2, 3], s: true },
  },
  'formatter-throw-frame-leak': {
    // A non-numeric date throws inside the formatter; in the reference `{@}` then prints
    // the leaked frame's node "abc" instead of the root object (which prints nothing).
    source: '{a|date %Y}[{@}]',
    data: { a: 'abc', b: 'B' },
  },
  'failed-partial-depth-leak': {
    // Each refusal at the limit costs the reference one level for good: 16, then 15 copies.
    source: '{@|apply rec}|{@|apply rec}',
    data: {},
    partials: { rec: 'x{@|apply rec}' },
  },
  'legacy-java-formatters': { source: '{n|money-format}', data: { n: 1234 } },
  'inherited-names-never-resolve': {
    // The reference prints Object.prototype as `{}`; we print nothing.
    source: '{title|lookup k|json}',
    data: { title: '', k: '__proto__' },
  },
};

describe('listed deviations', () => {
  for (const deviation of [...DEVIATIONS, ...PENDING_PLUGIN_FIXES]) {
    it(`${deviation.id} is real and explained`, () => {
      const example = EXAMPLES[deviation.id];
      expect(example, `add an example for ${deviation.id}`).toBeDefined();
      const result = runCase(example!.source, example!.data, example!.partials ?? {});
      expect(differences(result)).not.toEqual([]);
      expect(explain(result).map((d) => d.id)).toContain(deviation.id);
      expect(deviation.reason.length).toBeGreaterThan(40);
    });
  }
});
