import { describe, expect, it } from 'vitest';
import type { Code, Instruction } from '../../engine/code.js';
import { compile } from '../../index.js';
import { loadFixtures } from '../support/fixtures.js';
import { located, probes, root, run } from './exec-helpers.js';

const v = (...path: (string | number)[]): Instruction => [1, [path], 0];
const t = (text: string): Instruction => [0, text];

describe('literal instructions', () => {
  it('appends text, meta characters and whitespace instructions; comments print nothing', () => {
    const code = root(t('a'), 12, 13, 14, 15, 16, [11, 'note', 0], t('b'), 3, 18, [21, 'atom']);
    expect(run(code, {}).html).toBe('a{}\n \tb');
  });
});

describe('VARIABLE', () => {
  it('renders scalars in JavaScript formatting, arrays comma-joined, objects and null as nothing', () => {
    const code = root(
      v('n'),
      t('|'),
      v('big'),
      t('|'),
      v('b'),
      t('|'),
      v('arr'),
      t('|'),
      v('obj'),
      t('|'),
      v('nul'),
      t('|'),
      v('missing'),
    );
    const data = {
      n: 0.1 + 0.2,
      big: 1e21,
      b: true,
      arr: [1, null, [2, 3], 'x'],
      obj: { a: 1 },
      nul: null,
    };
    expect(run(code, data).html).toBe('0.30000000000000004|1e+21|true|1,null,2,3,x|||');
  });

  it('searches the stack for plain names and descends own properties only', () => {
    const code = root([2, ['inner'], [v('top'), t('/'), v('inner', 'x'), t('/'), v('x')], 3]);
    expect(run(code, { top: 'T', inner: { x: 'X' } }).html).toBe('T/X/X');
  });

  it('renders only the first of several variables when there are no formatters', () => {
    expect(run(root([1, [['a'], ['b']], 0]), { a: 'A', b: 'B' }).html).toBe('A');
  });

  it('passes every variable to the formatter chain, applied left to right with their args', () => {
    const code = root([1, [['a'], ['b']], [['join'], ['wrap', [['<', '>'], ' ']], ['upper']]]);
    expect(run(code, { a: 'x', b: 'y' }).html).toBe('<X+Y>');
  });

  it('skips formatters that are not in the registry', () => {
    expect(run(root([1, [['a']], [['nope'], ['upper']]]), { a: 'q' }).html).toBe('Q');
  });
});

describe('formatter environment (4.6)', () => {
  it('pushes the first variable as a frame while formatters run and pops it afterwards', () => {
    probes.length = 0;
    const code = root([
      2,
      ['s'],
      [
        [1, [['a']], [['probe']]],
        [1, [['@']], [['probe']]],
      ],
      3,
    ]);
    run(code, { s: { a: 'A' } });
    expect(probes).toEqual([
      { depth: 2, node: 'A', parentNode: { a: 'A' } },
      { depth: 2, node: { a: 'A' }, parentNode: { a: 'A' } },
    ]);
  });

  it('resolves from the parent frame or the pushed frame as the formatter chooses', () => {
    const code = root([1, [['obj']], [['fromParent', [['k'], ' ']]]], t('|'), [
      1,
      [['obj']],
      [['lookup', [['k'], ' ']]],
    ]);
    expect(run(code, { k: 'outer', obj: { k: 'inner' } }).html).toBe('outer|inner');
  });

  it('a throwing formatter leaves no extra frame behind, records an error and execution goes on', () => {
    probes.length = 0;
    const code = root([1, [['a']], [['boom']]], t('after'), [1, [['a']], [['probe']]]);
    const result = run(code, { a: 1 });
    expect(result.html).toBe('after1');
    expect(probes[0]!.depth).toBe(1);
    expect(result.errors.map((e) => [e.code, e.message])).toEqual([
      [
        'UNEXPECTED_ERROR',
        'RuntimeError: Unexpected TypeError error when executing VARIABLE: kaboom',
      ],
    ]);
  });
});

