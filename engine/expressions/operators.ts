/**
 * The operator and function tables of the expression language (docs/language.md, "Precedence" and
 * "Types and coercions"). Precedence: higher binds tighter. `desc` is the name used in debug output
 * (`<add>`) and in "Invalid arguments to operator <desc>".
 */
import {
  toBoolean as importedToBoolean,
  toNumber as importedToNumber,
  toText as importedToText,
  type Scalar,
} from './coerce.js';

// Module constants rather than imported bindings, which CommonJS output reads through getters.
const toBoolean = importedToBoolean;
const toNumber = importedToNumber;
const toText = importedToText;

/** How the reducer applies an operator. */
export const enum Arity {
  Unary = 1,
  Binary = 2,
  Assign = 3,
}

export interface Operator {
  readonly desc: string;
  readonly precedence: number;
  readonly rightAssoc: boolean;
  readonly arity: Arity;
  /** true only for `+`, whose string form is subject to the concatenation limit. */
  readonly isAdd: boolean;
  readonly unary: (a: Scalar) => Scalar;
  readonly binary: (a: Scalar, b: Scalar) => Scalar;
}

const noUnary = (): Scalar => null;
const noBinary = (): Scalar => null;

function unary(desc: string, apply: (a: Scalar) => Scalar): Operator {
  return {
    desc,
    precedence: 17,
    rightAssoc: true,
    arity: Arity.Unary,
    isAdd: false,
    unary: apply,
    binary: noBinary,
  };
}

function binary(
  desc: string,
  precedence: number,
  apply: (a: Scalar, b: Scalar) => Scalar,
  rightAssoc = false,
): Operator {
  return {
    desc,
    precedence,
    rightAssoc,
    arity: Arity.Binary,
    isAdd: false,
    unary: noUnary,
    binary: apply,
  };
}

// `<`, `>`, `==`, `!=` are JavaScript's loose comparisons on the raw scalars, exactly as the
// language specifies; the casts only relax TypeScript's operand typing.
type Loose = number;
export const UNARY_MINUS = unary('unary minus', (a) => -toNumber(a));
export const UNARY_PLUS = unary('unary plus', (a) => toNumber(a));
export const LOGICAL_NOT = unary('logical not', (a) => !toBoolean(a));
export const BITWISE_NOT = unary('bitwise not', (a) => ~toNumber(a));

export const ADD: Operator = {
  ...binary('add', 14, (a, b) => toNumber(a) + toNumber(b)),
  isAdd: true,
};
export const ASSIGN: Operator = { ...binary('assign', 3, noBinary, true), arity: Arity.Assign };

/** Binary operators by spelling (the tokenizer matches the longest spelling first). */
export const BINARY_OPERATORS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ['**', binary('exponent', 16, (a, b) => toNumber(a) ** toNumber(b), true)],
  ['*', binary('multiply', 15, (a, b) => toNumber(a) * toNumber(b))],
  ['/', binary('divide', 15, (a, b) => toNumber(a) / toNumber(b))],
  ['%', binary('modulus', 15, (a, b) => toNumber(a) % toNumber(b))],
  ['+', ADD],
  ['-', binary('subtract', 14, (a, b) => toNumber(a) - toNumber(b))],
  ['<<', binary('left shift', 13, (a, b) => toNumber(a) << toNumber(b))],
  ['>>', binary('right shift', 13, (a, b) => toNumber(a) >> toNumber(b))],
  ['<', binary('less than', 12, (a, b) => (a as Loose) < (b as Loose))],
  ['>', binary('greater than', 12, (a, b) => (a as Loose) > (b as Loose))],
  ['<=', binary('less than or equal', 12, (a, b) => (a as Loose) <= (b as Loose))],
  ['>=', binary('greater than or equal', 12, (a, b) => (a as Loose) >= (b as Loose))],
  ['==', binary('equality', 11, (a, b) => a == b)],
  ['!=', binary('inequality', 11, (a, b) => a != b)],
  ['===', binary('strict equality', 11, (a, b) => a === b)],
  ['!==', binary('strict inequality', 11, (a, b) => a !== b)],
  ['&', binary('bitwise and', 10, (a, b) => toNumber(a) & toNumber(b))],
  ['^', binary('bitwise xor', 9, (a, b) => toNumber(a) ^ toNumber(b))],
  ['|', binary('bitwise or', 8, (a, b) => toNumber(a) | toNumber(b))],
  // No short-circuit: both operands are always evaluated and the result is a boolean.
  ['&&', binary('logical and', 7, (a, b) => toBoolean(a) && toBoolean(b))],
  ['||', binary('logical or', 6, (a, b) => toBoolean(a) || toBoolean(b))],
  ['=', ASSIGN],
]);

/** Precedence given to a function call on the operator stack: any arriving operator pops it. */
export const CALL_PRECEDENCE = 20;

/** A built-in function: called with at least one argument, in source order. */
export interface ExprFunction {
  readonly name: string;
  readonly apply: (args: Scalar[]) => Scalar;
}

// max/min fold left to right, keeping the accumulator only while it compares strictly
// greater (smaller): a NaN argument is replaced by the next one, and of 0 / -0 the later wins.
function fold(args: Scalar[], keep: (acc: number, next: number) => boolean): number {
  let acc = toNumber(args[0]!);
  for (let i = 1; i < args.length; i++) {
    const next = toNumber(args[i]!);
    if (!keep(acc, next)) acc = next;
  }
  return acc;
}

export const FUNCTIONS: ReadonlyMap<string, ExprFunction> = new Map<string, ExprFunction>(
  [
    { name: 'max', apply: (args: Scalar[]) => fold(args, (acc, next) => acc > next) },
    { name: 'min', apply: (args: Scalar[]) => fold(args, (acc, next) => acc < next) },
    { name: 'abs', apply: (args: Scalar[]) => Math.abs(toNumber(args[0]!)) },
    { name: 'num', apply: (args: Scalar[]) => toNumber(args[0]!) },
    { name: 'str', apply: (args: Scalar[]) => toText(args[0]!) },
    { name: 'bool', apply: (args: Scalar[]) => toBoolean(args[0]!) },
  ].map((fn) => [fn.name, fn]),
);

/** Single-segment names that are constants rather than variable references. */
export const CONSTANTS: ReadonlyMap<string, Scalar> = new Map<string, Scalar>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);
