/**
 * Values' markup is parsed once per element it is parsed in and kept across renders
 * (react-renderer/runtime/react-context.ts `parseIn`): the same markup, in the same place, gives the same (immutable)
 * React nodes render after render; the same markup in another element is parsed for that one;
 * and the kept markup is dropped past its bound.
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compile, renderToReact } from '../../../index.js';

/** The element children of a tree, depth first. */
function elements(node: ReactNode, out: ReactElement[] = []): ReactElement[] {
  if (Array.isArray(node)) node.forEach((kid: ReactNode) => elements(kid, out));
  else if (isValidElement(node)) {
    out.push(node);
    elements((node.props as { children?: ReactNode }).children, out);
  }
  return out;
}

const byType = (tree: ReactNode, type: string): ReactElement[] =>
  elements(tree).filter((el) => el.type === type);

describe('parsed markup kept across renders', () => {
  const template = compile('<div class="a">{v}</div><table><tr><td>{v}</td></tr></table>');

  it('gives the same nodes for the same markup in the same element, render after render', () => {
    const data = { v: '<b class="price">$1</b> <i>off</i>' };
    const first = renderToReact(template, data).element;
    const second = renderToReact(template, data).element;
    const [b1] = byType(first, 'b');
    const [b2] = byType(second, 'b');
    expect(b1).toBeDefined();
    expect(b2).toBe(b1);
    // Other markup in the same place is parsed for itself.
    const other = renderToReact(template, { v: '<b class="price">$2</b>' }).element;
    expect(byType(other, 'b')[0]).not.toBe(b1);
    expect(renderToString(second)).toBe(renderToString(first));
  });

  it('parses the same markup apart in another element, with that element’s rules', () => {
    const data = { v: '<b>x</b>' };
    const tree = renderToReact(template, data).element;
    const [inDiv, inCell] = byType(tree, 'b');
    expect(inDiv).toBeDefined();
    expect(inCell).toBeDefined();
    expect(inCell).not.toBe(inDiv);
    const html = renderToString(tree);
    expect(html).toContain('<div class="a"><b>x</b></div>');
    expect(html).toContain('<td><b>x</b></td>');
  });

  it('drops what it keeps past a million characters of markup', () => {
    const data = { v: '<b>kept</b>' };
    const before = byType(renderToReact(template, data).element, 'b')[0];
    expect(byType(renderToReact(template, data).element, 'b')[0]).toBe(before);
    // Markup of distinct lengths (a length keeps a few strings at most).
    for (let i = 0; i < 120; i++)
      renderToReact(template, { v: `<i>x</i>${'x'.repeat(10_000 + i)}` });
    expect(byType(renderToReact(template, data).element, 'b')[0]).not.toBe(before);
  });
});
