/**
 * Which page a path shows (docs/developer-platform.md, "Routes"): a collection at /<name>
 * (its .conf file's name), its items below it (matched on fullUrl, so snapshot urls work too),
 * static pages at /<name>, and `/` the first entry of the main navigation. A folder answers
 * with a redirect to its first child.
 */
import type { SiteContent } from './content.js';
import type { Collection, StaticPage } from './model.js';
import { STAND_IN_SYSTEM_PAGE, SYSTEM_PAGES } from './standins.js';

type Rec = Record<string, unknown>;

export type PlatformRoute =
  | { kind: 'list'; path: string; collection: Collection }
  | { kind: 'item'; path: string; collection: Collection; item: Rec }
  | { kind: 'page'; path: string; page: StaticPage }
  | { kind: 'redirect'; to: string };

export function resolveRoute(content: SiteContent, pathname: string): PlatformRoute | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const home = path === '/';
  const target = home ? content.homeUrl() : path;
  if (target === undefined) return undefined;
  const name = target.slice(1);
  const collection = content.collectionNamed(name);
  if (collection !== undefined) {
    if (collection.type === 'folder') {
      const first = content.content(collection).items[0];
      return typeof first?.fullUrl === 'string' && first.fullUrl !== target
        ? { kind: 'redirect', to: first.fullUrl }
        : undefined;
    }
    return { kind: 'list', path, collection };
  }
  const page = content.model.pages.find((p) => p.name === name);
  if (page !== undefined) return { kind: 'page', path, page };
  for (const c of content.model.collections) {
    const item = content.content(c).items.find((it) => itemPath(it) === target);
    if (item !== undefined) return { kind: 'item', path, collection: c, item };
  }
  const system = SYSTEM_PAGES.find((p) => target === p.prefix || target.startsWith(`${p.prefix}/`));
  if (system === undefined) return undefined;
  const standIn: StaticPage = {
    name: target.slice(1).replace(/[^\w-]+/g, '-'),
    file: `(stand-in ${system.prefix})`,
    title: system.title,
    standIn: STAND_IN_SYSTEM_PAGE,
  };
  return { kind: 'page', path, page: standIn };
}

/** An item's own path: its fullUrl without a query or fragment (gallery images have none). */
function itemPath(item: Rec): string | undefined {
  return typeof item.fullUrl === 'string' && !/[?#]/.test(item.fullUrl) ? item.fullUrl : undefined;
}

/** Every page url of the site (tests and check walk them). */
export function allPaths(content: SiteContent): string[] {
  const out = ['/'];
  for (const c of content.model.collections) {
    out.push(`/${c.name}`);
    for (const item of content.content(c).items) {
      const path = itemPath(item);
      if (path !== undefined) out.push(path);
    }
  }
  for (const p of content.model.pages) out.push(`/${p.name}`);
  return out;
}
