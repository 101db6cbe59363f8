/**
 * The analytics contract's constants and texts (docs/storefront.md, "Analytics"), in one place so
 * the tests pin them and every module reads the same values.
 */

/** Tracking posts are aborted after this many milliseconds. */
export const TRACKING_TIMEOUT_MS = 2500;
/** The statuses a tracking call counts as success. */
export const SUCCESS_STATUSES: readonly number[] = [200, 202];

export const PERFORMANCE_TIMING = {
  /** The settings call (it returns the pageLoadId) is aborted after this. */
  settingsTimeoutMs: 30_000,
  /** The metric batch is sent this long after load (or when the page is hidden first). */
  flushAfterMs: 30_000,
  /** Metrics are collected until this long after load (or until the page is hidden). */
  collectForMs: 60_000,
} as const;

export const ERROR_REPORTING = {
  /** Reports sent per page load, at most. */
  perPage: 20,
  /** Errors waiting to be sent, at most (one send carries them all). */
  queued: 10,
  /** A stack is cut to this many characters. */
  stackChars: 5000,
  /** Sending waits this long after the last error. */
  debounceMs: 1000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Cookie names and lifetimes. */
export const ANALYTICS_COOKIES = {
  crumb: 'crumb',
  /** The visitor's analytics id: 390 days. */
  analyticsId: 'ss_cid',
  analyticsIdMaxAgeMs: 390 * DAY_MS,
  /** The visitor's returning-visitor cookie (sent with census hits): 2 years. */
  visitor: 'ss_cvr',
  visitorMaxAgeMs: 2 * 365 * DAY_MS,
  /** The session cookie: 30 minutes, renewed by every page view. */
  session: 'ss_cvt',
  sessionMaxAgeMs: 30 * 60 * 1000,
} as const;
/** Cleared (and never set) under a restrictive cookie policy. */
export const RESTRICTED_COOKIES: readonly string[] = [
  'ss_cid',
  'ss_cpvisit',
  'ss_cvisit',
  'ss_cvr',
  'ss_cvt',
];

/**
 * The document events analytics listens to: a navigation's page view (navigation/page-view.ts
 * PAGE_VIEW_EVENT) and a paywall or join click (account/clicks.ts MEMBER_ACTION_EVENT). Written
 * out so the analytics chunk shares no chunk with those modules (every page loads it); a test
 * checks they are the same names.
 */
export const HEARD_EVENTS = {
  pageView: 'jsont:page-view',
  memberAction: 'jsont:member-action',
} as const;

/** Storage keys of the session flags (docs/storefront.md, "Analytics"). */
export const SESSION_FLAG_KEYS = {
  /** Per tab (session storage): set once the tab has landed. */
  tabLanded: 'jsont:landed',
  /** Persistent (local storage): set once the visitor has landed on the site. */
  siteLanded: 'jsont:has-landed',
} as const;

export const ANALYTICS_TEXTS = {
  httpStatus: (status: number) => `Error tracking event: HTTP Status ${status}`,
  noPayload: 'Error tracking event: no payload',
  /** A call dropped by the client's budget (budget.ts); never shown. */
  overBudget: 'Error tracking event: over the call budget',
  storeAnalyticsId: 'Unable to store analyticsId',
  storage: 'Unable access local/session storage',
  badEnvironment: (env: string) =>
    `Analytics source environment must be dev, qa, staging or prod, not ${JSON.stringify(env)}`,
  /** Validate mode: the server found the content of a newer event invalid. */
  invalidEvent: (schema: string, errors: readonly string[]) =>
    `Analytics event ${schema} is not valid: ${errors.join('; ')}`,
} as const;

export const SOURCE_ENVIRONMENTS: readonly string[] = ['dev', 'qa', 'staging', 'prod'];

/** Page types (docs/storefront.md, "Codes") the rules below name. */
export const PAGE_TYPE = {
  notFound: 100,
  search: 102,
  lockScreen: 103,
  memberAreaAccessDenied: 106,
  showCart: 200,
} as const;
/** Pages with no tracking at all. */
export const UNTRACKED_PAGE_TYPES: readonly number[] = [
  PAGE_TYPE.notFound,
  PAGE_TYPE.lockScreen,
  PAGE_TYPE.memberAreaAccessDenied,
];
export const SEARCH_PATH = '/search';
/** Paths matching this are the site editor. */
export const EDITOR_PATH = /^\/config(\/|$)/;
export const VIEWER_ROLE = 10;
/** Record type of a store item (a product page). */
export const STORE_ITEM_RECORD_TYPE = 11;
/** Record type of a lesson, and collection type of a lesson collection. */
export const LESSON_RECORD_TYPE = 62;
export const LESSONS_COLLECTION_TYPE = 24;
/**
 * The query parameter of the variant chosen on a product page (the variant select's
 * VARIANT_PARAM, written out so the analytics chunk does not import the widget; a test checks).
 */
export const VARIANT_QUERY_PARAM = 'variant';

export const SESSION_RECORDING = {
  minCpuCores: 3,
  siteCountry: 'US',
  timeZonePrefix: 'America/',
  /** What the id call answers for automated visitors: never used as an id. */
  automatedMockId: 'automated-mock-id',
} as const;

export const EXPERIMENT_ERRORS = {
  notLoaded: 'The underlying configuration is not loaded',
  missing: 'The specified feature does not exist',
  wrongType: (type: string) => `The specified feature is not a ${type}`,
  invalid: 'The specified feature has an invalid server-side definition',
} as const;

/** The calls (docs/storefront.md, "API calls"). */
export const ANALYTICS_PATHS = {
  recordEvent: '/api/events/RecordEvent',
  clankerEvents: '/api/v1/clanker/events',
  /** Validate mode: the content goes here (`{schemaName}` appended) instead of to the events. */
  clankerValidate: '/api/v1/clanker/validate-event-content/',
  errors: '/api/events/RecordJavascriptErrors',
  recordHit: '/api/census/RecordHit',
  quickView: '/api/census/RecordQuickView/',
  performanceSettings: '/api/1/performance/settings',
  performanceRecords: '/api/1/performance/records',
  sessionRecordingId: '/api/commerce/fullstory/getId',
} as const;
