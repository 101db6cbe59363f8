/**
 * The older tracker: member-area visitor tracking (lesson collections, lesson pages, the
 * access-denied page, the paywall and join buttons). Each event is an `eventName` with the
 * payload of docs/storefront.md, "Analytics" — page fragment and path, website and template ids,
 * the chosen variant, the member account and the two locales — sent as a RecordEvent (`event` =
 * the event name, `data` = the payload as JSON).
 */
import { VARIANT_QUERY_PARAM } from './constants.js';
import type { AnalyticsEnv } from './env.js';
import type { PageFacts } from './page.js';

/** The older tracker's event names. */
export const MEMBER_AREA_EVENTS = {
  lessonCollectionView: 'member_area_lesson_collection_view',
  lessonView: 'member_area_lesson_view',
  accessDenied: 'member_area_access_denied',
  paywallClick: 'member_area_paywall_click',
  joinClick: 'member_area_join_click',
} as const;

export interface OlderTrackerPayload {
  /** The address's fragment (`#…`, '' when none). */
  pageHash: string;
  pagePath: string;
  websiteId: string;
  templateId: string;
  /** The variant chosen on the page (`?variant=`), '' when none. */
  variantId: string;
  memberAccountId: string;
  member_locale: string;
  website_locale: string;
}

export interface OlderTrackerEvent {
  eventName: string;
  payload: OlderTrackerPayload;
}

export function olderTrackerEvent(
  env: AnalyticsEnv,
  facts: PageFacts,
  eventName: string,
): OlderTrackerEvent {
  const loc = env.location();
  return {
    eventName,
    payload: {
      pageHash: loc.hash,
      pagePath: loc.pathname,
      websiteId: facts.websiteId,
      templateId: facts.templateId,
      variantId: new URLSearchParams(loc.search).get(VARIANT_QUERY_PARAM) ?? '',
      memberAccountId: facts.memberAccountId,
      member_locale: facts.memberLocale,
      website_locale: facts.websiteLocale,
    },
  };
}
