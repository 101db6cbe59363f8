/**
 * The floor's static page: a client that hydrates the page's HTML with a prebuilt element tree
 * and nothing else — bare React `hydrateRoot`, no template work. The tree is the server DOM's
 * root content turned into React elements by the React path's own markup rules (parseMarkup:
 * the same attribute-to-prop mapping the template's tree uses, so both hydrate the same DOM),
 * then written out as `createElement` calls, as compiled JSX would be.
 */
import type { ReactNode } from 'react';

import { parseMarkup } from '../../react-renderer/index.js';

/** JavaScript source of an expression list building `nodes` with `h` (createElement). */
function nodesSource(nodes: readonly unknown[]): string[] {
  return nodes.flatMap((node): string[] => {
    if (node === null || node === undefined || node === false || node === true) return [];
    if (typeof node === 'string' || typeof node === 'number') return [JSON.stringify(node)];
    const element = node as { type?: unknown; props?: Record<string, unknown> };
    if (typeof element.type !== 'string' || element.props === undefined) {
      throw new Error(`static tree: not a host element or text: ${String(node)}`);
    }
    const { children, ...props } = element.props;
    for (const [name, value] of Object.entries(props)) {
      if (typeof value === 'function') throw new Error(`static tree: function prop ${name}`);
    }
    const kids =
      children === undefined ? [] : nodesSource(Array.isArray(children) ? children : [children]);
    return [
      `h(${JSON.stringify(element.type)},${JSON.stringify(props)}${kids.map((k) => `,${k}`).join('')})`,
    ];
  });
}

/** Source of an array expression building the React nodes of `html` with `h` (createElement). */
export function staticChildrenSource(html: string): string {
  return `[${nodesSource(parseMarkup(html, '#root', 0) as ReactNode[]).join(',\n')}]`;
}

/**
 * Source of a module for the static client: `staticChildren[i]()` returns the children of the
 * page's i-th root (the body, then the islands) built afresh (called after the client's start
 * mark, so the trees' construction is timed as a React app's render would be).
 */
export function staticTreeModule(rootsInnerHtml: readonly string[]): string {
  return [
    "import { createElement as h } from 'react';",
    'export const staticChildren = [',
    ...rootsInnerHtml.map((html) => `  () => ${staticChildrenSource(html)},`),
    '];',
  ].join('\n');
}
