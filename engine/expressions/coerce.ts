/**
 * Value coercions of the expression language (docs/language.md, "Types and coercions"). Expression
 * values are scalars only: null, numbers, booleans and strings. String-to-number is deliberately
 * stricter than JavaScript's `Number()`: no surrounding whitespace, no leading `.`, no `Infinity`.
 */

/** A value an expression can compute with. */
export type Scalar = number | string | boolean | null;

const DECIMAL = /^[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]+)$/;

/** to-number: `""` is 0; a signed decimal or hex literal is its value; anything else is NaN. */
export function toNumber(value: Scalar): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string':
      return stringToNumber(value);
    default:
      return 0; // null
  }
}

function stringToNumber(text: string): number {
  if (text.length === 0) return 0;
  if (DECIMAL.test(text)) return Number(text);
  const hex = HEX.exec(text);
  if (hex === null) return NaN;
  const magnitude = parseInt(hex[2]!, 16);
  return hex[1] === '-' ? -magnitude : magnitude;
}

/** to-boolean: JavaScript truthiness of the scalar (`"0"` is true, NaN false). */
export function toBoolean(value: Scalar): boolean {
  return !!value;
}

/** to-string: JavaScript formatting of numbers and booleans; null is `"null"`. */
export function toText(value: Scalar): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * A data value as an expression value: MISSING and null become null; objects and arrays are
 * unsupported and give `undefined`.
 */
export function fromData(value: unknown): Scalar | undefined {
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    case 'undefined':
      return null;
    case 'object':
      return value === null ? null : undefined;
    default:
      return undefined;
  }
}
