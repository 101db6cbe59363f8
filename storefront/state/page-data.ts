/**
 * The data a page's template renders: the route's data with the visitor's state folded in
 * (docs/storefront.md "Design"). The server calls it with the initial state (the visitor's cart,
 * nothing chosen) and the browser with the live state, so the first browser render equals the
 * server's HTML and every later one shows the state.
 *
 * - `cart`: the live cart, each entry with `variantLabel` (its option values, `Sage / S/M`) and,
 *   when its product has an additional-fields form, `formAnswers`.
 * - `cartStatus`: what the /cart page shows besides the entries — `notice` (an error's title and
 *   text), `minimumSubtotal` (the store's minimum, when the subtotal is below it),
 *   `buyNowPayLater` (every entry is a physical product), `initialized` (synced with the server).
 * - `item.selection`: for the product page's item with a variant chosen, `{ variant, item }`:
 *   the variant, and the item reduced to it (variantView) for the price, mark and image.
 * - `item.soldOut` (`{ text }`) when the product, or the variant chosen, is sold out, and
 *   `item.restock`, the owner's restock sign-up for that variant (state/stock.ts).
 * - `item.instalments`: the instalment pill's data for a physical product whose instalment
 *   context says available (state/instalments.ts), priced at the chosen variant.
 * - `account`: `{ signedIn }`, the live sign-in state (the header's account menu).
 * - `signIn` of the sign-in page: the form's live state (state/sign-in.ts); the server puts the
 *   page load's in the route data.
 * - `owner` of an owner page: the server's (`websiteId`) with the panels' live status and
 *   results over it (owner/panels.ts).
 * - `options` of a gallery page: every gallery option, defaults filled in (state/gallery.ts).
 * - each form of the data (a top-level value with `id` and `fields`) seen in its state, and
 *   `item.restockSignup` for the variant whose restock sign-up shows (storefront/forms/). The
 *   server's answer to a form posted without JavaScript carries that state as `formStatus`.
 */
import type { ShoppingCartData } from '../api/client.js';
import { withForms, type FormsState } from '../forms/form-view.js';
import { withRestockSignup } from '../forms/restock-view.js';
import { additionalForm, parseValues, summaryAnswers } from './additional-fields.js';
import { galleryOptions, isGalleryPage } from './gallery.js';
import { instalmentView } from './instalments.js';
import { withStock } from './stock.js';
import { chosenVariant, PRODUCT_TYPE, variantView, type Choices, type Variant } from './product.js';
import { extensibleCopy, isRec, withEntry, type Rec } from '../utils/records.js';

export interface VisitorState {
  cart: ShoppingCartData | undefined;
  initialized: boolean;
  selection: Readonly<Record<string, Choices>>;
  notice: { title: string; message: string } | null;
  /** Whether a site user is signed in (the header's account menu). */
  account: { signedIn: boolean };
  /**
   * The sign-in page's form as template data (state/sign-in.ts `signInView`); null: the route
   * data's, as the server computed it for the page load.
   */
  signIn: Record<string, unknown> | null;
  /** The owner panels' status and results (owner/panels.ts), over the route data's `owner`. */
  ownerPanels?: Record<string, unknown> | null;
  /** The forms' states by form id (storefront/forms/form-view.ts); none touched when absent. */
  forms?: FormsState;
}

/** The state of a visitor who has done nothing yet on this page. */
export function initialState(data: unknown): VisitorState {
  const cart = isRec(data) && isRec(data.cart) ? (data.cart as ShoppingCartData) : undefined;
  const forms = isRec(data) && isRec(data.formStatus) ? (data.formStatus as FormsState) : {};
  return {
    cart,
    initialized: false,
    selection: {},
    notice: null,
    forms,
    account: accountOf(data),
    signIn: null,
  };
}

/** `account` of the route data (the server's: the session's). */
export function accountOf(data: unknown): { signedIn: boolean } {
  const account = isRec(data) && isRec(data.account) ? data.account : {};
  return { signedIn: account.signedIn === true };
}

