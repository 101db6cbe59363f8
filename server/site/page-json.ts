/**
 * The page JSON a client-side navigation asks for (`?format=page`, storefront/navigation/
 * page-json.ts), the same from the preview and from the site handler: a rendered page's data,
 * render options and shell, and the URL of its code (page-code.ts), which is served apart at
 * `/__jsont/code/<hash>.json` with immutable cache headers: pages of one template share it, and
 * a visitor's browser fetches it once.
 */
import type { PageJson } from '../../storefront/navigation/page-json.js';
import { serialisePageCode, type PageCodeText } from './page-code.js';
import type { HydrationBoot } from '../../storefront/hydrate.js';
import type { RenderOutcome } from './site.js';

/** Page code texts by URL path, for a server that serves the codes it made (the preview). */
export type PageCodeStore = Map<string, string>;

export interface PageJsonAnswer {
  status: 200 | 404 | 500;
  /** JSON text: the page JSON, or `{ error }`. */
  body: string;
  /** The code the page JSON names (status 200). */
  code?: PageCodeText;
}

/**
 * The answer to `?format=page` for a page rendered with `shell`: pages the client cannot
 * render (errors, no page, no layout) answer an error status, which makes the browser load the
 * page in full.
 */
export function pageJsonAnswer(
  outcome: RenderOutcome | { status: 302 | 404 | 500 } | PageWithCode,
): PageJsonAnswer {
  if (outcome.status === 500) {
    return { status: 500, body: JSON.stringify({ error: 'This page could not be rendered.' }) };
  }
  if (
    outcome.status === 200 &&
    'hydration' in outcome &&
    outcome.hydration !== undefined &&
    outcome.code !== undefined &&
    outcome.shell !== undefined
  ) {
    const { data, locale, now } = outcome.hydration;
    const json: PageJson = { data, locale, now, code: outcome.code.path, shell: outcome.shell };
    return { status: 200, body: JSON.stringify(json), code: outcome.code };
  }
  return { status: 404, body: JSON.stringify({ error: 'No page JSON here' }) };
}

/** A rendered page whose code is not yet serialised (a template folder's page). */
interface PageWithCode {
  status: 200;
  hydration?: HydrationBoot;
  code?: PageCodeText;
  shell?: string;
}

/** The page's code serialised from its hydration data, for renderers that do not keep it. */
export function withPageCode<T extends { hydration?: HydrationBoot }>(
  page: T,
): T & { code?: PageCodeText } {
  const { hydration } = page;
  if (hydration === undefined) return page;
  const { root, template, partials, islands = [] } = hydration;
  return { ...page, code: serialisePageCode({ root, template, partials, islands }) };
}
