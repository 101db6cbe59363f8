// Tag classification and the instruction grammar (docs/language.md, "Syntax"): what becomes an
// instruction, with which operands, and what stays literal text.
import { describe, expect, it } from 'vitest';
import type { Instruction } from '../../engine/code.js';
import { compileTemplate } from '../../engine/compile.js';
import { testRegistry } from './compiler-registry.js';

/** The root block of a template (the instructions in order). */
function block(source: string): Instruction[] {
  return compileTemplate(source, testRegistry).code[2];
}

/** The single instruction a one-tag template compiles to. */
function only(source: string): Instruction {
  const b = block(source);
  expect(b).toHaveLength(1);
  return b[0]!;
}

const literal = (source: string): Instruction[] => [[0, source]];

describe('literal-vs-instruction examples (docs/language.md, "Instructions")', () => {
  it('if (x) {foo} is text plus a variable', () => {
    expect(block('if (x) {foo}')).toEqual([
      [0, 'if (x) '],
      [1, [['foo']], 0],
    ]);
  });
  it.each([
    '{ a , b }',
    '{a|json|}',
    '{.a}',
    '{.section}',
    '{.endx}',
    '{.if a & b}',
    '{.var @a.b c}',
    '{ a}',
    '{}',
    '{"a": 1}',
    '{é}',
    '{$}',
    '{@@}',
    '{a.}',
    '{a:1}',
    '{a||b}',
    '{a|}',
    '{.or }',
    '{.or  x?}',
    '{.end }',
    '{.var @a  b}',
    '{.repeated  section a}',
    '{.alternates with }',
    '{.meta-left }',
    '{.eval}',
    '{.include }',
    '{.include\ta}',
    '{.macro a b}',
    '{.inject @a}',
    '{.ctx @f}',
    '{.ctx @f a=b c d=e}',
    '{.ctx @f a=}',
    '{.if a b}',
    '{.if a &&}',
    '{.section a, b}',
    '{.section a|html}',
    '{.section\u00a0a}',
    '{1a}',
    '{_a}',
  ])('%s stays literal', (source) => {
    expect(block(source)).toEqual(literal(source));
  });

  it('function(){return a} is text followed by a literal tag', () => {
    expect(block('function(){return a}')).toEqual([
      [0, 'function()'],
      [0, '{return a}'],
    ]);
  });

  it('{a,b} and {a , b} are variable lists', () => {
    expect(only('{a,b}')).toEqual([1, [['a'], ['b']], 0]);
    expect(only('{a , b}')).toEqual([1, [['a'], ['b']], 0]);
  });
});

describe('scanning (docs/language.md, "Finding tags")', () => {
  it('{{a}}: the outer braces are text', () => {
    expect(block('{{a}}')).toEqual([
      [0, '{'],
      [1, [['a']], 0],
      [0, '}'],
    ]);
  });
  it('{##} does not close itself', () => {
    expect(block('{##}')).toEqual([[11, '}', 1]]);
  });
  it('{## is only a comment opener at the first brace', () => {
    expect(block('{a {## x ##} b}')).toEqual([
      [0, '{a '],
      [11, '# x ##', 0],
      [0, ' b}'],
    ]);
  });
  it('adjacent text instructions are not merged', () => {
    expect(block('{{{}{{}')).toEqual([
      [0, '{{'],
      [0, '{}'],
      [0, '{'],
      [0, '{}'],
    ]);
  });
  it('text before a tag is one instruction, stray braces included', () => {
    expect(block('ab{c{d}')).toEqual([
      [0, 'ab{c'],
      [1, [['d']], 0],
    ]);
  });
  it('an unclosed brace makes the rest text', () => {
    expect(block('a{b}x{y')).toEqual([
      [0, 'a'],
      [1, [['b']], 0],
      [0, 'x{y'],
    ]);
  });
  it('an unterminated multi-line comment runs to the end', () => {
    expect(block('a{## b {c}')).toEqual([
      [0, 'a'],
      [11, ' b {c}', 1],
    ]);
  });
});

describe('variable references (docs/language.md, "Names, references and arguments")', () => {
  it.each<[string, unknown[]]>([
    ['{@}', ['@']],
    ['{@index}', ['@index']],
    ['{foo.bar}', ['foo', 'bar']],
    ['{items.0.name}', ['items', 0, 'name']],
    ['{$foo.$bar}', ['$foo', '$bar']],
    ['{a.@b}', ['a', '@b']],
    ['{@.PI}', ['@', 'PI']],
    ['{123}', [123]],
    ['{01}', [1]],
    ['{2147483647}', [2147483647]],
    ['{2147483648}', ['2147483648']],
    ['{a-b_c}', ['a-b_c']],
  ])('%s', (source, path) => {
    expect(only(source)).toEqual([1, [path], 0]);
  });
});

describe('formatter arguments', () => {
  it.each<[string, unknown]>([
    ['{a|truncate 10 ..}', [['truncate', [['10', '..'], ' ']]]],
    ['{a|truncate,10,..}', [['truncate', [['10', '..'], ',']]]],
    ['{a|html }', [['html', [[''], ' ']]]],
    ['{a|html,x,,y}', [['html', [['x', '', 'y'], ',']]]],
    ['{a|html?x}', [['html', [['x'], '?']]]],
    ['{a|html|json }', [['html'], ['json', [[''], ' ']]]],
  ])('%s', (source, formatters) => {
    expect(only(source)).toEqual([1, [['a']], formatters]);
  });
});

