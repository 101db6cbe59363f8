/**
 * Pages fetched for navigation (page JSON and its code), by URL: a prefetch and the click that
 * follows share one request, back and forward render from here without the network. A few
 * entries only; a prefetched entry is fresh for `maxAgeMs` (data such as stock changes), a page
 * once shown is kept for back and forward whatever its age.
 */
import {
  pageJsonUrl,
  readPageCode,
  readPageJson,
  type PageCode,
  type PageJson,
} from './page-json.js';

export interface LoadedPage {
  json: PageJson;
  code: PageCode;
}

/** Why a page could not be loaded for the client: the browser loads it in full instead. */
export class NavigationFallback extends Error {
  override name = 'NavigationFallback';
}

export interface PageCacheOptions {
  fetch: typeof fetch;
  now: () => number;
  /** Entries kept (least recently used dropped first). */
  size?: number;
  maxAgeMs?: number;
}

interface Entry {
  at: number;
  page: Promise<LoadedPage>;
}

export const PAGE_CACHE_SIZE = 8;
export const PAGE_MAX_AGE_MS = 30_000;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** Page code by its URL: named by content, so valid for good. */
  private readonly codes = new Map<string, Promise<PageCode>>();

  constructor(private readonly options: PageCacheOptions) {}

  /** The page at `url` (path and query): from the cache when fresh enough, else fetched. */
  load(url: URL, anyAge = false): Promise<LoadedPage> {
    const key = keyOf(url);
    const entry = this.entries.get(key);
    const maxAge = this.options.maxAgeMs ?? PAGE_MAX_AGE_MS;
    if (entry !== undefined && (anyAge || this.options.now() - entry.at <= maxAge)) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, entry);
      return entry.page;
    }
    const page = this.fetchPage(url);
    this.entries.set(key, { at: this.options.now(), page });
    // A failed load is not kept: the next attempt asks again.
    page.catch(() => {
      if (this.entries.get(key)?.page === page) this.entries.delete(key);
    });
    const size = this.options.size ?? PAGE_CACHE_SIZE;
    while (this.entries.size > size) this.entries.delete(this.entries.keys().next().value!);
    return page;
  }

  /** Drops `url`'s entry (a page that could not be shown). */
  forget(url: URL): void {
    this.entries.delete(keyOf(url));
  }

  /** Whether `url` has an entry (fresh or not). */
  has(url: URL): boolean {
    return this.entries.has(keyOf(url));
  }

  private async fetchPage(url: URL): Promise<LoadedPage> {
    const json = readPageJson(await this.fetchJson(pageJsonUrl(url), 'no-cache'));
    if (json === undefined) throw new NavigationFallback(`${url.pathname}: not a page JSON`);
    let code = this.codes.get(json.code);
    if (code === undefined) {
      const path = json.code;
      code = this.fetchJson(path, 'default').then((value) => {
        const read = readPageCode(value);
        if (read === undefined) throw new NavigationFallback(`${path}: not page code`);
        return read;
      });
      this.codes.set(path, code);
      code.catch(() => this.codes.delete(path));
    }
    return { json, code: await code };
  }

  private async fetchJson(path: string, cache: RequestCache): Promise<unknown> {
    let response: Response;
    try {
      response = await this.options.fetch(path, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        cache,
      });
    } catch (err) {
      throw new NavigationFallback(`${path}: ${String(err)}`);
    }
    if (!response.ok) throw new NavigationFallback(`${path}: HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new NavigationFallback(`${path}: unreadable JSON`);
    }
  }
}

function keyOf(url: URL): string {
  return url.pathname + url.search;
}
