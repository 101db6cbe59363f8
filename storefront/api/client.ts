/**
 * The typed client of the storefront's commerce calls. Requests are validated with the zod
 * schemas the preview server validates them with (schemas.ts), and so are responses: an answer
 * of the wrong shape is an error, never data. Mutations carry the crumb (CSRF) header; every
 * call has a timeout. Failures are `CommerceError`s carrying the text to show (errors.ts).
 *
 * `fetch`, the timer functions and the cookie reader are seams: tests give fakes.
 */
import type * as z from 'zod/mini';
import { checked, createCaller as createRequestCaller, type ClientSeams } from './request.js';
import {
  AddCartEntryRequest,
  AddCartEntryResponse,
  CartResponse,
  FormSubmissionKeyResponse,
  PlaceDetailsResponse,
  PlacesAutocompleteResponse,
  RestockSignupRequest,
  RestockSignupResponse,
  SaveFormSubmissionRequest,
  SaveFormSubmissionResponse,
  ShoppingCart,
  StockResponse,
  SubscriptionCartRequest,
  SubscriptionCartResponse,
  UpdateAdditionalFieldsRequest,
  UpdateAdditionalFieldsResponse,
  UpdateQuantityRequest,
} from './schemas.js';

export type { ClientSeams } from './request.js';

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

/** A typed call of the storefront API and the request check, over the seams (request.ts). */
function createCaller(seams: ClientSeams) {
  return { call: createRequestCaller(seams), checked };
}

export function createCommerceClient(seams: ClientSeams = {}): CommerceClient {
  const { call, checked } = createCaller(seams);
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

/** The tracking context of a place suggestion: the page and section asking. */
export interface PlacesContext {
  productPage: string;
  productSection: string;
}

/** The calls of the forms, the restock sign-up and the address suggestions. */
export interface FormsClient {
  /** A single-use key for the next submission. */
  submissionKey(): Promise<string>;
  saveSubmission(body: z.input<typeof SaveFormSubmissionRequest>): Promise<number>;
  restockSignup(body: z.input<typeof RestockSignupRequest>): Promise<number>;
  placePredictions(
    input: string,
    context: PlacesContext,
  ): Promise<z.infer<typeof PlacesAutocompleteResponse>['predictions']>;
  placeDetails(
    placeId: string,
    context: PlacesContext,
  ): Promise<z.infer<typeof PlaceDetailsResponse>['address']>;
}

export function createFormsClient(seams: ClientSeams = {}): FormsClient {
  const { call, checked } = createCaller(seams);
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    submissionKey: async () =>
      (
        await call({
          method: 'POST',
          path: '/api/form/FormSubmissionKey',
          response: FormSubmissionKeyResponse,
        })
      ).data.key,
    saveSubmission: async (body) =>
      (
        await call({
          method: 'POST',
          path: '/api/form/SaveFormSubmission',
          body: checked(SaveFormSubmissionRequest, body),
          response: SaveFormSubmissionResponse,
        })
      ).submissionId,
    restockSignup: async (body) =>
      (
        await call({
          method: 'POST',
          path: '/api/site-users/account/notifications/restock',
          body: checked(RestockSignupRequest, body),
          response: RestockSignupResponse,
        })
      ).id,
    placePredictions: async (input, context) =>
      (
        await call({
          method: 'GET',
          path: `/api/google-maps/places/autocomplete?${query({ input, ...context })}`,
          response: PlacesAutocompleteResponse,
        })
      ).predictions,
    placeDetails: async (placeId, context) =>
      (
        await call({
          method: 'GET',
          path: `/api/google-maps/places/details?${query({ placeId, ...context })}`,
          response: PlaceDetailsResponse,
        })
      ).address,
  };
}
