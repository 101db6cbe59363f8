/**
 * Shopping-cart calls (docs/storefront.md, "API calls"): read the cart, add an entry, change its
 * additional fields or quantity, remove it. The cart is found by the CART cookie, which the
 * client also reads to decide whether to load a cart on page load (docs/storefront.md, "Cart
 * pill").
 */
import { randomBytes } from 'node:crypto';
import {
  AddCartEntryRequest,
  AddCartEntryResponse,
  CART_MESSAGES,
  CartQuery,
  CartResponse,
  INVALID_REQUEST,
  MAX_LINE_QUANTITY,
  QUANTITY_TOO_LARGE,
  ShoppingCart,
  UpdateAdditionalFieldsRequest,
  UpdateAdditionalFieldsResponse,
  UpdateQuantityRequest,
} from '../../storefront/api/schemas.js';
import type { CatalogVariant } from './catalog.js';
import type { CartRow } from './store/carts.js';
import { buildCart, buildEntry, emptyCartRow } from './cart-view.js';
import { fail, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';
import { currentSession } from './session.js';

export const CART_COOKIE = 'CART';
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

/** Ids look like the platform's: 24 hex characters. */
export const newId = (): string => randomBytes(12).toString('hex');

export function currentCart(ctx: ApiContext): CartRow | undefined {
  const id = ctx.cookies[CART_COOKIE];
  return id === undefined || id === '' ? undefined : ctx.stores.carts.get(id);
}

function cartForWrite(ctx: ApiContext): CartRow {
  const existing = currentCart(ctx);
  if (existing !== undefined && existing.is_purchased === 0) return existing;
  const cart = ctx.stores.carts.create(newId(), ctx.websiteId, ctx.now());
  // A signed-in user's new cart belongs to the account, so it comes back on the next login.
  const session = currentSession(ctx);
  if (session !== undefined) ctx.stores.carts.assignUser(cart.id, session.site_user_id);
  ctx.setCookie(CART_COOKIE, cart.id, { maxAgeSeconds: TWO_YEARS_S });
  return cart;
}

export function findVariant(ctx: ApiContext, itemId: string, sku: string) {
  const product = ctx.catalog.getProduct(itemId);
  if (product === undefined) throw fail(404, CART_MESSAGES.productNotFound);
  const variant = product.variants.find((v) => v.sku === sku);
  if (variant === undefined) throw fail(400, CART_MESSAGES.variantUnavailable);
  return { product, variant };
}

/**
 * docs/storefront.md, "Add to cart": the requested units plus those already in the cart for this
 * item and variant must not exceed the stock, unless the variant is unlimited.
 */
export function checkStock(variant: CatalogVariant, alreadyInCart: number, requested: number) {
  if (!variant.unlimited && alreadyInCart + requested > variant.qtyInStock) {
    throw fail(400, CART_MESSAGES.outOfStock);
  }
}

/**
 * One rule for a line's size: adding to a line may not take it past MAX_LINE_QUANTITY, and the
 * refusal is the 400 that setting the quantity past it gets (the request schema's message).
 */
function checkLineQuantity(total: number): void {
  if (total > MAX_LINE_QUANTITY) {
    throw fail(400, INVALID_REQUEST, { fieldErrors: { quantity: [QUANTITY_TOO_LARGE] } });
  }
}

function cartView(ctx: ApiContext, cart: CartRow) {
  return buildCart(cart, ctx.stores.carts.entries(cart.id), ctx.catalog);
}

function entryOf(ctx: ApiContext) {
  const cart = currentCart(ctx);
  const entry = cart && ctx.stores.carts.entry(cart.id, ctx.params.entryId!);
  if (cart === undefined || entry === undefined) throw fail(404, CART_MESSAGES.entryNotFound);
  return { cart, entry };
}

export const cartRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/commerce/shopping-cart',
    response: ShoppingCart,
    handle(ctx) {
      // mock/timecode/calculateSubtotal are accepted for compatibility; totals are always
      // computed because they are cheap here.
      parseWith(CartQuery, ctx.query);
      const cart = currentCart(ctx) ?? emptyCartRow(ctx.websiteId, ctx.now());
      return cart.id === '' ? buildCart(cart, [], ctx.catalog) : cartView(ctx, cart);
    },
  },
  {
    method: 'POST',
    path: '/api/commerce/shopping-cart/entries',
    response: AddCartEntryResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(AddCartEntryRequest, ctx.body);
      const { variant } = findVariant(ctx, body.itemId, body.sku);
      const fields = body.additionalFields ?? null;
      const { carts } = ctx.stores;
      return carts.transaction(() => {
        const cart = cartForWrite(ctx);
        checkStock(variant, carts.quantityInCart(cart.id, body.itemId, body.sku), body.quantity);
        const same = carts.matching(cart.id, body.itemId, body.sku, fields);
        const entryId = same?.id ?? newId();
        if (same !== undefined) {
          checkLineQuantity(same.quantity + body.quantity);
          carts.setQuantity(same.id, same.quantity + body.quantity);
        } else {
          carts.insertEntry({
            id: entryId,
            cart_id: cart.id,
            item_id: body.itemId,
            sku: body.sku,
            quantity: body.quantity,
            additional_fields: fields,
          });
        }
        const shoppingCart = cartView(ctx, cart);
        const newlyAdded = shoppingCart.entries.find((e) => e.id === entryId)!;
        return { shoppingCart, newlyAdded };
      });
    },
  },
  {
    method: 'PUT',
    path: '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    response: UpdateAdditionalFieldsResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(UpdateAdditionalFieldsRequest, ctx.body);
      const { cart, entry } = entryOf(ctx);
      if (entry.item_id !== body.itemId) {
        throw fail(400, 'Invalid request', { fieldErrors: { itemId: ['Does not match entry'] } });
      }
      findVariant(ctx, body.itemId, body.sku);
      ctx.stores.carts.setFields(entry.id, body.sku, body.additionalFields);
      const updated = ctx.stores.carts.entry(cart.id, entry.id)!;
      return { shoppingCart: cartView(ctx, cart), updatedEntry: buildEntry(updated, ctx.catalog) };
    },
  },
  {
    method: 'PUT',
    path: '/api/commerce/shopping-cart/entries/:entryId',
    response: CartResponse,
    crumb: true,
    handle(ctx) {
      const { quantity } = parseWith(UpdateQuantityRequest, ctx.body);
      const { cart, entry } = entryOf(ctx);
      const { carts } = ctx.stores;
      if (quantity === 0) carts.deleteEntry(entry.id);
      else {
        const { variant } = findVariant(ctx, entry.item_id, entry.sku);
        const others = carts.quantityInCart(cart.id, entry.item_id, entry.sku) - entry.quantity;
        checkStock(variant, others, quantity);
        carts.setQuantity(entry.id, quantity);
      }
      return { shoppingCart: cartView(ctx, cart) };
    },
  },
  {
    method: 'DELETE',
    path: '/api/commerce/shopping-cart/entries/:entryId',
    response: CartResponse,
    crumb: true,
    handle(ctx) {
      const { cart, entry } = entryOf(ctx);
      ctx.stores.carts.deleteEntry(entry.id);
      return { shoppingCart: cartView(ctx, cart) };
    },
  },
];
