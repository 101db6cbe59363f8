// Differences the differential suite found and that were fixed in engine/ (or in a built-in
// template of formatters/), pinned as direct
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
  {
    // formatters/templates/comments.html: the count and state are the page item's, or the
    // collection's on a list page, never the formatted value's.
    name: '{@|comments} on a list page prints the collection id with the collection count',
    source: '{.repeated section items}{@|comments}{.end}',
    data: {
      collection: { id: 'C', publicCommentCount: 9, commentState: 1 },
      items: [
        { id: 'A', publicCommentCount: 2, commentState: 2 },
        { id: 'B', publicCommentCount: 0 },
      ],
    },
  },
  {
    name: '{@|comments} over related items on an item page prints the page item count',
    source: '{.repeated section related}{@|comments}{.end}{item|comments}',
    data: {
      item: { id: 'P', publicCommentCount: 4, commentState: 1 },
      collection: { id: 'C', publicCommentCount: 9 },
      related: [{ id: 'R', publicCommentCount: 7, commentState: 2, item: { id: 'N' } }],
    },
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
