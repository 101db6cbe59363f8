/**
 * The analytics chunk (loaded by load.ts once the page is idle after hydration): page views,
 * commerce events, census hits, error reports, performance metrics and the session-recording id.
 * It takes over the runtime's tracker (track.ts), so what widgets reported before it loaded is
 * sent too. In-browser navigation announces each new page with a `jsont:navigate` event on
 * `window` (docs/storefront.md, "Analytics"); every call fails silently.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import { readCookie } from '../api/cookies.js';
import type { StorefrontRuntime } from '../runtime.js';
import { ANALYTICS_COOKIES, ANALYTICS_PATHS, PAGE_TYPE } from './constants.js';
import { browserEnv, type AnalyticsEnv } from './env.js';
import { createErrorReporter, type ErrorReporter } from './error-reports.js';
import { createExperiments, type ExperimentDefinition, type Experiments } from './experiments.js';
import { identify, type Identity } from './identity.js';
import {
  accountAllows,
  clankerContent,
  clankerUrl,
  isCartPage,
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

/** The window event in-browser navigation dispatches once per navigation. */
export const NAVIGATE_EVENT = 'jsont:navigate';
export interface NavigateDetail {
  /** The new page's route data (the current page's when absent). */
  data?: unknown;
}

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
  accessDenied: 'member_area_access_denied',
  paywallButton: 'member_area_paywall_click',
  joinButton: 'member_area_join_click',
} as const;

/** Clicks on markup marked `data-jsont-track="…"` (lesson pages: paywall, join, gated video). */
export const TRACK_ATTRIBUTE = 'data-jsont-track';
const CLICK_EVENTS: Record<string, string> = {
  'paywall-button': COMMERCE_EVENTS.paywallButton,
  'join-button': COMMERCE_EVENTS.joinButton,
  'gated-video': COMMERCE_EVENTS.gatedVideo,
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
  const env = browserEnv(runtime.timers, options.env);
  const doc = options.doc ?? document;
  const errors = createErrorReporter(env);
  let facts = pageFacts(data);
  let identity: Identity | undefined;
  const allowed = () => accountAllows(facts, env.location().pathname);

  const recordEvent = (event: string, payload: Record<string, unknown>) => {
    const crumb = readCookie(env.cookies(), ANALYTICS_COOKIES.crumb) ?? '';
    const body = { crumb, event, data: JSON.stringify({ ...payload, websiteId: facts.websiteId }) };
    quietly(post(env, ANALYTICS_PATHS.recordEvent, { form: body }, { beacon: true }));
  };
  const newerEvent = (schema: string, extra: { objectIdentifier?: string } = {}) => {
    const url = clankerUrl(env, facts.sourceEnvironment);
    if (url === '' || identity === undefined) return;
    const content = clankerContent(env, facts, identity, { customSchemaName: schema, ...extra });
    const body = { eventSchemaName: schema, eventContent: JSON.stringify(content) };
    quietly(post(env, url, { json: body }, { beacon: true }));
  };

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
    identity = identify(env, facts.restrictiveCookies);
    if (facts.pageType === PAGE_TYPE.memberAreaAccessDenied) {
      recordEvent(COMMERCE_EVENTS.accessDenied, { path: pathname });
    }
    if (!pageAllowsTracking(facts)) return;
    if (sendsPageView(facts, pathname)) {
      const view = pageViewData(env, facts, identity);
      const form = { event: 'view', data: JSON.stringify(view), ss_cvr: identity.visitor };
      quietly(post(env, ANALYTICS_PATHS.recordHit, { form }, { beacon: true }));
      newerEvent('page_view');
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
  };

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const name = target?.closest(`[${TRACK_ATTRIBUTE}]`)?.getAttribute(TRACK_ATTRIBUTE) ?? '';
    const tracked = Object.hasOwn(CLICK_EVENTS, name) ? CLICK_EVENTS[name] : undefined;
    // The access-denied page has no page tracking, but its paywall and join clicks are tracked.
    const page = pageAllowsTracking(facts) || facts.pageType === PAGE_TYPE.memberAreaAccessDenied;
    if (tracked !== undefined && allowed() && page) recordEvent(tracked, { itemId: facts.itemId });
  };
  const onNavigate = (event: Event) =>
    trackPageView((event as CustomEvent<NavigateDetail | null>).detail?.data);

  doc.addEventListener('click', onClick);
  globalThis.addEventListener(NAVIGATE_EVENT, onNavigate);
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
      globalThis.removeEventListener(NAVIGATE_EVENT, onNavigate);
      unhide();
      stopPerformance();
    },
  };
}
