/**
 * Property test: random arithmetic/boolean expressions, printed with the fewest parentheses
 * the language's precedence table allows (plus some redundant ones), evaluate to what a small
 * independent model computes from the expression tree. The subset is where the language
 * agrees with JavaScript: + - * and unary minus on integers, comparisons of numbers, == and !=
 * of booleans, && || ! on booleans (which return booleans).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATOM, PRECEDENCE, UNARY } from '../../properties/expression-model.js';
import { evaluate } from './helpers.js';

type NumExpr =
  | { kind: 'int'; value: number }
  | { kind: 'neg'; arg: NumExpr }
  | { kind: 'bin'; op: '+' | '-' | '*'; left: NumExpr; right: NumExpr }
  | { kind: 'paren'; inner: NumExpr };
type BoolExpr =
  | { kind: 'bool'; value: boolean }
  | { kind: 'not'; arg: BoolExpr }
  | { kind: 'cmp'; op: '<' | '>' | '<=' | '>=' | '==' | '!='; left: NumExpr; right: NumExpr }
  | { kind: 'eq'; op: '==' | '!='; left: BoolExpr; right: BoolExpr }
  | { kind: 'logic'; op: '&&' | '||'; left: BoolExpr; right: BoolExpr }
  | { kind: 'paren'; inner: BoolExpr };
type Expr = NumExpr | BoolExpr;

const { num } = fc.letrec<{ num: NumExpr }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 20 }).map((value): NumExpr => ({ kind: 'int', value })),
    tie('num').map((arg): NumExpr => ({ kind: 'neg', arg })),
    fc
      .tuple(fc.constantFrom('+', '-', '*' as const), tie('num'), tie('num'))
      .map(([op, left, right]): NumExpr => ({ kind: 'bin', op, left, right })),
    tie('num').map((inner): NumExpr => ({ kind: 'paren', inner })),
  ),
}));

const { bool } = fc.letrec<{ bool: BoolExpr }>((tie) => ({
  bool: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean().map((value): BoolExpr => ({ kind: 'bool', value })),
    fc
      .tuple(fc.constantFrom('<', '>', '<=', '>=', '==', '!=' as const), num, num)
      .map(([op, left, right]): BoolExpr => ({ kind: 'cmp', op, left, right })),
    tie('bool').map((arg): BoolExpr => ({ kind: 'not', arg })),
    fc
      .tuple(fc.constantFrom('==', '!=' as const), tie('bool'), tie('bool'))
      .map(([op, left, right]): BoolExpr => ({ kind: 'eq', op, left, right })),
    fc
      .tuple(fc.constantFrom('&&', '||' as const), tie('bool'), tie('bool'))
      .map(([op, left, right]): BoolExpr => ({ kind: 'logic', op, left, right })),
    tie('bool').map((inner): BoolExpr => ({ kind: 'paren', inner })),
  ),
}));

function model(e: Expr): number | boolean {
  switch (e.kind) {
    case 'int':
    case 'bool':
      return e.value;
    case 'neg':
      return -(model(e.arg) as number);
    case 'not':
      return !model(e.arg);
    case 'paren':
      return model(e.inner);
    case 'bin': {
      const l = model(e.left) as number;
      const r = model(e.right) as number;
      return e.op === '+' ? l + r : e.op === '-' ? l - r : l * r;
    }
    case 'cmp': {
      const l = model(e.left) as number;
      const r = model(e.right) as number;
      const table = {
        '<': l < r,
        '>': l > r,
        '<=': l <= r,
        '>=': l >= r,
        '==': l === r,
        '!=': l !== r,
      };
      return table[e.op];
    }
    case 'eq':
      return e.op === '==' ? model(e.left) === model(e.right) : model(e.left) !== model(e.right);
    case 'logic': {
      const l = model(e.left) as boolean;
      const r = model(e.right) as boolean;
      return e.op === '&&' ? l && r : l || r;
    }
  }
}

function precedenceOf(e: Expr): number {
  switch (e.kind) {
    case 'neg':
    case 'not':
      return UNARY;
    case 'bin':
    case 'cmp':
    case 'eq':
    case 'logic':
      return PRECEDENCE[e.op]!;
    default:
      return ATOM;
  }
}

/** Prints `e`; parenthesised when it would otherwise bind looser than its position needs. */
function print(e: Expr, needed = 0): string {
  const text = printBare(e);
  return precedenceOf(e) < needed ? `(${text})` : text;
}

function printBare(e: Expr): string {
  switch (e.kind) {
    case 'int':
    case 'bool':
      return String(e.value);
    case 'paren':
      return `(${print(e.inner)})`;
    case 'neg':
      return `- ${print(e.arg, UNARY)}`;
    case 'not':
      return `!${print(e.arg, UNARY)}`;
    default: {
      // Left-associative: a right operand of equal precedence needs parentheses.
      const p = PRECEDENCE[e.op]!;
      return `${print(e.left, p)} ${e.op} ${print(e.right, p + 1)}`;
    }
  }
}

describe('expression arithmetic agrees with a model', () => {
  it('numbers', () => {
    fc.assert(
      fc.property(num, (e) => {
        const source = print(e);
        expect(evaluate(source)).toEqual({ output: String(model(e)), errors: [], assignments: {} });
      }),
      { numRuns: 500 },
    );
  });

  it('booleans', () => {
    fc.assert(
      fc.property(bool, (e) => {
        const source = print(e);
        expect(evaluate(source)).toEqual({ output: String(model(e)), errors: [], assignments: {} });
      }),
      { numRuns: 500 },
    );
  });

  it('assignments carry values between expressions', () => {
    fc.assert(
      fc.property(num, num, fc.constantFrom('+', '-', '*' as const), (x, y, op) => {
        const source = `@x = ${print(x)}; @y = ${print(y)}; @x ${op} @y`;
        const expected = model({ kind: 'bin', op, left: x, right: y });
        const result = evaluate(source);
        expect(result.output).toBe(String(expected));
        expect(result.assignments).toEqual({ '@x': model(x), '@y': model(y) });
      }),
      { numRuns: 200 },
    );
  });
});
