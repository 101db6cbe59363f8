import { describe, expect, it } from 'vitest';
import type { Code, Instruction } from '../../engine/code.js';
import type { Template } from '../../engine/template.js';
import { fakeParse, root, run } from './exec-helpers.js';

const v = (...path: (string | number)[]): Instruction => [1, [path], 0];
const t = (text: string): Instruction => [0, text];
const apply = (path: string[], ...args: string[]): Instruction => [
  1,
  [path],
  [['apply', [args, ' ']]],
];
const macro = (name: string, ...block: Instruction[]): Instruction => [10, name, block];
const include = (name: string, ...opts: string[]): Instruction => [24, name, [opts, ' ']];

describe('macros and apply', () => {
  it('applies a macro with the value as its data in a new frame', () => {
    const code = root(macro('m', t('<'), v('name'), t('>')), apply(['person'], 'm'));
    expect(run(code, { person: { name: 'Ann' } }).html).toBe('<Ann>');
  });

  it('binds @args only when extra args are given; private stops lookup at the partial frame', () => {
    const code = root(
      macro('m', v('@args', 'k'), t('/'), v('outer')),
      apply(['x'], 'm', 'k=v=w'),
      t('|'),
      apply(['x'], 'm', 'private'),
    );
    expect(run(code, { x: {}, outer: 'O' }).html).toBe('v=w/O|/');
  });

  it('a formatted tag and a section that re-enter themselves through a macro keep their values', () => {
    // The same VARIABLE (and SECTION) instruction runs nested inside itself here, so state that
    // a compiled instruction reuses between runs must not be shared by the nested runs.
    const code = root(
      macro(
        'm',
        t('('),
        [1, [['name']], [['upper']]],
        [2, ['next'], [[1, [['@'], ['name']], [['apply', [['m'], ' ']], ['join']]]], 3],
        t(')'),
      ),
      apply(['@'], 'm'),
    );
    const data = { name: 'a', next: { name: 'b', next: { name: 'c' } } };
    // Twice: the second render finds the state left for reuse by the first.
    expect(run(code, data).html).toBe('(A(B(C)+c)+b)');
    expect(run(code, data).html).toBe('(A(B(C)+c)+b)');
  });

  it('a macro applied before its definition executes is not found', () => {
    const code = root(apply(['x'], 'm'), macro('m', t('M')), apply(['x'], 'm'));
    const result = run(code, { x: 1 });
    expect(result.html).toBe('M');
    expect(result.errors.map((e) => e.message)).toEqual([
      "RuntimeError: Attempt to apply partial 'm' which could not be found.",
    ]);
  });

  it('macros vanish with the frame that defined them and shadow partials', () => {
    const code = root([2, ['s'], [macro('p', t('macro'))], 3], apply(['s'], 'p'), [
      2,
      ['s'],
      [macro('p', t('macro')), apply(['@'], 'p')],
      3,
    ]);
    expect(run(code, { s: 1 }, { partials: { p: root(t('partial')) } }).html).toBe('partialmacro');
  });

  it('stops at recursion depth 16 and reports it once per failed attempt', () => {
    const code = root(macro('r', t('x'), apply(['@'], 'r')), apply(['@'], 'r'));
    const result = run(code, {});
    expect(result.html).toBe('x'.repeat(16));
    expect(result.errors.map((e) => [e.code, e.message])).toEqual([
      [
        'APPLY_PARTIAL_RECURSION_DEPTH',
        "RuntimeError: Attempt to apply partial 'r' exceeded maximum recursion depth of 16",
      ],
    ]);
  });

  it('a failed lookup does not consume depth', () => {
    // 20 failed lookups at the top, then a recursion that must still reach 16 levels.
    const misses = Array.from({ length: 20 }, () => apply(['@'], 'missing'));
    const code = root(...misses, macro('r', t('x'), apply(['@'], 'r')), apply(['@'], 'r'));
    expect(run(code, {}).html).toBe('x'.repeat(16));
  });
});

