/**
 * Widgets render the formatter's markup (the React nodes of the string path's HTML, so the
 * first render is the server's DOM) with their own props on the elements they own. `mapMarkup`
 * walks that tree and lets a widget add props to, or replace the children of, any element.
 */
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export type ElementProps = Record<string, unknown> & { children?: ReactNode };

/** What to change on an element: props merged in, and optionally new children. */
export interface Change {
  props?: Record<string, unknown>;
  children?: ReactNode;
}

export type Visitor = (tag: string, props: ElementProps) => Change | undefined;

/**
 * The nodes with the widget's changes, as a fragment. Children are always passed spread (never
 * as an array prop), as the renderer's own elements are: React needs no keys for them.
 */
export function mapMarkup(nodes: ReactNode, visit: Visitor): ReactElement {
  return createElement(Fragment, null, ...mapList(nodes, visit));
}

function mapList(nodes: ReactNode, visit: Visitor): ReactNode[] {
  return (Array.isArray(nodes) ? (nodes as ReactNode[]) : [nodes]).map((n) => mapNode(n, visit));
}

function mapNode(node: ReactNode, visit: Visitor): ReactNode {
  if (!isValidElement(node) || typeof node.type !== 'string') return node;
  const element = node as ReactElement<ElementProps>;
  const change = visit(element.type as string, element.props);
  const own = element.props.children;
  const children =
    change?.children !== undefined
      ? [change.children]
      : own === undefined
        ? undefined
        : mapList(own, visit);
  const props = { ...change?.props };
  return children === undefined
    ? cloneElement(element, props)
    : cloneElement(element, props, ...children);
}

/** Whether a `className` prop contains `name` as one of its classes. */
export function hasClass(props: ElementProps, name: string): boolean {
  const value = props.className;
  return typeof value === 'string' && value.split(/\s+/).includes(name);
}

/** `className` with `name` added or removed. */
export function toggleClass(props: ElementProps, name: string, on: boolean): string {
  const classes = String(props.className ?? '')
    .split(/\s+/)
    .filter((c) => c !== '' && c !== name);
  if (on) classes.push(name);
  return classes.join(' ');
}

/**
 * A `keydown` handler that makes Enter and Space activate a control that is not a button (an
 * `<a>` without `href`, a `<label>`, a `<div role="button">`), as a button's would.
 */
export function onEnterOrSpace(activate: (control: HTMLElement) => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    activate(event.currentTarget as HTMLElement);
  };
}
