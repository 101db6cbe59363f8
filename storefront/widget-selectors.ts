/** Template markup the lazily loaded widgets attach to (lazy-widgets.ts loads each on demand). */

/** The instalment pill's information link (partials/instalment-pill.block in the demo). */
export const INSTALMENT_LINK = 'a[data-instalment-modal]';
/** Product tabs with a reviews panel (partials/product-reviews.block in the demo). */
export const REVIEWS_TABS = '[data-reviews-tabs]';
/** Links from the rating summary to the reviews panel. */
export const REVIEWS_ANCHOR = 'a[data-reviews-anchor]';
/** A gallery of template markup (templates/gallery.html in the demo). */
export const GALLERY = '[data-gallery]';
/** The promotional pop-up overlay (partials/popup-overlay.block in the demo). */
export const POPUP_OVERLAY = '[data-popup-overlay]';
/** The sign-in form (templates/sign-in.html in the demo), submitted in place. */
export const SIGN_IN_FORM = 'form[data-sign-in-form]';
/** Paywall and join buttons (lesson pages) and the header's sign-out button. */
export const ACCOUNT_CONTROLS = '[data-member-action],[data-account-action]';
/** The owner page's panels (templates/owner.html in the demo; owner/panels.ts). */
export const OWNER_PANELS = '[data-owner-panels]';
/** Form blocks and restock sign-ups the storefront submits in place (partials/form.block…). */
export const FORMS = 'form[data-jsont-form], form[data-jsont-restock]';
/** The /cart page's cart (templates/cart.html in the demo; widgets/commerce/cart-page.ts). */
export const CART_ROOT = '#sqs-cart-root';
