// The assembler's state machine (docs/language.md, "Nesting"): nesting, alternates, and one error
// per way a template can be malformed, each located at the offending tag (code + line + column).
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../engine/compile.js';
import { testRegistry } from './compiler-registry.js';

function compile(source: string) {
  return compileTemplate(source, testRegistry);
}

describe('nesting', () => {
  it('nests blocks and closes them with END', () => {
    const t = compile(
      '{.section a}{.repeated section b}{.even?}x{.or}{.if c||d}y{.end}{.end}{.end}{.end}',
    );
    expect(t.errors).toEqual([]);
    expect(t.code).toEqual([
      17,
      1,
      [
        [
          2,
          ['a'],
          [
            [
              4,
              ['b'],
              [
                [
                  5,
                  'even?',
                  0,
                  [[0, 'x']],
                  [7, 0, 0, [[8, [0], [['c'], ['d']], [[0, 'y']], 3]], 3],
                ],
              ],
              3,
              [],
            ],
          ],
          3,
        ],
      ],
      18,
    ]);
  });

  it('chains OR_PREDICATE alternates', () => {
    const t = compile('{.equal? a b}1{.or even? c}2{.or}3{.end}');
    expect(t.code[2]).toEqual([
      [
        5,
        'equal?',
        [['a', 'b'], ' '],
        [[0, '1']],
        [7, 'even?', [['c'], ' '], [[0, '2']], [7, 0, 0, [[0, '3']], 3]],
      ],
    ]);
  });

  it('collects the alternates-with block of a repeated section', () => {
    const t = compile('{.repeated section items}a{.alternates with}---{.or}b{.end}');
    expect(t.code[2]).toEqual([[4, ['items'], [[0, 'a']], [7, 0, 0, [[0, 'b']], 3], [[0, '---']]]]);
  });

  it('nests blocks inside {.alternates with} (Java behaviour) and pops both frames at END', () => {
    const t = compile('{.repeated section a}{@}{.alternates with}{.section s}S{.end}|{.end}after');
    expect(t.errors).toEqual([]);
    expect(t.code[2]).toEqual([
      [
        4,
        ['a'],
        [[1, [['@']], 0]],
        3,
        [
          [2, ['s'], [[0, 'S']], 3],
          [0, '|'],
        ],
      ],
      [0, 'after'],
    ]);
  });

  it('closes a macro with END and stores no alternate', () => {
    expect(compile('{.macro m}x{.end}').code[2]).toEqual([[10, 'm', [[0, 'x']]]]);
  });

  it('keeps the tree of an unclosed block and leaves the ROOT alternate at END', () => {
    const t = compile('{.section a}x');
    expect(t.code).toEqual([17, 1, [[2, ['a'], [[0, 'x']], 3]], 3]);
  });
});

interface ErrorCase {
  source: string;
  /** [code, line, column] of each error, in order. */
  errors: [string, number, number][];
}

const ERROR_CASES: Record<string, ErrorCase> = {
  'END at root': { source: 'a\n {.end}', errors: [['NOT_ALLOWED_AT_ROOT', 2, 2]] },
  'OR at root': { source: '{.or}', errors: [['NOT_ALLOWED_AT_ROOT', 1, 1]] },
  'ALTERNATES_WITH at root': {
    source: 'x{.alternates with}',
    errors: [['NOT_ALLOWED_AT_ROOT', 1, 2]],
  },
  'EOF inside a section': { source: 'a\nb {.section x}\n', errors: [['EOF_IN_BLOCK', 2, 3]] },
  'EOF inside an OR': { source: '{.section a}\n{.or}', errors: [['EOF_IN_BLOCK', 2, 1]] },
  'EOF inside alternates-with': {
    source: '{.repeated section a}{.alternates with}',
    errors: [['EOF_IN_BLOCK', 1, 1]],
  },
  'EOF inside a macro': { source: '\n\n  {.macro m}x', errors: [['EOF_IN_BLOCK', 3, 3]] },
  'ALTERNATES_WITH in a section': {
    source: '{.section a}\n{.alternates with}{.end}',
    errors: [['NOT_ALLOWED_IN_BLOCK', 2, 1]],
  },
  'ALTERNATES_WITH twice': {
    source: '{.repeated section a}{.alternates with}{.alternates with}{.end}',
    errors: [['NOT_ALLOWED_IN_BLOCK', 1, 40]],
  },
  'ALTERNATES_WITH in an OR': {
    source: '{.repeated section a}{.or}{.alternates with}{.end}',
    errors: [['NOT_ALLOWED_IN_BLOCK', 1, 27]],
  },
  'OR in a macro': {
    source: '{.macro m}{.or}{.end}',
    errors: [['NOT_ALLOWED_IN_BLOCK', 1, 11]],
  },
  'OR after a plain OR': {
    source: '{.section a}{.or}\n{.or}{.end}',
    errors: [['DEAD_CODE_BLOCK', 2, 1]],
  },
  'instruction after .eof': {
    source: 'a\n{.eof}{.section a}\nx{.end}',
    errors: [['TRANSITION_FROM_EOF', 2, 7]],
  },
  'unknown formatter': { source: 'ab\ncd {x|nope}', errors: [['FORMATTER_UNKNOWN', 2, 4]] },
  'unknown predicate': {
    source: '{.if nope? a}{.end}\n{.or other?}',
    errors: [
      ['PREDICATE_UNKNOWN', 1, 1],
      ['PREDICATE_UNKNOWN', 2, 1],
      ['NOT_ALLOWED_AT_ROOT', 2, 1],
    ],
  },
  'EOF twice after .eof in a block': {
    source: '{.section a}{.eof}',
    errors: [
      ['EOF_IN_BLOCK', 1, 1],
      ['EOF_IN_BLOCK', 1, 1],
    ],
  },
};

