/**
 * The analytics contract's constants and texts (docs/storefront.md, "Analytics" and "Constants
 * and limits"), pinned one by one.
 */
import { describe, expect, it } from 'vitest';
import { MEMBER_ACTION_EVENT } from '../../../storefront/account/clicks.js';
import { MAX_ERRORS_PER_SEND, MAX_STACK_CHARS } from '../../../storefront/api/schemas.js';
import { PAGE_VIEW_EVENT } from '../../../storefront/navigation/page-view.js';
import {
  ANALYTICS_COOKIES,
  ANALYTICS_TEXTS,
  ERROR_REPORTING,
  HEARD_EVENTS,
  EXPERIMENT_ERRORS,
  PERFORMANCE_TIMING,
  RESTRICTED_COOKIES,
  SESSION_RECORDING,
  SOURCE_ENVIRONMENTS,
  SUCCESS_STATUSES,
  TRACKING_TIMEOUT_MS,
  UNTRACKED_PAGE_TYPES,
} from '../../../storefront/analytics/constants.js';

const DAY = 24 * 60 * 60 * 1000;

describe('analytics constants', () => {
  it('times tracking posts out after 2500 ms and takes 200 and 202 as success', () => {
    expect(TRACKING_TIMEOUT_MS).toBe(2500);
    expect(SUCCESS_STATUSES).toEqual([200, 202]);
  });

  it('has the performance timings', () => {
    expect(PERFORMANCE_TIMING).toEqual({
      settingsTimeoutMs: 30000,
      flushAfterMs: 30000,
      collectForMs: 60000,
    });
  });

  it('limits error reports as the server does', () => {
    expect(ERROR_REPORTING).toEqual({
      perPage: 20,
      queued: 10,
      stackChars: 5000,
      debounceMs: 1000,
    });
    expect(ERROR_REPORTING.queued).toBe(MAX_ERRORS_PER_SEND);
    expect(ERROR_REPORTING.stackChars).toBe(MAX_STACK_CHARS);
  });

  it('has the cookie names and lifetimes', () => {
    expect(ANALYTICS_COOKIES.crumb).toBe('crumb');
    expect(ANALYTICS_COOKIES.visitor).toBe('ss_cvr');
    expect(ANALYTICS_COOKIES.analyticsIdMaxAgeMs).toBe(390 * DAY);
    expect(ANALYTICS_COOKIES.visitorMaxAgeMs).toBe(730 * DAY);
    expect(ANALYTICS_COOKIES.sessionMaxAgeMs).toBe(30 * 60 * 1000);
    expect(RESTRICTED_COOKIES).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
  });

  it('has the texts', () => {
    expect(ANALYTICS_TEXTS.httpStatus(503)).toBe('Error tracking event: HTTP Status 503');
    expect(ANALYTICS_TEXTS.storeAnalyticsId).toBe('Unable to store analyticsId');
    expect(ANALYTICS_TEXTS.storage).toBe('Unable access local/session storage');
    expect(EXPERIMENT_ERRORS.notLoaded).toBe('The underlying configuration is not loaded');
    expect(EXPERIMENT_ERRORS.missing).toBe('The specified feature does not exist');
    expect(EXPERIMENT_ERRORS.wrongType('AB_TEST')).toBe('The specified feature is not a AB_TEST');
    expect(EXPERIMENT_ERRORS.invalid).toBe(
      'The specified feature has an invalid server-side definition',
    );
  });

  it('has the environments, untracked page types and the session-recording gate', () => {
    expect(SOURCE_ENVIRONMENTS).toEqual(['dev', 'qa', 'staging', 'prod']);
    expect(UNTRACKED_PAGE_TYPES).toEqual([100, 103, 106]);
    expect(SESSION_RECORDING.minCpuCores).toBe(3);
    expect(SESSION_RECORDING.siteCountry).toBe('US');
    expect(SESSION_RECORDING.timeZonePrefix).toBe('America/');
  });

  it('listens to the very events navigation and the member buttons dispatch', () => {
    expect(HEARD_EVENTS).toEqual({ pageView: PAGE_VIEW_EVENT, memberAction: MEMBER_ACTION_EVENT });
    expect(HEARD_EVENTS).toEqual({
      pageView: 'jsont:page-view',
      memberAction: 'jsont:member-action',
    });
  });
});
