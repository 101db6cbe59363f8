/**
 * Matching request paths to site routes. A route url is literal except for one `:urlId`
 * segment, which matches an item of the route's collection by its `urlId`.
 */
import type { RouteConfig, SiteConfig } from './config.js';

export interface RouteMatch {
  url: string;
  route: RouteConfig;
  /** The `:urlId` segment's value for item routes. */
  urlId?: string;
}

const PARAM = ':urlId';

/** Trailing slashes are ignored (`/shop/` is `/shop`), except for the root. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchRoute(config: SiteConfig, pathname: string): RouteMatch | undefined {
  const path = normalizePath(pathname);
  const exact = config.routes[path];
  if (exact !== undefined) return { url: path, route: exact };
  const segments = path.split('/');
  for (const [url, route] of Object.entries(config.routes)) {
    const pattern = url.split('/');
    if (pattern.length !== segments.length || !pattern.includes(PARAM)) continue;
    let urlId: string | undefined;
    const ok = pattern.every((part, i) => {
      const seg = segments[i]!;
      if (part !== PARAM) return part === seg;
      urlId = safeDecode(seg);
      return urlId !== undefined && urlId !== '';
    });
    if (ok) return { url, route, urlId: urlId! };
  }
  return undefined;
}

export function isItemRoute(url: string): boolean {
  return url.split('/').includes(PARAM);
}

/** The concrete url of an item route for one urlId. */
export function itemUrl(url: string, urlId: string): string {
  return url
    .split('/')
    .map((part) => (part === PARAM ? encodeURIComponent(urlId) : part))
    .join('/');
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
