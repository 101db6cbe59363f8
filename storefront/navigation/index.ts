/**
 * Client-side navigation (docs/navigation.md): a click on a link to another page of the site
 * fetches that page's JSON and renders it with the React path into the page's roots, without a
 * reload; back and forward render the pages from the cache; hovering, focusing, touching or
 * seeing a link prefetches its page. One rule covers everything unexpected — a failed fetch, an error status,
 * a JSON of another shape, another layout, a render that throws: the browser loads the page in
 * full, as it would have without this module.
 */
import { flushSync } from 'react-dom';
import type { HydrationBoot } from '../hydrate.js';
import type { NavigationHost } from '../navigation-host.js';
import type { StorefrontRuntime } from '../runtime.js';
import { clickTarget, linkTarget } from './links.js';
import { NavigationFallback, PageCache, type LoadedPage } from './page-cache.js';
import { applyShell, readShell } from './shell.js';
import { announce, focusMainHeading } from './announce.js';
import { PAGE_VIEW_EVENT, type PageViewDetail } from './page-view.js';

/**
 * User Timing marks of each navigation (the browser's performance panel and
 * bench/browser/navigation.ts): started, page JSON and code in hand, layout checked and widget
 * chunks loaded, roots rendered, widgets attached.
 */
export const NAVIGATION_MARKS = {
  start: 'jsont:navigation-start',
  loaded: 'jsont:navigation-loaded',
  prepared: 'jsont:navigation-prepared',
  rendered: 'jsont:navigation-rendered',
  done: 'jsont:navigation-done',
};

export { PAGE_VIEW_EVENT, type PageViewDetail } from './page-view.js';

/** The world navigation talks to; tests pass fakes. */
export interface NavigationSeams {
  window: Window;
  fetch: typeof fetch;
  now: () => number;
  /**
   * The full load every failure ends in: `location.assign(url)` for a followed link, a reload
   * (`pop`) when the address bar already shows `url` (back / forward).
   */
  fullLoad: (url: string, kind: 'push' | 'pop') => void;
}

export interface StartNavigationOptions {
  runtime: StorefrontRuntime;
  /** Resolves to the function that stops the current page's lazy widgets. */
  stopWidgets: Promise<() => void>;
  /** The page's modules navigation uses (storefront/navigation-host.ts). */
  host: NavigationHost;
  seams?: Partial<NavigationSeams>;
}

/** How many visible links of a page are prefetched, at most. */
export const VISIBLE_PREFETCH_LIMIT = 4;

interface EntryState {
  jsontNav: number;
}

export interface Navigation {
  /** Navigates to `url` as a followed link would; resolves once shown (or the full load asked). */
  go(url: string): Promise<void>;
  stop(): void;
}

