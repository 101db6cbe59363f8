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
 * Template truthiness (LANGUAGE.md 4.3): MISSING, null, false, 0, NaN, "", [] and {} are
 * false; everything else, including "0" and "false", is true.
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
  return typeof value === 'number' && Number.isInteger(value) && value !== 0;
}

function arrayToString(values: unknown[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    out += Array.isArray(v) ? arrayToString(v) : String(v);
  }
  return out;
}

/**
 * How a value prints into the output (LANGUAGE.md 4.4): scalars in JavaScript formatting,
 * null / MISSING / objects as nothing, arrays comma-joined.
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
