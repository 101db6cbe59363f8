/**
 * The typed client of the storefront's commerce calls, over the shared request function
 * (request.ts: zod-validated answers, the crumb header, a timeout, `CommerceError`s).
 */
import type * as z from 'zod/mini';
import { checked, createCaller, type ClientSeams } from './request.js';
import {
  AddCartEntryRequest,
  AddCartEntryResponse,
  CartResponse,
  ShoppingCart,
  StockResponse,
  SubscriptionCartRequest,
  SubscriptionCartResponse,
  UpdateAdditionalFieldsRequest,
  UpdateAdditionalFieldsResponse,
  UpdateQuantityRequest,
} from './schemas.js';

export { CRUMB_HEADER, type ClientSeams } from './request.js';

export { readCookie } from './cookies.js';

export type AddEntry = z.input<typeof AddCartEntryRequest>;
export type SubscriptionEntry = z.input<typeof SubscriptionCartRequest>;
export type ShoppingCartData = z.infer<typeof ShoppingCart>;

export interface CommerceClient {
  getCart(): Promise<ShoppingCartData>;
  addEntry(entry: AddEntry): Promise<z.infer<typeof AddCartEntryResponse>>;
  /** Quantity 0 removes the entry. */
  setQuantity(entryId: string, quantity: number): Promise<ShoppingCartData>;
  removeEntry(entryId: string): Promise<ShoppingCartData>;
  updateAdditionalFields(
    entryId: string,
    body: z.input<typeof UpdateAdditionalFieldsRequest>,
  ): Promise<z.infer<typeof UpdateAdditionalFieldsResponse>>;
  subscriptionCart(entry: SubscriptionEntry): Promise<string>;
  stock(itemId: string): Promise<z.infer<typeof StockResponse>['results']>;
}

export function createCommerceClient(seams: ClientSeams = {}): CommerceClient {
  const call = createCaller(seams);
  const entryPath = (entryId: string) =>
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`;

  return {
    getCart: () =>
      call({ method: 'GET', path: '/api/commerce/shopping-cart', response: ShoppingCart }),
    addEntry: async (entry) =>
      call({
        method: 'POST',
        path: '/api/commerce/shopping-cart/entries',
        body: checked(AddCartEntryRequest, entry),
        response: AddCartEntryResponse,
      }),
    setQuantity: async (entryId, quantity) =>
      (
        await call({
          method: 'PUT',
          path: entryPath(entryId),
          body: checked(UpdateQuantityRequest, { quantity }),
          response: CartResponse,
        })
      ).shoppingCart,
    removeEntry: async (entryId) =>
      (await call({ method: 'DELETE', path: entryPath(entryId), response: CartResponse }))
        .shoppingCart,
    updateAdditionalFields: async (entryId, body) =>
      call({
        method: 'PUT',
        path: `${entryPath(entryId)}/additionalFields`,
        body: checked(UpdateAdditionalFieldsRequest, body),
        response: UpdateAdditionalFieldsResponse,
      }),
    subscriptionCart: async (entry) =>
      (
        await call({
          method: 'POST',
          path: '/api/3/commerce/cart/subscription',
          body: checked(SubscriptionCartRequest, entry),
          response: SubscriptionCartResponse,
        })
      ).cartToken,
    stock: async (itemId) =>
      (
        await call({
          method: 'GET',
          path: `/api/commerce/inventory/stock?itemId=${encodeURIComponent(itemId)}`,
          response: StockResponse,
        })
      ).results,
  };
}
