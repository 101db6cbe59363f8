/**
 * Every change to a cart's lines goes through this module, so one set of rules holds whichever
 * call makes it (docs/storefront.md, "Add to cart" and "Constants and limits"): adding units,
 * setting a line's quantity, and moving a line to another variant or other additional fields.
 * The rules: a change may not add units of a limited variant beyond its stock, no line may pass
 * MAX_LINE_QUANTITY, and a cart holds at most MAX_CART_LINES lines.
 */
import { randomBytes } from 'node:crypto';
import {
  CART_MESSAGES,
  CART_SERVER_MESSAGES,
  INVALID_REQUEST,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  QUANTITY_TOO_LARGE,
} from '../../storefront/api/schemas.js';
import type { CatalogVariant } from './catalog.js';
import type { CartRow, EntryRow } from './store/carts.js';
import { fail } from './http.js';
import type { ApiContext } from './router.js';

/** Ids look like the platform's: 24 hex characters. */
export const newId = (): string => randomBytes(12).toString('hex');

export function findVariant(ctx: ApiContext, itemId: string, sku: string) {
  const product = ctx.catalog.getProduct(itemId);
  if (product === undefined) throw fail(404, CART_SERVER_MESSAGES.productNotFound);
  const variant = product.variants.find((v) => v.sku === sku);
  if (variant === undefined) throw fail(400, CART_MESSAGES.variantUnavailable);
  return { product, variant };
}

export interface LineChange {
  variant: CatalogVariant;
  /** Units of the variant in the whole cart before and after the change. */
  unitsBefore: number;
  unitsAfter: number;
  /** The changed line's quantity after the change. */
  lineQuantity: number;
}

/**
 * The one check for a line's variant and size. A change that does not add units of the variant
 * passes the stock rule even when the stock has since fallen below the cart, so a visitor can
 * always lower a quantity or fix an engraving. The line-size refusal is the 400 that a quantity
 * past the maximum gets from the request schema.
 */
export function checkLineChange(change: LineChange): void {
  const { variant, unitsBefore, unitsAfter } = change;
  if (!variant.unlimited && unitsAfter > unitsBefore && unitsAfter > variant.qtyInStock) {
    throw fail(400, CART_MESSAGES.outOfStock);
  }
  if (change.lineQuantity > MAX_LINE_QUANTITY) {
    throw fail(400, INVALID_REQUEST, { fieldErrors: { quantity: [QUANTITY_TOO_LARGE] } });
  }
}

/** The stock rule for `requested` units on top of `alreadyInCart` (a subscription's one line). */
export const checkStock = (variant: CatalogVariant, alreadyInCart: number, requested: number) =>
  checkLineChange({
    variant,
    unitsBefore: alreadyInCart,
    unitsAfter: alreadyInCart + requested,
    lineQuantity: requested,
  });

export interface NewUnits {
  itemId: string;
  sku: string;
  quantity: number;
  fields: string | null;
}

/**
 * Adds units to the line of the same item, variant and additional fields, or to a new line;
 * returns that line's id.
 */
export function addUnits(ctx: ApiContext, cart: CartRow, add: NewUnits): string {
  const { carts } = ctx.stores;
  const { variant } = findVariant(ctx, add.itemId, add.sku);
  const before = carts.quantityInCart(cart.id, add.itemId, add.sku);
  const same = carts.matching(cart.id, add.itemId, add.sku, add.fields);
  const lineQuantity = (same?.quantity ?? 0) + add.quantity;
  checkLineChange({
    variant,
    unitsBefore: before,
    unitsAfter: before + add.quantity,
    lineQuantity,
  });
  if (same !== undefined) {
    carts.setQuantity(same.id, lineQuantity);
    return same.id;
  }
  if (carts.lineCount(cart.id) >= MAX_CART_LINES)
    throw fail(400, CART_SERVER_MESSAGES.tooManyLines);
  const id = newId();
  carts.insertEntry({
    id,
    cart_id: cart.id,
    item_id: add.itemId,
    sku: add.sku,
    quantity: add.quantity,
    additional_fields: add.fields,
  });
  return id;
}

/** Sets a line's quantity (at least 1; removing a line is the caller's business). */
export function setLineQuantity(ctx: ApiContext, cart: CartRow, line: EntryRow, quantity: number) {
  const { carts } = ctx.stores;
  const { variant } = findVariant(ctx, line.item_id, line.sku);
  const before = carts.quantityInCart(cart.id, line.item_id, line.sku);
  const unitsAfter = before - line.quantity + quantity;
  checkLineChange({ variant, unitsBefore: before, unitsAfter, lineQuantity: quantity });
  carts.setQuantity(line.id, quantity);
}

/**
 * Moves a line to another variant of its item and/or other additional fields. When another line
 * already has that variant and those fields, the two become one (this line, keeping its id), as
 * adding them would have made.
 */
export function changeLineVariant(
  ctx: ApiContext,
  cart: CartRow,
  line: EntryRow,
  sku: string,
  fields: string | null,
): void {
  const { carts } = ctx.stores;
  const { variant } = findVariant(ctx, line.item_id, sku);
  const before = carts.quantityInCart(cart.id, line.item_id, sku);
  // Units move only when the variant changes; other fields on the same variant add none.
  const unitsAfter = before + (sku === line.sku ? 0 : line.quantity);
  const twin = carts.matching(cart.id, line.item_id, sku, fields);
  const merged = twin !== undefined && twin.id !== line.id ? twin : undefined;
  const lineQuantity = line.quantity + (merged?.quantity ?? 0);
  checkLineChange({ variant, unitsBefore: before, unitsAfter, lineQuantity });
  if (merged !== undefined) carts.deleteEntry(merged.id);
  carts.setFields(line.id, sku, fields);
  carts.setQuantity(line.id, lineQuantity);
}
