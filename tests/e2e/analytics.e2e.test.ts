/**
 * Analytics and error reporting in headless Chromium against the preview and `jsont serve`
 * (site-harness.ts): the backend's recorded calls (`/__recorded`) show page views on ordinary
 * pages and none on /search or the not-found page, commerce events for an add to cart and a
 * removal, one error report per thrown error up to the limits (10 per send, 20 per page)
 * with the page still working, a page view for an in-browser navigation, and the member-area
 * events of the lesson pages and the access-denied page (which has no page view). No console
 * error or warning, no hydration warning.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeSite, waitForWidgets } from './site-harness.js';

const APRON = '/shop/p/linen-work-apron';

interface Recorded {
  kind: string;
  path: string;
  payload: unknown;
}

describeSite('analytics in Chromium', { prefix: 'jsont-analytics-' }, (site) => {
  async function records(kind: string): Promise<Array<Recorded & { data: unknown }>> {
    return (await site.recorded<Recorded>(kind)).map((r) => ({ ...r, data: r.payload }));
  }
  /** Page views recorded so far, by the page's path. */
  const viewedPaths = async () =>
    (await records('census'))
      .map((r) => r.data as { event?: string; data?: { url?: string } })
      .filter((d) => d.event === 'view')
      .map((d) => d.data?.url);
  const eventNames = async () =>
    (await records('event')).map((r) => (r.data as { event: string }).event);
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Opens `url` and waits until analytics has started and the lazy widgets are attached (the
   * paywall and join buttons announce their clicks from a widget chunk: a click before it loads
   * follows the link unannounced, which a loaded machine made happen).
   */
  async function open(url: string, page?: Page): Promise<Page> {
    const p = page ?? site.watch(await site.newPage()).page;
    await p.goto(site.base + url, { waitUntil: 'load' });
    await p.waitForFunction(() => document.documentElement.dataset['analytics'] === 'on');
    await waitForWidgets(p);
    return p;
  }

  it('records page views on ordinary pages and none on /search or the not-found page', async () => {
    const page = await open('/');
    site.allowProblems(
      'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
    );
    await open('/search', page);
    await open('/no-such-page', page);
    await open('/shop', page);
    await open('/contact', page);
    const views = await until(viewedPaths, (v) => v.includes('/contact'));
    expect(views).toEqual(['/', '/shop', '/contact']);
    const newer = (await records('clanker')).map(
      (r) => (r.data as { eventContent: { page_path: string } }).eventContent.page_path,
    );
    expect(newer).toEqual(['/', '/shop', '/contact']);
  });

  it('records a product page visit, an add to cart, the cart view and a removal', async () => {
    const page = await open(APRON);
    await page.locator('select[data-variant-option-name="Color"]').first().selectOption('Charcoal');
    await page.locator('select[data-variant-option-name="Size"]').first().selectOption('S/M');
    await page.locator('.sqs-add-to-cart-button').first().click();
    await page.getByText('Added!').waitFor();
    await open('/cart', page);
    await page.locator('.cart-entry-remove').first().click();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    const names = await until(eventNames, (n) => n.includes('commerce_remove_from_cart'));
    expect(names).toEqual([
      'commerce_product_page_visit',
      'commerce_add_to_cart',
      'commerce_view_cart',
      'commerce_remove_from_cart',
    ]);
    const added = (await records('event'))[1]!.data as { data: Record<string, unknown> };
    expect(added.data).toMatchObject({ itemId: '65a0c3e8d1f2000000000005', quantity: 1 });
  });

  it('reports one error per thrown error, 10 per send and 20 per page, and keeps working', async () => {
    const page = await open(APRON);
    const throwErrors = (from: number, count: number) =>
      page.evaluate(
        ([first, n]) => {
          for (let i = first; i < first + n; i++) {
            setTimeout(() => {
              throw new Error(`thrown ${i}`);
            });
          }
        },
        [from, count] as const,
      );
    const messages = async () =>
      (await records('js-error')).map((r) => (r.data as { message: string }).message);
    await throwErrors(0, 12);
    expect(await until(messages, (m) => m.length >= 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Error: thrown ${i}`),
    );
    await throwErrors(100, 12);
    const twenty = await until(messages, (m) => m.length >= 20);
    expect(twenty.slice(10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Error: thrown ${100 + i}`),
    );
    await throwErrors(200, 5);
    // The page still works: an add to cart goes through after the errors.
    await page.locator('select[data-variant-option-name="Color"]').first().selectOption('Charcoal');
    await page.locator('select[data-variant-option-name="Size"]').first().selectOption('S/M');
    await page.locator('.sqs-add-to-cart-button').first().click();
    await page.getByText('Added!').waitFor();
    expect(await messages()).toHaveLength(20);
    // Thrown on purpose: counted here, not by the check at the end of the test.
    expect(site.watched!.pageErrors).toHaveLength(29);
    site.watched!.pageErrors.length = 0;
  });

  it('records a page view for an in-browser navigation, with the page left as referrer', async () => {
    const before = (await viewedPaths()).length;
    const page = await open('/');
    await page.waitForFunction(() => document.documentElement.dataset['navigation'] === 'ready');
    await page.locator('#site-header a[href="/shop"]').first().click();
    await page.waitForFunction(() => document.documentElement.dataset['navigated'] === '/shop');
    const views = await until(viewedPaths, (v) => v.length >= before + 2);
    expect(views.slice(before)).toEqual(['/', '/shop']);
    const hits = (await records('census'))
      .map((r) => r.data as { event?: string; data?: { url?: string; referrer?: string } })
      .filter((d) => d.event === 'view');
    expect(hits.at(-1)!.data!.referrer).toBe(`${site.base}/`);
    // It was not a full load: the page's own analytics counted it.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  it('records the member-area events on lesson pages, and no page view on access denied', async () => {
    const before = { views: (await viewedPaths()).length, events: (await eventNames()).length };
    const page = await open('/lessons');
    await open('/lessons/trimming-a-foot-ring', page);
    await page.locator('[data-member-action="paywall"]').click();
    await page.waitForURL(/\/account\/sign-in/);
    await open('/members/access-denied', page);
    await page.locator('[data-member-action="join"]').click();
    const names = await until(eventNames, (n) => n.slice(before.events).length >= 5);
    expect(names.slice(before.events)).toEqual([
      'member_area_lesson_collection_view',
      'member_area_lesson_view',
      'member_area_paywall_click',
      'member_area_access_denied',
      'member_area_join_click',
    ]);
    const paywall = (await records('event'))[before.events + 2]!.data as {
      data: Record<string, unknown>;
    };
    expect(paywall.data).toEqual({
      pageHash: '',
      pagePath: '/lessons/trimming-a-foot-ring',
      websiteId: expect.any(String),
      templateId: expect.any(String),
      variantId: '',
      memberAccountId: '',
      member_locale: '',
      website_locale: expect.any(String),
    });
    const views = (await viewedPaths()).slice(before.views);
    expect(views).toContain('/lessons');
    expect(views).not.toContain('/members/access-denied');
  });
});
