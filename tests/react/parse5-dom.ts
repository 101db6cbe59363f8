/**
 * The parse5 oracle of the tree-construction tests (formatting.test.ts, tree-rules.test.ts):
 * DOMs compared as serializations, parse5's against React's `renderToString`, not by parsing
 * React's HTML again (a second parse would foster text out of a table, un-nest links, and could
 * repair a wrong tree into the right one). Whitespace-only text directly in table parts is left
 * out of the browser's side: the React tree has none there (react-renderer/runtime/host-elements.ts).
 */
import {
  defaultTreeAdapter,
  html as html5,
  parse,
  parseFragment,
  serialize,
  type DefaultTreeAdapterMap,
} from 'parse5';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { compile, prepareReact, render, renderToReact } from '../../index.js';
import {
  isHtmlBlank,
  parseMarkup,
  TABLE_PARTS,
} from '../../react-renderer/runtime/host-elements.js';
import { HtmlTokenizer } from '../../react-renderer/html/tokenizer.js';
import { Ns, TreeBuilder, type HNode } from '../../react-renderer/html/tree-builder.js';
import { Kind } from '../../react-renderer/structure/react-code.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Parent = DefaultTreeAdapterMap['parentNode'];

/** Removes whitespace-only text directly inside table parts (see the header). */
function dropTableWhitespace(node: P5Node): void {
  if (!('childNodes' in node)) return;
  const parent = node as P5Parent;
  if (TABLE_PARTS.has(parent.nodeName)) {
    parent.childNodes = parent.childNodes.filter(
      (child) => child.nodeName !== '#text' || !isHtmlBlank((child as { value: string }).value),
    );
  }
  for (const child of parent.childNodes) dropTableWhitespace(child);
}

/** What parse5 builds of markup as the content of a `context` element, serialized. */
export function browserDom(markup: string, context: string): string {
  const element = defaultTreeAdapter.createElement(context, html5.NS.HTML, []);
  const fragment = parseFragment(element, markup, {});
  dropTableWhitespace(fragment);
  return serialize(fragment);
}

/** What `parseMarkup` builds, rendered by React (void elements written as the parser does). */
export function ourDom(markup: string, context: string): string {
  const nodes = parseMarkup(markup, context, Ns.HTML) as ReactNode[];
  return renderToString(createElement(Fragment, null, ...nodes)).replace(/\/>/g, '>');
}

/** The browser's DOM of the string path's HTML, the React path's HTML, and its errors. */
export function bothDoms(
  source: string,
  data: unknown,
): { browser: string; react: string; codes: string[] } {
  const body = (html: string): string => {
    // A doctype: in quirks mode a table does not close a paragraph.
    const document = parse(`<!DOCTYPE html><span></span>${html}`);
    const htmlElement = document.childNodes.find((node) => node.nodeName === 'html') as P5Parent;
    const bodyElement = htmlElement.childNodes.find((node) => node.nodeName === 'body')!;
    dropTableWhitespace(bodyElement);
    return serialize(bodyElement as P5Parent);
  };
  const result = renderToReact(`<span></span>${source}`, data);
  return {
    browser: body(render(source, data).html),
    react: renderToString(result.element).replace(/\/>/g, '>'),
    codes: result.errors.map((error) => error.code),
  };
}

/** A template's React code and the codes of its structuring warnings. */
export function structured(source: string): { react: unknown[]; warnings: string[] } {
  const { react, warnings } = prepareReact(compile(source));
  return { react, warnings: warnings.map((warning) => warning.code) };
}

/** Whether React code holds a region anywhere (`Kind.REGION`). */
export function hasRegion(nodes: unknown): boolean {
  if (!Array.isArray(nodes)) return false;
  if (nodes[0] === Kind.REGION) return true;
  return nodes.some(hasRegion);
}

/**
 * A parsed tree for comparing the parsers themselves: elements as `[namespace, tag, attributes,
 * children]`, attribute names as written (lower case, a prefix joined with `:`), texts as
 * strings. A comment is not a node of the React tree (hydration skips it); it only keeps the
 * texts on either side apart, so it stays only there, as null.
 */
export type Tree = Array<string | null | [Ns, string, Array<[string, string]>, Tree]>;

function keepBreaksBetweenTexts(nodes: Tree): Tree {
  return nodes.filter(
    (node, i) =>
      node !== null || (typeof nodes[i - 1] === 'string' && typeof nodes[i + 1] === 'string'),
  );
}

const NAMESPACES: Record<string, Ns> = {
  [html5.NS.HTML]: Ns.HTML,
  [html5.NS.SVG]: Ns.SVG,
  [html5.NS.MATHML]: Ns.MATH,
};

/** What parse5 builds of markup as the content of a `context` element (see `Tree`). */
export function browserTree(markup: string, context: string): Tree {
  const element = defaultTreeAdapter.createElement(context, html5.NS.HTML, []);
  const convert = (nodes: P5Node[]): Tree =>
    keepBreaksBetweenTexts(
      nodes.map((node) => {
        if (node.nodeName === '#text') return (node as { value: string }).value;
        if (!('tagName' in node)) return null;
        const el = node as DefaultTreeAdapterMap['element'];
        const attrs = el.attrs.map(({ prefix, name, value }): [string, string] => [
          (prefix ? `${prefix}:${name}` : name).toLowerCase(),
          value,
        ]);
        const kids = el.tagName === 'template' ? [] : el.childNodes;
        return [NAMESPACES[el.namespaceURI]!, el.tagName, attrs, convert(kids)];
      }),
    );
  return convert(parseFragment(element, markup, {}).childNodes);
}

/** What the React path's parser (tokenizer and tree builder) builds of the same (see `Tree`). */
export function ourTree(markup: string, context: string): Tree {
  const builder = new TreeBuilder<never, null>(context, Ns.HTML);
  const tokenizer = new HtmlTokenizer<never>(builder);
  tokenizer.write(markup);
  tokenizer.end();
  builder.finish();
  const convert = (nodes: Array<HNode<never, null>>): Tree =>
    keepBreaksBetweenTexts(
      nodes.map((node) => {
        if (node === null || typeof node === 'string') return node;
        const attrs = node.attrs.map(({ name, value }): [string, string] => [name, value]);
        return [node.ns, node.tag, attrs, convert(node.children)];
      }),
    );
  return convert(builder.root.children);
}
