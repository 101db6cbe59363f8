/**
 * The visitor's cart: the last cart the server settled, and the mutations that change it.
 *
 * Mutations run one at a time, in order (a queue of promises), so two requests never race and
 * the cart shown is always one the server answered. Quantity edits to one entry coalesce: an
 * edit queued behind another request is replaced by the next edit of the same entry, so rapid
 * typing sends at most one request per entry at a time and the last value typed wins. A removal
 * supersedes the entry's pending edits and later ones, so a removed line is never resurrected.
 */
import type { CommerceClient, AddEntry, ShoppingCartData } from '../api/client.js';

export type UpdateFields = Parameters<CommerceClient['updateAdditionalFields']>[1];
import { asCommerceError, type CommerceError } from '../api/errors.js';
import { cartWithoutCheckout } from '../api/cart-shape.js';
import { createStore, type Store } from './store.js';

export interface CartState {
  cart: ShoppingCartData;
  /**
   * False until the first sync with the server (uninitialized, then initialized:
   * docs/storefront.md, "Cart pill").
   */
  initialized: boolean;
}

export type CartResult = { ok: true } | { ok: false; error: CommerceError };

export interface CartStore extends Store<CartState> {
  /** Reads the cart from the server (a failure keeps the cart the page was rendered with). */
  load(): Promise<CartResult>;
  add(entry: AddEntry): Promise<CartResult>;
  /** Sets an entry's quantity; coalesces with a queued edit of the same entry. */
  setQuantity(entryId: string, quantity: number): Promise<CartResult>;
  remove(entryId: string): Promise<CartResult>;
  /** Replaces an entry's additional fields (JSON text). */
  updateFields(entryId: string, body: UpdateFields): Promise<CartResult>;
  /** Whether a mutation is queued or in flight (the cart shown may not be the last word). */
  busy(): boolean;
  /** Units of one item and variant already in the cart. */
  quantityInCart(itemId: string, sku: string): number;
}

interface PendingEdit {
  quantity: number;
  result: Promise<CartResult>;
}

export function createCartStore(client: CommerceClient, initial: ShoppingCartData): CartStore {
  const store = createStore<CartState>({ cart: initial, initialized: false });
  let queue: Promise<unknown> = Promise.resolve();
  let outstanding = 0;
  /** Edits queued and not yet sent, by entry id. */
  const pendingEdits = new Map<string, PendingEdit>();
  /** Entries removed (or being removed): edits to them are dropped. */
  const removed = new Set<string>();

  const settle = (cart: ShoppingCartData) => store.set({ cart, initialized: true });

  function enqueue(task: () => Promise<ShoppingCartData>): Promise<CartResult> {
    outstanding++;
    const run = async (): Promise<CartResult> => {
      try {
        const cart = await task();
        outstanding--;
        settle(cart);
        return { ok: true };
      } catch (thrown) {
        outstanding--;
        return { ok: false, error: asCommerceError(thrown) };
      }
    };
    const result = queue.then(run, run);
    queue = result;
    return result;
  }

  return {
    ...store,
    load: () => enqueue(() => client.getCart()),
    add: (entry) => enqueue(async () => (await client.addEntry(entry)).shoppingCart),
    setQuantity(entryId, quantity) {
      if (removed.has(entryId)) return Promise.resolve({ ok: true });
      const queued = pendingEdits.get(entryId);
      if (queued !== undefined) {
        queued.quantity = quantity;
        return queued.result;
      }
      const edit: PendingEdit = { quantity, result: Promise.resolve({ ok: true }) };
      pendingEdits.set(entryId, edit);
      edit.result = enqueue(() => {
        // Sent now: later edits queue a new request with their own value.
        pendingEdits.delete(entryId);
        if (removed.has(entryId)) return Promise.resolve(store.get().cart);
        return client.setQuantity(entryId, edit.quantity);
      });
      return edit.result;
    },
    remove(entryId) {
      removed.add(entryId);
      pendingEdits.delete(entryId);
      return enqueue(() => client.removeEntry(entryId)).then((result) => {
        // A failed removal leaves the entry in the cart: it can be edited again.
        if (!result.ok) removed.delete(entryId);
        return result;
      });
    },
    updateFields: (entryId, body) =>
      enqueue(async () => (await client.updateAdditionalFields(entryId, body)).shoppingCart),
    busy: () => outstanding > 0,
    quantityInCart(itemId, sku) {
      return store
        .get()
        .cart.entries.filter((e) => e.itemId === itemId && e.chosenVariant.sku === sku)
        .reduce((sum, e) => sum + e.quantity, 0);
    },
  };
}

/** The cart of a visitor who has none (what the API answers before the first add). */
export function emptyCart(): ShoppingCartData {
  const zero = { value: '0.00', currency: 'USD', decimalValue: '0.00', currencyCode: 'USD' };
  return {
    ...cartWithoutCheckout(),
    id: '',
    websiteId: '',
    created: 0,
    isPurchased: false,
    entries: [],
    subtotalCents: 0,
    grandTotalCents: 0,
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
    subtotalAmount: zero,
  };
}
