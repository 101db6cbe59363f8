/**
 * The restock sign-up's part of `storefrontData` (docs/storefront.md, "Restock notifications").
 * A product page's item gets `restockSignup` — the data of partials/restock-form.block in the
 * demo — for the variant whose sign-up shows: the chosen variant when the owner defined a
 * sign-up for it (`productMerchandisingContext[item.id].restockNotificationViews`), else, with
 * nothing chosen, the first sign-up not hidden by default. `restockVariantId` is the one place
 * that decides it; the partial only renders what it is given:
 *
 * `productId`, `variantId`, `cta`, `placeholder`,
 * `buttonText`, `successText` (the owner's, else `Signed up!`), `mailingList` (show the opt-in),
 * `mailingListDescription`, `optIn` (checked), `captchaSiteKey` ('' when none), `action` and
 * `crumb` (the post without JavaScript), `submitting`,
 * `succeeded`, `email` (the value to show again), `error` (the email's message), `message`
 * (the server's `data.message`).
 */
import { pagePostOf, UNTOUCHED, type FormsState } from './form-view.js';
import { isRec, str, withEntry, type Rec } from '../utils/records.js';

/** The success text when the owner wrote none (docs/storefront.md, "Restock notifications"). */
export const RESTOCK_SIGNED_UP = 'Signed up!';

/** The form kind the restock sign-up posts (its `jsont-form` field). */
export const RESTOCK_KIND = 'restock';

/** The state key of a variant's sign-up. */
export const restockKey = (productId: string, variantId: string) =>
  `restock:${productId}:${variantId}`;

/** The owner's merchandising settings for `item`. */
export function merchandisingOf(data: Rec, item: Rec): Rec {
  const all = isRec(data.productMerchandisingContext) ? data.productMerchandisingContext : {};
  const own = typeof item.id === 'string' ? all[item.id] : undefined;
  return isRec(own) ? own : {};
}

function viewsOf(settings: Rec): Rec[] {
  const views = settings.restockNotificationViews;
  return Array.isArray(views) ? views.filter(isRec) : [];
}

/**
 * Which variant's sign-up the page shows (see the module comment), if any. An item whose
 * `restock` already names the variant (the sold-out state's choice) gets that one.
 */
export function restockVariantId(item: Rec, settings: Rec): string | undefined {
  if (isRec(item.restock) && typeof item.restock.variantId === 'string') {
    return item.restock.variantId;
  }
  const views = viewsOf(settings);
  const selection = isRec(item.selection) ? item.selection : {};
  const chosen = isRec(selection.variant) ? str(selection.variant.id) : '';
  if (chosen !== '') return views.some((v) => v.variantId === chosen) ? chosen : undefined;
  const shown = views.find((v) => v.hiddenByDefault !== true && typeof v.variantId === 'string');
  return shown === undefined ? undefined : str(shown.variantId);
}

/** The sign-up's data for `variantId` of `item` in its state. */
export function restockSignupView(data: Rec, item: Rec, variantId: string, forms: FormsState): Rec {
  const settings = merchandisingOf(data, item);
  const messages = isRec(settings.restockNotificationMessages)
    ? settings.restockNotificationMessages
    : {};
  const productId = str(item.id);
  const state = forms[restockKey(productId, variantId)] ?? UNTOUCHED;
  const post = pagePostOf(data);
  const optInDefault = settings.mailingListOptInByDefault === true;
  return {
    productId,
    variantId,
    cta: str(messages.CTAText),
    placeholder: str(messages.placeholderText),
    buttonText: str(messages.buttonText),
    successText: str(messages.successText) || RESTOCK_SIGNED_UP,
    mailingList: settings.mailingListSignUpEnabled === true,
    mailingListDescription: str(messages.mailingListDescription),
    optIn: state.values === undefined ? optInDefault : state.values.isJoinMailingList === 'on',
    captchaSiteKey: post.captchaSiteKey,
    action: post.action,
    crumb: post.crumb,
    submitting: state.phase === 'submitting',
    succeeded: state.phase === 'success',
    email: str(state.values?.email),
    error: state.errors.email ?? null,
    message: state.above,
  };
}

/** `item` with `restockSignup` when a sign-up shows for it. */
export function withRestockSignup(data: Rec, item: unknown, forms: FormsState): unknown {
  if (!isRec(item)) return item;
  const variantId = restockVariantId(item, merchandisingOf(data, item));
  if (variantId === undefined) return item;
  return withEntry(item, 'restockSignup', restockSignupView(data, item, variantId, forms));
}