describe('instructions', () => {
  it.each<[string, Instruction]>([
    ['{.section a.b}', [2, ['a', 'b'], [], 3]],
    ['{.section \t a}', [2, ['a'], [], 3]],
    ['{.repeated section  a}', [4, ['a'], [], 3, []]],
    ['{.equal? a  b}', [5, 'equal?', [['a', '', 'b'], ' '], [], 3]],
    ['{.equal?:a:"b c"}', [5, 'equal?', [['a', '"b c"'], ':'], [], 3]],
    ['{.even? }', [5, 'even?', [[], ' '], [], 3]],
    ['{.even?}', [5, 'even?', 0, [], 3]],
    ['{.if a && b || c}', [8, [1, 0], [['a'], ['b'], ['c']], [], 3]],
    ['{.if  a&&b }', [8, [1], [['a'], ['b']], [], 3]],
    ['{.if }', [8, [], [], [], 3]],
    ['{.if equal? a b}', [5, 'equal?', [['a', 'b'], ' '], [], 3]],
    ['{.macro a/b.c}', [10, 'a/b.c', []]],
  ])('%s opens a block', (source, expected) => {
    // Unclosed blocks still appear in the tree (with an EOF error).
    expect(only(source)).toEqual(expected);
  });

  it.each<[string, Instruction]>([
    ['{.var @a b, c|html}', [6, '@a', [['b'], ['c']], [['html']]]],
    [
      '{.ctx @f a=b  c=d}',
      [
        22,
        '@f',
        [
          ['a', ['b']],
          ['c', ['d']],
        ],
      ],
    ],
    ['{.ctx @f a=b c}', [22, '@f', [['a', ['b']]]]],
    ['{.ctx @f a=b }', [22, '@f', [['a', ['b']]]]],
    ['{.eval   1+2}', [23, '1+2']],
    ['{.eval }', [23, '']],
    ['{.include a  b}', [24, 'a', [['', 'b'], ' ']]],
    ['{.include  a}', [24, '', [['a'], ' ']]],
    ['{.inject @a b c}', [9, '@a', 'b', [['c'], ' ']]],
    ['{.inject @a b  }', [9, '@a', 'b', [['', ''], ' ']]],
    ['{.inject @a b}', [9, '@a', 'b', 0]],
    ['{#}', [11, '', 0]],
    ['{# a | b}', [11, ' a | b', 0]],
    ['{.space}', 15],
    ['{.tab}', 16],
    ['{.newline}', 14],
    ['{.meta-left}', 12],
    ['{.meta-right}', 13],
  ])('%s', (source, expected) => {
    expect(only(source)).toEqual(expected);
  });

  it('.eof ends the template early', () => {
    const t = compileTemplate('a{.eof}b', testRegistry);
    expect(t.code).toEqual([17, 1, [[0, 'a']], 18]);
    expect(t.errors.map((e) => e.code)).toEqual(['TRANSITION_FROM_EOF']);
  });
});

describe('plugin names', () => {
  it('an unknown formatter leaves the tag literal and reports it', () => {
    const t = compileTemplate('{a|html|foo|bar}', testRegistry);
    expect(t.code[2]).toEqual(literal('{a|html|foo|bar}'));
    expect(t.errors).toHaveLength(1);
    expect(t.errors[0]!.message).toBe("SyntaxError: Formatter 'foo' is unknown");
  });

  it('an unknown predicate is reported but still emitted', () => {
    const t = compileTemplate('{.nope? a}x{.end}', testRegistry);
    expect(t.code[2]).toEqual([[5, 'nope?', [['a'], ' '], [[0, 'x']], 3]]);
    expect(t.errors.map((e) => e.message)).toEqual(["SyntaxError: Predicate 'nope?' is unknown"]);
  });

  // The parser remembers the names it has found and matches them in the source where they
  // start: a remembered name must match the whole name, not a prefix of a longer one.
  it('a formatter name matches only as a whole name, whatever was seen before', () => {
    const t = compileTemplate('{a|json}{a|json-pretty}{a|json}{a|jsonx}{a|js}', testRegistry);
    expect(t.code[2]).toEqual([
      [1, [['a']], [['json']]],
      [1, [['a']], [['json-pretty']]],
      [1, [['a']], [['json']]],
      [0, '{a|jsonx}'],
      [0, '{a|js}'],
    ]);
    expect(t.errors.map((e) => e.message)).toEqual([
      "SyntaxError: Formatter 'jsonx' is unknown",
      "SyntaxError: Formatter 'js' is unknown",
    ]);
  });

  it('a keyword matches only as a whole word not followed by ?', () => {
    expect(block('{.end?}{.end}')).toEqual([[5, 'end?', 0, [], 3]]);
    expect(block('{.or-x}{.endx}{.eval}{.evalx 1}')).toEqual([
      [0, '{.or-x}'],
      [0, '{.endx}'],
      [0, '{.eval}'],
      [0, '{.evalx 1}'],
    ]);
    expect(block('{.eval\t1 + 2}')).toEqual([[23, '1 + 2']]);
  });

  it('an arity violation is a warning and keeps the instruction', () => {
    const registry = {
      formatters: {
        ...testRegistry.formatters,
        pad: { apply: () => undefined, minArgs: 1, maxArgs: 2 },
      },
      predicates: {
        ...testRegistry.predicates,
        'one?': { apply: () => true, minArgs: 1, maxArgs: 1 },
      },
    };
    const t = compileTemplate(
      '{a|pad}{a|pad 1 2 3}{a|pad 1}{.one?}{.end}{.one? x}{.end}',
      registry,
    );
    expect(t.code[2]).toHaveLength(5);
    expect(t.errors.map((e) => [e.code, e.severity, e.column])).toEqual([
      ['FORMATTER_ARITY', 'warning', 1],
      ['FORMATTER_ARITY', 'warning', 8],
      ['PREDICATE_ARITY', 'warning', 30],
    ]);
  });
});
