/**
 * instruction-locations.ts for the browser runtime (package.json "browser"): a page's code is
 * precompiled JSON without locations, so runtime errors there are located at 0/0.
 */
import type * as Full from './instruction-locations.js';

export const locateInstruction: typeof Full.locateInstruction = () => ({
  loc: undefined,
  source: undefined,
});