describe('include', () => {
  it('runs inline in the current frame; output is discarded unless `output` is given', () => {
    const code = root(
      macro('m', t('text'), [6, '@x', [['a']], 0]),
      include('m'),
      v('@x'),
      t('|'),
      include('m', 'output'),
    );
    expect(run(code, { a: 'A' }).html).toBe('A|text');
  });

  it('is a no-op when includes are disabled', () => {
    const code = root(macro('m', t('text')), include('m', 'output'), include('missing'));
    const result = run(code, {}, { includes: false });
    expect(result.html).toBe('');
    expect(result.errors).toEqual([]);
  });

  it('shares the depth limit with apply: a self-including macro emits 16 copies', () => {
    const code = root(macro('r', t('x'), include('r', 'output')), include('r', 'output'));
    const result = run(code, {});
    expect(result.html).toBe('x'.repeat(16));
    expect(result.errors).toHaveLength(1);
  });

  it('reports a missing name', () => {
    expect(run(root(include('nope')), {}).errors[0]!.code).toBe('APPLY_PARTIAL_MISSING');
  });
});

describe('partials', () => {
  const partialTemplate = (code: Code, locate?: object): Template => {
    const locations = new WeakMap<object, { line: number; column: number }>();
    if (locate) locations.set(locate, { line: 2, column: 5 });
    return { code, errors: [], locations };
  };

  it('parses string partials lazily, once per source across renders', () => {
    const parse = fakeParse({ SRC: partialTemplate(root(t('['), v('@'), t(']'))) });
    const code = root(apply(['a'], 'p'), apply(['b'], 'p'));
    const options = { partials: { p: 'SRC', unused: 'NEVER' } };
    expect(run(code, { a: 1, b: 2 }, options, parse).html).toBe('[1][2]');
    expect(parse.calls).toEqual(['SRC']);
    expect(run(code, { a: 3, b: 4 }, options, parse).html).toBe('[3][4]');
    expect(parse.calls).toEqual(['SRC']);
  });

  it('records one error per parse error (with the partial as source) and renders nothing', () => {
    const broken: Template = {
      code: root(t('partial text')),
      errors: [
        {
          code: 'FORMATTER_UNKNOWN',
          message: "SyntaxError: Formatter 'x' is unknown",
          line: 1,
          column: 4,
          severity: 'error',
        },
        {
          code: 'REACT_UNSTRUCTURED',
          message: 'warning only',
          line: 1,
          column: 1,
          severity: 'warning',
        },
      ],
    };
    const parse = fakeParse({ BAD: broken });
    const result = run(
      root(apply(['a'], 'p'), t('|'), apply(['a'], 'p')),
      { a: 1 },
      { partials: { p: 'BAD' } },
      parse,
    );
    expect(result.html).toBe('|');
    expect(result.errors).toEqual([
      {
        code: 'COMPILE_PARTIAL_SYNTAX',
        message: `RuntimeError: Parse of partial "p" failed: SyntaxError: Formatter 'x' is unknown`,
        line: 1,
        column: 4,
        severity: 'error',
        source: 'p',
      },
    ]);
  });

  it("locates runtime errors inside a string partial in the partial's own source", () => {
    const bad: Instruction = [1, [['@']], [['boom']]];
    const parse = fakeParse({ SRC: partialTemplate(root(bad), bad) });
    const result = run(root(apply(['a'], 'p')), { a: 1 }, { partials: { p: 'SRC' } }, parse);
    expect(result.errors[0]).toMatchObject({
      line: 2,
      column: 5,
      source: 'p',
      code: 'UNEXPECTED_ERROR',
    });
  });

  it('uses precompiled code partials as is and ignores inherited names', () => {
    const partials = { p: root(t('code:'), v('@')) };
    expect(run(root(apply(['a'], 'p')), { a: 7 }, { partials }).html).toBe('code:7');
    const result = run(
      root(apply(['a'], 'constructor'), apply(['a'], 'toString')),
      { a: 7 },
      { partials },
    );
    expect(result.html).toBe('');
    expect(result.errors).toHaveLength(2);
  });

  it('executeTemplate runs built-in code in a new frame, optionally private', () => {
    const code = root([1, [['a']], [['template', [['outer'], ' ']]]], t('|'), [
      1,
      [['a']],
      [['template', [['outer', 'private'], ' ']]],
    ]);
    expect(run(code, { a: 'A', outer: 'O' }).html).toBe('<AO>|<A>');
  });
});
