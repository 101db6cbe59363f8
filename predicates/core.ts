/**
 * The 12 core predicates (docs/language.md, "Predicates"): comparisons, parity, nth,
 * plural/singular, debug.
 */
import type { Predicate, PredicateTable, RenderContext } from '../engine/plugin.js';
import { asNumber, isTruthy } from '../engine/values.js';
import { compareValues, deepEquals, operands, prepareArgs, resolveArg } from './args.js';

function comparison(test: (left: unknown, right: unknown) => boolean): Predicate {
  return {
    minArgs: 1,
    maxArgs: 2,
    prepare: prepareArgs,
    apply(args, ctx, prepared) {
      const pair = operands(args, ctx, prepared);
      return pair !== null && test(pair[0], pair[1]);
    },
  };
}

/** even?/odd? read the current node, or their first argument as a variable (never as JSON). */
function parity(remainder: 0 | 1): Predicate {
  return {
    maxArgs: 1,
    apply(args: string[], ctx: RenderContext) {
      const value = args.length > 0 ? ctx.resolveRef(args[0]!) : ctx.node();
      return (
        typeof value === 'number' && Number.isInteger(value) && Math.abs(value % 2) === remainder
      );
    },
  };
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** `nth? [A] M`: A (default: the current node) is a multiple of M; both must be integers. */
const nth: Predicate = {
  minArgs: 1,
  maxArgs: 2,
  apply(args, ctx) {
    if (args.length === 0) return false;
    const value = args.length === 1 ? ctx.node() : resolveArg(args[0]!, ctx);
    const modulus = resolveArg(args[args.length === 1 ? 0 : 1]!, ctx);
    if (!isInteger(value) || !isInteger(modulus) || modulus === 0) return false;
    return Math.abs(value) % Math.abs(modulus) === 0;
  },
};

export const CORE_PREDICATES: PredicateTable = {
  'debug?': {
    apply: (_args, ctx) => isTruthy(ctx.resolveRef('debug')),
  },
  'equal?': comparison(deepEquals),
  'notEqual?': comparison((l, r) => !deepEquals(l, r)),
  'greaterThan?': comparison((l, r) => compareValues(l, r) > 0),
  'greaterThanOrEqual?': comparison((l, r) => compareValues(l, r) >= 0),
  'lessThan?': comparison((l, r) => compareValues(l, r) < 0),
  'lessThanOrEqual?': comparison((l, r) => compareValues(l, r) <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': nth,
  // plural?/singular? look only at the current node; arguments are ignored.
  'plural?': { apply: (_args, ctx) => asNumber(ctx.node()) > 1 },
  'singular?': { apply: (_args, ctx) => asNumber(ctx.node()) === 1 },
};
