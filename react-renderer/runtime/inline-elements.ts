/**
 * Elements written by hand, as React's production `jsx` makes them (react-element-shape.ts):
 * a server-only speed-up (docs/react-path.md, "Young objects"), installed by the server entry
 * with `useInlineElements`. The browser runtime has React make its elements.
 */
import { Fragment, type ReactElement } from 'react';
import { FormatterWidget } from '../components/formatter-widget.js';
import type { FormatterComponentProps } from '../components/types.js';
import type { ElementWriter } from './react-element-shape.js';

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
 * Where there is no DOM, the default widget component returns its markup as it is
 * (formatter-widget.ts): its element is replaced by what it would render, which saves React a
 * function component per widget (props, hooks state, a call) and leaves the HTML as it was. A
 * component that uses no hooks and returns one node, not an array, changes neither the tree
 * position React derives `useId` from nor the text separators it writes. A lone text is left
 * to the component: in `ctx.kids` it would merge with the text after it.
 */
const widgetsRenderAsMarkup = typeof document === 'undefined';

function widgetMarkup(props: object): ReactElement | null {
  const node = FormatterWidget(props as FormatterComponentProps);
  return typeof node === 'object' && node !== null ? (node as ReactElement) : null;
}

/** The writer of elements with React's element `tag` (`inlineElementTag`). */
export function elementWriter(tag: symbol): ElementWriter {
  return {
    tag,
    element: (type, props) =>
      (type === FormatterWidget && widgetsRenderAsMarkup ? widgetMarkup(props) : null) ??
      (new InlineElement(tag, type, props as Props) as unknown as ReactElement),
    fragment: (kids) => {
      const props = kids.length === 0 ? {} : new ChildrenProps(kids.length === 1 ? kids[0] : kids);
      return new InlineElement(tag, Fragment, props) as unknown as ReactElement;
    },
  };
}

/** The constructor behind the writer's elements, for generated code (`new N(E, type, props)`). */
export { InlineElement };
