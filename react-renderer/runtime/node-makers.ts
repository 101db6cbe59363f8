/**
 * How the React path makes its nodes, for the closures (compile/node-compiler.ts) and for generated
 * element code (codegen/element-source.ts): elements from props and children, a value's text or
 * parsed markup, a formatter widget's component.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import type { Instruction } from '../../engine/code.js';
import type { Exec } from '../../engine/fragments.js';
import type { Props } from './attribute-props.js';
import type { ComponentTable } from '../components/index.js';
import type { FormatterComponentProps } from '../components/types.js';
import {
  fostersText,
  jsx,
  jsxs,
  propsElement,
  pushAll,
  pushText,
  type host,
  type Kid,
} from './host-elements.js';
import { fragment, inlineElement, newArray } from './unpretenured-objects.js';
import { decodeEntities } from '../html/entities.js';
import { Quote } from '../html/tokens.js';
import { parseIn, type ParseSite, type ReactContext } from './react-context.js';

export { jsx, jsxs };

/** An instruction's output in an attribute value, references decoded (most have none). */
export function attributeText(text: string): string {
  return text.indexOf('&') === -1 ? text : decodeEntities(text, true);
}

/** Whether an attribute value's text contains its delimiter (see `RAttr`). */
export function delimiterTest(quote: Quote): (text: string) => boolean {
  if (quote === Quote.DOUBLE) return hasDoubleQuote;
  if (quote === Quote.SINGLE) return (text) => text.indexOf("'") !== -1;
  return (text) => /[\t\n\f\r >]/.test(text);
}

const hasDoubleQuote = (text: string): boolean => text.indexOf('"') !== -1;

/**
 * An instruction's (`origin`) text in an attribute value, after reporting the render as
 * unbalanced where it would end its value early in the browser (`ReactContext.unbalanced`).
 */
export function checkedValue(
  ctx: ReactContext,
  text: string,
  breaks: (text: string) => boolean,
  origin: unknown,
): string {
  if (breaks(text)) ctx.unbalanced(origin);
  return text;
}

/** `checkedValue` in a double-quoted value (the generated code's `Q`: one call, no test passed). */
export function quotedValue(ctx: ReactContext, text: string, origin: unknown): string {
  if (hasDoubleQuote(text)) ctx.unbalanced(origin);
  return text;
}

/** Builds one node (an element, a text, a value's nodes) from the render state. */
export type Make = (ctx: ReactContext) => ReactNode;

/**
 * A plain element whose props object is new for each element: it becomes the element's props
 * as is (React's `jsx` keeps it, where `createElement` would copy it into another object).
 * Several children go in as one array of static children (`jsxs`, as for literal JSX).
 */
export function freshElement(
  tag: string,
  props: (ctx: ReactContext) => Props,
  makers: Make[],
): Make {
  const [a, b, c, d] = makers;
  switch (makers.length) {
    case 0:
      return (ctx) => propsElement(tag, props(ctx), false);
    case 1:
      return (ctx) => {
        const own = props(ctx);
        own.children = a!(ctx);
        return propsElement(tag, own, false);
      };
    case 2:
      return (ctx) => {
        const own = props(ctx);
        own.children = newArray(a!(ctx), b!(ctx));
        return propsElement(tag, own, true);
      };
    case 3:
      return (ctx) => {
        const own = props(ctx);
        own.children = newArray(a!(ctx), b!(ctx), c!(ctx));
        return propsElement(tag, own, true);
      };
    case 4:
      return (ctx) => {
        const own = props(ctx);
        own.children = newArray(a!(ctx), b!(ctx), c!(ctx), d!(ctx));
        return propsElement(tag, own, true);
      };
    default:
      return (ctx) => {
        const own = props(ctx);
        own.children = makers.map((make) => make(ctx));
        return propsElement(tag, own, true);
      };
  }
}

/**
 * An element whose children `body` collects in `ctx.kids` first, then made by `create`:
 * `host` for elements that need its adjustments (tables, selects, raw text…), `plainHost`
 * for the others.
 */
export function collectedElement(
  tag: string,
  props: (ctx: ReactContext) => Props,
  body: Exec,
  create: typeof host,
): Make {
  return (ctx) => {
    const own = props(ctx);
    return create(tag, own, collectKids(ctx, body));
  };
}

/** The children `body` adds to `ctx.kids`, collected apart. */
function collectKids(ctx: ReactContext, body: Exec): Kid[] {
  const saved = ctx.kids;
  // No try/finally: an exception is caught by `guarded`, which restores `kids` itself.
  ctx.kids = newArray();
  body(ctx);
  const kids = ctx.kids;
  ctx.kids = saved;
  return kids;
}

/**
 * The `children` prop of the children `body` collects in `ctx.kids`: for generated code that
 * writes its element as a literal, whose props literal then has one shape whatever the data
 * (undefined where there are none, which React reads as no children).
 */