describe('fused text and plain variables', () => {
  it('a throwing read is recorded against its own tag; the text and tags around it still print', () => {
    const bad: Instruction = [1, [['bad']], 0];
    const data = {
      a: 'A',
      get bad(): string {
        throw new RangeError('hostile getter');
      },
      c: 'C',
    };
    const result = run(
      located(root(t('<'), v('a'), t('|'), bad, t('|'), v('c'), t('>')), [
        [bad, { line: 1, column: 9 }],
      ]) as never,
      data,
    );
    expect(result.html).toBe('<A||C>');
    expect(result.errors.map((e) => [e.message, e.line, e.column])).toEqual([
      ['RuntimeError: Unexpected RangeError error when executing VARIABLE: hostile getter', 1, 9],
    ]);
  });

  it('keeps resolving each tag from the frame stack (current frame first, then outward)', () => {
    const code = root([2, ['s'], [v('x'), t('-'), v('y'), t('-'), v('s', 'x'), v('@index')], 3]);
    expect(run(code, { s: { x: 'inner' }, y: 'outer' }).html).toBe('inner-outer-inner');
  });
});

describe('SECTION', () => {
  it('runs the block in a frame for a truthy value', () => {
    expect(run(root([2, ['a', 'b'], [v('c')], 3]), { a: { b: { c: 'C' } } }).html).toBe('C');
  });

  it('runs the alternate inside the pushed (falsy) frame', () => {
    const code = root([2, ['a'], [t('yes')], [7, 0, 0, [t('no:'), v('@')], 3]]);
    expect(run(code, { a: 0 }).html).toBe('no:0');
    expect(run(code, { a: '0' }).html).toBe('yes');
  });

  it('resolves the first segment only in the current frame', () => {
    const code = root([2, ['x'], [[2, ['a'], [t('A')], 3]], 3]);
    expect(run(code, { x: { y: 1 }, a: 'top' }).html).toBe('');
  });

  it('uses the template truthiness rules', () => {
    const code = root([4, ['vals'], [[2, ['@'], [t('T')], [7, 0, 0, [t('F')], 3]]], 3, []]);
    const vals = [0, NaN, '', [], {}, null, false, '0', ' ', 'false', [0], { a: 0 }, 1, true];
    expect(run(code, { vals }).html).toBe('FFFFFFFTTTTTTT');
  });
});

describe('REPEATED', () => {
  it('iterates with @index/@index0 and runs alternates-with between items in the element frame', () => {
    const code = root([
      4,
      ['items'],
      [v('@index'), t(':'), v('@index0'), t('='), v('name')],
      3,
      [t('('), v('name'), t(')')],
    ]);
    expect(run(code, { items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }).html).toBe(
      '1:0=a(a)2:1=b(b)3:2=c',
    );
  });

  it('runs the alternate in the outer frame for empty arrays, objects and scalars', () => {
    const code = root([
      4,
      ['a'],
      [t('item')],
      [7, 0, 0, [t('none:'), v('a'), t(':'), v('@', 'k')], 3],
      [],
    ]);
    expect(run(code, { a: [], k: 'outer' }).html).toBe('none::outer');
    expect(run(code, { a: { x: 1 }, k: 'K' }).html).toBe('none::K');
    expect(run(code, { a: 'str', k: 'K' }).html).toBe('none:str:K');
  });

  it('nests block instructions inside the alternates-with block (Java behaviour)', () => {
    // The section runs in the element frame, so `@` is the element just rendered.
    const between: Instruction[] = [[2, ['@'], [t('S')], 3], t('|')];
    const code = root([4, ['a'], [v('@')], 3, between]);
    expect(run(code, { a: [1, 0, 3] }).html).toBe('1S|0|3');
  });

  it('nothing bound in one item (variables, macros) is visible in the next', () => {
    const code = root([
      4,
      ['a'],
      [
        v('@x'),
        [6, '@x', [['@']], 0],
        [1, [['@']], [['apply', [['m'], ' ']]]],
        [10, 'm', [t('M')]],
      ],
      3,
      [],
    ]);
    const result = run(code, { a: [1, 2] });
    expect(result.html).toBe('');
    expect(result.errors.map((e) => e.code)).toEqual([
      'APPLY_PARTIAL_MISSING',
      'APPLY_PARTIAL_MISSING',
    ]);
  });

  it('renders null elements as null frames and sees @index through nested sections', () => {
    const code = root([4, ['a'], [[2, ['@'], [t('x')], [7, 0, 0, [v('@index')], 3]]], 3, []]);
    expect(run(code, { a: [null, 1] }).html).toBe('1x');
  });

  it('a section inside a repeated body cannot see @index (element frames have no index)', () => {
    const code = root([4, ['a'], [[2, ['@index'], [t('I')], [7, 0, 0, [t('-')], 3]]], 3, []]);
    expect(run(code, { a: [1, 2] }).html).toBe('--');
  });
});

