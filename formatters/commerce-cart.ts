/**
 * Cart formatters (docs/language.md, "Commerce formatters"): the item count badge, the cart link
 * and the retired subtotal. Quantities are read loosely like the reference (`"2"` is 2, `"2x"` is
 * 2, booleans 1/0, anything else 0), so one malformed entry cannot hide the others; a quantity that
 * cannot be read at all (`"x"`) makes the sum NaN, as in the reference.
 */
import type { FormatterTable } from '../engine/plugin.js';
import { asNumber, descendValue } from '../engine/values.js';

/** SUM(entries[].quantity) of the cart it is applied to. */
function cartQuantity(cart: unknown): number {
  const entries = descendValue(cart, 'entries');
  let total = 0;
  if (Array.isArray(entries)) {
    for (const entry of entries) total += asNumber(descendValue(entry, 'quantity'));
  }
  return total;
}

export const COMMERCE_CART_FORMATTERS: FormatterTable = {
  'cart-quantity': {
    apply(_args, vars) {
      const first = vars[0]!;
      first.set(`<span class="sqs-cart-quantity">${cartQuantity(first.value)}</span>`);
    },
  },
  // Kept so old templates still parse; the value it printed is no longer computed here.
  'cart-subtotal': {
    apply(_args, vars) {
      vars[0]!.set('deprecated, do not use');
    },
  },
  'cart-url': {
    apply(_args, vars) {
      vars[0]!.set('/cart');
    },
  },
};
