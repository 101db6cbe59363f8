/**
 * What the server answers at `<page URL>?format=page` (docs/navigation.md): the route data the
 * page was rendered from, the render options, the layout's HTML around an empty hydration root
 * (the shell: head, body attributes, everything outside the roots) and the URL of the page's
 * code (the prepared template, its partials and the layout's islands), a content-addressed
 * asset the browser caches for good. A navigation needs all of it to render the next page the
 * way the server would; anything else it gets is a reason for a full load.
 */
import type { Code } from '../../engine/code.js';
import type { ReactTemplate } from '../../react-renderer/browser.js';
import type { HydrationIsland } from '../hydrate.js';

/** The query that asks a page for its JSON. */
export const PAGE_JSON_QUERY = 'format';
/**
 * Not `json`: `?format=json` is the page's route data alone, as the platform serves it (the
 * site handler's); a navigation needs more.
 */
export const PAGE_JSON_FORMAT = 'page';
/** Where page code assets are served (`/__jsont/code/<hash>.json`). */
export const PAGE_CODE_PREFIX = '/__jsont/code/';

export interface PageJson {
  /** The route data (before the visitor's state is folded in). */
  data: unknown;
  locale: string;
  now: number;
  /** URL of the page's `PageCode`. */
  code: string;
  /** The layout's HTML with the hydration root empty. */
  shell: string;
}

export interface PageCode {
  /** Id of the element whose content is the page template's output. */
  root: string;
  template: ReactTemplate;
  partials: Record<string, Code>;
  islands: HydrationIsland[];
}

/** `url` with `?format=page` set (other query parameters kept, the fragment dropped). */
export function pageJsonUrl(url: URL): string {
  const out = new URL(url.href);
  out.hash = '';
  out.searchParams.set(PAGE_JSON_QUERY, PAGE_JSON_FORMAT);
  return out.pathname + out.search;
}

// Not utils/records.ts's: the navigation chunk importing the page core would give the core the
// same importers as the renderer's chunk, and esbuild would make the two one chunk.
type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTemplate = (v: unknown): v is ReactTemplate =>
  isRec(v) && Array.isArray(v.code) && Array.isArray(v.react);

/** The page JSON, or undefined when `value` does not have its shape. */
export function readPageJson(value: unknown): PageJson | undefined {
  if (!isRec(value)) return undefined;
  const { data, locale, now, code, shell } = value;
  const ok =
    isRec(data) &&
    typeof locale === 'string' &&
    typeof now === 'number' &&
    typeof code === 'string' &&
    code.startsWith(PAGE_CODE_PREFIX) &&
    typeof shell === 'string';
  return ok ? { data, locale, now, code, shell } : undefined;
}

/** The page code, or undefined when `value` does not have its shape. */
export function readPageCode(value: unknown): PageCode | undefined {
  if (!isRec(value)) return undefined;
  const { root, template, partials, islands } = value;
  const ok =
    typeof root === 'string' &&
    isTemplate(template) &&
    isRec(partials) &&
    Object.values(partials).every(Array.isArray) &&
    Array.isArray(islands) &&
    islands.every((i) => isRec(i) && typeof i.root === 'string' && isTemplate(i.template));
  return ok ? (value as unknown as PageCode) : undefined;
}
