/**
 * The objects of a render that end up in its element tree (elements, their props, children
 * arrays), made so that they stay in V8's young generation.
 *
 * Why they are made by constructors and rest parameters, never by object or array literals
 * (React's `jsx` and `createElement` make theirs at one literal, shared by every element of
 * the process): V8 pretenures per allocation site. Once the objects made at a literal are seen
 * to survive young-generation collections (the elements of any long-lived or large tree do),
 * that site allocates in the old generation from then on. An old object is only freed by a
 * full collection, and until then it keeps every young object it points to alive: the whole
 * tree under a render's old root fragment survives each scavenge and is promoted. Measured: a
 * 16-item list took twice as long in a process that had once kept 20,000 React elements.
 * Constructed objects and rest-parameter arrays have no allocation site.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { reactElementTag } from './react-element-shape.js';

type Props = Record<string, unknown>;
interface InlineElement {
  $$typeof: symbol;
  type: unknown;
  key: null;
  ref: null;
  props: Props;
}

/** An element as React's `jsx` makes it (react-element-shape.ts); its prototype is Object's. */
const InlineElement = function (this: InlineElement, tag: symbol, type: unknown, props: Props) {
  this.$$typeof = tag;
  this.type = type;
  this.key = null;
  this.ref = null;
  this.props = props;
} as unknown as new (tag: symbol, type: unknown, props: Props) => InlineElement;
InlineElement.prototype = Object.prototype as InlineElement;

/** `{ children }` props. */
const ChildrenProps = function (this: Props, children: unknown) {
  this.children = children;
} as unknown as new (children: unknown) => Props;
ChildrenProps.prototype = Object.prototype;

/**
 * The element `jsx(type, props)` makes, where `reactElementTag` allows writing it (`props`
 * without `key` or `ref`); else null.
 */
export function inlineElement(type: unknown, props: object): ReactElement | null {
  const tag = reactElementTag();
  return tag === null
    ? null
    : (new InlineElement(tag, type, props as Props) as unknown as ReactElement);
}

/** `createElement(Fragment, null, ...kids)`, made as `inlineElement` makes elements. */
export function fragment(kids: readonly unknown[]): ReactElement {
  const tag = reactElementTag();
  if (tag === null) return createElement(Fragment, null, ...(kids as ReactNode[]));
  const props = kids.length === 0 ? {} : new ChildrenProps(kids.length === 1 ? kids[0] : kids);
  return new InlineElement(tag, Fragment, props) as unknown as ReactElement;
}

/** The constructor behind `inlineElement`, for generated code (`new N(E, type, props)`). */
export { InlineElement };

/** A new array of `items` (a rest parameter). */
export const newArray = <T>(...items: T[]): T[] => items;
