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

/** A form whose captcha must be rendered as the page loads. */
const FORM_WITH_CAPTCHA = '[data-captcha-key]';

/**
 * The forms' controller (the footer's newsletter is on every page) loads when the visitor first
 * focuses a form, or with the page when a form has a captcha to render. A form sent before it
 * has loaded posts without JavaScript, which the server answers with the same texts.
 */
function attachFormsWhenUsed(doc: Document, runtime: StorefrontRuntime): Promise<unknown> | void {
  const load = () =>
    import('./widgets/forms/form-controller.js').then((m) => m.attachForms(doc.body, runtime));
  if (doc.querySelector(FORM_WITH_CAPTCHA) !== null) return load();
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || event.target.closest(FORMS) === null) return;
    doc.removeEventListener('focusin', onFocus);
    load().catch((err: unknown) => console.error('[jsont] a widget failed to load', err));
  };
  doc.addEventListener('focusin', onFocus);
}

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
    loads.push(import('./widgets/commerce/reviews-tabs.js').then((m) => m.attachReviewsTabs(doc)));
  }
  const forms = attachFormsWhenUsed(doc, runtime);
  if (forms !== undefined) loads.push(forms);
  await Promise.all(loads);
}
