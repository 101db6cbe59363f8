/**
 * REQUEST_VALUE_PATHS (server/site/request-values.ts) names every place the site server copies
 * request text into the data a page template sees, so `jsont check` watches all of them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import { REQUEST_VALUE_PATHS } from '../../server/site/request-values.js';
import { Site } from '../../server/site/site.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const TOKEN = 'zq7requestzq';

/** Dotted paths of every string in `value` containing TOKEN (or every key that is TOKEN). */
function pathsHolding(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (typeof value === 'string' && value.includes(TOKEN)) out.push(path);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes(TOKEN)) out.push([...path, key]);
      pathsHolding(child, [...path, key], out);
    }
  }
  return out;
}

describe('request values in the page data', () => {
  it('lie under REQUEST_VALUE_PATHS only, on the search route and on others', () => {
    const site = new Site(SITE, { now: () => 0 });
    const query = new URLSearchParams({ q: TOKEN, view: TOKEN, [TOKEN]: '1' });
    for (const pathname of ['/search', '/shop', '/journal']) {
      const outcome = site.render({ pathname, query });
      expect(outcome.status, pathname).toBe(200);
      const data = outcome.status === 200 ? outcome.hydration?.data : undefined;
      const found = pathsHolding(data);
      expect(found.length, pathname).toBeGreaterThan(0);
      for (const path of found) {
        const covered = REQUEST_VALUE_PATHS.some((p) => p.every((s, i) => s === path[i]));
        expect(covered, `${pathname}: ${path.join('.')}`).toBe(true);
      }
    }
  });
});