describe('PREDICATE and OR_PREDICATE chains', () => {
  const chain: Code = root([
    5,
    'is?',
    [['a'], ' '],
    [t('A')],
    [7, 'is?', [['b'], ' '], [t('B')], [7, 'unknown?', 0, [t('U')], [7, 0, 0, [t('else')], 3]]],
  ]);

  it('takes the first true branch of the chain', () => {
    expect(run(chain, 'a').html).toBe('A');
    expect(run(chain, 'b').html).toBe('B');
  });

  it('treats an unknown predicate as false and falls through to the bare {.or}', () => {
    expect(run(chain, 'z').html).toBe('else');
  });

  it('records a throwing predicate and continues with the next instruction', () => {
    const result = run(root([5, 'boom?', 0, [t('no')], 3], t('next')), {});
    expect(result.html).toBe('next');
    expect(result.errors[0]!.message).toBe(
      'RuntimeError: Unexpected RangeError error when executing PREDICATE: predicate failed',
    );
  });
});

describe('IF', () => {
  const iff = (ops: number[], ...names: string[]): Code =>
    root([8, ops, names.map((n) => [n]), [t('T')], [7, 0, 0, [t('F')], 3]]);

  it('combines strictly left to right, stopping when an AND is false or an OR is true', () => {
    // a && b || c with a false is false even though c is true
    expect(run(iff([1, 0], 'a', 'b', 'c'), { a: 0, b: 1, c: 1 }).html).toBe('F');
    // a true, b false: the AND yields false and stops
    expect(run(iff([1, 0], 'a', 'b', 'c'), { a: 1, b: 0, c: 1 }).html).toBe('F');
    // a || b && c with a true: the OR yields true and stops
    expect(run(iff([0, 1], 'a', 'b', 'c'), { a: 1, b: 0, c: 0 }).html).toBe('T');
    // a false, b true: the OR yields true and stops before c
    expect(run(iff([0, 1], 'a', 'b', 'c'), { a: 0, b: 1, c: 0 }).html).toBe('T');
    expect(run(iff([0, 1], 'a', 'b', 'c'), { a: 0, b: 0, c: 1 }).html).toBe('F');
  });

  it('resolves its variables by searching the stack', () => {
    const code = root([2, ['s'], [[8, [], [['top']], [t('T')], 3]], 3]);
    expect(run(code, { s: { x: 1 }, top: 1 }).html).toBe('T');
  });
});

