/**
 * Argument reading and value comparison for the core predicates (docs/language.md, "Predicates").
 *
 * An argument that looks like JSON (starts with `"`, `[`, `{`, a digit or `-digit`, or is exactly
 * `true`/`false`/`null`) is parsed as JSON; if that fails, or it does not look like JSON, it is a
 * variable reference resolved from the current frame.
 */
import { splitReference, type RenderContext } from '../engine/plugin.js';
import type { Path } from '../engine/code.js';
import { boundedMemo } from '../engine/bounded-memo.js';
import { asBoolean, asNumber, asString, getOwn } from '../engine/values.js';

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** True when `arg` should be tried as a JSON literal before being read as a variable. */
export function looksLikeJson(arg: string): boolean {
  if (arg.length === 0) return false;
  const c = arg.charCodeAt(0);
  if (c === 34 /* " */ || c === 91 /* [ */ || c === 123 /* { */ || isDigit(c)) return true;
  if (c === 45 /* - */) return arg.length > 1 && isDigit(arg.charCodeAt(1));
  return arg === 'true' || arg === 'false' || arg === 'null';
}

/** Markers kept for an argument that is a variable path, or an object or array literal. */
const VARIABLE: unique symbol = Symbol('variable');
const COMPOUND: unique symbol = Symbol('object or array literal');

/**
 * Predicate arguments are template text, the same few strings on every render: `.equal? x 3`
 * parsed `3` (a JSON.parse and its try) on every call, 2.5% of a product page's render. What an
 * argument is gets kept per argument text; objects and arrays are parsed anew on each call, so
 * no two calls share a mutable value.
 */
const literalOf = boundedMemo((arg: string): unknown => {
  if (!looksLikeJson(arg)) return VARIABLE;
  try {
    const value = JSON.parse(arg) as unknown;
    return typeof value === 'object' && value !== null ? COMPOUND : value;
  } catch {
    // Not valid JSON after all (`03`, `4x`, `"open`): read it as a variable path.
    return VARIABLE;
  }
});

/** The value of a predicate argument: a JSON literal, or else a variable (MISSING = undefined). */
export function resolveArg(arg: string, ctx: RenderContext): unknown {
  const literal = literalOf(arg);
  if (literal === VARIABLE) return ctx.resolveRef(arg);
  return literal === COMPOUND ? (JSON.parse(arg) as unknown) : literal;
}

/**
 * A predicate argument read once per compiled call (`Predicate.prepare`): a variable's path
 * split, a scalar literal kept; `value` is then `resolveArg` without the per-call lookups.
 */
export class PreparedArg {
  private readonly literal: unknown;
  private readonly path: Path | null;
  constructor(private readonly arg: string) {
    this.literal = literalOf(arg);
    this.path = this.literal === VARIABLE ? splitReference(arg) : null;
  }
  value(ctx: RenderContext): unknown {
    if (this.path !== null) return ctx.resolve(this.path);
    return this.literal === COMPOUND ? (JSON.parse(this.arg) as unknown) : this.literal;
  }
}

/** `Predicate.prepare` for predicates that read their arguments with `resolveArg`. */
export function prepareArgs(args: string[]): PreparedArg[] {
  return args.map((arg) => new PreparedArg(arg));
}

/** The prepared arguments when `prepared` is what `prepareArgs` made for `args`, else null. */
export function preparedArgs(prepared: unknown, args: string[]): PreparedArg[] | null {
  return Array.isArray(prepared) && prepared.length === args.length
    ? (prepared as PreparedArg[])
    : null;
}

/** Deep, type-strict equality of JSON values; MISSING equals null; object key order is ignored. */
export function deepEquals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEquals(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
    if (!deepEquals(left[key], getOwn(right, key))) return false;
  }
  return true;
}

/**
 * Orders two values by the left one's type: numbers against the right read as a number (an
 * unreadable right side, NaN, counts as smaller), strings by UTF-16 code units against the right
 * read as text, booleans (false < true) against the right read with `asBoolean`; any other left
 * value is 0 when deep-equal, else -1 (so MISSING is below everything it does not equal).
 */
export function compareValues(left: unknown, right: unknown): number {
  switch (typeof left) {
    case 'number': {
      const r = asNumber(right);
      return left < r ? -1 : left === r ? 0 : 1;
    }
    case 'string': {
      const r = asString(right);
      return left < r ? -1 : left === r ? 0 : 1;
    }
    case 'boolean': {
      const r = asBoolean(right);
      return left === r ? 0 : left ? 1 : -1;
    }
    default:
      return deepEquals(left, right) ? 0 : -1;
  }
}

/**
 * The two operands of a comparison predicate: with one argument the current node against it,
 * with two or more the first two arguments; null when there are none.
 */
export function operands(
  args: string[],
  ctx: RenderContext,
  prepared?: unknown,
): [unknown, unknown] | null {
  if (args.length === 0) return null;
  const ready = preparedArgs(prepared, args);
  if (ready !== null) {
    if (args.length === 1) return [ctx.node(), ready[0]!.value(ctx)];
    return [ready[0]!.value(ctx), ready[1]!.value(ctx)];
  }
  if (args.length === 1) return [ctx.node(), resolveArg(args[0]!, ctx)];
  return [resolveArg(args[0]!, ctx), resolveArg(args[1]!, ctx)];
}
