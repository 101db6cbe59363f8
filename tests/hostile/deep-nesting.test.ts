// Hostile input: 10,000-deep nesting of template blocks and of JSON data. Each case must give a
// clear, located error or render — never throw, never overflow the stack uncaught.
// Blocks nest at most MAX_NESTING_DEPTH (256) deep (engine/assembler.ts): the first opener past
// it gets a NESTING_TOO_DEEP error at its own line and column and is dropped with its content,
// so the code tree stays shallow enough to execute, serialise and pretty-print.
import { describe, expect, it } from 'vitest';
import { compile, prettyJson, render } from '../../index.js';
import { MAX_NESTING_DEPTH } from '../../engine/assembler.js';

const DEPTH = 10_000;

function nested(open: string, close: string, inner = 'X'): string {
  return open.repeat(DEPTH) + inner + close.repeat(DEPTH);
}

function deepObject(depth: number, leaf: unknown = 'leaf'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('10,000-deep template nesting', () => {
  const cases: Record<string, string> = {
    sections: nested('{.section a}', '{.end}'),
    repeated: nested('{.repeated section a}', '{.end}'),
    'if blocks': nested('{.if a}', '{.end}'),
    predicates: nested('{.equal? a a}', '{.end}'),
    macros: nested('{.macro m}', '{.end}'),
    'mixed with or': nested('{.section a}{.if a}', '{.or}Y{.end}{.end}'),
    'alternates with': nested('{.repeated section a}{.alternates with}', '{.end}'),
  };
  for (const [name, source] of Object.entries(cases)) {
    it(`${name}: a located NESTING_TOO_DEEP error, then renders`, () => {
      const template = compile(source);
      const tooDeep = template.errors.filter((e) => e.code === 'NESTING_TOO_DEEP');
      expect(tooDeep).toHaveLength(1);
      // The error sits on the brace of the first opener past the limit.
      expect(tooDeep[0]!.line).toBe(1);
      expect(source.slice(tooDeep[0]!.column - 1).startsWith('{.')).toBe(true);
      expect(tooDeep[0]!.message).toContain(`maximum of ${MAX_NESTING_DEPTH}`);
      // Nothing else went wrong: every END matched its opener.
      expect(template.errors.filter((e) => e.code !== 'NESTING_TOO_DEEP')).toEqual([]);
      const result = render(template, deepObject(DEPTH, [1, 2]));
      expect(result.errors.map((e) => e.code)).not.toContain('UNEXPECTED_ERROR');
      // The tree is usable everywhere code goes.
      expect(() => JSON.parse(JSON.stringify(template.code))).not.toThrow();
      expect(() => prettyJson(template.code)).not.toThrow();
    });
  }

  it('nesting up to the limit renders fully', () => {
    const depth = MAX_NESTING_DEPTH;
    const source = '{.section a}'.repeat(depth) + '{@}' + '{.end}'.repeat(depth);
    const result = render(source, deepObject(depth));
    expect(result.errors).toEqual([]);
    expect(result.html).toBe('leaf');
  });

  it('an unclosed 10,000-deep template reports one nesting error and one EOF error', () => {
    const template = compile('{.section a}'.repeat(DEPTH));
    expect(template.errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP', 'EOF_IN_BLOCK']);
  });

  it('10,000-deep parentheses in an expression hit the token limit with its exact error', () => {
    const expr = `${'('.repeat(DEPTH)}1${')'.repeat(DEPTH)}`;
    const result = render(`{.eval ${expr}}`, {});
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toBe(
      `RuntimeError: Error parsing expression: ${JSON.stringify(expr)}: ` +
        'Expression exceeds the maximum number of allowed tokens: 2000',
    );
  });

  it('10,000-deep parentheses without a token limit evaluate or fail cleanly', () => {
    const expr = `${'('.repeat(DEPTH)}1${')'.repeat(DEPTH)}`;
    const result = render(`{.eval ${expr}}`, {}, { maxExpressionTokens: 0 });
    expect(result.html === '1' || result.errors.length === 1).toBe(true);
  });
});

describe('10,000-deep JSON data', () => {
  const data = { a: deepObject(DEPTH), list: deepObject(DEPTH, [1]) };

  it('a 10,000-segment path resolves', () => {
    // data.a is DEPTH levels deep, so the leaf sits DEPTH + 1 segments below the root.
    const path = Array.from({ length: DEPTH + 1 }, () => 'a').join('.');
    const result = render(`{${path}}`, data);
    expect(result).toEqual({ html: 'leaf', errors: [] });
  });

  it('sections, .if, predicates and formatters that do not walk the value render', () => {
    const result = render(
      '{.section a}S{.end}{.if a}I{.end}{.equal? a a}E{.end}{a|count}{a|str}{.repeated section a}R{.or}N{.end}',
      data,
    );
    expect(result).toEqual({ html: 'SIE1N', errors: [] });
  });

  it('serialising formatters give a located error instead of throwing', () => {
    // JSON.stringify itself overflows on 10,000-deep values in V8; that is caught and
    // reported at the tag, and rendering goes on.
    const result = render('[{a|json}][{a|raw}][{a|json-pretty}]after', data);
    expect(result.html.endsWith('after')).toBe(true);
    for (const error of result.errors) {
      expect(error.line).toBe(1);
      expect(error.column).toBeGreaterThan(0);
    }
  });

  it('printing a 10,000-deep array renders or gives a located error', () => {
    let deep: unknown = 1;
    for (let i = 0; i < DEPTH; i++) deep = [deep];
    const result = render('[{v}]after', { v: deep });
    expect(result.html.endsWith('after')).toBe(true);
    expect(result.html === '[1]after' || result.errors[0]?.column === 2).toBe(true);
  });
});
