/**
 * The sentences of the React renderer's warnings that the browser runtime can raise. The browser
 * bundles warning-texts.browser.ts instead (package.json "browser"): the same codes and
 * locations with a numbered message, since the server reported the same warnings, in these
 * words, when it rendered the page.
 */

/** REACT_UNBALANCED_VALUE when the page is rendered whole. */
// Why (its markup closes or leaves open an element around it, holds a <template>, ends a tag or
// attribute value, or ends the raw text or comment it is in) is docs/react-path.md's.
export const UNBALANCED_WHOLE =
  "React: this value's markup does not stay where the template puts it; the page was " +
  'rendered whole (slower)';

/** REACT_UNBALANCED_VALUE when only the element around the value is parsed at render time. */
export const UNBALANCED_LOCAL =
  "React: this value's markup does not stay where the template puts it; the element around " +
  'it was parsed at render time (slower)';

/** REACT_UNSTRUCTURED: structuring or compiling the template threw `thrown`. */
export const unstructurable = (thrown: unknown): string =>
  `React: the template could not be structured (${String(thrown)}); ` +
  'its output is parsed at render time';
