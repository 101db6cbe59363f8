/**
 * The page JSON a client-side navigation asks for (`?format=page`, storefront/navigation/
 * page-json.ts): built from a rendered page's hydration data and shell. The page code goes into
 * `codes`, a content-addressed store served at `/__jsont/code/<hash>.json` with immutable cache
 * headers: pages of one template share it, and a visitor's browser fetches it once.
 */
import type { HydrationBoot } from '../../storefront/hydrate.js';
import {
  PAGE_CODE_PREFIX,
  type PageCode,
  type PageJson,
} from '../../storefront/navigation/page-json.js';

/** Page code assets by URL path (bounded by the number of template versions served). */
export type PageCodeStore = Map<string, string>;

/** The page JSON for a rendered page, its code stored in `codes`. */
export function pageJson(hydration: HydrationBoot, shell: string, codes: PageCodeStore): PageJson {
  const code: PageCode = {
    root: hydration.root,
    template: hydration.template,
    partials: hydration.partials,
    islands: hydration.islands ?? [],
  };
  const text = JSON.stringify(code);
  const path = `${PAGE_CODE_PREFIX}${contentHash(text)}.json`;
  if (!codes.has(path)) codes.set(path, text);
  return {
    data: hydration.data,
    locale: hydration.locale,
    now: hydration.now,
    code: path,
    shell,
  };
}

/**
 * 64 bits of `text` as 16 hex digits (two FNV-1a style lanes with different primes): names a
 * cache entry, not a secret, and needs no `node:crypto` (the site handler runs on web-standard
 * runtimes).
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/**
 * The answer to `?format=page` for a rendered page: its page JSON when it has hydration data
 * and a shell; for a page the client cannot render (an error, no page, no layout) an error
 * status, which makes the browser load the page in full.
 */
export function pageJsonAnswer(
  outcome: { status: number; hydration?: HydrationBoot; shell?: string },
  codes: PageCodeStore,
): { status: number; body: string } {
  if (outcome.status === 200 && outcome.hydration && outcome.shell !== undefined)
    return { status: 200, body: JSON.stringify(pageJson(outcome.hydration, outcome.shell, codes)) };
  if (outcome.status === 500)
    return { status: 500, body: JSON.stringify({ error: 'This page could not be rendered.' }) };
  return { status: 404, body: JSON.stringify({ error: 'No page JSON here' }) };
}
