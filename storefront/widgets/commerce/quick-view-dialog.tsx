/**
 * The quick view dialog: the site's `quick-view.block` partial over the product, rendered by the
 * React path with the storefront's widgets (price, variant picker, quantity, add to cart, as on
 * the product page) over the visitor's state, so a chosen variant re-renders its price and
 * image. The page's data, partials and render options come from its hydration data. Choices
 * made here stay out of the address bar (the page is the shop, not the product).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { renderPrepared } from '../../../react-renderer/browser.js';
import { pageOf } from '../../page-boot.js';
import { storefrontData } from '../../state/page-data.js';
import { useStore } from '../../state/store.js';
import { RuntimeContext, useRuntime, type AddressBar } from '../../runtime.js';
import { Dialog } from '../dialogs/dialog.js';
import { applyToItem, QUICK_VIEW_PARTIAL } from './quick-view-partial.js';
import type { QuickViewDialogProps } from './quick-view.js';

const APPLY_QUICK_VIEW = applyToItem(QUICK_VIEW_PARTIAL);

const NO_ADDRESS: AddressBar = { search: () => '', push: () => {}, onPop: () => () => {} };

export function QuickViewDialog(props: QuickViewDialogProps): ReactNode {
  const runtime = useRuntime();
  const local = useMemo(() => ({ ...runtime, address: NO_ADDRESS }), [runtime]);
  const cart = useStore(runtime.cart);
  const selection = useStore(runtime.selection);
  const page = pageOf(runtime);
  const boot = page?.boot;
  const item = props.item as { title?: unknown; fullUrl?: unknown };
  // The image formatter's markup carries only data-src (the page sets src after hydration,
  // lazy-images.ts loadImages); this content is not hydrated, so its images get theirs here.
  useEffect(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('.sf-dialog img[data-src]')) {
      const src = img.dataset['src']!;
      if (img.getAttribute('src') !== src) img.src = src;
    }
  });
  const missing = boot === undefined || boot.partials[QUICK_VIEW_PARTIAL] === undefined;
  useEffect(() => {
    // No quick view template on this page: the product page shows the same.
    if (missing && typeof item.fullUrl === 'string') runtime.navigate(item.fullUrl);
  }, [missing, item.fullUrl, runtime]);
  if (page === undefined || boot === undefined || missing) return null;
  const data = { ...(boot.data as object), item: props.item };
  const hasCart = 'cart' in data;
  const view = storefrontData(data, {
    cart: hasCart ? cart.cart : undefined,
    initialized: cart.initialized,
    selection,
    notice: null,
    account: runtime.account.get(),
    signIn: null,
  });
  const { element } = renderPrepared(APPLY_QUICK_VIEW, view, {
    partials: boot.partials,
    locale: boot.locale,
    now: boot.now,
    components: page.components,
  });
  return (
    <Dialog
      label={String(item.title ?? '')}
      opener={props.opener}
      onClose={props.onClose}
      className="quick-view-dialog"
    >
      <RuntimeContext.Provider value={local}>{element}</RuntimeContext.Provider>
    </Dialog>
  );
}
