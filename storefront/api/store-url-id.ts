/**
 * A new store's url id (docs/storefront.md, "Store creation"): the title in lowercase letters,
 * digits and dashes (accents dropped); a title giving an id shorter than 3 characters is
 * replaced by the fallback title; an id already taken gets `-N`, N the smallest number from 1
 * whose id is free.
 */

export const DEFAULT_STORE_FALLBACK_TITLE = 'Store';
/**
 * Adding a new store to a site whose layout has no navigation (the client's text and the
 * server's; here, not in messages.ts, so that only the store-creation code carries it).
 */
export const MISSING_NAVIGATION = 'Unable to find site main navigation';
export const MIN_URL_ID_LENGTH = 3;

export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function storeUrlId(
  title: string,
  taken: ReadonlySet<string> | Iterable<string> = [],
  fallbackTitle = DEFAULT_STORE_FALLBACK_TITLE,
): string {
  const used = taken instanceof Set ? (taken as ReadonlySet<string>) : new Set(taken);
  let base = slugify(title);
  if (base.length < MIN_URL_ID_LENGTH) base = slugify(fallbackTitle);
  if (base.length < MIN_URL_ID_LENGTH) base = slugify(DEFAULT_STORE_FALLBACK_TITLE);
  if (!used.has(base)) return base;
  let n = 1;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
