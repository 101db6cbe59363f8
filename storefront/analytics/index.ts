/**
 * The analytics chunk (loaded by load.ts once the page is idle after hydration): page views,
 * commerce events, census hits, error reports, performance metrics and the session-recording id.
 * It takes over the runtime's tracker (track.ts), so what widgets reported before it loaded is
 * sent too. In-browser navigation announces each page it shows with `jsont:page-view` on
 * `document` (navigation/page-view.ts), which is that page's view, and the paywall and join
 * buttons announce their clicks (account/clicks.ts); every call fails silently.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import type { MemberActionDetail } from '../account/clicks.js';
import { readCookie } from '../api/cookies.js';
import type { PageViewDetail } from '../navigation/page-view.js';
import type { StorefrontRuntime } from '../runtime.js';
import { ANALYTICS_COOKIES, ANALYTICS_PATHS, HEARD_EVENTS, PAGE_TYPE } from './constants.js';
import { browserEnv, type AnalyticsEnv } from './env.js';
import { createErrorReporter, type ErrorReporter } from './error-reports.js';
import { createExperiments, type ExperimentDefinition, type Experiments } from './experiments.js';
import { identify } from './identity.js';
import { sendNewerEvent } from './newer-events.js';
import { MEMBER_AREA_EVENTS, olderTrackerEvent } from './older-tracker.js';
import {
  accountAllows,
  isCartPage,
  isLessonCollectionPage,
  isLessonPage,
  isProductPage,
  pageAllowsTracking,
  pageFacts,
  pageViewData,
  sendsPageView,
  type PageFacts,
} from './page.js';
import { collectPerformance, type Vitals } from './performance.js';
import { sessionRecordingId } from './session-recording.js';
import type { TrackedEvent } from './track.js';
import { post, quietly } from './transport.js';

/** RecordEvent names of the commerce events. */
export const COMMERCE_EVENTS = {
  productPageVisit: 'commerce_product_page_visit',
  addToCart: 'commerce_add_to_cart',
  removeFromCart: 'commerce_remove_from_cart',
  viewCart: 'commerce_view_cart',
  relatedProducts: 'commerce_related_products_display',
  clickAndAdd: 'commerce_click_and_add',
  quickView: 'commerce_quick_view',
  reviewsTab: 'commerce_reviews_tab',
  reviewsAnchor: 'commerce_reviews_anchor',
  gatedVideo: 'gated_video_view',
} as const;

/** Clicks on markup marked `data-jsont-track="…"` (a gated video). */
export const TRACK_ATTRIBUTE = 'data-jsont-track';
const CLICK_EVENTS: Record<string, string> = {
  'gated-video': COMMERCE_EVENTS.gatedVideo,
};
/** The member actions (`jsont:member-action`, account/clicks.ts) of the older tracker. */
const MEMBER_ACTIONS: Record<string, string> = {
  paywall: MEMBER_AREA_EVENTS.paywallClick,
  join: MEMBER_AREA_EVENTS.joinClick,
};
/** A product page's related products: a container whose items carry `data-item-id`. */
export const RELATED_PRODUCTS = '[data-related-products]';

export interface Analytics {
  trackPageView(data?: unknown): void;
  errors: ErrorReporter;
  experiments: Experiments;
  stop(): void;
}

export interface AnalyticsOptions {
  env?: Partial<AnalyticsEnv>;
  vitals?: Vitals;
  doc?: Document;
}

