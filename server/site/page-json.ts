/**
 * The page JSON a client-side navigation asks for (`?format=page`, storefront/navigation/
 * page-json.ts), the same from the preview and from the site handler: a rendered page's data,
 * render options and shell, and the URL of its code (page-code.ts), which is served apart at
 * `/__jsont/code/<hash>.json` with immutable cache headers: pages of one template share it, and
 * a visitor's browser fetches it once.
 */
import type { PageJson } from '../../storefront/navigation/page-json.js';
import type { PageCodeText } from './page-code.js';
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
export function pageJsonAnswer(outcome: RenderOutcome): PageJsonAnswer {
  if (outcome.status === 500) {
    return { status: 500, body: JSON.stringify({ error: 'This page could not be rendered.' }) };
  }
  if (
    outcome.status === 200 &&
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