describe('BINDVAR, CTXVAR, INJECT', () => {
  it('binds in the current frame: visible in nested frames, gone after the frame pops', () => {
    const code = root(
      [
        2,
        ['s'],
        [
          [6, '@x', [['v']], [['upper']]],
          [2, ['t'], [v('@x')], 3],
        ],
        3,
      ],
      t('|'),
      v('@x'),
    );
    expect(run(code, { s: { v: 'a', t: true } }).html).toBe('A|');
  });

  it('.ctx builds an object of resolved values with null for missing ones', () => {
    const code = root(
      [
        22,
        '@o',
        [
          ['k', ['a', 'b']],
          ['m', ['nope']],
        ],
      ],
      [1, [['@o']], [['join']]],
      v('@o', 'k'),
      t(String('|')),
      v('@o', 'm'),
    );
    const result = run(code, { a: { b: 5 } });
    expect(result.html).toBe('[object Object]5|');
  });

  it('.inject binds decoded values and turns falsy ones into MISSING', () => {
    const code = root(
      [9, '@a', 'a.json', 0],
      [9, '@z', 'zero.json', 0],
      [9, '@m', 'none.json', 0],
      v('@a', 'name'),
      t('|'),
      v('@z'),
      t('|'),
      v('@m'),
    );
    const result = run(code, {}, { injects: { 'a.json': { name: 'albert' }, 'zero.json': 0 } });
    expect(result.html).toBe('albert||');
  });
});

describe('errors and robustness', () => {
  it('carries the location of the failing instruction from template.locations', () => {
    const bad: Instruction = [1, [['a']], [['boom']]];
    const result = run(
      located(root(t('x'), bad), [[bad, { line: 3, column: 7 }]], 'page.html') as never,
      { a: 1 },
    );
    expect(result.errors).toEqual([
      {
        code: 'UNEXPECTED_ERROR',
        message: 'RuntimeError: Unexpected TypeError error when executing VARIABLE: kaboom',
        line: 3,
        column: 7,
        severity: 'error',
        source: 'page.html',
      },
    ]);
  });

  it('uses 0/0 when the code carries no locations; plugin errors are located too', () => {
    const result = run(root([1, [['a']], [['report', [['x'], ' ']]]]), { a: 1 });
    expect(result.errors).toEqual([
      { code: 'PLUGIN_ERROR', message: 'reported x', line: 0, column: 0, severity: 'error' },
    ]);
  });

  it('never reads inherited properties (hostile keys)', () => {
    const code = root(
      v('constructor'),
      v('__proto__'),
      v('toString'),
      v('a', 'constructor'),
      v('a', '__proto__'),
      v('arr', 'length'),
      [2, ['constructor'], [t('S')], 3],
    );
    expect(run(code, { a: {}, arr: [1] }).html).toBe('');
    const own = JSON.parse('{"__proto__": "p", "constructor": "c"}') as unknown;
    expect(run(root(v('__proto__'), v('constructor')), own).html).toBe('pc');
  });

  it('handles deep data and odd JavaScript values without throwing', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const odd = {
      f: () => 1,
      s: Symbol('x'),
      big: 10n,
      map: new Map([['a', 1]]),
      date: new Date(0),
    };
    const code = root(v('deep'), v('f'), v('s'), v('big'), v('map', 'a'), [2, ['f'], [t('F')], 3]);
    const result = run(code, { deep, ...odd });
    expect(typeof result.html).toBe('string');
    expect(run(root(v('x')), undefined).html).toBe('');
    expect(run(root(v('x')), 42).html).toBe('');
  });

  it('never throws on malformed code trees', () => {
    const weird = [
      17,
      1,
      [[1], [2, 'x', 0, 3], [99, 1], 'str', null, [8, [1], [], [], 3], [0, 'ok']],
      18,
    ] as unknown as Code;
    const result = run(weird, {});
    expect(result.html).toBe('ok');
    expect(result.errors.length).toBeGreaterThan(0);
    expect(run('nonsense' as unknown as Code, {}).errors[0]!.code).toBe('INVALID_CODE');
  });

  it('compiles a code tree once and reuses it across renders with different data', () => {
    const code = root([4, ['a'], [v('@')], 3, [t(',')]]);
    expect(run(code, { a: [1, 2] }).html).toBe('1,2');
    expect(run(code, { a: ['x'] }).html).toBe('x');
  });
});

