// The lexer and parser keep no state between calls: a plugin may compile (and render) another
// template while a compile or a render is under way, and both results are those of running alone.
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../engine/compile.js';
import { lexTemplate } from '../../engine/lexer.js';
import type { Formatter, FormatterTable, Registry } from '../../engine/plugin.js';
import { compile, render } from '../../index.js';
import { testRegistry } from './compiler-registry.js';

/** Exercises every token kind: text with and without a following tag, strays, comments, unclosed. */
const INNER = 'a{b}c\n}{d}{e}{##x{y}##}f{g{h}i{## z';

/** Text runs that end without a tag, stray braces and a comment: the lexer's every path. */
function outerSource(repetitions: number): string {
  return 'p {x|nested} q{{r}} s{## c ##}t {x|nested}\n'.repeat(repetitions) + 'u{v';
}

/**
 * A registry whose `nested` formatter is looked up through a getter that compiles INNER: the
 * compile of INNER runs in the middle of the outer parse, between two of its tags.
 */
function nestingRegistry(nestedCodes: string[]): Registry {
  const formatters: FormatterTable = { ...testRegistry.formatters };
  Object.defineProperty(formatters, 'nested', {
    enumerable: true,
    get(): Formatter {
      nestedCodes.push(JSON.stringify(compileTemplate(INNER, testRegistry).code));
      return { apply: () => undefined };
    },
  });
  return { formatters, predicates: testRegistry.predicates };
}

describe('re-entrant compiling', () => {
  it('lexes the same tokens whatever was lexed before', () => {
    const alone = lexTemplate(INNER).map((t) => [t.tokenType.name, t.image]);
    lexTemplate(outerSource(3));
    lexTemplate('x{');
    expect(lexTemplate(INNER).map((t) => [t.tokenType.name, t.image])).toEqual(alone);
  });

  // 2,000 repetitions exceed the parser's lexing chunk, so the outer lexing resumes after nested
  // compiles too.
  it.each([1, 2000])('compiles a template inside a compile (%i repetitions)', (repetitions) => {
    const source = outerSource(repetitions);
    const nestedCodes: string[] = [];
    const outer = compileTemplate(source, nestingRegistry(nestedCodes));

    const registryWithoutNesting: Registry = {
      formatters: { ...testRegistry.formatters, nested: { apply: () => undefined } },
      predicates: testRegistry.predicates,
    };
    expect(nestedCodes.length).toBeGreaterThan(0);
    const innerAlone = JSON.stringify(compileTemplate(INNER, testRegistry).code);
    expect(new Set(nestedCodes)).toEqual(new Set([innerAlone]));
    expect(JSON.stringify(outer.code)).toBe(
      JSON.stringify(compileTemplate(source, registryWithoutNesting).code),
    );
    expect(outer.errors).toEqual([]);
  });

  it('renders with a formatter that compiles and renders a template itself', () => {
    const inline: Formatter = {
      apply(_args, vars) {
        vars[0]!.set(render(String(vars[0]!.value), { who: 'inner' }).html);
      },
    };
    const outer = '{## a comment ##}<p>{tpl|inline}</p>{.section s}[{tpl|inline}]{.end}';
    const data = {
      tpl: 'hi {who}{##c##}{{x}} {who|html}',
      s: { tpl: '{.section x}no{.end}{who}' },
    };
    const result = render(compile(outer, { formatters: { inline } }), data, {
      formatters: { inline },
    });
    expect(result.errors).toEqual([]);
    expect(result.html).toBe('<p>hi inner{} inner</p>[inner]');
  });
});
