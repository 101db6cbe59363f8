// prettyJson layout (docs/language.md, "The code tree"): one instruction per line, nested blocks
// indented two steps deeper than their opener, alternates printed inline after the block.
import { describe, expect, it } from 'vitest';
import type { Code } from '../../engine/code.js';
import { compileTemplate } from '../../engine/compile.js';
import { prettyJson } from '../../engine/pretty.js';
import { testRegistry } from './compiler-registry.js';

const pretty = (source: string, indent?: string): string =>
  prettyJson(compileTemplate(source, testRegistry).code, indent);

describe('prettyJson', () => {
  it('prints an empty template on one line', () => {
    expect(pretty('')).toBe('[17, 1, [], 18]');
  });

  it('prints atomic instructions as bare numbers', () => {
    expect(pretty('{.newline}{.meta-left}')).toBe('[17, 1, [\n  14,\n  12\n], 18]');
  });

  it('indents nested blocks two steps per level', () => {
    expect(pretty('{.section a}{.section b}x{.end}{.end}')).toBe(
      [
        '[17, 1, [',
        '  [2, ["a"], [',
        '      [2, ["b"], [',
        '          [0, "x"]',
        '        ], 3]',
        '    ], 3]',
        '], 18]',
      ].join('\n'),
    );
  });

  it('prints OR chains and the alternates-with block at the level of their block', () => {
    expect(pretty('{.repeated section a}x{.alternates with}y{.or}z{.end}')).toBe(
      [
        '[17, 1, [',
        '  [4, ["a"], [',
        '      [0, "x"]',
        '    ], [7, 0, 0, [',
        '      [0, "z"]',
        '    ], 3], [',
        '      [0, "y"]',
        '    ]]',
        '], 18]',
      ].join('\n'),
    );
  });

  it('uses the given indent unit', () => {
    expect(pretty('{.section a}x{.end}', '\t')).toBe(
      '[17, 1, [\n\t[2, ["a"], [\n\t\t\t[0, "x"]\n\t\t], 3]\n], 18]',
    );
  });

  it('prints operands as compact JSON with ", " separators', () => {
    expect(pretty('{.ctx @f a=b.c}{a|truncate 3,x}')).toBe(
      [
        '[17, 1, [',
        '  [22, "@f", [["a", ["b", "c"]]]],',
        '  [1, [["a"]], [["truncate", [["3,x"], " "]]]]',
        '], 18]',
      ].join('\n'),
    );
  });

  it('round-trips through JSON.parse to the same tree', () => {
    const code = compileTemplate(
      '{.macro m}{.if a || b}{c|html}{.or even? d}e{.or}f{.end}{.end}{## z ##}',
      testRegistry,
    ).code;
    expect(JSON.parse(prettyJson(code)) as Code).toEqual(code);
  });
});