describe('EVAL', () => {
  const ev = (source: string): Instruction => [23, source];

  it('emits the value of the last expression and binds assignments in the current frame', () => {
    const code = root([2, ['s'], [ev('@a = n * 3; @a + 1'), t('|'), v('@a')], 3], t('|'), v('@a'));
    expect(run(code, { s: { n: 2 } }).html).toBe('7|6|');
  });

  it('resolves variables from the current frame up the stack', () => {
    const code = root([2, ['s'], [ev('inner + "-" + outer')], 3]);
    expect(run(code, { s: { inner: 'i' }, outer: 'o' }).html).toBe('i-o');
  });

  it('reports a parse error once per render, and again in the next render', () => {
    const loop = root([4, ['a'], [ev('1 + (')], 3, []]);
    const first = run(loop, { a: [1, 2, 3] });
    expect(first.html).toBe('');
    expect(first.errors.map((e) => [e.code, e.message])).toEqual([
      [
        'EXPRESSION_PARSE',
        'RuntimeError: Error parsing expression: "1 + (": Mismatched operator found: left paren',
      ],
    ]);
    expect(run(loop, { a: [1] }).errors).toHaveLength(1);
  });

  it('reports every parse error of one source, once per instruction per render', () => {
    const loop = root([4, ['a'], [ev('max(1;2)')], 3, []]);
    const result = run(loop, { a: [1, 2] });
    expect(result.html).toBe('');
    const prefix = 'RuntimeError: Error parsing expression: "max(1;2)": Mismatched operator found:';
    expect(result.errors.map((e) => [e.code, e.message])).toEqual([
      ['EXPRESSION_PARSE', `${prefix} left paren`],
      ['EXPRESSION_PARSE', `${prefix} right paren`],
    ]);
  });

  it('still prints the debug text of a source that failed to parse, on every execution', () => {
    const loop = root([4, ['a'], [ev('#1 + (')], 3, [t('|')]]);
    const result = run(loop, { a: [1, 2] });
    expect(result.html).toBe('EVAL=[]|EVAL=[]');
    expect(result.errors.map((e) => e.code)).toEqual(['EXPRESSION_PARSE']);
  });

  it('reports evaluation errors on every execution', () => {
    const result = run(root(ev('max()'), ev('max()')), {});
    expect(result.errors.map((e) => e.code)).toEqual(['EXPRESSION_REDUCE', 'EXPRESSION_REDUCE']);
  });

  it('does nothing when expressions are disabled', () => {
    const result = run(root(ev('@a = 1; 2'), v('@a')), {}, { expressions: false });
    expect(result).toEqual({ html: '', errors: [] });
  });

  it('honours maxExpressionTokens per render with the same compiled code', () => {
    const code = root(ev('1 + 2 + 3'));
    expect(run(code, {}, { maxExpressionTokens: 2 }).errors[0]!.code).toBe('EXPRESSION_PARSE');
    expect(run(code, {}).html).toBe('6');
  });
});

describe('code trees compiled elsewhere (core/ast-*.html :JSON)', () => {
  const data = { a: 1, b: [1, 2], c: { d: 'x' }, person: { name: 'N' }, foo: true, bar: 'B' };
  for (const fixture of loadFixtures('core', (name) => name.startsWith('ast-'))) {
    it(`${fixture.id}: the reference tree renders like our compiled template`, () => {
      const tree = JSON.parse(fixture.sections.JSON!) as Code;
      const ours = compile(fixture.sections.TEMPLATE!.trim());
      const fromTree = run(tree, data);
      expect(fromTree.html).toBe(run(ours.code, data).html);
      expect(fromTree.errors.map((e) => e.code)).toEqual(
        run(ours.code, data).errors.map((e) => e.code),
      );
    });
  }
});