/** The store's minimum order subtotal (Money), when it sets one. */
function minimumSubtotal(data: Rec): Rec | undefined {
  const website = isRec(data.website) ? data.website : {};
  const settings = isRec(website.storeSettings) ? website.storeSettings : {};
  const minimum = settings.minimumOrderSubtotal;
  return isRec(minimum) && typeof minimum.decimalValue === 'string' ? minimum : undefined;
}

function cartStatus(data: Rec, state: VisitorState): Rec {
  const cart = state.cart;
  const entries = cart?.entries ?? [];
  const minimum = minimumSubtotal(data);
  const below =
    minimum !== undefined &&
    cart !== undefined &&
    entries.length > 0 &&
    Number(cart.subtotalAmount.decimalValue) < Number(minimum.decimalValue);
  return {
    initialized: state.initialized,
    notice: state.notice,
    minimumSubtotal: below ? minimum : null,
    buyNowPayLater:
      entries.length > 0 && entries.every((e) => e.productType === PRODUCT_TYPE.physical),
  };
}

function withSelection(item: unknown, selection: VisitorState['selection']): unknown {
  if (!isRec(item) || typeof item.id !== 'string') return item;
  const choices = selection[item.id];
  if (choices === undefined) return item;
  const variant = chosenVariant(item, choices);
  if (variant === undefined) return item;
  return withEntry(item, 'selection', { variant, item: variantView(item, variant) });
}

/** `item.instalments` (state/instalments.ts), priced at the chosen variant if there is one. */
function withInstalments(item: unknown, data: Rec): unknown {
  if (!isRec(item) || typeof item.id !== 'string') return item;
  const contexts = isRec(data.instalmentContext) ? data.instalmentContext : {};
  const selection = isRec(item.selection) ? item.selection : {};
  const variant = selection.variant as Variant | undefined;
  const view = instalmentView(item, contexts[item.id], variant);
  return view === undefined ? item : withEntry(item, 'instalments', view);
}

/**
 * The cart with each entry's variant as text (`Sage / S/M`) for templates: `variantLabel`; and,
 * for an entry whose product (among the page's `items`) has an additional-fields form,
 * its `formAnswers` (summary answers, for `summary-form-field`).
 */
function cartView(cart: ShoppingCartData, data: Rec): Rec {
  const items = Array.isArray(data.items) ? data.items : [];
  return {
    ...cart,
    entries: cart.entries.map((e) => {
      const form = additionalForm(items.find((it) => isRec(it) && it.id === e.itemId));
      return {
        ...e,
        variantLabel: Object.values(e.chosenVariant.attributes).join(' / '),
        formAnswers: form && summaryAnswers(form, parseValues(e.additionalFields)),
      };
    }),
  };
}

export function storefrontData(data: unknown, state: VisitorState): unknown {
  if (!isRec(data)) return data;
  // withForms' copy is this function's own: properties are added to it (extensibleCopy).
  const out = withForms(data, state.forms ?? {});
  out.cartStatus = cartStatus(data, state);
  if (state.cart !== undefined) out.cart = cartView(state.cart, data);
  out.account = extensibleCopy(isRec(data.account) ? data.account : {}, state.account);
  if (state.signIn !== null) out.signIn = state.signIn;
  if (state.ownerPanels != null) {
    out.owner = extensibleCopy(isRec(data.owner) ? data.owner : {}, state.ownerPanels);
  }
  if (isGalleryPage(data)) out.options = galleryOptions(data.options);
  if (data.item !== undefined) {
    const chosen = withSelection(data.item, state.selection);
    const choices = state.selection[isRec(data.item) ? String(data.item.id) : ''] ?? {};
    const item = withInstalments(withStock(chosen, data, choices), data);
    out.item = withRestockSignup(data, item, state.forms ?? {});
  }
  return out;
}
