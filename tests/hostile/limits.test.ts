// Hostile input: the run-time limits give their exact errors and stop the work — expression
// token and string-length limits, partial recursion at 16 — and a formatter or predicate that
// throws leaves the context intact for what follows.
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import type { Formatter, Predicate } from '../../engine/plugin.js';

const messages = (result: { errors: { message: string }[] }): string[] =>
  result.errors.map((e) => e.message);

describe('expression limits (defaults: 2000 tokens, 1,000,000 chars)', () => {
  it('2000 tokens evaluate; 2001 give the exact error and no output', () => {
    const ones = Array.from({ length: 1000 }, () => '1').join('+'); // 1999 tokens
    expect(render(`{.eval -${ones}}`, {})).toEqual({ html: '998', errors: [] });
    const over = `${ones}+1`; // 2001 tokens
    const result = render(`[{.eval ${over}}]`, {});
    expect(result.html).toBe('[]');
    expect(messages(result)).toEqual([
      `RuntimeError: Error parsing expression: ${JSON.stringify(over)}: ` +
        'Expression exceeds the maximum number of allowed tokens: 2000',
    ]);
  });

  it('the token limit is configurable per render', () => {
    const result = render('{.eval 1 + 2}', {}, { maxExpressionTokens: 2 });
    expect(messages(result)).toEqual([
      'RuntimeError: Error parsing expression: "1 + 2": Expression exceeds the maximum number of allowed tokens: 2',
    ]);
  });

  it('a concatenation past 1,000,000 chars gives the exact error and binds nothing', () => {
    const half = 'x'.repeat(500_000);
    const ok = render('{.eval @t = s + s}{@t|count}', { s: half });
    expect(ok).toEqual({ html: '1000000', errors: [] });
    const over = render('[{.eval @t = s + s + "!"}][{@t}]', { s: half });
    expect(over.html).toBe('[][]');
    expect(messages(over)).toEqual([
      'RuntimeError: Error reducing expression: @t = s + s + "!": ' +
        'Concatenation would exceed maximum string length 1000000',
    ]);
  });

  it('the string-length limit is configurable per render', () => {
    const result = render('{.eval "ab" + "cd"}', {}, { maxStringLength: 3 });
    expect(messages(result)).toEqual([
      'RuntimeError: Error reducing expression: "ab" + "cd": Concatenation would exceed maximum string length 3',
    ]);
  });

  it('repeated string doubling stops at the limit instead of exhausting memory', () => {
    const doubling = Array.from({ length: 40 }, () => '@s = @s + @s').join('; ');
    const result = render(`{.eval @s = "ab"; ${doubling}; 1}`, {});
    expect(result.html).toBe('');
    // 2 * 2^18 chars is the last doubling that fits; each later one fails on its own.
    expect(result.errors).toHaveLength(40 - 18);
    for (const error of result.errors) {
      expect(error.message).toContain('Concatenation would exceed maximum string length 1000000');
    }
  });
});

describe('partial recursion stops at 16', () => {
  const DEPTH_ERROR = (name: string): string =>
    `RuntimeError: Attempt to apply partial '${name}' exceeded maximum recursion depth of 16`;

  it('a self-applying partial renders 16 levels, then the exact error', () => {
    const result = render('{@|apply rec}', {}, { partials: { rec: 'x{@|apply rec}' } });
    expect(result.html).toBe('x'.repeat(16));
    expect(messages(result)).toEqual([DEPTH_ERROR('rec')]);
  });

  it('mutual recursion through apply and include shares the counter', () => {
    const result = render(
      '{.include a output}',
      {},
      {
        partials: { a: 'a{@|apply b}', b: 'b{.include a output}' },
      },
    );
    expect(result.html).toBe('ab'.repeat(8));
    expect(messages(result)).toEqual([DEPTH_ERROR('a')]);
  });

  it('a self-applying macro stops too, and every apply gets the full depth', () => {
    const result = render('{.macro m}m{@|apply m}{.end}{@|apply m}|{@|apply m}', {});
    expect(result.html).toBe(`${'m'.repeat(16)}|${'m'.repeat(16)}`);
    expect(messages(result)).toEqual([DEPTH_ERROR('m'), DEPTH_ERROR('m')]);
  });

  it('a wide fan-out of recursion ends (16 levels of 2 calls would be 131,070 applications)', () => {
    const result = render('{@|apply fan}', {}, { partials: { fan: '{@|apply fan}{@|apply fan}' } });
    expect(result.html).toBe('');
    // Depth errors, until the render's count of applications runs out (100,000): one error
    // says so, and the calls after it return at once.
    const depth = result.errors.filter((e) => e.message === DEPTH_ERROR('fan'));
    const limit = result.errors.filter((e) => e.code === 'APPLY_PARTIAL_LIMIT');
    expect(depth.length).toBeGreaterThan(0);
    expect(limit).toHaveLength(1);
    expect(depth.length + limit.length).toBe(result.errors.length);
    expect(result.errors.length).toBeLessThanOrEqual(100_000);
  });
});

describe('a throwing plugin leaves the context intact', () => {
  const boom: Formatter = {
    apply() {
      throw new Error('boom');
    },
  };
  const throwsString: Formatter = {
    apply() {
      throw 'not an Error';
    },
  };
  const explode: Predicate = {
    apply() {
      throw new TypeError('predicate boom');
    },
  } as unknown as Predicate;
  const options = {
    formatters: { boom, 'throws-string': throwsString },
    predicates: { 'explode?': explode },
  };
  const data = { s: { name: 'inner', list: [1, 2] }, name: 'outer', a: 'A' };

  it('after a throwing formatter, the frame, variables and output continue as before', () => {
    const template =
      '{.section s}{.var @v name}[{a|boom}]{name}|{@v}|{@|json}|{.repeated section list}{@}{a|boom}{@index}{.end}{.end}|{name}';
    const result = render(template, data, options);
    expect(result.html).toBe('[]inner|inner|{"name":"inner","list":[1,2]}|1122|outer');
    expect(result.errors).toHaveLength(3);
    for (const error of result.errors) {
      expect(error.message).toBe(
        'RuntimeError: Unexpected Error error when executing VARIABLE: boom',
      );
      expect(error.line).toBe(1);
    }
    const first = template.indexOf('{a|boom}') + 1;
    const second = template.indexOf('{a|boom}', first) + 1;
    expect(result.errors.map((e) => e.column)).toEqual([first, second, second]);
  });

  it('a formatter throwing a non-Error value does not disturb what follows', () => {
    const result = render('{.section s}[{a|throws-string}]{name}{.end}{name}', data, options);
    expect(result.html).toBe('[]innerouter');
  });

  it('a throwing formatter in .var leaves the variable unbound and the frame intact', () => {
    const result = render('{.section s}{.var @v a|boom}[{@v}]{name}{.end}', data, options);
    expect(result.html).toBe('[]inner');
    expect(result.errors).toHaveLength(1);
  });

  it('a throwing predicate takes neither branch and leaves the frame intact', () => {
    const result = render('{.section s}{.explode?}Y{.or}N{.end}{name}{.end}{name}', data, options);
    expect(result.html).toBe('innerouter');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toContain('predicate boom');
  });
});
