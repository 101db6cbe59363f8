/**
 * Request and response shapes of the storefront calls (docs/storefront.md, "API calls"), shared by
 * the preview server (which validates every payload with them) and the browser client (which
 * validates what it sends and receives). This module imports only zod, so the storefront layer can
 * use it without pulling in anything from server/.
 *
 * Conventions every endpoint follows:
 * - an invalid payload is answered 400 with `{ error: 'Invalid request', fieldErrors }`, where
 *   fieldErrors maps a dotted field path to its messages (see `fieldErrorsOf`);
 * - any other failure is `{ error: message }` with the text of docs/storefront.md, "Error texts"
 *   where one applies; restock failures also carry `message` because the client shows
 *   `data.message`;
 * - a crumb failure is 401 `{ crumbFail: true, error }` and a fresh `crumb` cookie.
 */
import { z } from 'zod';
import { CART_MESSAGES, FORM_MESSAGES, isValidEmail, RESTOCK_MESSAGES } from './messages.js';

export * from './messages.js';

// ---------------------------------------------------------------------------------------------
// Helpers

/** Flattens a zod error into `{ 'a.b': [messages] }`; root-level issues go under `_root`. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
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

const id = z.string({ error: requiredOr('Must be a string') }).min(1, FORM_MESSAGES.required);
const boolText = z.enum(['true', 'false']);
/** Most units of one cart line: a request's quantity and a line's total after adds alike. */
export const MAX_LINE_QUANTITY = 9999;
export const QUANTITY_TOO_LARGE = CART_MESSAGES.quantityTooLarge;
const quantity = z
  .number({ error: requiredOr(CART_MESSAGES.quantityNotNumber) })
  .int({ error: CART_MESSAGES.quantityNotWhole })
  .min(1, CART_MESSAGES.quantityTooSmall)
  .max(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE);
/** JSON object with arbitrary fields (preferences, header/footer parts). */
const jsonObject = z.record(z.string(), z.unknown());

export const ErrorResponse = z.object({
  error: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  errors: z.record(z.string(), z.string()).optional(),
  message: z.string().optional(),
  crumbFail: z.boolean().optional(),
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
  quantity: z.number().int(),
  additionalFields: z.string().nullable(),
  title: z.string(),
  subTotal: Money,
  purchasePriceCents: z.number().int(),
  /** The product's type (1 physical …): the cart page offers buy-now-pay-later on it. */
  productType: z.number().int().optional(),
});
export type CartEntry = z.infer<typeof CartEntry>;

export const ShoppingCart = z.object({
  id: z.string(),
  websiteId: z.string(),
  orderId: z.string().nullable(),
  created: z.number(),
  isPurchased: z.boolean(),
  entries: z.array(CartEntry),
  shippingOptions: z.array(z.unknown()),
  selectedShippingOption: z.unknown().nullable(),
  shippingLocation: z.unknown().nullable(),
  applicableTaxRules: z.array(z.unknown()),
  coupons: z.array(z.unknown()),
  validCoupons: z.array(z.unknown()),
  invalidCoupons: z.array(z.unknown()),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCostCents: z.number().int(),
  discountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  totalQuantity: z.number().int(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
  subtotalAmount: Money,
});
export type ShoppingCart = z.infer<typeof ShoppingCart>;

/** `additionalFields` is the additional-fields form's values serialised as JSON text. */
const additionalFields = z
  .string()
  .refine((s) => isJsonObject(s), CART_MESSAGES.badAdditionalFields)
  .nullable();

export const AddCartEntryRequest = z.object({
  itemId: id,
  sku: id,
  quantity,
  additionalFields: additionalFields.optional(),
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
  mock: boolText.optional(),
  timecode: z.string().regex(/^\d+$/, 'Must be a number').optional(),
  calculateSubtotal: boolText.optional(),
});

export const SubscriptionCartRequest = z.object({
  itemId: id,
  sku: id,
  qty: quantity,
  additionalFields: additionalFields.optional(),
});
export const SubscriptionCartResponse = z.object({ cartToken: z.string() });

export const StockQuery = z.object({ itemId: id });
export const StockResponse = z.object({
  results: z.array(
    z.object({
      variantId: z.string(),
      sku: z.string(),
      unlimited: z.boolean(),
      qtyInStock: z.number().int(),
    }),
  ),
});

export const FullStoryIdResponse = z.string();

// ---------------------------------------------------------------------------------------------
// Commerce: preferences and store creation

export const PreferencesNamespace = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid namespace');
export const PreferencesRequest = jsonObject;
export const PreferencesResponse = z.object({ websiteId: z.string() }).catchall(z.unknown());

export const ProductCollectionRequest = z.object({
  navigationTitle: id,
  title: id,
  urlId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Must contain only lowercase letters, digits and dashes'),
  description: z.string(),
  enabled: z.boolean(),
});
export const ProductCollectionResponse = ProductCollectionRequest.extend({
  id: z.string(),
  websiteId: z.string(),
});

export const RootCategoryRequest = z.object({
  displayName: id,
  parentCategoryId: z.string().nullable(),
  type: z.literal('ROOT'),
  pageRendering: z.literal('LIST_VIEW'),
  displayIndex: z.literal(1),
});
export const RootCategoryResponse = RootCategoryRequest.extend({
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
  form: z.string().refine((s) => isJsonObject(s), FORM_MESSAGES.badFields),
  key: id,
  captchaKey: z.string().optional(),
  pageTitle: z.string().optional(),
  pageId: z.string().optional(),
  contentSource: z.enum(['i', 'c']).optional(),
  pagePath: z.string().optional(),
});
export const SaveFormSubmissionResponse = z.object({
  success: z.literal(true),
  submissionId: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Restock

export const RestockSignupRequest = z.object({
  productId: id,
  variantId: id,
  siteVisitorEmail: z
    .string({ error: RESTOCK_MESSAGES.blank })
    .min(1, RESTOCK_MESSAGES.blank)
    .refine(isValidEmail, RESTOCK_MESSAGES.invalid),
  isJoinMailingList: z.boolean(),
  captchaToken: z.string().optional(),
  language: z.string().optional(),
});
export const RestockSignupResponse = z.object({ success: z.literal(true), id: z.number().int() });

/** A row offset: digits, within what the store can count (the largest safe integer). */
const cursor = z
  .string()
  .regex(/^\d+$/, 'Invalid cursor')
  .refine((s) => Number.isSafeInteger(Number(s)), 'Invalid cursor');
const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };

export const RestockGroupsQuery = z.object({ cursor: cursor.optional() });
export const RestockGroupsResponse = z.object({
  signUpGroups: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      signUpCount: z.number().int(),
      pendingCount: z.number().int(),
    }),
  ),
  ...page,
});

