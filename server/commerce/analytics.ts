/**
 * Analytics, census, performance and error-report calls (docs/storefront.md, "API calls"). The
 * preview sends nothing anywhere: each call is validated and recorded in the records table, which
 * tests read through `GET /__recorded?kind=`. Any web page can make most of these calls (no
 * crumb), so each is rate-limited per visitor and its body is capped far below other calls'.
 */
import {
  CensusEventRequest,
  CensusHitRequest,
  ClankerEventRequest,
  ClankerValidateRequest,
  ClankerValidateResponse,
  JavascriptErrorsRequest,
  MAX_ERRORS_PER_SEND,
  MAX_STACK_CHARS,
  PerformanceRecordsRequest,
  PerformanceSettingsResponse,
  RecordEventRequest,
  RecordedResponse,
} from '../../storefront/api/schemas.js';
import type { RecordKind } from './store/settings.js';
import { newToken } from './crumb.js';
import { parseWith } from './http.js';
import { VisitorRateLimit } from './rate-limit.js';
import { Reply, type ApiContext, type Route } from './router.js';

/** docs/storefront.md, "Analytics": the analytics source environment must be one of these. */
const ENVIRONMENTS = new Set(['dev', 'qa', 'staging', 'prod']);

/**
 * The largest analytics body the storefront sends is an error report: MAX_ERRORS_PER_SEND errors
 * with stacks of MAX_STACK_CHARS characters, each character at most 3 bytes of UTF-8 (150,000
 * bytes of stacks). The cap adds 30% for the messages, urls and JSON punctuation: 195,000 bytes,
 * against the 1 MiB other calls may send.
 */
const LARGEST_STACKS_BYTES = MAX_ERRORS_PER_SEND * MAX_STACK_CHARS * 3;
export const MAX_EVENT_BODY_BYTES = Math.ceil(LARGEST_STACKS_BYTES * 1.3);

/**
 * Per visitor: the calls docs/storefront.md, "Analytics" lists for a page load (a page view and a
 * few events, census hits, the performance settings and batch, up to two error sends) come to
 * about ten, so a burst of 60 covers several quick page loads, and one a second sustained is more
 * than browsing makes. One address (a shared network, or one machine inventing cookies) gets ten
 * visitors' worth.
 */
export const ANALYTICS_RATE = { capacity: 60, refillPerSecond: 1 };
const VISITORS_PER_ADDRESS = 10;

/** The limiter of the calls marked `rateLimited`; one per API handler, on its clock. */
export const analyticsRateLimit = (now: () => number) =>
  new VisitorRateLimit(ANALYTICS_RATE, VISITORS_PER_ADDRESS, now);

function record(ctx: ApiContext, kind: RecordKind, payload: unknown): void {
  ctx.stores.records.add(kind, ctx.pathname, payload, ctx.now());
}

const OK = { ok: true };

const censusEvent = (name: string): Route => ({
  method: 'POST',
  path: `/api/census/${name}`,
  response: RecordedResponse,
  handle(ctx) {
    record(ctx, 'census', parseWith(CensusEventRequest, ctx.body));
    return OK;
  },
});

const routes: Route[] = [
  {
    method: 'POST',
    path: '/api/events/RecordEvent',
    response: RecordedResponse,
    crumb: true,
    handle(ctx) {
      const { event, data } = parseWith(RecordEventRequest, ctx.body);
      record(ctx, 'event', { event, data: JSON.parse(data) as unknown });
      return OK;
    },
  },
  {
    method: 'POST',
    path: '/api/v1/clanker/events',
    response: RecordedResponse,
    handle(ctx) {
      const { eventSchemaName, eventContent } = parseWith(ClankerEventRequest, ctx.body);
      record(ctx, 'clanker', {
        eventSchemaName,
        eventContent: JSON.parse(eventContent) as unknown,
      });
      return new Reply(202, OK);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/clanker/validate-event-content/:schemaName',
    response: ClankerValidateResponse,
    handle(ctx) {
      const { eventContent } = parseWith(ClankerValidateRequest, ctx.body);
      const content = JSON.parse(eventContent) as Record<string, unknown>;
      const errors: string[] = [];
      const env = content.source_environment;
      // Any JSON value may come here; only a listed string passes (String() of an object
      // whose `toString` is not a function throws).
      if (env !== undefined && !(typeof env === 'string' && ENVIRONMENTS.has(env))) {
        errors.push('source_environment must be dev, qa, staging or prod');
      }
      return { valid: errors.length === 0, errors };
    },
  },
  {
    method: 'POST',
    path: '/api/events/RecordJavascriptErrors',
    response: RecordedResponse,
    crumb: true,
    handle(ctx) {
      for (const error of parseWith(JavascriptErrorsRequest, ctx.body).errors) {
        record(ctx, 'js-error', error);
      }
      return OK;
    },
  },
  {
    method: 'POST',
    path: '/api/census/RecordHit',
    response: RecordedResponse,
    handle(ctx) {
      const { event, data, ss_cvr, sessionInfo } = parseWith(CensusHitRequest, ctx.body);
      record(ctx, 'census', {
        event,
        data: JSON.parse(data) as unknown,
        ss_cvr,
        ...(sessionInfo === undefined ? {} : { sessionInfo: JSON.parse(sessionInfo) as unknown }),
      });
      return OK;
    },
  },
  censusEvent('button-click'),
  censusEvent('button-render'),
  censusEvent('form-render'),
  censusEvent('overlay'),
  {
    method: 'POST',
    path: '/api/census/RecordQuickView/:id',
    response: RecordedResponse,
    handle(ctx) {
      record(ctx, 'census', { quickView: ctx.params.id });
      return OK;
    },
  },
  {
    method: 'GET',
    path: '/api/1/performance/settings',
    response: PerformanceSettingsResponse,
    handle: () => ({ pageLoadId: newToken(), enabled: true }),
  },
  {
    method: 'POST',
    path: '/api/1/performance/records',
    response: RecordedResponse,
    handle(ctx) {
      record(ctx, 'performance', parseWith(PerformanceRecordsRequest, ctx.body));
      return new Reply(202, OK);
    },
  },
];

/** Every analytics call gets the event body cap and the rate limit. */
export const analyticsRoutes: Route[] = routes.map((route) => ({
  ...route,
  maxBodyBytes: MAX_EVENT_BODY_BYTES,
  rateLimited: true,
}));
