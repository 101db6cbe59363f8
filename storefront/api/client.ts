/**
 * The typed client of the storefront's commerce calls. Requests are validated with the zod
 * schemas the preview server validates them with (schemas.ts), and so are responses: an answer
 * of the wrong shape is an error, never data. Mutations carry the crumb (CSRF) header; every
 * call has a timeout. Failures are `CommerceError`s carrying the text to show (errors.ts).
 *
 * `fetch`, the timer functions and the cookie reader are seams: tests give fakes.
 */
import type * as z from 'zod/mini';
import { readCookie } from './cookies.js';
import { CART_ERROR_TEXTS, CommerceError, crumbText } from './errors.js';
import {
  AddCartEntryRequest,
  AddCartEntryResponse,
  CartResponse,
  ErrorResponse,
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

export interface ClientSeams {
  fetch?: typeof fetch;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** `document.cookie`-style text. */
  cookies?: () => string;
  /** Whether the browser keeps cookies (chooses the crumb failure text). */
  cookiesEnabled?: () => boolean;
  /** Milliseconds before a call is aborted; default 15 s. */
  timeoutMs?: number;
  /** Prefix of every path (another origin); default same origin. */
  baseUrl?: string;
}

export const CRUMB_HEADER = 'X-CSRF-Token';
const DEFAULT_TIMEOUT_MS = 15_000;

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

interface Call<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  response: z.ZodMiniType<T>;
}

/** A typed call of the storefront API and the request check, over the seams. */
interface Caller {
  call<T>(request: Call<T>): Promise<T>;
  checked<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S>;
}

function createCaller(seams: ClientSeams): Caller {
  const doFetch = seams.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const arm = seams.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const disarm =
    seams.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const cookies = seams.cookies ?? (() => globalThis.document?.cookie ?? '');
  const cookiesEnabled =
    seams.cookiesEnabled ?? (() => globalThis.navigator?.cookieEnabled ?? true);
  const timeoutMs = seams.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = seams.baseUrl ?? '';

  async function call<T>({ method, path, body, response }: Call<T>): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers[CRUMB_HEADER] = readCookie(cookies(), 'crumb') ?? '';
    const controller = new AbortController();
    let timedOut = false;
    const timer = arm(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        credentials: 'same-origin',
        signal: controller.signal,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      text = await res.text();
    } catch {
      throw timedOut
        ? new CommerceError('timeout', CART_ERROR_TEXTS.tryAgain)
        : new CommerceError('network', CART_ERROR_TEXTS.offline);
    } finally {
      disarm(timer);
    }
    const json = parseJson(text);
    if (!res.ok) throw failure(res.status, json, cookiesEnabled());
    const parsed = response.safeParse(json);
    if (!parsed.success) {
      throw new CommerceError('invalid-response', CART_ERROR_TEXTS.tryAgain, res.status);
    }
    return parsed.data;
  }

  /** Request bodies are checked before sending: a caller bug never reaches the server. */
  const checked = <S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new CommerceError('server', first?.message ?? CART_ERROR_TEXTS.tryAgain);
    }
    return parsed.data;
  };
  return { call, checked };
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

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as the error the visitor sees. */
function failure(status: number, json: unknown, cookiesEnabled: boolean): CommerceError {
  if (status === 429) {
    return new CommerceError('rate-limit', CART_ERROR_TEXTS.rateLimited, status, json);
  }
  const body = ErrorResponse.safeParse(json);
  if (body.success && body.data.crumbFail === true) {
    return new CommerceError('crumb', crumbText(cookiesEnabled), status, json);
  }
  if (body.success && body.data.error !== '') {
    return new CommerceError('server', body.data.error, status, json);
  }
  return new CommerceError('invalid-response', CART_ERROR_TEXTS.tryAgain, status, json);
}
