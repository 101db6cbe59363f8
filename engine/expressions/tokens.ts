/**
 * Tokens of the expression language. The tokenizer produces all kinds; the builder turns an
 * expression's tokens into reverse Polish notation, which holds only values, variables,
 * operators, calls and argument markers.
 */
import type { Path } from '../code.js';
import type { Scalar } from './coerce.js';
import type { ExprFunction, Operator } from './operators.js';

export const enum Kind {
  Value = 0,
  Variable = 1,
  Operator = 2,
  Call = 3,
  Args = 4,
  OpenParen = 5,
  CloseParen = 6,
  Comma = 7,
  Semicolon = 8,
}

export interface ValueToken {
  readonly kind: Kind.Value;
  readonly value: Scalar;
}

export interface VariableToken {
  readonly kind: Kind.Variable;
  readonly path: Path;
  /** `@name` when the reference is a single `@name` segment: a valid assignment target. */
  readonly assignName: string | null;
  /**
   * The `@name` first segment to look up among this evaluation's own assignments first
   * (`@index`/`@index0` never read variables, so they are excluded).
   */
  readonly localName: string | null;
}

export interface OperatorToken {
  readonly kind: Kind.Operator;
  readonly op: Operator;
}

export interface CallToken {
  readonly kind: Kind.Call;
  readonly fn: ExprFunction;
}

/** The `<args>` marker that a call's arguments are collected down to. */
export interface ArgsToken {
  readonly kind: Kind.Args;
}

/** Punctuation that only the builder sees. */
export interface StructuralToken {
  readonly kind: Kind.OpenParen | Kind.CloseParen | Kind.Comma | Kind.Semicolon;
}

export type Token =
  ValueToken | VariableToken | OperatorToken | CallToken | ArgsToken | StructuralToken;

/** Tokens that can appear in a built (reverse-Polish) expression. */
export type RpnToken = ValueToken | VariableToken | OperatorToken | CallToken | ArgsToken;

export const ARGS: ArgsToken = { kind: Kind.Args };
export const OPEN_PAREN: StructuralToken = { kind: Kind.OpenParen };
export const CLOSE_PAREN: StructuralToken = { kind: Kind.CloseParen };
export const COMMA: StructuralToken = { kind: Kind.Comma };
export const SEMICOLON: StructuralToken = { kind: Kind.Semicolon };

/** The debug representation of a token (`EVAL=[[1 2 <add>]]`). */
export function tokenRepr(token: Token): string {
  switch (token.kind) {
    case Kind.Value:
      return typeof token.value === 'string' ? JSON.stringify(token.value) : String(token.value);
    case Kind.Variable:
      return token.path.join('.');
    case Kind.Operator:
      return `<${token.op.desc}>`;
    case Kind.Call:
      return `${token.fn.name}()`;
    case Kind.Args:
      return '<args>';
    default:
      return '';
  }
}
