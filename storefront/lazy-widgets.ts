/**
 * Widgets that attach to template markup after hydration, each in a chunk of its own, loaded
 * only when the page has its markup (docs/storefront.md "Delivery").
 */
import { pageOf } from './page-boot.js';
import type { StorefrontRuntime } from './runtime.js';
import {
  FORMS,
  GALLERY,
  INSTALMENT_LINK,
  POPUP_OVERLAY,
  REVIEWS_TABS,
  SIGN_IN_FORM,
  ACCOUNT_CONTROLS,
} from './widget-selectors.js';

/** Starts the lazy widgets `doc` needs; resolves when their chunks have loaded. */
export async function attachLazyWidgets(doc: Document, runtime: StorefrontRuntime): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (doc.querySelector(INSTALMENT_LINK) !== null) {
    loads.push(
      import('./widgets/commerce/instalment-modal.js').then((m) =>
        m.attachInstalmentModal(doc.body, runtime),
      ),
    );
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
  const data = pageOf(runtime)?.boot.data;
  if (doc.querySelector(SIGN_IN_FORM) !== null) {
    loads.push(import('./account/actions.js').then((m) => m.attachSignInForm(doc, runtime, data)));
  }
  if (doc.querySelector(ACCOUNT_CONTROLS) !== null) {
    loads.push(
      import('./account/clicks.js').then((m) => m.listenForAccountClicks(doc, runtime, data)),
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
