/**
 * `{value|json|htmlattr}` in one pass, for the server's string path (docs/benchmarks.md,
 * "Pages: string render and compile against the reference"). Kept out of ALL_FORMATTERS: the
 * browser runtime has a 60 KB budget (tests/bundle.test.ts), and the output is the same either
 * way.
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import { escapeHtml, scriptSafeJson } from './core-text.js';

/** Nesting depth past which `attributeJson` leaves the value to JSON.stringify (cycles end there). */
const MAX_ATTRIBUTE_JSON_DEPTH = 64;

/**
 * `{value|json|htmlattr}` in one pass: exactly `escapeHtml(scriptSafeJson(value), true)`.
 * Why: product widgets print whole variant lists this way, and escaping the JSON text
 * afterwards replaces every one of its many `"` with a slice and a concatenation, which cost
 * more than JSON.stringify itself (docs/benchmarks.md, "Pages: string render and compile
 * against the reference"). Plain data (what JSON.parse makes) is written here with `&quot;`
 * directly; anything else (a `toJSON`, a class instance, a BigInt, a cycle or very deep
 * nesting) goes the two-step way, which also throws the same error.
 */
export function attributeJson(value: unknown): string {
  return plainAttributeJson(value, 0) ?? escapeHtml(scriptSafeJson(value), true);
}

/**
 * Text that JSON.stringify and the attribute escape both leave as it is: from the space up,
 * without `"`, `&`, `<`, `>`, `\\` and surrogates.
 */
const PLAIN_JSON_TEXT = /^[ !#-%'-;=?-[\]-\ud7ff\ue000-\uffff]*$/;

/** A JSON string literal escaped for an attribute; plain text takes no JSON or HTML escape. */
function attributeJsonString(text: string): string {
  return PLAIN_JSON_TEXT.test(text)
    ? '&quot;' + text + '&quot;'
    : escapeHtml(scriptSafeJson(text), true);
}

/**
 * A member name's `"name":` escaped for an attribute, kept per name: the same few keys come back
 * in every object of a list (a variant's `sku`, `priceMoney`, …), and keeping them saves a scan
 * and two concatenations per member.
 */
const attributeJsonKey = boundedMemo((key) => attributeJsonString(key) + ':');

/**
 * The attribute-escaped JSON of plain data (JSON.stringify's rules: keys in `Object.keys`
 * order, members whose value has no JSON form left out, `null` for them in arrays); undefined
 * for a value with no JSON form, null when some part is not plain data (arrays and objects
 * with their usual prototype, without `toJSON`, not nested too deep).
 */
function plainAttributeJson(value: unknown, depth: number): string | null | undefined {
  switch (typeof value) {
    case 'string':
      return attributeJsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return String(value);
    case 'bigint':
      return null;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  const array = Array.isArray(value);
  if (
    depth > MAX_ATTRIBUTE_JSON_DEPTH ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function' ||
    Object.getPrototypeOf(value) !== (array ? Array.prototype : Object.prototype)
  )
    return null;
  let out = '';
  if (array) {
    for (const item of value as unknown[]) {
      const text = plainAttributeJson(item, depth + 1);
      if (text === null) return null;
      out += (out ? ',' : '') + (text ?? 'null');
    }
    return '[' + out + ']';
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const text = plainAttributeJson(record[key], depth + 1);
    if (text === null) return null;
    if (text !== undefined) out += (out ? ',' : '') + attributeJsonKey(key) + text;
  }
  return '{' + out + '}';
}
