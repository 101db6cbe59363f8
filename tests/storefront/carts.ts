/** Carts as the commerce API answers them, built from a few entries (no DOM needed). */
import type { ShoppingCartData } from '../../storefront/api/client.js';
import { emptyCart } from '../../storefront/state/cart-store.js';

const money = (cents: number) => {
  const decimal = (cents / 100).toFixed(2);
  return { value: decimal, currency: 'USD', decimalValue: decimal, currencyCode: 'USD' };
};

export interface FakeEntry {
  id: string;
  itemId: string;
  sku: string;
  quantity: number;
  title?: string;
  priceCents?: number;
  productType?: number;
  attributes?: Record<string, string>;
  /** The additional-fields form's values, as JSON text. */
  additionalFields?: string | null;
}

/** A cart as the API answers it, from its entries. */
export function cartOf(entries: FakeEntry[]): ShoppingCartData {
  const built = entries.map((e) => ({
    id: e.id,
    itemId: e.itemId,
    chosenVariant: { sku: e.sku, attributes: e.attributes ?? {} },
    quantity: e.quantity,
    additionalFields: e.additionalFields ?? null,
    title: e.title ?? e.itemId,
    subTotal: money((e.priceCents ?? 1000) * e.quantity),
    purchasePriceCents: e.priceCents ?? 1000,
    productType: e.productType ?? 1,
  }));
  const subtotal = built.reduce((sum, e) => sum + e.purchasePriceCents * e.quantity, 0);
  return {
    ...emptyCart(),
    id: entries.length > 0 ? 'cart1' : '',
    entries: built,
    subtotalCents: subtotal,
    grandTotalCents: subtotal,
    totalQuantity: built.reduce((sum, e) => sum + e.quantity, 0),
    requiresShipping: true,
    subtotalAmount: money(subtotal),
  };
}
