// Differences the differential suite found and that were fixed in engine/, pinned as direct
// comparisons with the reference so they cannot come back.
import { describe, expect, it } from 'vitest';
import { differences, runCase } from './harness.js';

const FIXED: { name: string; source: string; data: unknown }[] = [
  {
    // engine/values.ts: nested arrays print with the native Array toString (null -> empty).
    name: 'null inside a nested array prints as nothing, at the top level as "null"',
    source: '{misc}|{mixed}',
    data: { misc: [[], [null], null, []], mixed: [{ a: 1 }, [[], null], 5] },
  },
];

describe('fixed differences stay fixed', () => {
  for (const { name, source, data } of FIXED) {
    it(name, () => {
      const result = runCase(source, data, {});
      expect(differences(result)).toEqual([]);
    });
  }
});
