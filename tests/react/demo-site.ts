/** The demo store (fixtures/site) as the React tests read it: files, data, partials. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type Code } from '../../index.js';

export const SITE = join(import.meta.dirname, '..', '..', 'fixtures', 'site');

export const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(SITE, path), 'utf8')) as Record<string, unknown>;

export const siteTemplate = (name: string): string =>
  readFileSync(join(SITE, 'templates', name), 'utf8');

/** The shop collection's item count (each can be the product page's item). */
export const ITEM_COUNT = (readJson('data/collections/shop.json') as { items: unknown[] }).items
  .length;

/**
 * A page's data, assembled the way the preview server does: site-wide data, the shop
 * collection and its items, and item `index` as the product page's `item`.
 */
export function storeData(index: number): Record<string, unknown> {
  const shop = readJson('data/collections/shop.json') as { collection: unknown; items: unknown[] };
  return {
    ...readJson('data/website.json'),
    ...readJson('data/localized-strings.json'),
    ...readJson('data/merchandising.json'),
    collection: shop.collection,
    items: shop.items,
    item: shop.items[index],
  };
}

/** The demo site's partials, compiled, named by file name (as `jsont render` does). */
export const sitePartials = (): Record<string, Code> =>
  Object.fromEntries(
    readdirSync(join(SITE, 'partials')).map((name) => [
      name,
      compile(readFileSync(join(SITE, 'partials', name), 'utf8')).code,
    ]),
  );
