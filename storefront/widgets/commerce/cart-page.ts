/**
 * The /cart page's behaviour. Its table is the template's markup (re-rendered from the live
 * cart), so the controller handles it by event delegation on the cart root (`#sqs-cart-root`,
 * how a full-page cart is recognised): a quantity field's change sets the entry's quantity
 * (0 removes it), `.cart-entry-remove` removes the entry, `.cart-checkout-button` goes to
 * checkout. A failure becomes the runtime's `cartNotice` — title per action, reason from the
 * error — which the template prints from `cartStatus.notice`.
 */
import { CART_ERROR_TEXTS } from '../../api/errors.js';
import type { CartResult } from '../../state/cart-store.js';
import { parseQuantity } from '../../state/messages.js';
import { CHECKOUT_URL, type StorefrontRuntime } from '../../runtime.js';
import { CART_ROOT } from '../../widget-selectors.js';

function entryIdOf(target: Element): string | undefined {
  return target.closest<HTMLElement>('[data-entry-id]')?.dataset['entryId'];
}

/** Starts the controller on the cart root below `container`, if any; returns the stop function. */
export function attachCartPage(container: Element, runtime: StorefrontRuntime): () => void {
  const root = container.querySelector(CART_ROOT);
  if (root === null) return () => {};

  const report = (title: string) => (result: CartResult) => {
    if (!result.ok) runtime.cartNotice.set({ title, message: result.error.message });
    return result;
  };
  /** The entry's quantity as the cart has it (a refused edit puts it back in the field). */
  const settledQuantity = (entryId: string) =>
    runtime.cart.get().cart.entries.find((e) => e.id === entryId)?.quantity;

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
        ? runtime.cart.remove(entryId).then(report(CART_ERROR_TEXTS.removeItem))
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
    const remove = target.closest('.cart-entry-remove');
    const entryId = remove === null ? undefined : entryIdOf(remove);
    if (entryId !== undefined) {
      runtime.cartNotice.set(null);
      void runtime.cart.remove(entryId).then(report(CART_ERROR_TEXTS.removeItem));
      return;
    }
    const checkout = target.closest<HTMLButtonElement>('.cart-checkout-button');
    if (checkout !== null && !checkout.disabled) runtime.navigate(CHECKOUT_URL);
  };

  /**
   * The quantity fields are uncontrolled and the rows have no keys: after a removal React
   * reuses a row's field for the next entry, and a field the visitor typed in keeps its text.
   * Once the cart has settled, every field not being edited shows its entry's quantity.
   */
  const syncFields = () => {
    if (runtime.cart.busy()) return;
    for (const input of root.querySelectorAll<HTMLInputElement>('[data-entry-id] input')) {
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
