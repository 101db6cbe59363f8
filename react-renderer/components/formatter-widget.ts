/**
 * The default formatter-backed component: renders the formatter's markup as React elements (so
 * the DOM is the string path's, and hydration matches) and makes the widget React-owned with a
 * click handler on its root element. The handler announces the click as a bubbling DOM event,
 * `jsont:<formatter name>` — the seam where the storefront's live widgets take over.
 */
import { cloneElement, createElement, Fragment, isValidElement, type ReactNode } from 'react';
import type { FormatterComponentProps } from './types.js';

export function FormatterWidget(props: FormatterComponentProps): ReactNode {
  const { name, markup, node } = props;
  let attached = false;
  const children = markup.map((child) => {
    if (attached || !isValidElement(child) || typeof child.type !== 'string') return child;
    attached = true;
    return cloneElement(child as React.ReactElement<{ onClick?: unknown }>, {
      onClick(event: { currentTarget: EventTarget }) {
        event.currentTarget.dispatchEvent(
          new CustomEvent(`jsont:${name}`, { bubbles: true, detail: { name, node } }),
        );
      },
    });
  });
  return createElement(Fragment, null, ...children);
}

// It renders `markup` only: template-backed widgets are built as nodes, with no HTML made.
FormatterWidget.markupOnly = true;
