/**
 * The /cart page's behaviour. Its table is the template's markup (re-rendered from the live
 * cart), so the controller handles it by event delegation on the cart root (`#sqs-cart-root`,
 * how a full-page cart is recognised): a quantity field's change sets the entry's quantity
 * (0 removes it), `.cart-entry-remove` removes the entry, `.cart-entry-edit-fields` opens its
 * additional-fields form (cart-fields.tsx), `.cart-checkout-button` goes to checkout. A failure becomes the runtime's `cartNotice` — title per action, reason from the
 * error — which the template prints from `cartStatus.notice`.
 *
 * Rows are keyed by their entry id (docs/react-path.md, "Identity in repeated sections"), so a
 * removed row takes its DOM with it. Focus, which was in that row, then goes to the same control
 * of the row that took its place (the next row, else the one before); when the cart is empty, to
 * the empty-cart text, which is read out.
 */
import { CART_ERROR_TEXTS } from '../../api/errors.js';
import type { CartResult } from '../../state/cart-store.js';
import { parseQuantity } from '../../state/messages.js';
import { CHECKOUT_URL, type StorefrontRuntime } from '../../runtime.js';
import { CART_ROOT } from '../../widget-selectors.js';
import { editEntryFields } from './cart-fields.js';

const QUANTITY_FIELD = '.cart-entry-quantity input';
const REMOVE_BUTTON = '.cart-entry-remove';
/** An entry's button that opens its additional-fields form (widgets/commerce/cart-fields.tsx). */
const EDIT_FIELDS = '.cart-entry-edit-fields';
const openForm = CART_ERROR_TEXTS.openForm;
/** The empty-cart text (focusable: tabindex -1), where focus goes when the last row goes. */
const EMPTY_CART = '.cart-empty';

function entryIdOf(target: Element): string | undefined {
  return target.closest<HTMLElement>('[data-entry-id]')?.dataset['entryId'];
}

/** Starts the controller on the cart root below `container`, if any; returns the stop function. */
export function attachCartPage(
  container: Element,
  runtime: StorefrontRuntime,
  /** The page's data: its `items` hold the products' additional-fields forms. */
  data?: unknown,
): () => void {
  const items = (data as { items?: unknown } | undefined)?.items;
  const products = Array.isArray(items) ? (items as unknown[]) : [];
  const root = container.querySelector(CART_ROOT);
  if (root === null) return () => {};

  const report = (title: string) => (result: CartResult) => {
    if (!result.ok) runtime.cartNotice.set({ title, message: result.error.message });
    return result;
  };
  /** The entry's quantity as the cart has it (a refused edit puts it back in the field). */
  const settledQuantity = (entryId: string) =>
    runtime.cart.get().cart.entries.find((e) => e.id === entryId)?.quantity;

  const rows = () => [...root.querySelectorAll<HTMLElement>('[data-entry-id]')];
  const rowOf = (entryId: string | undefined) =>
    rows().find((row) => row.dataset['entryId'] === entryId);

  /** After a removal: the row and control that get focus once the removed row is gone. */
  let refocus: { removed: string; next: string | undefined; control: string } | null = null;

  const removeEntry = (row: Element, entryId: string, control: string) => {
    const all = rows();
    const at = all.indexOf(row as HTMLElement);
    const next = all[at + 1] ?? all[at - 1];
    const mine = { removed: entryId, next: next?.dataset['entryId'], control };
    refocus = mine;
    return runtime.cart.remove(entryId).then((result) => {
      if (!result.ok && refocus === mine) refocus = null; // the row stays, and focus in it
      return report(CART_ERROR_TEXTS.removeItem)(result);
    });
  };

  /** Once the removed row has left the DOM, and only if focus went with it. */
  const moveFocus = () => {
    if (refocus === null) return;
    const doc = root.ownerDocument;
    if (rowOf(refocus.removed) !== undefined) return;
    const { next, control } = refocus;
    refocus = null;
    if (doc.activeElement !== null && doc.activeElement !== doc.body) return;
    const row = rowOf(next);
    const target =
      row?.querySelector<HTMLElement>(control) ?? root.querySelector<HTMLElement>(EMPTY_CART);
    target?.focus();
  };

  const onChange = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const entryId = entryIdOf(input);
    if (entryId === undefined) return;
    runtime.cartNotice.set(null);
    const text = input.value;
    const parsed = text.trim() === '0' ? { quantity: 0 } : parseQuantity(text);
    if ('error' in parsed) {
      runtime.cartNotice.set({ title: CART_ERROR_TEXTS.updateQuantity, message: parsed.error });
      return;
    }
    const action =
      parsed.quantity === 0
        ? removeEntry(input.closest('[data-entry-id]')!, entryId, QUANTITY_FIELD)
        : runtime.cart
            .setQuantity(entryId, parsed.quantity)
            .then(report(CART_ERROR_TEXTS.updateQuantity));
    void action.then((result) => {
      const quantity = settledQuantity(entryId);
      // The field is uncontrolled; after a refusal show what the cart really holds.
      if (!result.ok && quantity !== undefined && input.isConnected) {
        input.value = String(quantity);
      }
    });
  };

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target === null) return;
    const remove = target.closest(REMOVE_BUTTON);
    const entryId = remove === null ? undefined : entryIdOf(remove);
    if (entryId !== undefined) {
      runtime.cartNotice.set(null);
      void removeEntry(remove!.closest('[data-entry-id]')!, entryId, REMOVE_BUTTON);
      return;
    }
    const edit = target.closest<HTMLElement>(EDIT_FIELDS);
    const editing = edit === null ? undefined : entryIdOf(edit);
    if (editing !== undefined) {
      runtime.cartNotice.set(null);
      void editEntryFields(runtime, products, editing, edit!).catch(() =>
        runtime.cartNotice.set({ title: openForm, message: CART_ERROR_TEXTS.offline }),
      );
      return;
    }
    const checkout = target.closest<HTMLButtonElement>('.cart-checkout-button');
    if (checkout !== null && !checkout.disabled) runtime.navigate(CHECKOUT_URL);
  };

  /**
   * The quantity fields are uncontrolled: a field the visitor typed in keeps its text when the
   * cart settles on another quantity (coalesced edits, a removal superseding an edit). Once the
   * cart has settled, every field not being edited shows its entry's quantity.
   */
  const syncFields = () => {
    moveFocus();
    if (runtime.cart.busy()) return;
    for (const input of root.querySelectorAll<HTMLInputElement>(QUANTITY_FIELD)) {
      const quantity = settledQuantity(entryIdOf(input) ?? '');
      if (quantity === undefined || input === input.ownerDocument.activeElement) continue;
      if (input.value !== String(quantity)) input.value = String(quantity);
    }
  };

  root.addEventListener('change', onChange);
  root.addEventListener('click', onClick);
  runtime.afterCommit.add(syncFields);
  return () => {
    root.removeEventListener('change', onChange);
    root.removeEventListener('click', onClick);
    runtime.afterCommit.delete(syncFields);
  };
}
