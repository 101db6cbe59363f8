/**
 * Widgets that attach to template markup after hydration, each in a chunk of its own, loaded
 * only when the page has its markup (docs/storefront.md "Delivery").
 */
import { merchandisingOf } from './forms/restock-view.js';
import { pageOf } from './page-boot.js';
import type { StorefrontRuntime } from './runtime.js';
import { FORMS, INSTALMENT_LINK, REVIEWS_TABS } from './widget-selectors.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A product page whose item has restock sign-ups (shown once a sold-out variant is chosen). */
function hasRestockSignups(data: unknown): boolean {
  if (!isRec(data) || !isRec(data.item)) return false;
  const views = merchandisingOf(data, data.item).restockNotificationViews;
  return Array.isArray(views) && views.length > 0;
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
  if (doc.querySelector(FORMS) !== null || hasRestockSignups(pageOf(runtime)?.boot.data)) {
    loads.push(
      import('./widgets/forms/form-controller.js').then((m) => m.attachForms(doc.body, runtime)),
    );
  }
  await Promise.all(loads);
}
