/**
 * Widgets that attach to template markup after hydration, each in a chunk of its own, loaded
 * only when the page has its markup (docs/storefront.md "Delivery"). A client-side navigation
 * loads the chunks the next page needs before it shows the page (`preloadLazyWidgets`), stops
 * the widgets of the page it leaves and attaches those of the new one.
 */
import type { StorefrontRuntime } from './runtime.js';
import {
  CART_ROOT,
  GALLERY,
  INSTALMENT_LINK,
  POPUP_OVERLAY,
  REVIEWS_TABS,
} from './widget-selectors.js';

type Attach = (doc: Document, runtime: StorefrontRuntime) => () => void;

interface LazyWidget {
  /** The markup it attaches to. */
  selector: string;
  load(): Promise<Attach>;
}

const LAZY_WIDGETS: LazyWidget[] = [
  {
    selector: INSTALMENT_LINK,
    load: () =>
      import('./widgets/commerce/instalment-modal.js').then(
        (m) => (doc, runtime) => m.attachInstalmentModal(doc.body, runtime),
      ),
  },
  {
    selector: REVIEWS_TABS,
    load: () =>
      import('./widgets/commerce/reviews-tabs.js').then((m) => (doc) => m.attachReviewsTabs(doc)),
  },
  {
    selector: GALLERY,
    load: () => import('./widgets/media/gallery.js').then((m) => m.attachGalleries),
  },
  {
    selector: POPUP_OVERLAY,
    load: () => import('./widgets/media/popup-overlay.js').then((m) => m.attachPopupOverlay),
  },
  {
    selector: CART_ROOT,
    load: () =>
      import('./widgets/commerce/cart-page.js').then(
        (m) => (doc, runtime) => m.attachCartPage(doc.body, runtime),
      ),
  },
];

/**
 * Starts the lazy widgets `doc` needs; resolves, once their chunks have loaded, with a function
 * that stops them all.
 */
export async function attachLazyWidgets(
  doc: Document,
  runtime: StorefrontRuntime,
): Promise<() => void> {
  const present = LAZY_WIDGETS.filter((w) => doc.querySelector(w.selector) !== null);
  const stops = await Promise.all(present.map(async (w) => (await w.load())(doc, runtime)));
  return () => stops.forEach((stop) => stop());
}

/** The attribute or id a selector looks for (`[data-gallery]` -> `data-gallery`). */
const markerOf = (selector: string) => /[[#]([\w-]+)/.exec(selector)?.[1] ?? selector;

/**
 * Loads the chunks of the lazy widgets whose markup `text` (a page's template code and shell,
 * as JSON or HTML) may hold; at worst one is loaded that the page turns out not to need.
 */
export async function preloadLazyWidgets(text: string): Promise<void> {
  await Promise.all(
    LAZY_WIDGETS.filter((w) => text.includes(markerOf(w.selector))).map((w) => w.load()),
  );
}