describe('structural errors', () => {
  for (const [name, { source, errors }] of Object.entries(ERROR_CASES)) {
    it(name, () => {
      const t = compile(source);
      expect(t.errors.map((e) => [e.code, e.line, e.column])).toEqual(errors);
      expect(t.errors.every((e) => e.severity === 'error')).toBe(true);
    });
  }
});

describe('messages (the reference text is the contract)', () => {
  it.each<[string, string]>([
    ['{.end}', 'SyntaxError: Instruction END not allowed at root'],
    ['{.section a}', 'SyntaxError: Reached EOF in the middle of SECTION'],
    [
      '{.repeated section a}{.alternates with}',
      'SyntaxError: Reached EOF in the middle of REPEATED',
    ],
    ['{.section a}{.or}', 'SyntaxError: Reached EOF in the middle of OR_PREDICATE'],
    [
      '{.section a}{.alternates with}{.end}',
      'SyntaxError: ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    ],
    [
      '{.macro m}{.or}{.end}',
      'SyntaxError: OR_PREDICATE instruction is not allowed inside MACRO block.',
    ],
    ['{.section a}{.or}{.or}{.end}', 'SyntaxError: This OR_PREDICATE block will never execute.'],
    [
      '{.eof}x',
      'SyntaxError: TEXT Attempt to transition from the EOF state. This is either a bug in the state machine or instructions were fed to the state machine after EOF.',
    ],
    ['{a|foo}', "SyntaxError: Formatter 'foo' is unknown"],
    ['{.foo?}{.end}', "SyntaxError: Predicate 'foo?' is unknown"],
  ])('%s', (source, message) => {
    expect(compile(source).errors[0]!.message).toBe(message);
  });

  it('names the source on every error', () => {
    const t = compileTemplate('{.end}', testRegistry, 'page.html');
    expect(t.source).toBe('page.html');
    expect(t.errors[0]!.source).toBe('page.html');
  });
});

describe('locations', () => {
  it('locates the single TEXT of a template without braces', () => {
    const t = compile('plain\ntext');
    expect(t.code).toEqual([17, 1, [[0, 'plain\ntext']], 18]);
    expect(t.locations!.get(t.code[2][0] as object)).toEqual({ line: 1, column: 1 });
  });

  it('maps every composite instruction to its line and column', () => {
    const t = compile('ab\n  {.section x}{y|html}\n{.end}');
    const section = t.code[2][1] as unknown[];
    const variable = (section[2] as object[])[0]!;
    expect(t.locations!.get(t.code[2][0] as object)).toEqual({ line: 1, column: 1 });
    expect(t.locations!.get(section)).toEqual({ line: 2, column: 3 });
    expect(t.locations!.get(variable)).toEqual({ line: 2, column: 15 });
  });

  it('locates instructions in OR chains, alternates and nested blocks, but not their operands', () => {
    const t = compile('{.repeated section a}{b}{.alternates with}\n{.or}{.if c}{d}{.end}{.end}');
    const repeated = t.code[2][0] as unknown[];
    const or = repeated[3] as unknown[];
    const ifBlock = (or[3] as unknown[][])[0]!;
    expect(t.locations!.get(repeated)).toEqual({ line: 1, column: 1 });
    expect(t.locations!.get((repeated[2] as object[])[0]!)).toEqual({ line: 1, column: 22 });
    expect(t.locations!.get((repeated[4] as object[])[0]!)).toEqual({ line: 1, column: 43 });
    expect(t.locations!.get(or)).toEqual({ line: 2, column: 1 });
    expect(t.locations!.get(ifBlock)).toEqual({ line: 2, column: 6 });
    expect(t.locations!.get((ifBlock[3] as object[])[0]!)).toEqual({ line: 2, column: 13 });
    expect(t.locations!.has(repeated[1] as object)).toBe(false); // the path ["a"]
  });

  it('locates instructions of a template lexed in several chunks', () => {
    const line = 'x'.repeat(30) + '{a}\n';
    const t = compile(line.repeat(4000)); // ~136k chars: more than one lexing chunk
    const block = t.code[2] as object[];
    expect(t.locations!.get(block[2 * 3999 + 1]!)).toEqual({ line: 4000, column: 31 });
    expect(t.locations!.get(block[2 * 3999]!)).toEqual({ line: 3999, column: 34 });
  });
});
