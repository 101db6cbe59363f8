/**
 * Request and response shapes of the storefront calls (docs/storefront.md, "API calls"), shared by
 * the preview server (which validates every payload with them) and the browser client (which
 * validates what it sends and receives). This module imports only zod, so the storefront layer can
 * use it without pulling in anything from server/. It is written with `zod/mini`, zod's
 * functional API, so a bundle keeps only the schema kinds and checks used here: with classic zod
 * the browser's commerce client chunk weighed 96 KB min+gzip (docs/benchmarks.md, storefront client sizes).
 *
 * Conventions every endpoint follows:
 * - an invalid payload is answered 400 with `{ error: 'Invalid request', fieldErrors }`, where
 *   fieldErrors maps a dotted field path to its messages (see `fieldErrorsOf`);
 * - any other failure is `{ error: message }` with the text of docs/storefront.md, "Error texts"
 *   where one applies; restock failures also carry `message` because the client shows
 *   `data.message`;
 * - a crumb failure is 401 `{ crumbFail: true, error }` and a fresh `crumb` cookie.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { FORM_MESSAGES, isValidEmail, RESTOCK_MESSAGES } from './form-messages.js';
import { BAD_ADDITIONAL_FIELDS, CART_MESSAGES } from './messages.js';

export * from './form-messages.js';
export * from './messages.js';

// zod/mini carries no locale ('Invalid input' for every default message); English gives the
// default messages of classic zod (`Invalid input: expected string, received number`…), which
// reach clients in fieldErrors.
z.config(en());

// ---------------------------------------------------------------------------------------------
// Helpers

/** Flattens a zod error into `{ 'a.b': [messages] }`; root-level issues go under `_root`. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  // A Map, not an object: field names come from the client and may be `constructor` or
  // `__proto__`, which a plain object already "has".
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? '_root' : issue.path.map(String).join('.');
    out.set(key, [...(out.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(out);
}

/** 'Required' for a missing field instead of zod's type message. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? FORM_MESSAGES.required : message;

const id = z
  .string({ error: requiredOr('Must be a string') })
  .check(z.minLength(1, FORM_MESSAGES.required));
const boolText = z.enum(['true', 'false']);
/** `z.number().int()` of classic zod: a number, then the safe-integer check. */
const wholeNumber = () => z.number().check(z.int());
/** Most units of one cart line: a request's quantity and a line's total after adds alike. */
export const MAX_LINE_QUANTITY = 9999;
export const QUANTITY_TOO_LARGE = CART_MESSAGES.quantityTooLarge;
const quantity = z
  .number({ error: requiredOr(CART_MESSAGES.quantityNotNumber) })
  .check(
    z.int({ error: CART_MESSAGES.quantityNotWhole }),
    z.minimum(1, CART_MESSAGES.quantityTooSmall),
    z.maximum(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE),
  );
/** JSON object with arbitrary fields (preferences, header/footer parts). */
const jsonObject = z.record(z.string(), z.unknown());

export const ErrorResponse = z.object({
  error: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  errors: z.optional(z.record(z.string(), z.string())),
  message: z.optional(z.string()),
  crumbFail: z.optional(z.boolean()),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

// ---------------------------------------------------------------------------------------------
// Commerce: cart

/** Money as the engine's money formatters read it: decimal major units plus currency. */
export const Money = z.object({
  value: z.string(),
  currency: z.string(),
  decimalValue: z.string(),
  currencyCode: z.string(),
});
export type Money = z.infer<typeof Money>;

export const CartEntry = z.object({
  id: z.string(),
  itemId: z.string(),
  chosenVariant: z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()) }),
  quantity: wholeNumber(),
  additionalFields: z.nullable(z.string()),
  title: z.string(),
  subTotal: Money,
  purchasePriceCents: wholeNumber(),
  /** The product's type (1 physical …): the cart page offers buy-now-pay-later on it. */
  productType: z.optional(wholeNumber()),
});
export type CartEntry = z.infer<typeof CartEntry>;

