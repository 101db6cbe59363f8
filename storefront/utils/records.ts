/** Reading untyped JSON (page data, product data) defensively. */

export type Rec = Record<string, unknown>;

/** A plain JSON object: not null, not an array. */
export const isRec = (v: unknown): v is Rec =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` when it is a string, else the empty string. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
