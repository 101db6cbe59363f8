/**
 * The expression language of `{.eval}` (docs/language.md, "Expressions"): parse once into
 * reverse-Polish expressions (tokenizer -> shunting-yard builder), then evaluate them on every
 * execution.
 *
 * Messages are the reference's full texts (docs/language.md, "Errors"): parse errors quote the
 * expression as JSON, reduce errors do not; both use the source without its debug `#`.
 */
import type { Path } from '../code.js';
import { renderValue as importedRenderValue } from '../values.js';
import { build } from './builder.js';
import type { Scalar } from './coerce.js';
import { Evaluation as ImportedEvaluation } from './reducer.js';
import { tokenize } from './tokenizer.js';
import { tokenRepr, type RpnToken } from './tokens.js';
import { expressionParse, expressionReduce } from '../error-texts.js';

/** Limits of the expression language; 0 = unlimited. */
export interface ExpressionLimits {
  maxTokens: number;
  maxStringLength: number;
}

/**
 * How an expression reads variables: lookup from the current frame (docs/language.md,
 * "Resolution"); undefined = MISSING.
 */
export interface EvalHost {
  resolve(path: Path): unknown;
}

/** A parsed `{.eval}` source, reusable across executions and renders. */
export interface ParsedEval {
  /** The source without its debug `#`, as quoted in error messages. */
  readonly source: string;
  /** The source started with `#`: every execution prints its tokens (`EVAL=[[…]]`). */
  readonly debug: boolean;
  readonly expressions: readonly (readonly RpnToken[])[];
  /** `EVAL=[[…], …]` when debug is on, else ''. */
  readonly debugText: string;
}

export type ParseResult =
  | { ok: true; parsed: ParsedEval }
  | {
      ok: false;
      /** The first message (there may be several, e.g. one per unbalanced expression). */
      message: string;
      /** Every parse error, each a full message; report each once per instruction. */
      messages: string[];
      /**
       * Text to append on every execution despite the failure: in debug mode the reference
       * still prints `EVAL=[…]` with the expressions that did build; '' otherwise.
       */
      output: string;
    };

export interface EvalResult {
  /** Text to append: the last expression's value, or in debug mode `EVAL=…[ -> value]`. */
  output: string;
  /** `@name` -> value to bind in the current frame; empty when an error occurred. Read only. */
  assignments: Map<string, unknown>;
  /** Full messages: `RuntimeError: Error reducing expression: …`. */
  errors: string[];
}

// Hot-path imports as module constants (CommonJS output reads imported bindings via getters).
const renderValue = importedRenderValue;
const Evaluation = ImportedEvaluation;

/** Reused by every non-reentrant execution. */
const shared = new ImportedEvaluation({ resolve: () => undefined }, 0);

const NO_ASSIGNMENTS: Map<string, unknown> = new Map();
const NO_ERRORS: string[] = [];

function formatDebug(expressions: readonly (readonly RpnToken[])[]): string {
  return `EVAL=[${expressions.map((rpn) => `[${rpn.map(tokenRepr).join(' ')}]`).join(', ')}]`;
}

/** Parses an eval instruction's source (a leading `#` turns debug output on). Never throws. */
export function parseEval(source: string, limits: ExpressionLimits): ParseResult {
  const debug = source.charCodeAt(0) === 35; /* # */
  const expr = debug ? source.slice(1) : source;
  const lexed = tokenize(expr, limits.maxTokens);
  let expressions: RpnToken[][] = [];
  let details = lexed.errors;
  if (details.length === 0) {
    const built = build(lexed.tokens);
    expressions = built.expressions;
    details = built.errors;
  }
  const debugText = debug ? formatDebug(expressions) : '';
  if (details.length > 0) {
    const messages = details.map((detail) => expressionParse(JSON.stringify(expr), detail));
    return { ok: false, message: messages[0]!, messages, output: debugText };
  }
  return { ok: true, parsed: { source: expr, debug, expressions, debugText } };
}

/**
 * Evaluates every expression in order; the last one's value is the output. Assignments made
 * by earlier expressions are visible to later ones. Any error discards the value and the
 * assignments (debug text is still printed).
 */
export function runEval(parsed: ParsedEval, host: EvalHost, limits: ExpressionLimits): EvalResult {
  const evaluation = shared.busy ? new Evaluation(host, limits.maxStringLength) : shared;
  evaluation.reset(host, limits.maxStringLength);
  evaluation.busy = true;
  try {
    let last: Scalar | undefined;
    const expressions = parsed.expressions;
    for (let i = 0; i < expressions.length; i++) last = evaluation.reduce(expressions[i]!);
    const errors = evaluation.errors;
    if (errors !== null) {
      const prefix = expressionReduce(parsed.source);
      return {
        output: parsed.debugText,
        assignments: NO_ASSIGNMENTS,
        errors: errors.map((detail) => prefix + detail),
      };
    }
    let output = last === undefined ? '' : renderValue(last);
    if (parsed.debug)
      output = last === undefined ? parsed.debugText : `${parsed.debugText} -> ${output}`;
    return { output, assignments: evaluation.locals ?? NO_ASSIGNMENTS, errors: NO_ERRORS };
  } finally {
    evaluation.busy = false;
  }
}
