/**
 * What analytics reads of a page: the account rule, the untracked page types, /search, the page
 * view payload, the newer event's every field with the resolved-locale chain, and the source
 * environment check.
 */
import { describe, expect, it } from 'vitest';
import { identify } from '../../../storefront/analytics/identity.js';
import {
  accountAllows,
  clankerContent,
  clankerUrl,
  pageAllowsTracking,
  pageFacts,
  pageViewData,
  resolvedLocale,
  sendsPageView,
} from '../../../storefront/analytics/page.js';
import { fakeEnv } from './fake-env.js';

const product = {
  website: {
    id: 'w1',
    templateId: 't1',
    language: 'en-US',
    location: { addressCountryCode: 'US' },
  },
  item: { id: 'i1', recordType: 11, collectionId: 'c1' },
  collection: { id: 'c1' },
};

describe('who and where analytics tracks', () => {
  it('tracks with no signed-in account, or a viewer-only account outside /config', () => {
    const as = (roles?: number[]) =>
      pageFacts(roles === undefined ? {} : { authenticatedAccount: { websiteRoles: roles } });
    expect(accountAllows(as(), '/shop')).toBe(true);
    expect(accountAllows(as(), '/config/pages')).toBe(true);
    expect(accountAllows(as([10]), '/shop')).toBe(true);
    expect(accountAllows(as([10]), '/config')).toBe(false);
    expect(accountAllows(as([10]), '/config/x')).toBe(false);
    expect(accountAllows(as([10]), '/configure')).toBe(true);
    expect(accountAllows(as([10, 4]), '/shop')).toBe(false);
    expect(accountAllows(as([1]), '/shop')).toBe(false);
    expect(accountAllows(as([]), '/shop')).toBe(false);
  });

  it('does not track on not found, lock screen and access denied pages', () => {
    const typed = (pageType: number) => pageFacts({ page: { pageType } });
    expect(pageAllowsTracking(typed(100))).toBe(false);
    expect(pageAllowsTracking(typed(103))).toBe(false);
    expect(pageAllowsTracking(typed(106))).toBe(false);
    expect(pageAllowsTracking(typed(1))).toBe(true);
    expect(pageAllowsTracking(typed(200))).toBe(true);
    expect(pageAllowsTracking(pageFacts({}))).toBe(true);
  });

  it('sends no page view on /search', () => {
    expect(sendsPageView(pageFacts({}), '/search')).toBe(false);
    expect(sendsPageView(pageFacts({ page: { pageType: 102 } }), '/find')).toBe(false);
    expect(sendsPageView(pageFacts({}), '/shop')).toBe(true);
  });
});

describe('payloads', () => {
  it('builds the page view with every field', () => {
    const f = fakeEnv();
    const identity = identify(f.env, false);
    expect(pageViewData(f.env, pageFacts(product), identity)).toEqual({
      event: 'view',
      url: '/shop/p/apron',
      title: 'Apron · Shop',
      itemId: 'i1',
      recordType: 11,
      collectionId: 'c1',
      websiteId: 'w1',
      templateId: 't1',
      viewportInnerWidth: 1280,
      viewportInnerHeight: 720,
      screenWidth: 1920,
      screenHeight: 1080,
      userAgent: 'FakeAgent/1.0',
      clientDate: 1_700_000_000_000,
      referrer: 'https://ref.example/',
      queryString: 'variant=1',
      localStorageSupported: true,
    });
  });

  it('resolves the locale: member, website, document language, then en-US', () => {
    expect(resolvedLocale(pageFacts({ memberAccount: { locale: 'de-DE' } }), 'en-GB')).toBe(
      'de-DE',
    );
    expect(resolvedLocale(pageFacts(product), 'en-GB')).toBe('en-US');
    expect(resolvedLocale(pageFacts({}), 'en-GB')).toBe('en-GB');
    expect(resolvedLocale(pageFacts({}), '')).toBe('en-US');
  });

  it('fills every field of the newer event schema', () => {
    const f = fakeEnv();
    const identity = identify(f.env, false);
    const content = clankerContent(f.env, pageFacts(product), identity, {
      customSchemaName: 'page_view',
    });
    expect(Object.keys(content).sort()).toEqual(
      [
        'analytics_id',
        'browser_language',
        'browser_locale',
        'browser_window_height',
        'browser_window_width',
        'client_name',
        'client_version',
        'marketing_id',
        'page_host',
        'page_path',
        'page_query_params',
        'page_referrer_url',
        'session_id',
        'enduser_user_agent',
        'event_occurrence_timestamp',
        'custom_schema_name',
        'source_environment',
        'context_website_id',
        'destination_url',
        'member_account_id',
        'object_identifier',
        'resolved_locale',
        'website_locale',
        'member_account_locale',
      ].sort(),
    );
    expect(content).toMatchObject({
      analytics_id: identity.analyticsId,
      session_id: identity.session.sessionId,
      page_host: 'shop.example',
      page_path: '/shop/p/apron',
      page_query_params: 'variant=1',
      source_environment: 'prod',
      context_website_id: 'w1',
      object_identifier: 'i1',
      resolved_locale: 'en-US',
    });
    expect(identity.analyticsId).not.toBe('');
  });

  it('accepts dev, qa, staging and prod; warns and gives no URL otherwise', () => {
    const f = fakeEnv();
    for (const env of ['dev', 'qa', 'staging', 'prod']) {
      expect(clankerUrl(f.env, env)).toBe('/api/v1/clanker/events');
    }
    expect(f.warnings).toEqual([]);
    expect(clankerUrl(f.env, 'production')).toBe('');
    expect(f.warnings).toEqual([
      'Analytics source environment must be dev, qa, staging or prod, not "production"',
    ]);
  });
});