export const ShoppingCart = z.object({
  id: z.string(),
  websiteId: z.string(),
  orderId: z.nullable(z.string()),
  created: z.number(),
  isPurchased: z.boolean(),
  entries: z.array(CartEntry),
  shippingOptions: z.array(z.unknown()),
  selectedShippingOption: z.nullable(z.unknown()),
  shippingLocation: z.nullable(z.unknown()),
  applicableTaxRules: z.array(z.unknown()),
  coupons: z.array(z.unknown()),
  validCoupons: z.array(z.unknown()),
  invalidCoupons: z.array(z.unknown()),
  subtotalCents: wholeNumber(),
  taxCents: wholeNumber(),
  shippingCostCents: wholeNumber(),
  discountCents: wholeNumber(),
  grandTotalCents: wholeNumber(),
  totalQuantity: wholeNumber(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
  subtotalAmount: Money,
});
export type ShoppingCart = z.infer<typeof ShoppingCart>;

/** `additionalFields` is the additional-fields form's values serialised as JSON text. */
const additionalFields = z.nullable(
  z.string().check(z.refine((s) => isJsonObject(s), BAD_ADDITIONAL_FIELDS)),
);

export const AddCartEntryRequest = z.object({
  itemId: id,
  sku: id,
  quantity,
  additionalFields: z.optional(additionalFields),
});
export const AddCartEntryResponse = z.object({ shoppingCart: ShoppingCart, newlyAdded: CartEntry });

export const UpdateAdditionalFieldsRequest = z.object({
  itemId: id,
  sku: id,
  additionalFields,
});
export const UpdateAdditionalFieldsResponse = z.object({
  shoppingCart: ShoppingCart,
  updatedEntry: CartEntry,
});

/** PUT /api/commerce/shopping-cart/entries/{entryId}: quantity 0 removes the entry. */
export const UpdateQuantityRequest = z.object({
  quantity: z.union([z.literal(0), quantity]),
});
export const CartResponse = z.object({ shoppingCart: ShoppingCart });

export const CartQuery = z.object({
  mock: z.optional(boolText),
  timecode: z.optional(z.string().check(z.regex(/^\d+$/, 'Must be a number'))),
  calculateSubtotal: z.optional(boolText),
});

export const SubscriptionCartRequest = z.object({
  itemId: id,
  sku: id,
  qty: quantity,
  additionalFields: z.optional(additionalFields),
});
export const SubscriptionCartResponse = z.object({ cartToken: z.string() });

export const StockQuery = z.object({ itemId: id });
export const StockResponse = z.object({
  results: z.array(
    z.object({
      variantId: z.string(),
      sku: z.string(),
      unlimited: z.boolean(),
      qtyInStock: wholeNumber(),
    }),
  ),
});

export const FullStoryIdResponse = z.string();

// ---------------------------------------------------------------------------------------------
// Commerce: preferences and store creation

export const PreferencesNamespace = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid namespace'));
export const PreferencesRequest = jsonObject;
export const PreferencesResponse = z.catchall(z.object({ websiteId: z.string() }), z.unknown());

export const ProductCollectionRequest = z.object({
  navigationTitle: id,
  title: id,
  urlId: z
    .string()
    .check(
      z.regex(/^[a-z0-9][a-z0-9-]*$/, 'Must contain only lowercase letters, digits and dashes'),
    ),
  description: z.string(),
  enabled: z.boolean(),
});
export const ProductCollectionResponse = z.extend(ProductCollectionRequest, {
  id: z.string(),
  websiteId: z.string(),
});

export const RootCategoryRequest = z.object({
  displayName: id,
  parentCategoryId: z.nullable(z.string()),
  type: z.literal('ROOT'),
  pageRendering: z.literal('LIST_VIEW'),
  displayIndex: z.literal(1),
});
export const RootCategoryResponse = z.extend(RootCategoryRequest, {
  id: z.string(),
  collectionId: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Forms

export const FormSubmissionKeyResponse = z.object({ data: z.object({ key: z.string() }) });

/** Field id -> submitted value (docs/storefront.md, "Forms"). */
export const FormValues = z.record(
  z.string(),
  z.union([
    z.string(),
    z.array(z.string()),
    z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  ]),
);
export type FormValues = z.infer<typeof FormValues>;

export const FormValidateResponse = z.object({ valid: z.literal(true) });
/** 400 from validate and save: a message per invalid field id. */
export const FormErrorsResponse = z.object({
  error: z.string(),
  errors: z.record(z.string(), z.string()),
});

export const SaveFormSubmissionRequest = z.object({
  /**
   * Not in the payload of docs/storefront.md, "API calls"; the server needs it to find the form's
   * fields.
   */
  formId: id,
  form: z.string().check(z.refine((s) => isJsonObject(s), FORM_MESSAGES.badFields)),
  key: id,
  captchaKey: z.optional(z.string()),
  pageTitle: z.optional(z.string()),
  pageId: z.optional(z.string()),
  contentSource: z.optional(z.enum(['i', 'c'])),
  pagePath: z.optional(z.string()),
});
export const SaveFormSubmissionResponse = z.object({
  success: z.literal(true),
  submissionId: wholeNumber(),
});

// ---------------------------------------------------------------------------------------------
// Places (the address fields' suggestions through the site's proxy)

/** Where the suggestion was asked for (docs/storefront.md, "Forms": the tracking context). */
const placesTracking = {
  productPage: z.optional(z.string().check(z.maxLength(100))),
  productSection: z.optional(z.string().check(z.maxLength(100))),
};
export const PlacesAutocompleteQuery = z.object({
  input: z.string().check(z.maxLength(200)),
  ...placesTracking,
});
export const PlacesAutocompleteResponse = z.object({
  predictions: z.array(z.object({ placeId: z.string(), description: z.string() })),
});
export const PlaceDetailsQuery = z.object({ placeId: id, ...placesTracking });
export const PlaceAddress = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export const PlaceDetailsResponse = z.object({ address: PlaceAddress });

// ---------------------------------------------------------------------------------------------
// Restock

export const RestockSignupRequest = z.object({
  productId: id,
  variantId: id,
  siteVisitorEmail: z
    .string({ error: RESTOCK_MESSAGES.blank })
    .check(
      z.minLength(1, RESTOCK_MESSAGES.blank),
      z.refine(isValidEmail, RESTOCK_MESSAGES.invalid),
    ),
  isJoinMailingList: z.boolean(),
  captchaToken: z.optional(z.string()),
  language: z.optional(z.string()),
});
export const RestockSignupResponse = z.object({ success: z.literal(true), id: wholeNumber() });

/** A row offset: digits, within what the store can count (the largest safe integer). */
const cursor = z.string().check(
  z.regex(/^\d+$/, 'Invalid cursor'),
  z.refine((s) => Number.isSafeInteger(Number(s)), 'Invalid cursor'),
);
const page = { hasNextPage: z.boolean(), nextPageCursor: z.nullable(z.string()) };

export const RestockGroupsQuery = z.object({ cursor: z.optional(cursor) });
export const RestockGroupsResponse = z.object({
  signUpGroups: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      signUpCount: wholeNumber(),
      pendingCount: wholeNumber(),
    }),
  ),
  ...page,
});

