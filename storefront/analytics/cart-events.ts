/**
 * Add-to-cart and remove-from-cart events come from the cart store itself, so every widget that
 * changes the cart (the add-to-cart button, the quick view, the /cart page) is tracked without
 * knowing about analytics: an event is sent once the server accepted the change.
 */
import type { CartResult, CartStore } from '../state/cart-store.js';
import type { Tracker } from './track.js';

export function trackCart(cart: CartStore, tracker: Tracker): CartStore {
  const removal = (entryId: string) => {
    const entry = cart.get().cart.entries.find((e) => e.id === entryId);
    return (result: CartResult) => {
      if (result.ok && entry !== undefined) {
        tracker.track({
          name: 'remove-from-cart',
          itemId: entry.itemId,
          sku: entry.chosenVariant.sku,
          quantity: entry.quantity,
        });
      }
      return result;
    };
  };
  return {
    ...cart,
    async add(entry) {
      const result = await cart.add(entry);
      if (result.ok) {
        tracker.track({
          name: 'add-to-cart',
          itemId: entry.itemId,
          sku: entry.sku,
          quantity: entry.quantity,
        });
      }
      return result;
    },
    remove: (entryId) => cart.remove(entryId).then(removal(entryId)),
    setQuantity: (entryId, quantity) =>
      quantity === 0
        ? cart.setQuantity(entryId, 0).then(removal(entryId))
        : cart.setQuantity(entryId, quantity),
  };
}
