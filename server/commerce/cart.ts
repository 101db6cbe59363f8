/**
 * Shopping-cart calls (docs/storefront.md, "API calls"): read the cart, add an entry, change its
 * additional fields or quantity, remove it. The cart is found by the CART cookie, which the
 * client also reads to decide whether to load a cart on page load (docs/storefront.md, "Cart
 * pill").
 */
import {
  AddCartEntryRequest,
  AddCartEntryResponse,
  CART_SERVER_MESSAGES,
  CartQuery,
  CartResponse,
  ShoppingCart,
  UpdateAdditionalFieldsRequest,
  UpdateAdditionalFieldsResponse,
  UpdateQuantityRequest,
} from '../../storefront/api/schemas.js';
import type { CartRow } from './store/carts.js';
import { addUnits, changeLineVariant, findVariant, newId, setLineQuantity } from './cart-lines.js';
import { buildCart, buildEntry, emptyCartRow } from './cart-view.js';
import { fail, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';
import { currentSession } from './session.js';

export { checkStock, findVariant, newId } from './cart-lines.js';

export const CART_COOKIE = 'CART';
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

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

function cartView(ctx: ApiContext, cart: CartRow) {
  return buildCart(cart, ctx.stores.carts.entries(cart.id), ctx.catalog);
}

function entryOf(ctx: ApiContext) {
  const cart = currentCart(ctx);
  const entry = cart && ctx.stores.carts.entry(cart.id, ctx.params.entryId!);
  if (cart === undefined || entry === undefined)
    throw fail(404, CART_SERVER_MESSAGES.entryNotFound);
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
      // Refused before any cart is made for the visitor.
      findVariant(ctx, body.itemId, body.sku);
      const fields = body.additionalFields ?? null;
      return ctx.stores.carts.transaction(() => {
        const cart = cartForWrite(ctx);
        const entryId = addUnits(ctx, cart, { ...body, fields });
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
      return ctx.stores.carts.transaction(() => {
        const { cart, entry } = entryOf(ctx);
        if (entry.item_id !== body.itemId) {
          throw fail(400, 'Invalid request', { fieldErrors: { itemId: ['Does not match entry'] } });
        }
        changeLineVariant(ctx, cart, entry, body.sku, body.additionalFields);
        const updated = ctx.stores.carts.entry(cart.id, entry.id)!;
        return {
          shoppingCart: cartView(ctx, cart),
          updatedEntry: buildEntry(updated, ctx.catalog),
        };
      });
    },
  },
  {
    method: 'PUT',
    path: '/api/commerce/shopping-cart/entries/:entryId',
    response: CartResponse,
    crumb: true,
    handle(ctx) {
      const { quantity } = parseWith(UpdateQuantityRequest, ctx.body);
      return ctx.stores.carts.transaction(() => {
        const { cart, entry } = entryOf(ctx);
        if (quantity === 0) ctx.stores.carts.deleteEntry(entry.id);
        else setLineQuantity(ctx, cart, entry, quantity);
        return { shoppingCart: cartView(ctx, cart) };
      });
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
