/**
 * A small reference model of the expression language (docs/language.md, "Precedence" and "Types and
 * coercions"): typed values (number, string, boolean, null), the coercions to-number / to-boolean /
 * to-string, and the operators with their precedence. Trees are printed with the fewest parentheses
 * the precedence table allows, so the engine's parser is tested as much as its arithmetic.
 * (tests/engine/expressions/property.test.ts covers the integer/boolean subset; this model adds
 * strings, null, mixed-type coercions, `**`, `/`, `%` and the limits.)
 */
import fc from 'fast-check';

export type Value = number | string | boolean | null;
export type Expr =
  | { kind: 'lit'; value: Value; text: string }
  | { kind: 'unary'; op: '-' | '+' | '!'; arg: Expr }
  | { kind: 'bin'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'paren'; inner: Expr };

export const BINARY_OPS = [
  '**', '*', '/', '%', '+', '-', '<', '>', '<=', '>=', '==', '!=', '===', '!==', '&&', '||',
] as const; // prettier-ignore
export type BinaryOp = (typeof BINARY_OPS)[number];

/** docs/language.md, "Precedence" */
export const PRECEDENCE: Record<BinaryOp, number> = {
  '**': 16,
  '*': 15,
  '/': 15,
  '%': 15,
  '+': 14,
  '-': 14,
  '<': 12,
  '>': 12,
  '<=': 12,
  '>=': 12,
  '==': 11,
  '!=': 11,
  '===': 11,
  '!==': 11,
  '&&': 7,
  '||': 6,
};
export const UNARY = 17;
export const ATOM = 99;

const DECIMAL = /^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]+)$/;

export function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === '') return 0;
  const hex = HEX.exec(v);
  if (hex) return (hex[1] === '-' ? -1 : 1) * parseInt(hex[2]!, 16);
  return DECIMAL.test(v) ? Number(v) : NaN;
}

export function toBoolean(v: Value): boolean {
  return typeof v === 'boolean' ? v : Boolean(v);
}

export function toText(v: Value): string {
  return v === null ? 'null' : String(v);
}

// `==` and `<` are JavaScript's loose operators on purpose (docs/language.md, "Types and
// coercions").
function binary(op: BinaryOp, l: Value, r: Value): Value {
  switch (op) {
    case '+':
      return typeof l === 'string' || typeof r === 'string'
        ? toText(l) + toText(r)
        : toNumber(l) + toNumber(r);
    case '-':
      return toNumber(l) - toNumber(r);
    case '*':
      return toNumber(l) * toNumber(r);
    case '/':
      return toNumber(l) / toNumber(r);
    case '%':
      return toNumber(l) % toNumber(r);
    case '**':
      return toNumber(l) ** toNumber(r);
    case '<':
      return (l as number) < (r as number);
    case '>':
      return (l as number) > (r as number);
    case '<=':
      return (l as number) <= (r as number);
    case '>=':
      return (l as number) >= (r as number);
    case '==':
      return l == r;
    case '!=':
      return l != r;
    case '===':
      return l === r;
    case '!==':
      return l !== r;
    case '&&':
      return toBoolean(l) && toBoolean(r);
    case '||':
      return toBoolean(l) || toBoolean(r);
  }
}

export function model(e: Expr): Value {
  switch (e.kind) {
    case 'lit':
      return e.value;
    case 'paren':
      return model(e.inner);
    case 'unary': {
      const v = model(e.arg);
      return e.op === '-' ? toNumber(v) * -1 : e.op === '+' ? toNumber(v) : !toBoolean(v);
    }
    case 'bin':
      return binary(e.op, model(e.left), model(e.right));
  }
}

/**
 * How the engine prints a final value (docs/language.md, "Printing a value"; null prints nothing).
 */
export function rendered(v: Value): string {
  return v === null ? '' : String(v);
}

function precedenceOf(e: Expr): number {
  return e.kind === 'unary' ? UNARY : e.kind === 'bin' ? PRECEDENCE[e.op] : ATOM;
}

export function print(e: Expr, needed = 0): string {
  const text = printBare(e);
  return precedenceOf(e) < needed ? `(${text})` : text;
}

function printBare(e: Expr): string {
  switch (e.kind) {
    case 'lit':
      return e.text;
    case 'paren':
      return `(${print(e.inner)})`;
    case 'unary':
      // A space keeps `- -1` from reading as one token sequence the model does not mean.
      return `${e.op} ${print(e.arg, UNARY)}`;
    case 'bin': {
      const p = PRECEDENCE[e.op];
      // `**` is right-associative: its left operand needs parentheses at equal precedence.
      // A unary operand of `**` is parenthesised too, since `-2**2` means (-2)**2 here.
      if (e.op === '**') return `${print(e.left, UNARY + 1)} ** ${print(e.right, p)}`;
      return `${print(e.left, p)} ${e.op} ${print(e.right, p + 1)}`;
    }
  }
}

const literal: fc.Arbitrary<Expr> = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map((n): Expr => ({ kind: 'lit', value: n, text: String(n) })),
  fc
    .constantFrom<[Value, string]>(
      [2.5, '2.5'],
      [0.5, '0.5'],
      [1000, '1e3'],
      [16, '0x10'],
      ['', '""'],
      ['5', '"5"'],
      [' 5', '" 5"'],
      ['abc', "'abc'"],
      ['0x10', '"0x10"'],
      ['-0x10', '"-0x10"'],
      ['1e3', '"1e3"'],
      ['.5', '".5"'],
      ['2.', '"2."'],
      ['0', '"0"'],
      ['10', '"10"'],
      ['9', '"9"'],
      [true, 'true'],
      [false, 'false'],
      [null, 'null'],
    )
    .map(([value, text]): Expr => ({ kind: 'lit', value, text })),
);

export const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
    { weight: 3, arbitrary: literal },
    fc
      .tuple(fc.constantFrom('-', '+', '!' as const), tie('e'))
      .map(([op, arg]): Expr => ({ kind: 'unary', op, arg })),
    fc
      .tuple(fc.constantFrom(...BINARY_OPS), tie('e'), tie('e'))
      .map(([op, left, right]): Expr => ({ kind: 'bin', op, left, right })),
    tie('e').map((inner): Expr => ({ kind: 'paren', inner })),
  ),
})).e;

/**
 * The model property, given an evaluator (tests/engine/expressions/helpers.ts `evaluate`):
 * every generated expression evaluates without errors to what the model computes.
 */
export function expressionModelProperty(
  evaluate: (source: string) => { output: string; errors: string[] },
): fc.IProperty<[Expr]> {
  return fc.property(expr, (e) => {
    const source = print(e);
    const result = evaluate(source);
    const expected = rendered(model(e));
    if (result.errors.length > 0 || result.output !== expected) {
      throw new Error(
        `${source}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result)}`,
      );
    }
  });
}
