/** Reading untyped JSON (page data, product data) defensively. */

export type Rec = Record<string, unknown>;

/** A plain JSON object: not null, not an array. */
export const isRec = (v: unknown): v is Rec =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` when it is a string, else the empty string. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * A copy of `recs` merged, later ones winning, that properties will be added to. Not a spread:
 * in Node 20 (V8 11.3) an object made by a spread that then gets a property of its own survives
 * minor collections and is promoted (docs/benchmarks.md, "A flagged copy that outlived minor
 * collections"). An own `__proto__` key of JSON data stays a property, as a spread keeps it.
 */
export function extensibleCopy(...recs: Rec[]): Rec {
  const copy: Rec = {};
  for (const rec of recs) {
    for (const key of Object.keys(rec)) {
      if (key === '__proto__') Object.defineProperty(copy, key, { ...DATA, value: rec[key] });
      else copy[key] = rec[key];
    }
  }
  return copy;
}

const DATA = { enumerable: true, writable: true, configurable: true };

/** A copy of `rec` with `key` set to `value` (see `extensibleCopy`). */
export function withEntry(rec: Rec, key: string, value: unknown): Rec {
  const copy = extensibleCopy(rec);
  copy[key] = value;
  return copy;
}
