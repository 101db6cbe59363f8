/**
 * The default formatter-backed component: renders the formatter's markup as React elements (so
 * the DOM is the string path's, and hydration matches) and makes the widget React-owned with a
 * click handler on its root element. The handler announces the click as a bubbling DOM event,
 * `jsont:<formatter name>` — the seam where the storefront's live widgets take over.
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { fragment, inlineElement } from '../runtime/unpretenured-objects.js';
import type { FormatterComponentProps } from './types.js';

/**
 * Whether there is a DOM to dispatch the click on. Without one (a server's `renderToString`,
 * which prints no event handlers), the markup is rendered as it is: copying the root element's
 * props to add a handler nobody can call cost 0.3–0.5 µs per widget (docs/react-path.md,
 * "Widgets on the server").
 */
const hasDom = typeof document !== 'undefined';

export function FormatterWidget(props: FormatterComponentProps): ReactNode {
  const { name, markup, node } = props;
  // One node (the usual widget, one root element) is returned as it is: a fragment around it
  // would be one more element for React to render.
  if (!hasDom) return markup.length === 1 ? markup[0] : fragment(markup);
  let attached = false;
  const children = markup.map((child) => {
    if (attached || !isValidElement(child) || typeof child.type !== 'string') return child;
    attached = true;
    const handler = {
      onClick(event: { currentTarget: EventTarget }) {
        event.currentTarget.dispatchEvent(
          new CustomEvent(`jsont:${name}`, { bubbles: true, detail: { name, node } }),
        );
      },
    };
    // Made as the renderer makes its elements (runtime/unpretenured-objects.ts): `cloneElement` and
    // `createElement` make theirs at React's literal, which V8 may have pretenured, and an old
    // element keeps the widget's young nodes alive through every minor collection.
    return (
      (child.key === null && inlineElement(child.type, Object.assign({}, child.props, handler))) ||
      cloneElement(child as ReactElement<{ onClick?: unknown }>, handler)
    );
  });
  return children.length === 1 ? children[0] : fragment(children);
}

// It renders `markup` only: template-backed widgets are built as nodes, with no HTML made.
FormatterWidget.markupOnly = true;
