/**
 * The analytics chunk over a runtime (jsdom, fake timers, fake network): the page view and its
 * newer event, commerce events from the cart store and the tracker (buffered before the chunk
 * started), the census quick-view call, the page rules, clicks on marked markup, and the
 * page view of a navigation's `jsont:page-view` event.
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it, vi } from 'vitest';
import type { ShoppingCartData, CommerceClient } from '../../../storefront/api/client.js';
import { createRuntime, type StorefrontRuntime } from '../../../storefront/runtime.js';
import { emptyCart } from '../../../storefront/state/cart-store.js';
import { listenForAccountClicks } from '../../../storefront/account/clicks.js';
import { PAGE_VIEW_EVENT, type PageViewDetail } from '../../../storefront/navigation/page-view.js';
import { fakeEnv, type FakeEnv } from './fake-env.js';
import { useStartedAnalytics } from './started.js';

const analytics = useStartedAnalytics();

const website = { id: 'w1', language: 'en-US', location: { addressCountryCode: 'US' } };
const productPage = { website, item: { id: 'apron', recordType: 11, collectionId: 'shop' } };

function cartWith(quantity: number): ShoppingCartData {
  const entry = { id: 'e1', itemId: 'apron', chosenVariant: { sku: 'SKU-1' }, quantity };
  return { ...emptyCart(), entries: quantity > 0 ? [entry] : [] } as unknown as ShoppingCartData;
}

function fakeClient(): CommerceClient {
  return {
    addEntry: async () => ({ shoppingCart: cartWith(2), newlyAdded: cartWith(2).entries[0] }),
    removeEntry: async () => cartWith(0),
    setQuantity: async (_id: string, q: number) => cartWith(q),
  } as unknown as CommerceClient;
}

function start(data: unknown, f: FakeEnv = fakeEnv()): { f: FakeEnv; runtime: StorefrontRuntime } {
  const runtime = createRuntime(cartWith(0), { client: fakeClient() });
  f.env.setCookie('crumb=crumb-9');
  analytics.start(runtime, data, f);
  return { f, runtime };
}

/** RecordEvent calls as [event, data]. */
const events = (f: FakeEnv) =>
  f.sent
    .filter((s) => s.url === '/api/events/RecordEvent')
    .map((s) => [s.fields.event, JSON.parse(s.fields.data as string)] as const);
const urls = (f: FakeEnv) => f.sent.map((s) => s.url);

