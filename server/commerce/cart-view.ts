/**
 * Builds the ShoppingCart response from stored rows and the catalog: prices and titles come
 * from the catalog at read time, so editing the site JSON re-prices open carts (as the live
 * platform re-prices on recalculation). Tax, shipping and discounts are zero in the preview.
 */
import { cartWithoutCheckout } from '../../storefront/api/cart-shape.js';
import type { CartEntry, Money, ShoppingCart } from '../../storefront/api/schemas.js';
import { PRODUCT_TYPE, type Catalog } from './catalog.js';
import type { CartRow, EntryRow } from './store/carts.js';

const DEFAULT_CURRENCY = 'USD';

export function money(cents: number, currency: string): Money {
  const digits = currency === 'JPY' ? 0 : 2;
  const decimal = (cents / 10 ** digits).toFixed(digits);
  return { value: decimal, currency, decimalValue: decimal, currencyCode: currency };
}

export function buildEntry(row: EntryRow, catalog: Catalog): CartEntry & { productType: number } {
  const product = catalog.getProduct(row.item_id);
  const variant = product?.variants.find((v) => v.sku === row.sku);
  // A product removed from the site JSON stays in the cart at no charge until removed.
  const unit = variant?.priceCents ?? 0;
  return {
    id: row.id,
    itemId: row.item_id,
    chosenVariant: { sku: row.sku, attributes: variant?.attributes ?? {} },
    quantity: row.quantity,
    additionalFields: row.additional_fields,
    title: product?.title ?? row.item_id,
    subTotal: money(unit * row.quantity, variant?.currency ?? DEFAULT_CURRENCY),
    purchasePriceCents: unit,
    productType: product?.productType ?? 0,
  };
}

/** The empty cart shown to a visitor who has none yet (no row is created for a read). */
export function emptyCartRow(websiteId: string, now: number): CartRow {
  return { id: '', website_id: websiteId, created: now, is_purchased: 0, site_user_id: null };
}

export function buildCart(cart: CartRow, rows: EntryRow[], catalog: Catalog): ShoppingCart {
  const built = rows.map((r) => buildEntry(r, catalog));
  const digital = (t: number) => t === PRODUCT_TYPE.digital || t === PRODUCT_TYPE.giftCard;
  const subtotalCents = built.reduce((sum, e) => sum + e.purchasePriceCents * e.quantity, 0);
  const currency = built[0]?.subTotal.currencyCode ?? DEFAULT_CURRENCY;
  return {
    ...cartWithoutCheckout(),
    id: cart.id,
    websiteId: cart.website_id,
    created: cart.created,
    isPurchased: cart.is_purchased === 1,
    entries: built,
    subtotalCents,
    grandTotalCents: subtotalCents,
    totalQuantity: built.reduce((sum, e) => sum + e.quantity, 0),
    hasDigital: built.some((e) => digital(e.productType)),
    purelyDigital: built.length > 0 && built.every((e) => digital(e.productType)),
    requiresShipping: built.some((e) => e.productType === PRODUCT_TYPE.physical),
    subtotalAmount: money(subtotalCents, currency),
  };
}
