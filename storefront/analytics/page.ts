/**
 * What analytics reads of a page: whether it may track at all (the account rule, the page types
 * without tracking), whether a page view is sent, and the payloads — the page view, and the
 * content of the newer event schema — built from the route data and the browser.
 */
import {
  EDITOR_PATH,
  PAGE_TYPE,
  SEARCH_PATH,
  SOURCE_ENVIRONMENTS,
  ANALYTICS_TEXTS,
  STORE_ITEM_RECORD_TYPE,
  LESSON_RECORD_TYPE,
  LESSONS_COLLECTION_TYPE,
  UNTRACKED_PAGE_TYPES,
  VIEWER_ROLE,
  ANALYTICS_PATHS,
} from './constants.js';
import type { AnalyticsEnv } from './env.js';
import type { Identity } from './identity.js';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {};
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

/** The facts of the route data analytics uses. */
export interface PageFacts {
  pageType: number | undefined;
  itemId: string;
  recordType: number | undefined;
  collectionId: string;
  collectionType: number | undefined;
  websiteId: string;
  templateId: string;
  websiteLocale: string;
  /** The signed-in account's website roles; undefined when nobody is signed in. */
  roles: number[] | undefined;
  memberAccountId: string;
  memberLocale: string;
  restrictiveCookies: boolean;
  sourceEnvironment: string;
  siteCountry: string;
  internalSite: boolean;
  /** Validate mode (`analyticsValidate`): newer events go to the validate call, not the events. */
  validateEvents: boolean;
}

/** Website status of internal sites (docs/storefront.md, "Codes" has the statuses). */
const INTERNAL_STATUS = 6;

export function pageFacts(data: unknown): PageFacts {
  const d = rec(data);
  const page = rec(d.page);
  const item = rec(d.item);
  const collection = rec(d.collection);
  const website = rec(d.website);
  const account = d.authenticatedAccount === undefined ? undefined : rec(d.authenticatedAccount);
  const member = rec(d.memberAccount);
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const roles = account && Array.isArray(account.websiteRoles) ? account.websiteRoles : [];
  return {
    pageType: num(page.pageType) ?? num(d.pageType),
    itemId: text(item.id),
    recordType: num(item.recordType),
    collectionId: text(item.collectionId) || text(collection.id),
    collectionType: num(collection.type),
    websiteId: text(website.id),
    templateId: text(d.templateId) || text(website.templateId),
    websiteLocale: text(website.language),
    roles: account === undefined ? undefined : roles.filter((r) => typeof r === 'number'),
    memberAccountId: text(member.id),
    memberLocale: text(member.locale),
    restrictiveCookies: rec(d.websiteSettings).cookiePolicy === 'restrictive',
    sourceEnvironment: text(d.analyticsEnvironment) || 'prod',
    siteCountry: text(rec(website.location).addressCountryCode) || text(website.country),
    internalSite: num(rec(website.siteStatus).value) === INTERNAL_STATUS,
    validateEvents: d.analyticsValidate === true,
  };
}

/**
 * Analytics runs only with no signed-in account, or an account that is only a viewer outside
 * the editor (/config).
 */
export function accountAllows(facts: PageFacts, pathname: string): boolean {
  if (facts.roles === undefined) return true;
  const viewerOnly = facts.roles.length > 0 && facts.roles.every((r) => r === VIEWER_ROLE);
  return viewerOnly && !EDITOR_PATH.test(pathname);
}

/** No page tracking on the not-found, lock screen and member-area access-denied pages. */
export function pageAllowsTracking(facts: PageFacts): boolean {
  return facts.pageType === undefined || !UNTRACKED_PAGE_TYPES.includes(facts.pageType);
}

/** Page views are not sent on /search. */
export function sendsPageView(facts: PageFacts, pathname: string): boolean {
  return pathname !== SEARCH_PATH && facts.pageType !== PAGE_TYPE.search;
}

export const isProductPage = (facts: PageFacts) => facts.recordType === STORE_ITEM_RECORD_TYPE;
export const isCartPage = (facts: PageFacts) => facts.pageType === PAGE_TYPE.showCart;
export const isLessonPage = (facts: PageFacts) => facts.recordType === LESSON_RECORD_TYPE;
/** A lesson collection's list (its items' own pages are lesson pages). */
export const isLessonCollectionPage = (facts: PageFacts) =>
  facts.collectionType === LESSONS_COLLECTION_TYPE && facts.itemId === '';

export function pageViewData(env: AnalyticsEnv, facts: PageFacts, identity: Identity): Rec {
  const loc = env.location();
  const doc = env.document();
  const win = env.window();
  return {
    event: 'view',
    url: loc.pathname,
    title: doc.title,
    itemId: facts.itemId,
    recordType: facts.recordType ?? null,
    collectionId: facts.collectionId,
    websiteId: facts.websiteId,
    templateId: facts.templateId,
    viewportInnerWidth: win.innerWidth,
    viewportInnerHeight: win.innerHeight,
    screenWidth: win.screenWidth,
    screenHeight: win.screenHeight,
    userAgent: win.userAgent,
    clientDate: env.now(),
    referrer: doc.referrer,
    queryString: loc.search.replace(/^\?/, ''),
    localStorageSupported: identity.localStorageSupported,
  };
}

/** The resolved locale: the member's, else the website's, else the document's, else en-US. */
export function resolvedLocale(facts: PageFacts, documentLang: string): string {
  return facts.memberLocale || facts.websiteLocale || documentLang || 'en-US';
}

/**
 * Where newer events go for a source environment: the same origin for each known one; an
 * unknown environment is warned about and gives '' (nothing is sent).
 */
export function clankerUrl(env: AnalyticsEnv, sourceEnvironment: string): string {
  if (SOURCE_ENVIRONMENTS.includes(sourceEnvironment)) return ANALYTICS_PATHS.clankerEvents;
  env.console.warn(ANALYTICS_TEXTS.badEnvironment(sourceEnvironment));
  return '';
}

/** Every field of the newer event schema's content. */
export function clankerContent(
  env: AnalyticsEnv,
  facts: PageFacts,
  identity: Identity,
  extra: { customSchemaName: string; destinationUrl?: string; objectIdentifier?: string },
): Rec {
  const loc = env.location();
  const doc = env.document();
  const win = env.window();
  return {
    analytics_id: identity.analyticsId,
    browser_language: win.language,
    browser_locale: win.language,
    browser_window_height: win.innerHeight,
    browser_window_width: win.innerWidth,
    client_name: 'jsont-storefront',
    client_version: '1',
    marketing_id: identity.visitor,
    page_host: loc.host,
    page_path: loc.pathname,
    page_query_params: loc.search.replace(/^\?/, ''),
    page_referrer_url: doc.referrer,
    session_id: identity.session.sessionId,
    enduser_user_agent: win.userAgent,
    event_occurrence_timestamp: env.now(),
    custom_schema_name: extra.customSchemaName,
    source_environment: facts.sourceEnvironment,
    context_website_id: facts.websiteId,
    destination_url: extra.destinationUrl ?? '',
    member_account_id: facts.memberAccountId,
    object_identifier: extra.objectIdentifier ?? facts.itemId,
    resolved_locale: resolvedLocale(facts, doc.lang),
    website_locale: facts.websiteLocale,
    member_account_locale: facts.memberLocale,
  };
}