export const RestockSignupsQuery = z.object({
  productId: id,
  variantId: z.optional(id),
  cursor: z.optional(cursor),
});
export const RestockSignup = z.object({
  id: wholeNumber(),
  productId: z.string(),
  variantId: z.string(),
  siteVisitorEmail: z.string(),
  isJoinMailingList: z.boolean(),
  language: z.nullable(z.string()),
  created: z.number(),
  notifiedOn: z.nullable(z.number()),
});
export const RestockSignupsResponse = z.object({ signUps: z.array(RestockSignup), ...page });

export const RestockSendRequest = z.object({ productId: id, variantId: id });
export const RestockSendAllRequest = z.object({
  sendRequests: z
    .array(RestockSendRequest)
    .check(z.minLength(1, 'At least one send request is required')),
});
export const RestockSendResponse = z.object({ sentCount: wholeNumber() });

// ---------------------------------------------------------------------------------------------
// Site users and site settings

export const LoginRequest = z.object({
  email: z.string().check(z.refine(isValidEmail, RESTOCK_MESSAGES.invalid)),
  password: z.string().check(z.minLength(1, FORM_MESSAGES.required)),
  rememberMe: z.optional(z.boolean()),
});
export const LoginResponse = z.object({ xsrfToken: z.string(), siteUserId: z.string() });
/**
 * The HttpOnly cookie of a site user's session: the commerce origin reads the session from it,
 * and the site handler asks for the session only when a request carries it.
 */
export const SESSION_COOKIE = 'SiteUserSecureAuthToken';
/**
 * The visitor's session as page data carries it (`account`): whether a site user is signed in,
 * and then the session's XSRF token, which the page's scripts send with account calls.
 */
export const AccountSessionResponse = z.object({
  signedIn: z.boolean(),
  xsrfToken: z.optional(z.string()),
});
export const LogoutQuery = z.object({ cloneCart: z.optional(boolText) });
export const LogoutResponse = z.object({ crumbFail: z.optional(z.boolean()) });
export const LocaleRequest = z.object({
  language: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/)),
});
export const LocaleResponse = LocaleRequest;