export function collectedChildren(ctx: ReactContext, body: Exec): Kid | Kid[] | undefined {
  const kids = collectKids(ctx, body);
  return kids.length > 1 ? kids : kids[0];
}

/**
 * A plain element of generated code whose children `body` collects in `ctx.kids` (what
 * `collectedElement` does for the closures), made by React's `jsx`: `props` is the element's
 * own, so the children go into it.
 */
export function collectedNode(
  ctx: ReactContext,
  tag: string,
  props: Props,
  body: Exec,
): ReactElement {
  const kids = collectKids(ctx, body);
  if (kids.length === 1) props.children = kids[0];
  else if (kids.length > 1) props.children = kids;
  return kids.length > 1 ? jsxs(tag, props) : jsx(tag, props);
}

/** The nodes of a `{value}` among elements: text, its markup's nodes (a fragment), or null. */
export function valueNode(
  ctx: ReactContext,
  site: ParseSite,
  text: string,
  inst: Instruction,
  last: boolean,
): ReactNode {
  if (text.indexOf('<') === -1) {
    if (text === '') return null;
    return plainText(ctx, site, text, inst);
  }
  const kids = parseIn(ctx, site, text, inst, last);
  // Parsed markup holds no raw regions (only `<head>` has one).
  if (kids.length === 1) return kids[0] as ReactNode;
  return kids.length === 0 ? null : fragment(kids);
}

/**
 * A value's output into `ctx.kids`: most values are plain text, added as it is (no parse, no
 * array); markup is parsed as content of `site`'s element (see `parseIn`, and `tailHole` for
 * `last`).
 */
export function pushValue(
  ctx: ReactContext,
  site: ParseSite,
  text: string,
  origin: unknown,
  last = false,
): void {
  if (text.indexOf('<') !== -1) pushAll(ctx.kids, parseIn(ctx, site, text, origin, last));
  else if (text !== '') pushText(ctx.kids, plainText(ctx, site, text, origin));
}

/** A value's text that is text as it is (no markup, no references): checked as plainText is. */
export function pushPlainText(
  ctx: ReactContext,
  site: ParseSite,
  text: string,
  origin: unknown,
): void {
  if (text === '') return;
  if (fostersText(site.parent, site.ns, text)) ctx.unbalanced(origin);
  pushText(ctx.kids, text);
}

/**
 * A value's text without markup, references decoded. Text the browser would foster out of a
 * table does not fit its element (`fostersText`): the render is redone whole, as for markup.
 */
function plainText(ctx: ReactContext, site: ParseSite, text: string, origin: unknown): string {
  const decoded = text.indexOf('&') === -1 ? text : decodeEntities(text);
  if (fostersText(site.parent, site.ns, decoded)) ctx.unbalanced(origin);
  return decoded;
}

/**
 * A formatter widget: the markup's leading and trailing text stay outside the component (they
 * merge with the template text around it, as in the DOM), the elements go inside.
 */
export function pushComponent(
  ctx: ReactContext,
  compiler: ParseSite,
  Component: ComponentTable[string],
  name: string,
  html: string,
  node: unknown,
  args: string[],
  inst: unknown,
): void {
  const kids = ctx.kids;
  const first = html.indexOf('<');
  const last = html.lastIndexOf('>');
  if (first === -1 || last < first) {
    pushValue(ctx, compiler, html, inst);
    return;
  }
  pushText(kids, plainText(ctx, compiler, html.slice(0, first), inst));
  const inner = first === 0 && last === html.length - 1 ? html : html.slice(first, last + 1);
  const markup = parseIn(ctx, compiler, inner, inst);
  kids.push(widgetElement(Component, { name, html: inner, markup, node, args }));
  pushText(kids, plainText(ctx, compiler, html.slice(last + 1), inst));
}

/** A widget's element: not made at React's literal (unpretenured-objects.ts). */
function widgetElement(
  Component: ComponentTable[string],
  props: Omit<FormatterComponentProps, 'markup'> & { markup: Kid[] },
): ReactElement {
  return inlineElement(Component, props) ?? createElement(Component, props);
}

/**
 * A formatter widget built from its template's nodes (ReactContext `renderWidget`): as
 * `pushComponent` does with parsed markup, the text before its first element and after its
 * last stays outside the component, the rest goes inside. `html` is not made (see
 * `markupOnly`).
 */
export function pushWidgetNodes(
  ctx: ReactContext,
  Component: ComponentTable[string],
  name: string,
  nodes: Kid[],
  node: unknown,
  args: string[],
): void {
  let first = 0;
  let end = nodes.length;
  while (first < end && typeof nodes[first] === 'string') first++;
  while (end > first && typeof nodes[end - 1] === 'string') end--;
  if (first === end) {
    pushAll(ctx.kids, nodes);
    return;
  }
  pushAll(ctx.kids, nodes.slice(0, first));
  const markup = nodes.slice(first, end);
  ctx.kids.push(widgetElement(Component, { name, html: '', markup, node, args }));
  pushAll(ctx.kids, nodes.slice(end));
}
