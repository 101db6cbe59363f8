/**
 * Reviews on the demo's stoneware mug set (jsdom): the rating summary and the review list are
 * template markup that reads well without JavaScript (both panels shown, links to them); the
 * tabs widget makes them tabs (roles, one panel, arrow keys, the summary's link) and reports
 * choosing the reviews tab or the summary's link to analytics.
 *
 * @vitest-environment jsdom
 */
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedEvent } from '../../storefront/analytics/track.js';
import { attachReviewsTabs } from '../../storefront/widgets/commerce/reviews-tabs.js';
import { user } from './product-form.js';
import { logged, mountPage } from './support.js';

const MUGS = '/shop/p/stoneware-mug-set';
const text = (selector: string) =>
  document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const tab = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) =>
    t.textContent!.startsWith(name),
  )!;
const panel = (id: string) => document.getElementById(id)!;

async function mountWithTabs() {
  const page = await mountPage(MUGS);
  const tracked: TrackedEvent[] = [];
  let stop = () => {};
  act(() => {
    stop = attachReviewsTabs(document, { track: (event) => tracked.push(event) });
  });
  return { ...page, stop, tracked };
}

describe('reviews', () => {
  it('show a rating summary linking to the list, both panels without JavaScript', async () => {
    await mountPage(MUGS);
    expect(logged).toEqual([]);
    expect(text('.review-summary')).toBe('★ 4.7 out of 5 · 3 reviews');
    expect(document.querySelector('.review-summary-link')!.getAttribute('href')).toBe(
      '#product-reviews',
    );
    expect([...document.querySelectorAll('.review-title')].map((t) => t.textContent)).toEqual([
      'Our everyday mugs now',
      'Gift that landed',
      'Lovely, a little small',
    ]);
    expect(text('#review-r3 .review-rating')).toBe('Rated 4 out of 5');
    expect(text('#review-r3 .review-meta')).toBe('Ines K. · 2026-08-30');
    expect(panel('product-description').hidden).toBe(false);
    expect(panel('product-reviews').hidden).toBe(false);
    expect(document.querySelector('[role="tab"]')).toBeNull();
  });

  it('are a tab beside the description once the widget runs', async () => {
    const { stop } = await mountWithTabs();
    expect(document.querySelector('.product-tabs-list')!.getAttribute('role')).toBe('tablist');
    expect(tab('Description').getAttribute('aria-selected')).toBe('true');
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('false');
    expect(tab('Reviews').textContent).toBe('Reviews (3)');
    expect(panel('product-reviews').getAttribute('role')).toBe('tabpanel');
    expect(panel('product-reviews').getAttribute('aria-labelledby')).toBe('product-tab-reviews');
    expect(panel('product-reviews').hidden).toBe(true);

    await user().click(tab('Reviews'));
    expect(panel('product-reviews').hidden).toBe(false);
    expect(panel('product-description').hidden).toBe(true);
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Reviews'));

    await user().keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Description'));
    expect(panel('product-description').hidden).toBe(false);
    await user().keyboard('{End}');
    expect(document.activeElement).toBe(tab('Reviews'));
    await user().keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Description'));
    await user().keyboard('{ArrowRight}');
    expect(panel('product-reviews').hidden).toBe(false);
    act(() => stop());
  });

  it("select the reviews tab from the summary's link", async () => {
    const { stop } = await mountWithTabs();
    await user().click(document.querySelector<HTMLElement>('.review-summary-link')!);
    expect(panel('product-reviews').hidden).toBe(false);
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Reviews'));
    act(() => stop());
  });

  it('are absent from a product without reviews', async () => {
    await mountPage('/shop/p/linen-work-apron');
    expect(document.querySelector('.review-summary, [data-reviews-tabs]')).toBeNull();
    expect(document.querySelector('.product-description')).not.toBeNull();
  });

  it('report the reviews tab and the summary link to analytics, not the description tab', async () => {
    const { stop, tracked } = await mountWithTabs();
    await user().click(tab('Description'));
    expect(tracked).toEqual([]);
    await user().click(tab('Reviews'));
    await user().click(document.querySelector<HTMLElement>('.review-summary-link')!);
    expect(tracked).toEqual([{ name: 'reviews-tab' }, { name: 'reviews-anchor' }]);
    stop();
  });
});
