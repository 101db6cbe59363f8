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
import { inlineWriter } from './react-element-shape.js';

/**
 * The element `jsx(type, props)` makes, written by hand where the server entry installed a
 * writer (inline-elements.ts; `props` without `key` or `ref`); else null.
 */
export function inlineElement(type: unknown, props: object): ReactElement | null {
  const writer = inlineWriter();
  return writer === null ? null : writer.element(type, props);
}

/** `createElement(Fragment, null, ...kids)`, made as `inlineElement` makes elements. */
export function fragment(kids: readonly unknown[]): ReactElement {
  const writer = inlineWriter();
  return writer === null
    ? createElement(Fragment, null, ...(kids as ReactNode[]))
    : writer.fragment(kids);
}

/** A new array of `items` (a rest parameter). */
export const newArray = <T>(...items: T[]): T[] => items;
