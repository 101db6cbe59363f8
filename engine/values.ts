/**
 * JSON values as the engine sees them. Data stays as plain JavaScript values (no wrapper
 * objects, so nothing is copied per render); `undefined` plays the reference's MISSING node.
 */

/** A value that was not found. JSON itself can never produce `undefined`. */
export const MISSING = undefined;

export function isMissing(value: unknown): value is undefined {
  return value === undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Own enumerable property lookup: inherited names (`constructor`, `__proto__`) never resolve. */
export function getOwn(obj: Record<string, unknown>, key: string): unknown {
  return hasOwn.call(obj, key) ? obj[key] : undefined;
}

function isEmptyObject(value: object): boolean {
  for (const key in value) if (hasOwn.call(value, key)) return false;
  return true;
}

/**
 * Template truthiness (docs/language.md, "Truthiness"): MISSING, null, false, 0, NaN, "", [] and {}
 * are false; everything else, including "0" and "false", is true.
 */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value.length > 0;
    case 'number':
      return value !== 0 && value === value;
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return false;
      if (Array.isArray(value)) return value.length > 0;
      return !isEmptyObject(value);
    case 'undefined':
      return false;
    default:
      return true;
  }
}

/** Jackson-style `asBoolean` used by a few plugins: only true, "true" and non-zero integers. */
export function asBoolean(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  // The reference reads numbers as integers through a long; from 1e21 on that reading fails.
  return (
    typeof value === 'number' && Number.isInteger(value) && value !== 0 && Math.abs(value) < 1e21
  );
}

function arrayToString(values: unknown[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    // Top-level elements print with String() (null -> "null"); a nested array prints with the
    // native Array toString, where null elements become empty: [[null], null] -> ",null".
    out += String(values[i]);
  }
  return out;
}

/**
 * How a value prints into the output (docs/language.md, "Printing a value"): scalars in JavaScript
 * formatting, null / MISSING / objects as nothing, arrays comma-joined.
 */
export function renderValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return Array.isArray(value) ? arrayToString(value) : '';
    default:
      return '';
  }
}

/** A number from a JSON value the way plugins read numbers: numbers as is, numeric strings parsed. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? NaN : Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return NaN;
}

/**
 * The reference's loose number reading of a JSON value (used by cycle, mod, round, pluralize,
 * plural?, comparisons…): numbers as is; strings parsed by prefix — as a decimal with `parseFloat`
 * when they contain a `.`, otherwise as an integer with `parseInt(…, 10)` (so `"1e3"` is 1,
 * `"4x"` is 4, `"x"` is NaN); booleans 1/0; null, MISSING, objects and arrays 0.
 */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.includes('.') ? parseFloat(value) : parseInt(value, 10);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return 0;
  }
}

/** The reference's string reading of a JSON value: scalars in JS formatting, everything else "". */
export function asString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}

const MAX_INDEX_SEGMENT = 0x7fffffff;

/**
 * Splits a dotted variable reference as written in a template (docs/language.md, "Names, references
 * and arguments"): all-digit segments up to 0x7FFFFFFF become numbers (`01` -> 1), everything else
 * stays a string key.
 */
export function splitPath(ref: string): Array<string | number> {
  const parts: Array<string | number> = ref.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (part.length > 0 && /^\d+$/.test(part)) {
      const n = Number(part);
      if (n <= MAX_INDEX_SEGMENT) parts[i] = n;
    }
  }
  return parts;
}

/**
 * One step down a JSON value: an own property of an object (numbers become string keys), an
 * integer index of an array; anything else is MISSING.
 */
export function descendValue(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    return typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < value.length
      ? value[key]
      : undefined;
  }
  return getOwn(value as Record<string, unknown>, String(key));
}

/**
 * What `{x|apply NAME [private] [k=v…]}`'s arguments after NAME ask for (docs/language.md,
 * "Partials, macros, apply and include").
 */
export interface PartialArgs {
  isPrivate: boolean;
  /** The `@args` binding: present whenever there is any extra argument, even an ignored one. */
  bound: Record<string, string> | null;
}

/** Reads `apply`'s arguments (`args[0]` is the partial's name). */
export function partialArgs(args: readonly string[]): PartialArgs {
  let isPrivate = false;
  const bound: Record<string, string> | null = args.length > 1 ? {} : null;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === 'private') {
      isPrivate = true;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq < 0) continue;
    const key = arg.slice(0, eq);
    // An own `__proto__` key would replace the object's prototype instead.
    if (key !== '__proto__') bound![key] = arg.slice(eq + 1);
  }
  return { isPrivate, bound };
}
