// Runs the engine-wide properties (tests/properties/suite.ts) with their CI run counts.
// fast-check prints the seed and counterexample path of any failure; replay it with
// `npm run fuzz -- --seed S --path P`.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { PROPERTIES } from './suite.js';

describe('engine properties', () => {
  for (const spec of PROPERTIES) {
    it(spec.name, () => {
      fc.assert(spec.property() as fc.IProperty<unknown[]>, { numRuns: spec.ciRuns });
    });
  }
});
