/**
 * Analytics, census, performance and error-report calls (docs/storefront.md, "API calls"). The
 * preview sends nothing anywhere: each call is validated and recorded in the records table, which
 * tests read through `GET /__recorded?kind=`.
 */
import {
  CensusEventRequest,
  CensusHitRequest,
  ClankerEventRequest,
  ClankerValidateRequest,
  ClankerValidateResponse,
  JavascriptErrorsRequest,
  PerformanceRecordsRequest,
  PerformanceSettingsResponse,
  RecordEventRequest,
  RecordedResponse,
} from '../../storefront/api/schemas.js';
import type { RecordKind } from './store/settings.js';
import { newToken } from './crumb.js';
import { parseWith } from './http.js';
import { Reply, type ApiContext, type Route } from './router.js';

/** docs/storefront.md, "Analytics": the analytics source environment must be one of these. */
const ENVIRONMENTS = new Set(['dev', 'qa', 'staging', 'prod']);

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

export const analyticsRoutes: Route[] = [
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
      const { event, data, ss_cvr } = parseWith(CensusHitRequest, ctx.body);
      record(ctx, 'census', { event, data: JSON.parse(data) as unknown, ss_cvr });
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
