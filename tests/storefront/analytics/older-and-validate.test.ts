/**
 * The older tracker (member-area visitor tracking: its exact payload, its events on the lesson
 * collection, a lesson, the paywall and join buttons), the newer events' validate mode (the
 * validate call instead of the events call, an invalid verdict warned), and the session info
 * sent with each page view.
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it, vi } from 'vitest';
import { listenForAccountClicks } from '../../../storefront/account/clicks.js';
import {
  MEMBER_AREA_EVENTS,
  olderTrackerEvent,
} from '../../../storefront/analytics/older-tracker.js';
import { VARIANT_QUERY_PARAM } from '../../../storefront/analytics/constants.js';
import { pageFacts } from '../../../storefront/analytics/page.js';
import { createRuntime } from '../../../storefront/runtime.js';
import { emptyCart } from '../../../storefront/state/cart-store.js';
import { VARIANT_PARAM } from '../../../storefront/widgets/commerce/variants-select.js';
import { fakeEnv, type FakeEnv } from './fake-env.js';
import { useStartedAnalytics } from './started.js';

const analytics = useStartedAnalytics();

const website = { id: 'w1', templateId: 't1', language: 'en-US' };
const member = { id: 'm7', locale: 'fr-CA' };
const lessons = { id: 'c24', type: 24 };
const lesson = { id: 'l1', recordType: 62, collectionId: 'c24' };

function start(data: unknown, f: FakeEnv = fakeEnv()): FakeEnv {
  const runtime = createRuntime(emptyCart(), {});
  f.env.setCookie('crumb=crumb-1');
  analytics.start(runtime, data, f);
  listenForAccountClicks(document, runtime, data);
  return f;
}
const recordEvents = (f: FakeEnv) =>
  f.sent
    .filter((s) => s.url === '/api/events/RecordEvent')
    .map((s) => ({
      crumb: s.fields.crumb,
      event: s.fields.event,
      data: JSON.parse(String(s.fields.data)),
    }));

describe('the older tracker', () => {
  it('builds the exact payload: fragment, path, ids, chosen variant, member and locales', () => {
    const f = fakeEnv();
    const loc = f.env.location();
    f.env.location = () => ({ ...loc, search: '?variant=v-9&x=1', hash: '#part-2' });
    const facts = pageFacts({ website, memberAccount: member, collection: lessons, item: lesson });
    expect(olderTrackerEvent(f.env, facts, 'member_area_lesson_view')).toEqual({
      eventName: 'member_area_lesson_view',
      payload: {
        pageHash: '#part-2',
        pagePath: '/shop/p/apron',
        websiteId: 'w1',
        templateId: 't1',
        variantId: 'v-9',
        memberAccountId: 'm7',
        member_locale: 'fr-CA',
        website_locale: 'en-US',
      },
    });
    // No variant, member or fragment: empty texts, never undefined (the payload is JSON).
    f.env.location = () => ({ ...loc, search: '', hash: '' });
    expect(olderTrackerEvent(f.env, pageFacts({}), 'x').payload).toEqual({
      pageHash: '',
      pagePath: '/shop/p/apron',
      websiteId: '',
      templateId: '',
      variantId: '',
      memberAccountId: '',
      member_locale: '',
      website_locale: '',
    });
    expect(VARIANT_QUERY_PARAM).toBe(VARIANT_PARAM);
  });

  it('pins the event names', () => {
    expect(MEMBER_AREA_EVENTS).toEqual({
      lessonCollectionView: 'member_area_lesson_collection_view',
      lessonView: 'member_area_lesson_view',
      accessDenied: 'member_area_access_denied',
      paywallClick: 'member_area_paywall_click',
      joinClick: 'member_area_join_click',
    });
  });

  it('sends the lesson collection view as a RecordEvent with the crumb', () => {
    const f = start({ website, collection: lessons });
    expect(recordEvents(f)).toEqual([
      {
        crumb: 'crumb-1',
        event: 'member_area_lesson_collection_view',
        data: {
          pageHash: '',
          pagePath: '/shop/p/apron',
          websiteId: 'w1',
          templateId: 't1',
          variantId: '1',
          memberAccountId: '',
          member_locale: '',
          website_locale: 'en-US',
        },
      },
    ]);
  });

  it("sends a lesson's view, then its paywall and join clicks (the member-action event)", () => {
    document.body.innerHTML =
      '<article data-item-id="l1"><a href="#" data-member-action="paywall">Unlock</a>' +
      '<a href="#" data-member-action="join">Join</a>' +
      '<a href="#" data-member-action="other">Other</a></article>';
    const f = start({ website, memberAccount: member, collection: lessons, item: lesson });
    for (const a of document.querySelectorAll('a')) a.click();
    const sent = recordEvents(f);
    expect(sent.map((e) => e.event)).toEqual([
      'member_area_lesson_view',
      'member_area_paywall_click',
      'member_area_join_click',
    ]);
    expect(sent[1]!.data).toEqual({
      pageHash: '',
      pagePath: '/shop/p/apron',
      websiteId: 'w1',
      templateId: 't1',
      variantId: '1',
      memberAccountId: 'm7',
      member_locale: 'fr-CA',
      website_locale: 'en-US',
    });
  });

  it('sends nothing for a signed-in owner', () => {
    document.body.innerHTML = '<a href="#" data-member-action="join">Join</a>';
    const f = start({ website, item: lesson, authenticatedAccount: { websiteRoles: [1] } });
    document.querySelector('a')!.click();
    expect(recordEvents(f)).toEqual([]);
  });
});

describe('validate mode', () => {
  it('posts the content to the validate call instead of the events call', async () => {
    const f = fakeEnv({}, { beacon: true, answer: () => ({ valid: true, errors: [] }) });
    start({ website, analyticsValidate: true }, f);
    await vi.advanceTimersByTimeAsync(0);
    const validate = f.sent.filter((s) => s.url.startsWith('/api/v1/clanker/'));
    expect(validate.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/v1/clanker/validate-event-content/page_view'],
    ]);
    expect(validate[0]!.headers['Content-Type']).toBe('application/json');
    expect(Object.keys(validate[0]!.fields)).toEqual(['eventContent']);
    const content = JSON.parse(String(validate[0]!.fields.eventContent)) as Record<string, unknown>;
    expect(content.custom_schema_name).toBe('page_view');
    expect(f.beacons.map((b) => b.url)).not.toContain('/api/v1/clanker/events');
    expect(f.warnings).toEqual([]);
  });

  it("warns with the server's errors when the content is not valid", async () => {
    const verdict = {
      valid: false,
      errors: ['source_environment must be dev, qa, staging or prod'],
    };
    const f = fakeEnv({}, { answer: (url) => (url.includes('validate') ? verdict : undefined) });
    start({ website, analyticsValidate: true }, f);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.warnings).toEqual([
      'Analytics event page_view is not valid: source_environment must be dev, qa, staging or prod',
    ]);
  });

  it('is off unless the data says true', () => {
    const f = start({ website, analyticsValidate: 'yes' });
    expect(f.sent.map((s) => s.url)).toContain('/api/v1/clanker/events');
    expect(f.sent.some((s) => s.url.includes('validate'))).toBe(false);
  });
});

describe('session info', () => {
  it('goes with each page view: first landing, first session, the session id', () => {
    const f = fakeEnv();
    start({ website }, f);
    analytics.current().trackPageView();
    const infos = f.sent
      .filter((s) => s.url === '/api/census/RecordHit')
      .map((s) => JSON.parse(String(s.fields.sessionInfo)) as unknown);
    const sessionId = f.jar.get('ss_cvt')!.value;
    expect(infos).toEqual([
      { isFirstLanding: true, isFirstSession: true, sessionId },
      { isFirstLanding: false, isFirstSession: true, sessionId },
    ]);
  });
});
