/**
 * Whether React elements may be written as object literals (generated code, parsed markup):
 * the shape of the elements this process's React makes, probed by the server entry, which
 * installs the tag with `useInlineElements`. Elements written by hand are a server-only speed-up
 * (docs/react-path.md, "Young objects"): the browser runtime, where none is installed, has
 * React's `jsx` and `createElement` make them, the same elements.
 */

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

let installedTag: symbol | null = null;

/** Installs `inlineElementTag` of the React this process runs (null: React makes the elements). */
export function useInlineElements(tag: symbol | null): void {
  installedTag = tag;
}

/** The installed element tag: null where elements are left to React. */
export function reactElementTag(): symbol | null {
  return installedTag;
}
