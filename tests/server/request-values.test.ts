/**
 * REQUEST_VALUE_PATHS (server/site/request-values.ts) names every place the site server copies
 * request text into the data a page template sees, and API_RESPONSE_VALUE_PATHS
 * (server/site/api-response-values.ts) every place the storefront puts a failed call's text, so
 * `jsont check` watches all of them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import type { Path } from '../../index.js';
import { API_RESPONSE_VALUE_PATHS } from '../../server/site/api-response-values.js';
import { REQUEST_VALUE_PATHS } from '../../server/site/request-values.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { initialState, storefrontData } from '../../storefront/state/page-data.js';

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
    const site = siteFolder(SITE, { now: () => 0 });
    const query = new URLSearchParams({ q: TOKEN, view: TOKEN, [TOKEN]: '1' });
    for (const pathname of ['/search', '/shop', '/journal']) {
      const outcome = site.render({ pathname, query });
      expect(outcome.status, pathname).toBe(200);
      const data = outcome.status === 200 ? outcome.hydration?.data : undefined;
      const found = pathsHolding(data);
      expect(found.length, pathname).toBeGreaterThan(0);
      for (const path of found) {
        expect(under(REQUEST_VALUE_PATHS, path), `${pathname}: ${path.join('.')}`).toBe(true);
      }
    }
  });
});

const under = (roots: readonly Path[], path: string[]) =>
  roots.some((p) => p.every((s, i) => s === path[i]));

describe('API response values in the page data', () => {
  it('lie under API_RESPONSE_VALUE_PATHS only: the /cart notice of a failed call', () => {
    const outcome = siteFolder(SITE, { now: () => 0 }).render({ pathname: '/cart' });
    expect(outcome.status).toBe(200);
    const data = outcome.status === 200 ? outcome.hydration?.data : undefined;
    const notice = { title: 'Unable to remove item', message: `server says ${TOKEN}` };
    const found = pathsHolding(storefrontData(data, { ...initialState(data), notice }));
    expect(found).not.toEqual([]);
    for (const path of found) {
      expect(under(API_RESPONSE_VALUE_PATHS, path), path.join('.')).toBe(true);
    }
  });
});
