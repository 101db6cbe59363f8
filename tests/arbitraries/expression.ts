/**
 * fast-check arbitrary for `{.eval}` source text: literals of every type, data paths, `@`
 * variables, unary and binary operators, function calls, assignments and `;`-separated
 * sequences. The text never contains `{` or `}` (which would end the tag).
 */
import fc from 'fast-check';

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 20 }).map(String),
  fc.constantFrom('1.5', '0x1F', '1e3', '0', '2.', 'PI', 'E', 'Infinity', 'NaN'),
  fc.constantFrom('"a"', "'b c'", '""', '"5"', '"0x10"', '"\\u00e9"', '"\\x41"', "'\\n'"),
  fc.constantFrom('true', 'false', 'null'),
  fc.constantFrom('n', 'title', 'price', 'flag', 'items', 'items.0.n', 'website.count', '@v', '@x'),
);

const BINARY = [
  '+', '-', '*', '/', '%', '**', '<<', '>>', '<', '>', '<=', '>=',
  '==', '!=', '===', '!==', '&', '^', '|', '&&', '||',
] as const; // prettier-ignore

/** Expression source text (no braces). */
export const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 4, arbitrary: atom },
    fc.tuple(fc.constantFrom('-', '+', '!', '~'), tie('e')).map(([op, e]) => `${op}${e}`),
    fc.tuple(tie('e'), fc.constantFrom(...BINARY), tie('e')).map(([l, op, r]) => `${l} ${op} ${r}`),
    tie('e').map((e) => `(${e})`),
    fc
      .tuple(
        fc.constantFrom('max', 'min', 'abs', 'num', 'str', 'bool'),
        fc.array(tie('e'), { maxLength: 3 }),
      )
      .map(([f, args]) => `${f}(${args.join(', ')})`),
    tie('e').map((e) => `@x = ${e}`),
    fc.tuple(tie('e'), tie('e')).map(([a, b]) => `${a}; ${b}`),
  ),
})).e;
