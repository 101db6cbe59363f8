/**
 * `{.eval expr}` (docs/language.md, "Evaluation"), delegating to engine/expressions. The expression
 * is parsed on first execution and kept with the compiled instruction (re-parsed only if a render
 * uses different limits); a parse error is reported once per render. Assignments are copied into
 * the current frame only when evaluation reported no error (the evaluator returns none then). A
 * source that fails to parse reports every parse error once per render and still appends the debug
 * text of the expressions that did build, on every execution (the reference does both).
 *
 * Constant folding: an expression that reads no variable (only literals, operators and the
 * pure built-in functions) gives the same result every time, so it is evaluated once and the
 * result (output and any errors, which are still recorded on every execution) is reused.
 */
import type { EvalCode, Path } from './code.js';
import type { Emit, ExecContext } from './context.js';
import { ErrorCode } from './errors.js';
import {
  parseEval,
  runEval,
  type EvalHost,
  type EvalResult,
  type ExpressionLimits,
  type ParsedEval,
  type ParseResult,
} from './expressions/index.js';
import { Kind } from './expressions/tokens.js';
import { resolvePath } from './resolve.js';

/** One host per render, created on the first `.eval` (most renders have none). */
function hostFor(ctx: ExecContext): EvalHost {
  return (ctx.evalHost ??= { resolve: (path: Path) => resolvePath(ctx.cur, path) });
}

/** True when no expression reads a variable (nor, therefore, assigns one). */
function isConstant(parsed: ParsedEval): boolean {
  for (const rpn of parsed.expressions)
    for (const token of rpn) if (token.kind === Kind.Variable) return false;
  return true;
}

/** A host for constant expressions, which never ask it for anything. */
const NO_VARIABLES: EvalHost = { resolve: () => undefined };

export function compileEval(inst: EvalCode): Emit {
  const source = inst[1];
  if (typeof source !== 'string') throw new TypeError('expression expected');
  let parsedWith: ExpressionLimits | null = null;
  let parsed: ParseResult | null = null;
  // The folded result of a constant expression (for `parsedWith`), else null.
  let folded: EvalResult | null = null;
  return (ctx) => {
    if (!ctx.expressions) return '';
    ctx.inst = inst;
    if (
      parsed === null ||
      parsedWith === null ||
      parsedWith.maxTokens !== ctx.maxTokens ||
      parsedWith.maxStringLength !== ctx.maxStringLength
    ) {
      parsedWith = { maxTokens: ctx.maxTokens, maxStringLength: ctx.maxStringLength };
      folded = null;
      parsed = parseEval(source, parsedWith);
      folded =
        parsed.ok && isConstant(parsed.parsed)
          ? runEval(parsed.parsed, NO_VARIABLES, parsedWith)
          : null;
    }
    if (!parsed.ok) {
      const reported = (ctx.reportedEvals ??= new Set());
      if (!reported.has(inst)) {
        reported.add(inst);
        for (const message of parsed.messages)
          ctx.record(ErrorCode.EXPRESSION_PARSE, message, inst);
      }
      return parsed.output;
    }
    const result = folded ?? runEval(parsed.parsed, hostFor(ctx), parsedWith);
    // Length/size checks first: the common case has neither errors nor assignments, and
    // skipping the loops avoids creating their iterators.
    const errors = result.errors;
    if (errors.length > 0)
      for (const message of errors) ctx.record(ErrorCode.EXPRESSION_REDUCE, message, inst);
    const assignments = result.assignments;
    if (assignments.size > 0) {
      const frame = ctx.cur;
      for (const [name, value] of assignments) frame.setVar(name, value);
    }
    return result.output;
  };
}
