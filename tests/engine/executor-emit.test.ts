// The executor's text-returning closures and their fast paths (a block's single bare step
// guarded by the repeated section that runs it, section names read straight off the node,
// `{@}`, `{a|f}`, bound `@names`, constant `.eval` folding): same output and errors as the
// general paths, including when something throws part way.
import { describe, expect, it } from 'vitest';

import { compileTemplate } from '../../engine/compile.js';
import { ErrorCode } from '../../engine/errors.js';
import { registry, run } from './exec-helpers.js';

function renderSource(source: string, data: unknown, options = {}) {
  const template = compileTemplate(source, registry);
  expect(template.errors).toEqual([]);
  return run(template.code, data, options);
}

const messages = (result: { errors: { message: string }[] }): string[] =>
  result.errors.map((e) => e.message);

describe('executor fast paths', () => {
  it('a repeated section guards a bare body step per item and keeps going', () => {
    const result = renderSource('{.repeated section items}{@|boom}{.alternates with},{.end}!', {
      items: [1, 2, 3],
    });
    expect(result.html).toBe(',,!');
    expect(messages(result)).toEqual(
      Array(3).fill('RuntimeError: Unexpected TypeError error when executing VARIABLE: kaboom'),
    );
  });

  it('a repeated body that is more than one step keeps its own error isolation', () => {
    const result = renderSource('{.repeated section items}<{@|boom}{@}>{.end}', {
      items: ['a', 'b'],
    });
    expect(result.html).toBe('<a><b>');
    expect(result.errors).toHaveLength(2);
  });

  it('a hostile array keeps the items rendered before it threw', () => {
    const items = [1, 2, 3];
    Object.defineProperty(items, 2, {
      get() {
        throw new RangeError('no third item');
      },
    });
    const result = renderSource('[{.repeated section items}{@}{.end}]', { items });
    expect(result.html).toBe('[12]');
    expect(messages(result)).toEqual([
      'RuntimeError: Unexpected RangeError error when executing REPEATED: no third item',
    ]);
  });

  it('section names read off the current node only, like any section', () => {
    const data = { a: { x: 'inner' }, x: 'outer', list: [], s: 'str' };
    expect(renderSource('{.section a}{x}{.end}', data).html).toBe('inner');
    // The first segment is not searched up the stack.
    expect(renderSource('{.section a}{.section x}{@}{.end}{.end}', data).html).toBe('inner');
    expect(renderSource('{.section a}{.section list}y{.or}n{.end}{.end}', data).html).toBe('n');
    expect(renderSource('{.section list}y{.or}{length}{.end}', data).html).toBe('0');
    expect(renderSource('{.section s}{@}{.end}', data).html).toBe('str');
  });

  it('`{@}` and `{a|f}` print what the general paths print', () => {
    const data = { items: [[1, 2], 'x', null, true], a: 'v' };
    expect(renderSource('{.repeated section items}({@}){.end}', data).html).toBe(
      '(1,2)(x)()(true)',
    );
    expect(renderSource('{a|upper}{a|wrap [ ]}{a|upper|wrap < >}', data).html).toBe('V[v]<V>');
  });

  it('a bound @name is found from inner frames and vanishes with its frame', () => {
    const data = { c: { x: 1 }, inner: { y: 2 } };
    expect(renderSource('{.var @v c.x}{.section inner}{@v}{y}{.end}', data).html).toBe('12');
    expect(renderSource('{.section inner}{.var @w y}{.end}[{@w}]', data).html).toBe('[]');
  });

  it('a constant .eval is folded but still reports its errors on every execution', () => {
    const result = renderSource('{.repeated section items}{.eval 1 + max()}{.end}', {
      items: [1, 2],
    });
    expect(result.html).toBe('');
    expect(result.errors.map((e) => e.code)).toEqual([
      ErrorCode.EXPRESSION_REDUCE,
      ErrorCode.EXPRESSION_REDUCE,
    ]);
    expect(messages(result)[0]).toContain('Error calling function max');
    expect(renderSource('{.eval 17.5 * max(-2, 3) == 52.5}', {}).html).toBe('true');
  });

  it('a constant .eval honours the render options', () => {
    const source = '{.eval "abc" + "def"}';
    expect(renderSource(source, {}).html).toBe('abcdef');
    expect(renderSource(source, {}, { expressions: false }).html).toBe('');
    const limited = renderSource(source, {}, { maxStringLength: 4 });
    expect(limited.html).toBe('');
    expect(messages(limited)[0]).toContain('maximum string length 4');
  });

  it('an .eval that reads variables is evaluated on every execution', () => {
    const result = renderSource('{.repeated section items}{.eval @ * 2}{.end}', {
      items: [1, 2, 3],
    });
    expect(result.html).toBe('246');
  });
});
