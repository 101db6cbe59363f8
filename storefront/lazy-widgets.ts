/**
 * Widgets that attach to template markup after hydration, each in a chunk of its own, loaded
 * only when the page has its markup (docs/storefront.md "Delivery"). A client-side navigation
 * loads the chunks the next page needs before it shows the page (navigation/index.ts), stops
 * the widgets of the page it leaves and attaches those of the new one.
 */
import type { StorefrontRuntime } from './runtime.js';
import {
  CART_ROOT,
  FORMS,
  GALLERY,
  INSTALMENT_LINK,
  POPUP_OVERLAY,
  REVIEWS_TABS,
  SIGN_IN_FORM,
  ACCOUNT_CONTROLS,
  OWNER_PANELS,
} from './widget-selectors.js';

/** Starts a widget on `doc`; `data` is the page's route data. Returns the stop function. */
type Attach = (doc: Document, runtime: StorefrontRuntime, data: unknown) => () => void;

export interface LazyWidget {
  /** The markup it attaches to. */
  selector: string;
  load(): Promise<Attach>;
}

export const LAZY_WIDGETS: LazyWidget[] = [
  {
    selector: INSTALMENT_LINK,
    load: () => Promise.resolve(attachInstalmentModalOnClick),
  },
  {
    selector: REVIEWS_TABS,
    load: () =>
      import('./widgets/index.js').then(
        (m) => (doc, runtime) => m.attachReviewsTabs(doc, runtime.tracker),
      ),
  },
  {
    selector: GALLERY,
    load: () => import('./widgets/media/media-widgets.js').then((m) => m.attachGalleries),
  },
  {
    selector: POPUP_OVERLAY,
    load: () => import('./widgets/media/media-widgets.js').then((m) => m.attachPopupOverlay),
  },
  {
    selector: SIGN_IN_FORM,
    load: () => import('./account/actions.js').then((m) => m.attachSignInForm),
  },
  {
    // The sign-in page's too: once signed in, its header has the sign-out button.
    selector: `${ACCOUNT_CONTROLS},${SIGN_IN_FORM}`,
    load: () =>
      import('./account/clicks.js').then((m) => (doc, runtime, data) => {
        // Listens once per document, whatever page it shows.
        m.listenForAccountClicks(doc, runtime, data);
        return () => {};
      }),
  },
  {
    selector: OWNER_PANELS,
    load: () => import('./owner/panels.js').then((m) => m.attachOwnerPanels),
  },
  {
    selector: CART_ROOT,
    load: () =>
      import('./widgets/commerce/cart-page.js').then(
        (m) => (doc, runtime, data) => m.attachCartPage(doc.body, runtime, data),
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
  data: unknown,
): Promise<() => void> {
  const present = LAZY_WIDGETS.filter((w) => doc.querySelector(w.selector) !== null);
  const stops = await Promise.all(present.map(async (w) => (await w.load())(doc, runtime, data)));
  stops.push(await attachFormsWhenUsed(doc, runtime));
  return () => stops.forEach((stop) => stop());
}

/**
 * The forms' controller (the footer's newsletter is on every page) loads when the visitor first
 * focuses a form, or with the page when a form has a captcha to render. A form sent before it
 * has loaded posts without JavaScript, which the server answers with the same texts.
 */
async function attachFormsWhenUsed(doc: Document, runtime: StorefrontRuntime): Promise<() => void> {
  let stopped = false;
  let stopForms: (() => void) | undefined;
  const start = () =>
    import('./widgets/forms/form-controller.js').then((m) => {
      if (!stopped) stopForms = m.attachForms(doc.body, runtime);
    });
  const onFocus = (event: FocusEvent) => {
    if ((event.target as Element).closest?.(FORMS) == null) return;
    doc.removeEventListener('focusin', onFocus);
    void start();
  };
  if (doc.querySelector('[data-captcha-key]') !== null) await start();
  else doc.addEventListener('focusin', onFocus);
  return () => {
    stopped = true;
    doc.removeEventListener('focusin', onFocus);
    stopForms?.();
  };
}

/**
 * The instalment modal's code (and the dialog's) loads on the first click on the pill's link,
 * which the modal then handles; until then the link is plain markup, so a product page does not
 * load code that only a click needs.
 */
function attachInstalmentModalOnClick(doc: Document, runtime: StorefrontRuntime): () => void {
  let stopped = false;
  let stopModal: (() => void) | undefined;
  const first = (event: Event) => {
    const link = (event.target as Element).closest?.<HTMLElement>(INSTALMENT_LINK);
    if (link == null) return;
    event.preventDefault();
    doc.body.removeEventListener('click', first);
    import('./widgets/commerce/instalment-modal.js').then(
      (m) => {
        if (stopped) return;
        stopModal = m.attachInstalmentModal(doc.body, runtime);
        link.click();
      },
      (err: unknown) => console.error('[jsont] a widget failed to load', err),
    );
  };
  doc.body.addEventListener('click', first);
  return () => {
    stopped = true;
    doc.body.removeEventListener('click', first);
    stopModal?.();
  };
}
