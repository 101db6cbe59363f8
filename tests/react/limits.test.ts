/**
 * Elements nested deeper than the browser nests them: the React path puts those past
 * MAX_ELEMENT_DEPTH beside each other, as Chromium's and WebKit's parsers do (an element opened
 * with more than 512 open goes into the current element's parent), says so in a located
 * REACT_TOO_DEEP warning, and never throws: in a template (`prepareReact`, what `check --react`
 * and the preview use, reports it) and in a value's markup (`renderToReact` reports it).
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compile, prepareReact, renderToReact } from '../../index.js';
import { MAX_ELEMENT_DEPTH } from '../../react-renderer/html/open-elements.js';

type Props = { children?: ReactNode; className?: string };

/**
 * The host elements along the last-child chain from `node` (a loop: no recursion), the children
 * of the element holding the deepest one, and what the deepest one holds.
 */
function lastChain(node: ReactNode): { depth: number; beside: ReactNode[]; text: unknown } {
  let depth = 0;
  let beside: ReactNode[] = [];
  let el = node as ReactElement<Props>;
  for (;;) {
    if (typeof el.type === 'string') depth++;
    const children = el.props.children;
    const kids = (Array.isArray(children) ? children : [children]) as ReactNode[];
    const last = kids[kids.length - 1];
    if (typeof last !== 'object' || last === null || !('props' in last)) {
      return { depth, beside, text: last };
    }
    beside = kids;
    el = last as ReactElement<Props>;
  }
}

/**
 * `nested` elements built as the browser does past the limit: MAX_ELEMENT_DEPTH + 1 nested, the
 * rest beside the deepest, the last of them holding `text`; rendered by React without throwing.
 */
function expectFlattened(element: ReactElement, nested: number, text: string): void {
  const chain = lastChain(element);
  expect(chain.depth).toBe(MAX_ELEMENT_DEPTH + 1);
  // The element at the limit holds the deepest one and every one past it, in order.
  expect(chain.beside).toHaveLength(nested - MAX_ELEMENT_DEPTH);
  expect(chain.text).toBe(text);
  expect(() => renderToString(element)).not.toThrow();
}

describe('templates nesting elements past the depth limit', () => {
  it.each([1_500, 5_000])(
    'nested %i deep with attributes from data: rendered flattened, warned at the tag',
    (depth) => {
      const template = compile('<div class="{c}">'.repeat(depth) + '{x}' + '</div>'.repeat(depth));
      const { element, errors } = renderToReact(template, { x: 'y', c: 'k' });
      expect(isValidElement(element)).toBe(true);
      expect(errors).toEqual([]);
      expectFlattened(element, depth, 'y');
      // The tag opened past the limit: the 514th (512 open and the 513th in the last of them).
      const column = '<div class="{c}">'.length * (MAX_ELEMENT_DEPTH + 1) + 1;
      expect(prepareReact(template).warnings).toEqual([
        {
          code: 'REACT_TOO_DEEP',
          message: expect.stringContaining('nest more than 512 deep'),
          line: 1,
          column,
          severity: 'warning',
        },
      ]);
    },
  );

  it('prepareReact (what check --react and the preview use) does not throw either', () => {
    const depth = 5_000;
    const template = compile('<div>'.repeat(depth) + '{x}' + '</div>'.repeat(depth));
    const prepared = prepareReact(template);
    expect(prepared.warnings.map((w) => [w.code, w.line, w.column])).toEqual([
      ['REACT_TOO_DEEP', 1, 5 * (MAX_ELEMENT_DEPTH + 1) + 1],
    ]);
    expect(prepared.react).toHaveLength(1);
    expect((prepared.react[0] as unknown[])[1]).toBe('div');
  });
});

describe('values nesting elements past the depth limit', () => {
  // `<b>` left open (9 KB: the page is rendered whole), `<div>` (the simple-markup fast
  // path gives way to the tree builder), `<section>` closed (the tree builder).
  const cases: Array<[string, number, (n: number) => string]> = [
    ['<b>', 3_000, (n) => '<b>'.repeat(n) + 'z'],
    ['<div>', 5_000, (n) => '<div>'.repeat(n) + 'z'],
    ['<section>', 100_000, (n) => '<section>'.repeat(n) + 'z' + '</section>'.repeat(n)],
    ['<b>', 20_000, (n) => '<b>'.repeat(n) + 'z'],
  ];

  it.each(cases)('%s nested %i deep: rendered flattened with a located warning', (_, n, value) => {
    const template = compile('<main>\n  {x}</main>');
    const { element, errors } = renderToReact(template, { x: value(n) });
    expect(isValidElement(element)).toBe(true);
    const deep = errors.filter((e) => e.code === 'REACT_TOO_DEEP');
    expect(deep).toEqual([
      {
        code: 'REACT_TOO_DEEP',
        message: expect.stringContaining("this value's markup nests elements more than 512 deep"),
        line: 2,
        column: 3,
        severity: 'warning',
      },
    ]);
    expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
    // <main> and the value's elements.
    expectFlattened(element, n + 1, 'z');
  });
});
