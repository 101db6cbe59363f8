/**
 * Widgets that attach to template markup after hydration, each in a chunk of its own, loaded
 * only when the page has its markup (docs/storefront.md "Delivery").
 */
import type { StorefrontRuntime } from './runtime.js';
import {
  FORMS,
  GALLERY,
  INSTALMENT_LINK,
  POPUP_OVERLAY,
  REVIEWS_TABS,
} from './widget-selectors.js';

/** Starts the lazy widgets `doc` needs; resolves when their chunks have loaded. */
export async function attachLazyWidgets(doc: Document, runtime: StorefrontRuntime): Promise<void> {
  const loads: Promise<unknown>[] = [];
  // The instalment modal's code (and the dialog's) loads on the first click on the pill's link,
  // which is then handled again by the modal; until then the link is plain markup.
  if (doc.querySelector(INSTALMENT_LINK) !== null) {
    doc.body.addEventListener('click', function first(event) {
      const link = (event.target as Element).closest?.<HTMLElement>(INSTALMENT_LINK);
      if (link == null) return;
      event.preventDefault();
      doc.body.removeEventListener('click', first);
      import('./widgets/commerce/instalment-modal.js').then(
        (m) => {
          m.attachInstalmentModal(doc.body, runtime);
          link.click();
        },
        (err: unknown) => console.error('[jsont] a widget failed to load', err),
      );
    });
  }
  if (doc.querySelector(REVIEWS_TABS) !== null) {
    loads.push(
      import('./widgets/commerce/reviews-tabs.js').then((m) =>
        m.attachReviewsTabs(doc, runtime.tracker),
      ),
    );
  }
  if (doc.querySelector(GALLERY) !== null) {
    loads.push(import('./widgets/media/gallery.js').then((m) => m.attachGalleries(doc, runtime)));
  }
  if (doc.querySelector(POPUP_OVERLAY) !== null) {
    loads.push(
      import('./widgets/media/popup-overlay.js').then((m) => m.attachPopupOverlay(doc, runtime)),
    );
  }
  // The forms' controller (the footer's newsletter is on every page) loads when the visitor
  // first focuses a form, or with the page when a form has a captcha to render. A form sent
  // before it has loaded posts without JavaScript, which the server answers with the same texts.
  const forms = () =>
    import('./widgets/forms/form-controller.js').then((m) => m.attachForms(doc.body, runtime));
  if (doc.querySelector('[data-captcha-key]') !== null) loads.push(forms());
  else {
    doc.addEventListener('focusin', function once(event) {
      if ((event.target as Element).closest?.(FORMS) == null) return;
      doc.removeEventListener('focusin', once);
      void forms();
    });
  }
  await Promise.all(loads);
}