/**
 * The cookie the client reads to know whether a site user is signed in (docs/storefront.md,
 * "Sign-in and sessions").
 */
export const SiteUserInfoCookie = z.object({
  authenticated: z.boolean(),
  siteUserId: z.string(),
});

export const Language = z.object({
  code: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'Invalid language code')),
  isDefault: z.optional(z.boolean()),
  enabled: z.optional(z.boolean()),
});
export const LanguagesRequest = z.object({ languages: z.array(Language).check(z.minLength(1)) });
export const LanguagesResponse = z.object({ languages: z.array(Language) });
export const MultilingualSettingsResponse = z.object({
  enabled: z.boolean(),
  defaultLanguage: z.string(),
  subdirectories: z.boolean(),
});
export const MultilingualStatusResponse = z.object({
  status: z.enum(['CONNECTED', 'DISCONNECTED']),
});

const headerFooterPart = z.union([z.string(), jsonObject]);
export const HeaderFooter = z.object({ header: headerFooterPart, footer: headerFooterPart });

export const NavigationItem: z.ZodMiniType<NavigationItem> = z.lazy(() =>
  z.object({
    collectionId: z.optional(z.nullable(z.string())),
    externalLink: z.optional(z.nullable(z.string())),
    memberAreaId: z.optional(z.nullable(z.string())),
    children: z.optional(z.array(NavigationItem)),
  }),
);
export interface NavigationItem {
  collectionId?: string | null | undefined;
  externalLink?: string | null | undefined;
  memberAreaId?: string | null | undefined;
  children?: NavigationItem[] | undefined;
}
export const SiteLayoutResponse = z.object({
  layout: z.array(z.object({ identifier: z.string(), links: z.array(NavigationItem) })),
});
export const UpdateNavigationRequest = z.object({
  fieldName: id,
  templateId: id,
  navigation: z.object({ items: z.array(NavigationItem) }),
});

// ---------------------------------------------------------------------------------------------
// Analytics and reporting

/** RecordEvent and RecordHit are form-encoded; `data` is serialised JSON. */
export const RecordEventRequest = z.object({
  crumb: z.optional(z.string()),
  event: id,
  data: z.string().check(z.refine((s) => isJsonObject(s), 'Must be a JSON object')),
});
/** A page view's hit: `sessionInfo` is the serialised session (first landing, first session, id). */
export const CensusHitRequest = z.extend(z.omit(RecordEventRequest, { crumb: true }), {
  ss_cvr: z.optional(z.string()),
  sessionInfo: z.optional(
    z.string().check(z.refine((s) => isJsonObject(s), 'Must be a JSON object')),
  ),
});
/** button-click, button-render, form-render, overlay: a JSON object of event fields. */
export const CensusEventRequest = jsonObject;
export const ClankerEventRequest = z.object({
  eventSchemaName: id,
  eventContent: z.string().check(z.refine((s) => isJsonObject(s), 'Must be a JSON object')),
});
export const ClankerValidateRequest = z.pick(ClankerEventRequest, { eventContent: true });
export const ClankerValidateResponse = z.object({
  valid: z.boolean(),
  errors: z.array(z.string()),
});
/** docs/storefront.md, "Analytics": at most 10 queued errors per send... */
export const MAX_ERRORS_PER_SEND = 10;
/** ...each stack cut at 5000 characters. */
export const MAX_STACK_CHARS = 5000;
export const JavascriptErrorsRequest = z.object({
  errors: z
    .array(
      z.object({
        message: z.string().check(z.minLength(1)),
        stack: z.optional(z.string().check(z.maxLength(MAX_STACK_CHARS))),
        url: z.optional(z.string()),
        line: z.optional(wholeNumber()),
        column: z.optional(wholeNumber()),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_ERRORS_PER_SEND)),
});
export const PerformanceSettingsResponse = z.object({
  pageLoadId: z.string(),
  enabled: z.boolean(),
});
export const PerformanceRecordsRequest = z.object({
  pageLoadId: z.optional(z.string()),
  records: z
    .array(z.catchall(z.object({ name: id, value: z.number() }), z.unknown()))
    .check(z.minLength(1), z.maxLength(500)),
});
export const RecordedResponse = z.object({ ok: z.literal(true) });

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