export function startNavigation(options: StartNavigationOptions): Navigation {
  const { runtime } = options;
  const { storefrontRoot, usesWidgets, loadImages, attachLazyWidgets, lazyWidgets, pageOf } =
    options.host;
  const win = options.seams?.window ?? window;
  const doc = win.document;
  const seams: NavigationSeams = {
    window: win,
    fetch: options.seams?.fetch ?? win.fetch.bind(win),
    now: options.seams?.now ?? (() => Date.now()),
    fullLoad:
      options.seams?.fullLoad ??
      ((url, kind) => (kind === 'pop' ? win.location.reload() : win.location.assign(url))),
  };
  const cache = new PageCache({ fetch: seams.fetch, now: seams.now });
  const history = win.history;
  let stopWidgets = options.stopWidgets;
  /** The entry of the page shown, and scroll positions by entry. */
  let entries = 0;
  let current = ++entries;
  const scrolls = new Map<number, [number, number]>();
  let shownUrl = new URL(win.location.href);
  /** Increments with each navigation; a slower earlier one finds it changed and gives up. */
  let generation = 0;

  history.scrollRestoration = 'manual';
  history.replaceState({ ...(history.state as object), jsontNav: current }, '');

  const here = () => new URL(win.location.href);

  async function show(url: URL, kind: 'push' | 'pop', entry: number): Promise<void> {
    const mine = ++generation;
    let pushed = false;
    scrolls.set(current, [win.scrollX, win.scrollY]);
    try {
      markTime(NAVIGATION_MARKS.start);
      const page = await cache.load(url, kind === 'pop');
      markTime(NAVIGATION_MARKS.loaded);
      const next = await prepare(page);
      markTime(NAVIGATION_MARKS.prepared);
      if (mine !== generation) return;
      if (kind === 'push') {
        history.pushState({ jsontNav: entry }, '', url.href);
        pushed = true;
      }
      const referrer = shownUrl.href;
      (await stopWidgets)();
      render(page, next, url);
      markTime(NAVIGATION_MARKS.rendered);
      current = entry;
      shownUrl = url;
      restoreScroll(url, kind === 'pop' ? scrolls.get(entry) : undefined);
      focusMainHeading(doc);
      announce(doc, doc.title);
      stopWidgets = attachLazyWidgets(doc, runtime, page.json.data);
      stopWidgets.then(
        // For tests and tools, as `data-hydrated` after a full load: the page is complete.
        () => {
          markTime(NAVIGATION_MARKS.done);
          doc.documentElement.dataset['navigated'] = url.pathname + url.search;
        },
        (err: unknown) => console.error('[jsont] a widget failed to load', err),
      );
      observeVisibleLinks();
      const detail: PageViewDetail = {
        url: url.href,
        title: doc.title,
        referrer,
        kind,
        data: page.json.data,
      };
      doc.dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail }));
    } catch (err) {
      cache.forget(url);
      if (mine !== generation) return;
      if (!(err instanceof NavigationFallback)) console.error('[jsont] navigation failed', err);
      // Once the address bar shows the page, a reload loads it.
      seams.fullLoad(url.href, pushed ? 'pop' : kind);
    }
  }

  /** Everything the page needs before it is shown: its layout checked, its widget chunks. */
  async function prepare(page: LoadedPage): Promise<Document> {
    const served = pageOf(runtime);
    const ids = [page.code.root, ...page.code.islands.map((i) => i.root)];
    const sameRoots =
      served !== undefined &&
      served.boot.root === page.code.root &&
      ids.length === served.roots.size &&
      ids.every((id) => served.roots.has(id));
    const next = sameRoots ? readShell(doc, page.json.shell, ids) : undefined;
    if (served === undefined || next === undefined) {
      throw new NavigationFallback('another layout');
    }
    const boot = bootOf(page);
    if (usesWidgets(boot) && Object.keys(served.components).length === 0) {
      served.components = (await import('../widgets/index.js')).STOREFRONT_WIDGETS;
    }
    // The lazy widgets' chunks whose markup the page's code or shell mentions (at worst one
    // the page turns out not to need).
    const text = JSON.stringify(page.code) + page.json.shell;
    await Promise.all(
      lazyWidgets.filter((w) => text.includes(markerOf(w.selector))).map((w) => w.load()),
    );
    return next;
  }

  function render(page: LoadedPage, next: Document, url: URL): void {
    const served = pageOf(runtime)!;
    const boot = bootOf(page);
    served.boot = boot;
    const ids = [boot.root, ...(boot.islands ?? []).map((i) => i.root)];
    applyShell(doc, next, ids);
    const templates = new Map([
      [boot.root, boot.template],
      ...(boot.islands ?? []).map((i) => [i.root, i.template] as const),
    ]);
    flushSync(() => {
      for (const [id, template] of templates) {
        served.roots.get(id)!.render(
          storefrontRoot(boot, template, served.components, runtime, {
            onCommit: () => loadImages(doc),
            // A new page body remounts (its widgets start afresh); islands update in place.
            ...(id === boot.root ? { key: url.pathname + url.search } : {}),
          }),
        );
      }
    });
    loadImages(doc);
  }

  function restoreScroll(url: URL, saved: [number, number] | undefined): void {
    if (saved !== undefined) win.scrollTo(saved[0], saved[1]);
    else if (url.hash !== '') {
      const target = doc.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (target !== null) target.scrollIntoView();
      else win.scrollTo(0, 0);
    } else win.scrollTo(0, 0);
  }

  const onClick = (event: MouseEvent) => {
    const url = clickTarget(event, here());
    if (url === undefined) return;
    event.preventDefault();
    void show(url, 'push', ++entries);
  };

  const onPop = (event: PopStateEvent) => {
    const entry = (event.state as Partial<EntryState> | null)?.jsontNav;
    const url = here();
    // The same page (a chosen variant's entry, a fragment): the page's own widgets handle it.
    if (entry === current) return;
    if (
      entry === undefined &&
      url.pathname === shownUrl.pathname &&
      url.search === shownUrl.search
    ) {
      return;
    }
    void show(url, 'pop', entry ?? ++entries);
  };

  const prefetch = (anchor: Element) => {
    const url = linkTarget(anchor, here());
    if (url !== undefined) cache.load(url).catch(() => {}); // the click falls back on its own
  };
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (anchor) prefetch(anchor);
  };

  let observer: IntersectionObserver | undefined;
  function observeVisibleLinks(): void {
    observer?.disconnect();
    const Observer = (win as Window & typeof globalThis).IntersectionObserver;
    const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
    if (Observer === undefined || saveData === true) return;
    let budget = VISIBLE_PREFETCH_LIMIT;
    observer = new Observer((seen) => {
      for (const entry of seen) {
        if (!entry.isIntersecting || budget === 0) continue;
        observer!.unobserve(entry.target);
        const url = linkTarget(entry.target, here());
        if (url === undefined || cache.has(url)) continue;
        budget--;
        prefetch(entry.target);
      }
    });
    const main = doc.getElementById(pageOf(runtime)?.boot.root ?? '') ?? doc.body;
    for (const a of main.querySelectorAll('a[href]')) observer.observe(a);
  }

  doc.addEventListener('click', onClick);
  win.addEventListener('popstate', onPop);
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  doc.addEventListener('touchstart', onIntent, { passive: true });
  observeVisibleLinks();
  doc.documentElement.dataset['navigation'] = 'ready';

  return {
    go: (href) => show(new URL(href, here()), 'push', ++entries),
    stop() {
      doc.removeEventListener('click', onClick);
      win.removeEventListener('popstate', onPop);
      doc.removeEventListener('pointerover', onIntent);
      doc.removeEventListener('focusin', onIntent);
      doc.removeEventListener('touchstart', onIntent);
      observer?.disconnect();
    },
  };
}

/** The attribute or id a selector looks for (`[data-gallery]` -> `data-gallery`). */
const markerOf = (selector: string) => /[[#]([\w-]+)/.exec(selector)?.[1] ?? selector;

/** `performance.mark`, where there is one. */
function markTime(name: string): void {
  globalThis.performance?.mark?.(name);
}

/** The page as hydration data (what the page's roots render and the quick view reads). */
function bootOf(page: LoadedPage): HydrationBoot {
  const { json, code } = page;
  return {
    root: code.root,
    template: code.template,
    data: json.data,
    partials: code.partials,
    locale: json.locale,
    now: json.now,
    islands: code.islands,
  };
}
