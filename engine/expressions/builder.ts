/**
 * Builder: Dijkstra's shunting-yard over the token stream, producing one reverse-Polish token
 * list per `;`-separated expression.
 *
 * Reference quirks kept on purpose (the debug output and error reporting expose them):
 * - the operator stack is shared by all expressions of a source; `;` pops it only down to the
 *   first unmatched `(`, which is reported ("left paren") and discards that expression, while
 *   anything below the `(` stays for the next expression;
 * - an unmatched `)` ("right paren") stops building altogether;
 * - a function call is written as an `<args>` marker followed later by the call, and a call
 *   left on the operator stack is popped by any operator that arrives;
 * - expressions that produce no tokens are dropped.
 */
import { CALL_PRECEDENCE, type Operator } from './operators.js';
import { ARGS, Kind, type RpnToken, type Token } from './tokens.js';
import { LEFT_PAREN, RIGHT_PAREN } from '../error-texts.js';

export interface BuildResult {
  expressions: RpnToken[][];
  /** Detail messages. */
  errors: string[];
}

function precedenceOnStack(token: Token): number {
  if (token.kind === Kind.Call) return CALL_PRECEDENCE;
  if (token.kind === Kind.Operator) return token.op.precedence;
  return -1; // `(`: never popped by an operator
}

function popsBefore(top: Token, incoming: Operator): boolean {
  const precedence = precedenceOnStack(top);
  return (
    precedence > incoming.precedence || (precedence === incoming.precedence && !incoming.rightAssoc)
  );
}

export function build(tokens: readonly Token[]): BuildResult {
  const expressions: RpnToken[][] = [];
  const errors: string[] = [];
  const ops: Token[] = [];
  let output: RpnToken[] = [];

  const flush = (): void => {
    while (ops.length > 0) {
      const top = ops.pop()!;
      if (top.kind === Kind.OpenParen) {
        errors.push(LEFT_PAREN);
        output = [];
        return;
      }
      output.push(top as RpnToken);
    }
    if (output.length > 0) expressions.push(output);
    output = [];
  };
  const popToParen = (): void => {
    while (ops.length > 0 && ops[ops.length - 1]!.kind !== Kind.OpenParen)
      output.push(ops.pop() as RpnToken);
  };

  for (const token of tokens) {
    switch (token.kind) {
      case Kind.Value:
      case Kind.Variable:
        output.push(token);
        break;
      case Kind.Call:
        output.push(ARGS);
        ops.push(token);
        break;
      case Kind.OpenParen:
        ops.push(token);
        break;
      case Kind.Comma:
        popToParen();
        break;
      case Kind.CloseParen:
        popToParen();
        if (ops.length === 0) {
          errors.push(RIGHT_PAREN);
          return { expressions, errors };
        }
        ops.pop();
        if (ops.length > 0 && ops[ops.length - 1]!.kind === Kind.Call)
          output.push(ops.pop() as RpnToken);
        break;
      case Kind.Semicolon:
        flush();
        break;
      case Kind.Operator:
        while (ops.length > 0 && popsBefore(ops[ops.length - 1]!, token.op))
          output.push(ops.pop() as RpnToken);
        ops.push(token);
        break;
      default:
        break;
    }
  }
  flush();
  return { expressions, errors };
}