export function startAnalytics(
  runtime: StorefrontRuntime,
  data: unknown,
  options: AnalyticsOptions = {},
): Analytics {
  const browser = browserEnv(runtime.timers, options.env);
  const doc = options.doc ?? document;
  /** After an in-browser navigation, the page navigated from (document.referrer stays put). */
  let referrer: string | undefined;
  const env: AnalyticsEnv = {
    ...browser,
    document: () => ({ ...browser.document(), ...(referrer === undefined ? {} : { referrer }) }),
  };
  const errors = createErrorReporter(env);
  let facts = pageFacts(data);
  const allowed = () => accountAllows(facts, env.location().pathname);

  const sendRecordEvent = (event: string, data: object) => {
    const crumb = readCookie(env.cookies(), ANALYTICS_COOKIES.crumb) ?? '';
    const body = { crumb, event, data: JSON.stringify(data) };
    quietly(post(env, ANALYTICS_PATHS.recordEvent, { form: body }, { beacon: true }));
  };
  const recordEvent = (event: string, payload: Record<string, unknown>) =>
    sendRecordEvent(event, { ...payload, websiteId: facts.websiteId });
  /** The older tracker's events: its own payload (older-tracker.ts). */
  const recordOlder = (eventName: string) =>
    sendRecordEvent(eventName, olderTrackerEvent(env, facts, eventName).payload);

  const track = (event: TrackedEvent) => {
    if (!allowed() || !pageAllowsTracking(facts)) return;
    switch (event.name) {
      case 'add-to-cart': {
        const { itemId, sku, quantity } = event;
        recordEvent(COMMERCE_EVENTS.addToCart, { itemId, sku, quantity });
        // Added from anywhere but the product's own page: a list, a quick view.
        if (facts.itemId !== itemId) recordEvent(COMMERCE_EVENTS.clickAndAdd, { itemId, sku });
        return;
      }
      case 'remove-from-cart': {
        const { itemId, sku, quantity } = event;
        recordEvent(COMMERCE_EVENTS.removeFromCart, { itemId, sku, quantity });
        return;
      }
      case 'quick-view':
        quietly(
          post(
            env,
            ANALYTICS_PATHS.quickView + encodeURIComponent(event.itemId),
            { json: {} },
            {
              beacon: true,
            },
          ),
        );
        recordEvent(COMMERCE_EVENTS.quickView, { itemId: event.itemId });
        return;
      case 'reviews-tab':
      case 'reviews-anchor':
        recordEvent(
          event.name === 'reviews-tab' ? COMMERCE_EVENTS.reviewsTab : COMMERCE_EVENTS.reviewsAnchor,
          { itemId: facts.itemId },
        );
    }
  };

  const trackPageView = (next?: unknown) => {
    if (next !== undefined) facts = pageFacts(next);
    const pathname = env.location().pathname;
    if (!allowed()) return;
    const who = identify(env, facts.restrictiveCookies);
    if (facts.pageType === PAGE_TYPE.memberAreaAccessDenied) {
      recordOlder(MEMBER_AREA_EVENTS.accessDenied);
    }
    if (!pageAllowsTracking(facts)) return;
    if (sendsPageView(facts, pathname)) {
      const form = {
        event: 'view',
        data: JSON.stringify(pageViewData(env, facts, who)),
        ss_cvr: who.visitor,
        sessionInfo: JSON.stringify(who.session),
      };
      quietly(post(env, ANALYTICS_PATHS.recordHit, { form }, { beacon: true }));
      quietly(sendNewerEvent(env, facts, who, 'page_view'));
    }
    pageEvents(facts);
  };

  const pageEvents = (page: PageFacts) => {
    if (isProductPage(page)) {
      recordEvent(COMMERCE_EVENTS.productPageVisit, { itemId: page.itemId });
      const related = [...doc.querySelectorAll(`${RELATED_PRODUCTS} [data-item-id]`)].map(
        (el) => (el as HTMLElement).dataset['itemId'] ?? '',
      );
      if (related.length > 0) {
        recordEvent(COMMERCE_EVENTS.relatedProducts, { itemId: page.itemId, related });
      }
    }
    if (isCartPage(page)) recordEvent(COMMERCE_EVENTS.viewCart, {});
    if (isLessonCollectionPage(page)) recordOlder(MEMBER_AREA_EVENTS.lessonCollectionView);
    if (isLessonPage(page)) recordOlder(MEMBER_AREA_EVENTS.lessonView);
  };

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const name = target?.closest(`[${TRACK_ATTRIBUTE}]`)?.getAttribute(TRACK_ATTRIBUTE) ?? '';
    const tracked = Object.hasOwn(CLICK_EVENTS, name) ? CLICK_EVENTS[name] : undefined;
    if (tracked !== undefined && allowed() && pageAllowsTracking(facts)) {
      recordEvent(tracked, { itemId: facts.itemId });
    }
  };
  const onMemberAction = (event: Event) => {
    const action = (event as CustomEvent<MemberActionDetail | null>).detail?.action ?? '';
    const tracked = Object.hasOwn(MEMBER_ACTIONS, action) ? MEMBER_ACTIONS[action] : undefined;
    // The access-denied page has no page tracking, but its paywall and join clicks are tracked.
    const page = pageAllowsTracking(facts) || facts.pageType === PAGE_TYPE.memberAreaAccessDenied;
    if (tracked !== undefined && allowed() && page) recordOlder(tracked);
  };
  const onPageView = (event: Event) => {
    const detail = (event as CustomEvent<PageViewDetail | null>).detail;
    if (detail?.referrer !== undefined) referrer = detail.referrer;
    trackPageView(detail?.data);
  };

  doc.addEventListener('click', onClick);
  doc.addEventListener(HEARD_EVENTS.memberAction, onMemberAction);
  doc.addEventListener(HEARD_EVENTS.pageView, onPageView);
  const unhide = env.onPageHide(() => errors.flush());

  runtime.tracker.attach({
    track,
    reportError: (error, componentStack) =>
      errors.report(error, componentStack === undefined ? {} : { stack: componentStack }),
  });
  trackPageView();
  const stopPerformance = allowed()
    ? collectPerformance(env, options.vitals ?? { onCLS, onINP, onLCP })
    : () => {};
  if (allowed()) void sessionRecordingId(env, facts.siteCountry);

  // Like `data-hydrated`: tests and tools can tell analytics has started on this page.
  doc.documentElement.dataset['analytics'] = 'on';
  const experiments = createExperiments(
    (data as { experiments?: Record<string, ExperimentDefinition> } | null)?.experiments,
    { internalSite: facts.internalSite, search: env.location().search },
  );
  return {
    trackPageView,
    errors,
    experiments,
    stop() {
      doc.removeEventListener('click', onClick);
      doc.removeEventListener(HEARD_EVENTS.memberAction, onMemberAction);
      doc.removeEventListener(HEARD_EVENTS.pageView, onPageView);
      unhide();
      stopPerformance();
    },
  };
}