describe('the analytics chunk', () => {
  it('sends the page view (census hit with ss_cvr) and its newer event', () => {
    const { f } = start({ website });
    const hit = f.sent.find((s) => s.url === '/api/census/RecordHit')!;
    expect(hit.fields.event).toBe('view');
    expect(hit.fields.ss_cvr).toBe(f.jar.get('ss_cvr')!.value);
    expect(JSON.parse(hit.fields.data as string)).toMatchObject({ event: 'view', websiteId: 'w1' });
    const newer = f.sent.find((s) => s.url === '/api/v1/clanker/events')!;
    expect(newer.fields.eventSchemaName).toBe('page_view');
    expect(JSON.parse(newer.fields.eventContent as string)).toMatchObject({
      custom_schema_name: 'page_view',
      context_website_id: 'w1',
    });
  });

  it('records a product page visit, and an add and a removal with the crumb', async () => {
    const { f, runtime } = start(productPage);
    await runtime.cart.add({ itemId: 'apron', sku: 'SKU-1', quantity: 2 });
    await runtime.cart.remove('e1');
    expect(events(f)).toEqual([
      ['commerce_product_page_visit', { itemId: 'apron', websiteId: 'w1' }],
      ['commerce_add_to_cart', { itemId: 'apron', sku: 'SKU-1', quantity: 2, websiteId: 'w1' }],
      [
        'commerce_remove_from_cart',
        { itemId: 'apron', sku: 'SKU-1', quantity: 2, websiteId: 'w1' },
      ],
    ]);
    const record = f.sent.find((s) => s.url === '/api/events/RecordEvent')!;
    expect(record.fields.crumb).toBe('crumb-9');
    expect(record.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('counts a quantity set to 0 as a removal, and an add elsewhere as click-and-add', async () => {
    const { f, runtime } = start({ website, page: { pageType: 200 } });
    await runtime.cart.add({ itemId: 'apron', sku: 'SKU-1', quantity: 1 });
    await runtime.cart.setQuantity('e1', 0);
    expect(events(f).map(([name]) => name)).toEqual([
      'commerce_view_cart',
      'commerce_add_to_cart',
      'commerce_click_and_add',
      'commerce_remove_from_cart',
    ]);
  });

  it('sends what the tracker buffered before the chunk started, and the quick view census', () => {
    const runtime = createRuntime(cartWith(0), { client: fakeClient() });
    runtime.tracker.track({ name: 'quick-view', itemId: 'apron 1' });
    runtime.tracker.track({ name: 'reviews-tab' });
    const f = fakeEnv();
    analytics.start(runtime, { website }, f);
    expect(urls(f)).toContain('/api/census/RecordQuickView/apron%201');
    expect(events(f).map(([name]) => name)).toEqual([
      'commerce_quick_view',
      'commerce_reviews_tab',
    ]);
  });

  it('sends nothing on /search but the performance and id calls; no page view there', () => {
    const f = fakeEnv();
    const loc = f.env.location();
    f.env.location = () => ({ ...loc, pathname: '/search', search: '' });
    start({ website, page: { pageType: 102 } }, f);
    expect(urls(f)).not.toContain('/api/census/RecordHit');
    expect(urls(f)).not.toContain('/api/v1/clanker/events');
  });

  it('tracks nothing on the not-found page, and only the member-area events on access denied', async () => {
    const { f, runtime } = start({ website, page: { pageType: 100 } });
    await runtime.cart.add({ itemId: 'apron', sku: 'SKU-1', quantity: 1 });
    expect(
      urls(f).filter((u) => !u.startsWith('/api/1/performance') && !u.includes('fullstory')),
    ).toEqual([]);
    document.body.innerHTML = '<a href="#" data-member-action="join">Join</a>';
    const denied = start({ website, page: { pageType: 106 } });
    listenForAccountClicks(document, denied.runtime, {});
    await denied.runtime.cart.add({ itemId: 'apron', sku: 'SKU-1', quantity: 1 });
    document.querySelector('a')!.click();
    expect(urls(denied.f)).not.toContain('/api/census/RecordHit');
    expect(events(denied.f).map(([name]) => name)).toEqual([
      'member_area_access_denied',
      'member_area_join_click',
    ]);
  });

  it('tracks nothing for a signed-in owner, but still reports errors', async () => {
    const { f, runtime } = start({ website, authenticatedAccount: { websiteRoles: [1] } });
    await runtime.cart.add({ itemId: 'apron', sku: 'SKU-1', quantity: 1 });
    runtime.tracker.reportError(new Error('boom'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(urls(f)).toEqual(['/api/events/RecordJavascriptErrors']);
  });

  it('records a gated video click (data-jsont-track) and nothing for other marks', () => {
    document.body.innerHTML =
      '<button data-jsont-track="gated-video"><span>Play</span></button>' +
      '<button data-jsont-track="other">x</button>';
    const { f } = start({ website, item: { id: 'lesson-1', recordType: 62 } });
    document.querySelector('span')!.click();
    document.querySelectorAll('button')[1]!.click();
    expect(events(f).filter(([name]) => !String(name).startsWith('member_area'))).toEqual([
      ['gated_video_view', { itemId: 'lesson-1', websiteId: 'w1' }],
    ]);
  });

  it("sends a page view for each navigation's jsont:page-view, with the new page's data", () => {
    const { f } = start({ website });
    const hits = () => f.sent.filter((s) => s.url === '/api/census/RecordHit');
    expect(hits()).toHaveLength(1);
    const detail: PageViewDetail = {
      url: 'https://shop.example/shop/p/apron?variant=1',
      title: 'Apron · Shop',
      referrer: 'https://shop.example/shop',
      kind: 'push',
      data: productPage,
    };
    document.dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail }));
    expect(hits()).toHaveLength(2);
    expect(JSON.parse(hits()[1]!.fields.data as string)).toMatchObject({
      itemId: 'apron',
      referrer: 'https://shop.example/shop',
    });
    const newer = f.sent.filter((s) => s.url === '/api/v1/clanker/events');
    expect(JSON.parse(newer[1]!.fields.eventContent as string)).toMatchObject({
      page_referrer_url: 'https://shop.example/shop',
      object_identifier: 'apron',
    });
    expect(events(f).map(([name]) => name)).toEqual(['commerce_product_page_visit']);
  });
});
