/**
 * Runs an `{.eval}` source the way the executor does: parse, then evaluate against a root-only
 * data context (`@` is the data, other names are its own properties, `@name` variables are
 * MISSING unless given in `vars`).
 */
import type { Path } from '../../../engine/code.js';
import { parseEval, runEval, type ExpressionLimits } from '../../../engine/expressions/index.js';

const hasOwn = Object.prototype.hasOwnProperty;

function member(value: unknown, segment: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return typeof segment === 'number' ? value[segment] : undefined;
  return hasOwn.call(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
}

export function rootHost(
  data: unknown,
  vars: Record<string, unknown> = {},
): { resolve(path: Path): unknown } {
  return {
    resolve(path: Path): unknown {
      const head = path[0]!;
      let value: unknown;
      if (head === '@') value = data;
      else if (typeof head === 'string' && head.startsWith('@')) value = vars[head];
      else value = member(data, head);
      for (let i = 1; i < path.length && value !== undefined; i++) value = member(value, path[i]!);
      return value;
    },
  };
}

export interface Outcome {
  output: string;
  errors: string[];
  assignments: Record<string, unknown>;
}

export const NO_LIMITS: ExpressionLimits = { maxTokens: 0, maxStringLength: 0 };

export function evaluate(
  source: string,
  data: unknown = {},
  limits: ExpressionLimits = NO_LIMITS,
  vars: Record<string, unknown> = {},
): Outcome {
  const parsed = parseEval(source, limits);
  if (!parsed.ok) return { output: parsed.output, errors: parsed.messages, assignments: {} };
  const result = runEval(parsed.parsed, rootHost(data, vars), limits);
  return {
    output: result.output,
    errors: result.errors,
    assignments: Object.fromEntries(result.assignments),
  };
}

/** The output of a source that must evaluate without errors. */
export function value(source: string, data: unknown = {}): string {
  const { output, errors } = evaluate(source, data);
  if (errors.length > 0) throw new Error(`unexpected errors for ${source}: ${errors.join('; ')}`);
  return output;
}

/** The debug token listing of a source: `EVAL=[…]` without the value. */
export function rpn(source: string): string {
  const { output } = evaluate(`#${source}`);
  const arrow = output.indexOf(' -> ');
  return arrow < 0 ? output : output.slice(0, arrow);
}