export const RestockSignupsQuery = z.object({
  productId: id,
  variantId: id.optional(),
  cursor: cursor.optional(),
});
export const RestockSignup = z.object({
  id: z.number().int(),
  productId: z.string(),
  variantId: z.string(),
  siteVisitorEmail: z.string(),
  isJoinMailingList: z.boolean(),
  language: z.string().nullable(),
  created: z.number(),
  notifiedOn: z.number().nullable(),
});
export const RestockSignupsResponse = z.object({ signUps: z.array(RestockSignup), ...page });

export const RestockSendRequest = z.object({ productId: id, variantId: id });
export const RestockSendAllRequest = z.object({
  sendRequests: z.array(RestockSendRequest).min(1, 'At least one send request is required'),
});
export const RestockSendResponse = z.object({ sentCount: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Site users and site settings

export const LoginRequest = z.object({
  email: z.string().refine(isValidEmail, RESTOCK_MESSAGES.invalid),
  password: z.string().min(1, FORM_MESSAGES.required),
  rememberMe: z.boolean().optional(),
});
export const LoginResponse = z.object({ xsrfToken: z.string(), siteUserId: z.string() });
export const LogoutQuery = z.object({ cloneCart: boolText.optional() });
export const LogoutResponse = z.object({ crumbFail: z.boolean().optional() });
export const LocaleRequest = z.object({
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/),
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
  code: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'Invalid language code'),
  isDefault: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export const LanguagesRequest = z.object({ languages: z.array(Language).min(1) });
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

export const NavigationItem: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    collectionId: z.string().nullable().optional(),
    externalLink: z.string().nullable().optional(),
    memberAreaId: z.string().nullable().optional(),
    children: z.array(NavigationItem).optional(),
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
  crumb: z.string().optional(),
  event: id,
  data: z.string().refine((s) => isJsonObject(s), 'Must be a JSON object'),
});
export const CensusHitRequest = RecordEventRequest.omit({ crumb: true }).extend({
  ss_cvr: z.string().optional(),
});
/** button-click, button-render, form-render, overlay: a JSON object of event fields. */
export const CensusEventRequest = jsonObject;
export const ClankerEventRequest = z.object({
  eventSchemaName: id,
  eventContent: z.string().refine((s) => isJsonObject(s), 'Must be a JSON object'),
});
export const ClankerValidateRequest = ClankerEventRequest.pick({ eventContent: true });
export const ClankerValidateResponse = z.object({
  valid: z.boolean(),
  errors: z.array(z.string()),
});
/**
 * docs/storefront.md, "Analytics": at most 10 queued errors per send, stacks cut at 5000
 * characters.
 */
export const JavascriptErrorsRequest = z.object({
  errors: z
    .array(
      z.object({
        message: z.string().min(1),
        stack: z.string().max(5000).optional(),
        url: z.string().optional(),
        line: z.number().int().optional(),
        column: z.number().int().optional(),
      }),
    )
    .min(1)
    .max(10),
});
export const PerformanceSettingsResponse = z.object({
  pageLoadId: z.string(),
  enabled: z.boolean(),
});
export const PerformanceRecordsRequest = z.object({
  pageLoadId: z.string().optional(),
  records: z
    .array(z.object({ name: id, value: z.number() }).catchall(z.unknown()))
    .min(1)
    .max(500),
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
