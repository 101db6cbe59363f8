/**
 * What a collection page and an item page show beyond the collection's items, as the platform
 * serves them (docs/developer-platform.md, "Filters and pagination"):
 *
 * - `?category=`, `?tag=` and `?author=<author id>` keep the items that have it, and set
 *   `categoryFilter`, `tagFilter` or `authorFilter` (and `author`, that author's record);
 * - a list longer than its page size is paged: `pagination` with `nextPage`, `nextPageOffset`,
 *   `nextPageUrl` (and `prevPage…`), where `?offset=` is the date of the last item shown, so the
 *   next page starts with the first item older than it (items without dates: their position);
 * - an events page also gets `upcoming` and `past`, its events on either side of the clock;
 * - an item page gets `pagination.prevItem` (newer) and `nextItem` (older) of its collection.
 *
 * Filter values come from the URL: they reach the page escaped, so a template printing them
 * as they are (`{categoryFilter}`) cannot be made to inject markup.
 */
import type { SiteContent } from './content.js';
import { isRec } from './model.js';
import type { PlatformRoute } from './routes.js';
import { escapeHtml, strings } from './tag-values.js';

type Rec = Record<string, unknown>;

/** The platform's page size of a blog; other collections are paged only when they say so. */
const BLOG_PAGE_SIZE = 20;

export interface ListView {
  items: Rec[];
  pagination?: Rec;
  categoryFilter?: string;
  tagFilter?: string;
  authorFilter?: string;
  author?: Rec;
}

/**
 * The items of a collection page at `path` for `query`: filtered, then the page `?offset=` asks
 * for. `pageSize` comes from the collection record or its .conf (`pageSize`), a blog's default
 * being the platform's.
 */
export function listView(
  collection: { record: Rec; conf: Rec; type: string },
  items: Rec[],
  path: string,
  query: URLSearchParams,
): ListView {
  const view: ListView = { items };
  const category = query.get('category');
  const tag = query.get('tag');
  const author = query.get('author');
  let shown = items;
  if (category !== null) {
    shown = shown.filter((it) => strings(it.categories).includes(category));
    view.categoryFilter = escapeHtml(category);
  }
  if (tag !== null) {
    shown = shown.filter((it) => strings(it.tags).includes(tag));
    view.tagFilter = escapeHtml(tag);
  }
  if (author !== null) {
    shown = shown.filter((it) => authorId(it) === author);
    view.authorFilter = escapeHtml(author);
    const record = shown.find((it) => isRec(it.author))?.author;
    if (isRec(record)) view.author = record;
  }
  const size = pageSize(collection);
  if (size === undefined) return { ...view, items: shown };
  const keys = offsetKeys(shown);
  const offset = Number(query.get('offset'));
  const start = query.has('offset') && Number.isFinite(offset) ? firstAfter(keys, offset) : 0;
  const page = shown.slice(start, start + size);
  const filters = new URLSearchParams();
  for (const name of ['category', 'tag', 'author']) {
    const value = query.get(name);
    if (value !== null) filters.set(name, value);
  }
  const url = (at: number | undefined) => {
    const params = new URLSearchParams(filters);
    if (at !== undefined) params.set('offset', String(at));
    const search = params.toString();
    return search === '' ? path : `${path}?${search}`;
  };
  const pagination: Rec = { pageSize: size };
  if (start + size < shown.length) {
    const next = keys[start + size - 1]!;
    Object.assign(pagination, { nextPage: true, nextPageOffset: next, nextPageUrl: url(next) });
  }
  if (start > 0) {
    const prevStart = Math.max(0, start - size);
    const prev = prevStart === 0 ? undefined : keys[prevStart - 1];
    Object.assign(pagination, {
      prevPage: true,
      ...(prev !== undefined && { prevPageOffset: prev }),
      prevPageUrl: url(prev),
    });
  }
  return { ...view, items: page, pagination };
}

/** `pagination` of an item page: the items before (newer) and after (older) it. */
export function itemPagination(items: Rec[], item: Rec): Rec {
  const at = items.indexOf(item);
  const prevItem = at > 0 ? items[at - 1] : undefined;
  const nextItem = at >= 0 ? items[at + 1] : undefined;
  return { ...(prevItem && { prevItem }), ...(nextItem && { nextItem }) };
}

function pageSize(collection: { record: Rec; conf: Rec; type: string }): number | undefined {
  for (const v of [collection.record.pageSize, collection.conf.pageSize]) {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  }
  return collection.type === 'blog' ? BLOG_PAGE_SIZE : undefined;
}

/**
 * The offset of each item: its publish (or added) date when every item has one, the platform's
 * offsets; else its position counted from 1.
 */
function offsetKeys(items: Rec[]): number[] {
  const dates = items.map((it) => it.publishOn ?? it.addedOn);
  return dates.every((d): d is number => typeof d === 'number')
    ? dates
    : items.map((_, i) => i + 1);
}

/**
 * Where the page after `offset` starts: after the item with that key, else at the first item
 * past it (older when the keys are dates, newest first).
 */
function firstAfter(keys: number[], offset: number): number {
  const exact = keys.indexOf(offset);
  if (exact !== -1) return exact + 1;
  const dated = keys.length > 1 && keys[0]! > keys[keys.length - 1]!;
  const at = keys.findIndex((k) => (dated ? k < offset : k > offset));
  return at === -1 ? keys.length : at;
}

function authorId(item: Rec): unknown {
  return isRec(item.author) && item.author.id !== undefined ? item.author.id : item.authorId;
}

/**
 * A collection page's items filtered and paged for the query, and an item page's neighbours
 * (list-view.ts): computed after a snapshot is merged, over the collection's items (which a
 * collection's snapshot gives); an item snapshot's own `pagination` stays.
 */
export function routeView(
  route: Exclude<PlatformRoute, { kind: 'redirect' }>,
  content: SiteContent,
  query: URLSearchParams,
  snapshot: Rec,
  now: number,
): Rec {
  if (route.kind === 'page') return {};
  const { collection, items } = content.content(route.collection);
  if (route.kind === 'item')
    return snapshot.pagination === undefined
      ? { pagination: itemPagination(items, route.item) }
      : {};
  const target = { record: collection, conf: route.collection.conf, type: route.collection.type };
  const view: Rec = { ...listView(target, items, route.path, query) };
  if (route.collection.type === 'events')
    Object.assign(view, eventsByTime(view.items as Rec[], now));
  return view;
}

/**
 * An events page's `upcoming` (from the soonest; an event not over yet counts) and `past` (from
 * the latest) events, as the platform gives an events collection's list template.
 */
export function eventsByTime(items: Rec[], now: number): { upcoming: Rec[]; past: Rec[] } {
  const start = (it: Rec) => (typeof it.startDate === 'number' ? it.startDate : 0);
  const end = (it: Rec) => (typeof it.endDate === 'number' ? it.endDate : start(it));
  return {
    upcoming: items.filter((it) => end(it) >= now).sort((a, b) => start(a) - start(b)),
    past: items.filter((it) => end(it) < now).sort((a, b) => start(b) - start(a)),
  };
}
