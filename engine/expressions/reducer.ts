/**
 * Reducer: evaluates one reverse-Polish expression on a value stack (docs/language.md, "Types and
 * coercions").
 *
 * Stack entries are scalars, variable tokens (resolved only when an operator, call or the end
 * of the expression consumes them), the `<args>` marker, or `undefined` for "no usable value".
 * The reference's behaviour around unusable values is reproduced exactly, because it decides
 * which errors are reported:
 * - a unary operator whose operand is unusable (object, array, marker, empty stack) silently
 *   pushes `undefined`;
 * - a binary operator with an unusable operand reports "Invalid arguments to operator <desc>";
 * - a call pops its arguments down to its `<args>` marker, dropping objects; an `undefined`
 *   entry ends the collection early; no arguments reports "Error calling function <name>";
 * - `~` of a variable is always -1 (the reference negates the unresolved reference);
 * - `=` ends the expression with no value; it assigns only to a single `@name` and only a
 *   usable value;
 * - an error stops the expression; then, as at its normal end, the top of the stack is its
 *   value, and a top that is the marker or an object reports "Reduce error: unexpected token
 *   on stack".
 */
import type { Path } from '../code.js';
import { fromData as importedFromData, toText as importedToText, type Scalar } from './coerce.js';
import { Arity, BITWISE_NOT as IMPORTED_BITWISE_NOT } from './operators.js';
import {
  ARGS as IMPORTED_ARGS,
  Kind,
  type ArgsToken,
  type RpnToken,
  type VariableToken,
} from './tokens.js';
import { callFailed, concatenationLimit, operatorArguments, REDUCE_STACK } from '../error-texts.js';

// Hot-path imports copied into module constants: transpilers that emit CommonJS (tsx, which
// runs the benchmarks; vitest) turn every read of an imported binding into a getter call.
const fromData = importedFromData;
const toText = importedToText;
const ARGS = IMPORTED_ARGS;
const BITWISE_NOT = IMPORTED_BITWISE_NOT;
const VALUE = Kind.Value;
const VARIABLE = Kind.Variable;
const OPERATOR = Kind.Operator;
const CALL = Kind.Call;
const ARGS_KIND = Kind.Args;
const UNARY = Arity.Unary;
const BINARY = Arity.Binary;

/** Where variables that the expression did not assign itself are looked up. */
export interface VariableSource {
  resolve(path: Path): unknown;
}

type Entry = Scalar | VariableToken | ArgsToken | undefined;

/** The state of one `{.eval}` execution: its own assignments, errors and scratch stack. */
export class Evaluation {
  /** `@name` -> value assigned by this execution so far; created on the first assignment. */
  locals: Map<string, Scalar> | null = null;
  /** Detail messages of the errors so far; created on the first error. */
  errors: string[] | null = null;
  private readonly stack: Entry[] = [];
  /** Set while an execution uses this object, so that a reentrant call gets its own. */
  busy = false;

  constructor(
    private host: VariableSource,
    private maxStringLength: number,
  ) {}

  /** Prepares this object for another execution (it is reused to avoid allocating per call). */
  reset(host: VariableSource, maxStringLength: number): void {
    this.host = host;
    this.maxStringLength = maxStringLength;
    this.locals = null;
    this.errors = null;
  }

  private fail(detail: string): void {
    (this.errors ??= []).push(detail);
  }

  private lookup(token: VariableToken): Scalar | undefined {
    const locals = this.locals;
    if (token.localName !== null && locals !== null && locals.has(token.localName)) {
      // Own assignments hold scalars, which have no members.
      return token.path.length === 1 ? locals.get(token.localName)! : null;
    }
    return fromData(this.host.resolve(token.path));
  }

  private valueOf(entry: Entry): Scalar | undefined {
    if (typeof entry !== 'object' || entry === null) return entry;
    if (entry.kind !== VARIABLE) return undefined;
    return this.lookup(entry);
  }

  /** Value of the expression, or `undefined` when it leaves none. */
  reduce(rpn: readonly RpnToken[]): Scalar | undefined {
    // A stack pointer over a reused array: `length = 0` and push/pop cost more than indexing.
    const stack = this.stack;
    let sp = 0;
    for (let k = 0; k < rpn.length; k++) {
      const token = rpn[k]!;
      switch (token.kind) {
        case VALUE:
          stack[sp++] = token.value;
          break;
        case VARIABLE:
          stack[sp++] = token;
          break;
        case ARGS_KIND:
          stack[sp++] = ARGS;
          break;
        case CALL: {
          const args: Scalar[] = [];
          while (sp > 0) {
            const entry = stack[--sp];
            if (entry === undefined || entry === ARGS) break;
            const value = this.valueOf(entry);
            if (value !== undefined) args.push(value);
          }
          if (args.length === 0) {
            this.fail(callFailed(token.fn.name));
            return this.finish(sp);
          }
          args.reverse();
          stack[sp++] = token.fn.apply(args);
          break;
        }
        case OPERATOR: {
          const op = token.op;
          if (op.arity === UNARY) {
            const entry = sp > 0 ? stack[--sp] : undefined;
            const value = this.valueOf(entry);
            if (value === undefined) stack[sp++] = undefined;
            // Reference quirk: `~` applied to a variable ignores its value (~NaN).
            else if (op === BITWISE_NOT && typeof entry === 'object' && entry !== null)
              stack[sp++] = -1;
            else stack[sp++] = op.unary(value);
          } else if (op.arity === BINARY) {
            const right = this.valueOf(sp > 0 ? stack[--sp] : undefined);
            const left = this.valueOf(sp > 0 ? stack[--sp] : undefined);
            if (left === undefined || right === undefined) {
              this.fail(operatorArguments(op.desc));
              return this.finish(sp);
            }
            if (op.isAdd && (typeof left === 'string' || typeof right === 'string')) {
              const text = toText(left) + toText(right);
              if (this.maxStringLength > 0 && text.length > this.maxStringLength) {
                this.fail(concatenationLimit(this.maxStringLength));
                return this.finish(sp);
              }
              stack[sp++] = text;
            } else {
              stack[sp++] = op.binary(left, right);
            }
          } else {
            // The assignment ends the expression: its operands are the top two entries.
            this.assign(sp > 0 ? stack[sp - 1] : undefined, sp > 1 ? stack[sp - 2] : undefined);
            return undefined;
          }
          break;
        }
        default:
          break;
      }
    }
    return this.finish(sp);
  }

  private assign(valueEntry: Entry, target: Entry): void {
    if (typeof target !== 'object' || target === null || target.kind !== VARIABLE) return;
    if (target.assignName === null) return;
    const value = this.valueOf(valueEntry);
    if (value !== undefined) (this.locals ??= new Map()).set(target.assignName, value);
  }

  /** The value left on top of the stack (`sp` entries), checked as the reference does. */
  private finish(sp: number): Scalar | undefined {
    if (sp === 0) return undefined;
    const top = this.stack[sp - 1];
    if (top === undefined) return undefined;
    const value = this.valueOf(top);
    if (value === undefined) this.fail(REDUCE_STACK);
    return value;
  }
}
