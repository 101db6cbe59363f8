/**
 * string-partial.ts for the browser runtime (package.json "browser"): it has no parser, so a
 * partial given as template text is not found (the page's partials are compiled code).
 */
import type * as Full from './string-partial.js';

export const parseStringPartial: typeof Full.parseStringPartial = () => undefined;
