/**
 * warning-texts.ts for the browser runtime (package.json "browser"): each warning is said by its
 * number (`React 3: details`), with the same error code and location as on the server, which
 * reported the same warnings in full when it rendered the page.
 */
import type * as Full from './warning-texts.js';

export const UNBALANCED_WHOLE: typeof Full.UNBALANCED_WHOLE = 'React 1';
export const UNBALANCED_LOCAL: typeof Full.UNBALANCED_LOCAL = 'React 2';
export const unstructurable: typeof Full.unstructurable = (thrown) => `React 3: ${String(thrown)}`;
