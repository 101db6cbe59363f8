/**
 * Whether React elements may be written as object literals (generated code, parsed markup):
 * the shape of the elements this process's React makes, probed by the server entry, which
 * installs the tag with `useInlineElements`. Elements written by hand are a server-only speed-up
 * (docs/react-path.md, "Young objects"): the browser runtime, where none is installed, has
 * React's `jsx` and `createElement` make them, the same elements.
 */
import type { ReactElement } from 'react';

/**
 * React's element tag when the elements React's `jsx` makes are plain objects this code can
 * write as literals (what the inline-elements transform of production JSX compilers does):
 * checked on a probe element, which must have exactly the fields
 * `{ $$typeof, type, key: null, ref: null, props }` with props the object passed in. React's
 * development build adds fields (and freezes elements), as other versions may: then null, and
 * `jsx` is called.
 */
export function inlineElementTag(
  jsx: (type: string, props: Record<string, unknown>) => unknown,
): symbol | null {
  const props = { id: 'probe' };
  const probe = jsx('p', props) as Record<string, unknown>;
  const tag = probe.$$typeof;
  const plain =
    typeof tag === 'symbol' &&
    Object.keys(probe).join() === '$$typeof,type,key,ref,props' &&
    probe.type === 'p' &&
    probe.key === null &&
    probe.ref === null &&
    probe.props === props &&
    !Object.isFrozen(probe);
  return plain ? tag : null;
}

/** Writes elements of the shape `inlineElementTag` checked (inline-elements.ts). */
export interface ElementWriter {
  /** React's element tag. */
  tag: symbol;
  /** The element `jsx(type, props)` makes (`props` without `key` or `ref`). */
  element(type: unknown, props: object): ReactElement;
  /** `createElement(Fragment, null, ...kids)`. */
  fragment(kids: readonly unknown[]): ReactElement;
}

let installed: ElementWriter | null = null;

/** Installs the writer of elements (null: React makes them). */
export function useInlineElements(writer: ElementWriter | null): void {
  installed = writer;
}

/** The installed writer of elements: null where elements are left to React. */
export function inlineWriter(): ElementWriter | null {
  return installed;
}

/** The installed writer's element tag: null where elements are left to React. */
export function reactElementTag(): symbol | null {
  return installed === null ? null : installed.tag;
}
