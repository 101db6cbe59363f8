/** The contract between the React renderer and formatter-backed components. */
import type { ComponentType, ReactNode } from 'react';

export interface FormatterComponentProps {
  /** The formatter's name, e.g. `add-to-cart-btn`. */
  name: string;
  /**
   * The formatter's HTML, as the string path emits it (from its first tag to its last). Empty
   * for a component marked `markupOnly` whose widget was built from its template's nodes (no
   * string was made).
   */
  html: string;
  /** `html` as React nodes, parsed by the renderer's HTML parser: render these for the same DOM. */
  markup: ReactNode[];
  /** The value the formatter was applied to (the first variable of the tag). */
  node: unknown;
  /** The formatter's arguments as written in the template. */
  args: string[];
}

// The registry holds components of many prop shapes; callers give them FormatterComponentProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ComponentTable = Record<string, ComponentType<any>>;

/**
 * Marks a component that renders only `markup` (never `html`): the renderer may then build a
 * template-backed widget's nodes directly instead of rendering its HTML and parsing it.
 */
export interface MarkupOnly {
  markupOnly?: boolean;
}

/** Whether `component` is marked `markupOnly` (as the default `FormatterWidget` is). */
export function markupOnly(component: ComponentTable[string]): boolean {
  return (component as MarkupOnly).markupOnly === true;
}
