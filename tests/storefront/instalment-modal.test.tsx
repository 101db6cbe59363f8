/**
 * The instalment pill on the demo product pages and its information modal (jsdom): the pill's
 * texts, the modal loaded in the shopper's locale, closed by Escape, its close button and an
 * outside click with focus back on the link, the focus trap, and a load failure only logged.
 *
 * @vitest-environment jsdom
 */
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteFolder } from '../../server/preview/site-folder.js';
import { createRuntime } from '../../storefront/runtime.js';
import { attachInstalmentModal } from '../../storefront/widgets/commerce/instalment-modal.js';
import { setWidgetSeams } from '../../storefront/widgets/seams.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Testing Library's async wrapper waits on a setTimeout(0), advanced under fake timers only
// when it sees `jest`: lend it vitest's clock.
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

const site = siteFolder(resolve(import.meta.dirname, '../../fixtures/site'), { now: () => 0 });

const INFO_PAGE = `<!doctype html><html><head><title>Pay in 4 with Afterpay</title>
<script>window.bad = 1</script></head><body><header>chrome</header><main>
<h2 onclick="window.bad = 2">Pay in 4 interest-free instalments</h2>
<p>Split it. <a href="https://example.com/terms">Read the terms</a> <a href="javascript:void 0">x</a></p>
<script>window.bad = 3</script></main></body></html>`;

/** What the fake fetch answers (a Response's fields the modal reads). */
const answer = (status: number, text: string) =>
  ({ ok: status < 300, status, text: async () => text }) as unknown as Response;

let stop: () => void = () => {};
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  act(() => stop());
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The product page's server HTML in the document, the modal controller attached. */
function showPage(pathname: string, extra: Record<string, unknown> = {}, page = INFO_PAGE) {
  stop();
  const outcome = site.render({ pathname, extra });
  if (outcome.status !== 200) throw new Error(`${pathname}: ${outcome.status}`);
  document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(outcome.html)![1]!;
  const runtime = createRuntime({ entries: [], totalQuantity: 0 } as never, {
    navigate: vi.fn(),
    timers: { setTimeout, clearTimeout } as never,
  });
  const fetch = vi.fn(async (_url: string) => answer(200, page));
  setWidgetSeams(runtime, { fetch: fetch as unknown as typeof globalThis.fetch });
  stop = attachInstalmentModal(document.body, runtime);
  return { fetch };
}

const pill = () => document.querySelector('.instalment-pill');
const link = () => document.querySelector<HTMLAnchorElement>('.instalment-pill-info')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const user = () => userEvent.setup({ delay: null });

async function openModal(): Promise<HTMLElement> {
  await user().click(link());
  // The page's text arrives, then React renders the dialog.
  for (let i = 0; i < 5 && dialog() === null; i++) await act(async () => {});
  const found = dialog();
  if (found === null) throw new Error('the modal did not open');
  return found;
}

describe('instalment pill', () => {
  it('in range: four payments of a quarter of the price (the apron from $38.00)', () => {
    showPage('/shop/p/linen-work-apron');
    expect(pill()!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'or 4 interest-free payments of $9.50 with Afterpay Learn more about paying with Afterpay',
    );
  });

  it('out of range: "available for orders over" the minimum (candles, from $19.00)', () => {
    showPage('/shop/p/beeswax-taper-candles');
    expect(pill()!.classList.contains('instalment-pill--out-of-range')).toBe(true);
    expect(pill()!.querySelector('.instalment-pill-text')!.textContent).toBe(
      'Afterpay available for orders over $35.00',
    );
  });

  it('out of range: "available for orders up to" the maximum', () => {
    const context = {
      afterPayAvailable: true,
      afterPayMin: 1,
      afterPayMax: 10,
      shopperLanguage: 'en_US',
      stripeAccountCountry: 'US',
    };
    showPage('/shop/p/beeswax-taper-candles', {
      instalmentContext: { '65a0c3e8d1f2000000000027': context },
    });
    expect(pill()!.querySelector('.instalment-pill-text')!.textContent).toBe(
      'Afterpay available for orders up to $10.00',
    );
  });

  it('is absent for a gift card, a digital product and a service', () => {
    for (const page of ['gift-card', 'botanical-print-pack', 'wheel-throwing-workshop']) {
      showPage(`/shop/p/${page}`);
      expect(pill()).toBeNull();
    }
  });
});

describe('instalment information modal', () => {
  it('loads the page of the shopper locale and shows its content as an accessible dialog', async () => {
    const { fetch } = showPage('/shop/p/linen-work-apron');
    const modal = await openModal();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(fetch.mock.calls[0]![0]).pathname).toBe('/assets/instalments/en_US.html');
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Pay in 4 with Afterpay' })).toBe(modal);
    expect(modal.textContent).toContain('Pay in 4 interest-free instalments');
    expect(modal.textContent).not.toContain('chrome');
    // Nothing of the third-party page runs.
    expect(modal.querySelector('script, [onclick]')).toBeNull();
    expect(modal.querySelector('a[href^="javascript"]')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('loads by locale: en_GB gets its own page and names Clearpay', async () => {
    const context = {
      afterPayAvailable: true,
      afterPayMin: 35,
      afterPayMax: 2000,
      shopperLanguage: 'en_GB',
      stripeAccountCountry: 'GB',
    };
    const { fetch } = showPage('/shop/p/stoneware-mug-set', {
      instalmentContext: { '65a0c3e8d1f2000000000009': context },
    });
    expect(pill()!.textContent).toContain('with Clearpay');
    await openModal();
    expect(new URL(fetch.mock.calls[0]![0]).pathname).toBe('/assets/instalments/en_GB.html');
  });

  it('closes on Escape and gives focus back to the link', async () => {
    showPage('/shop/p/linen-work-apron');
    await openModal();
    await user().keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link());
  });

  it('closes on its close button and gives focus back to the link', async () => {
    showPage('/shop/p/linen-work-apron');
    await openModal();
    await user().click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link());
  });

  it('closes on a click outside it, not on one inside it', async () => {
    showPage('/shop/p/linen-work-apron');
    const modal = await openModal();
    await user().click(modal.querySelector('h2')!);
    expect(dialog()).not.toBeNull();
    await user().click(document.querySelector('.sf-dialog-backdrop')!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link());
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    showPage('/shop/p/linen-work-apron');
    const modal = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const terms = screen.getByRole('link', { name: 'Read the terms' });
    expect(document.activeElement).toBe(close);
    await user().tab();
    expect(document.activeElement).toBe(terms);
    await user().tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user().tab({ shift: true });
    expect(modal.contains(document.activeElement)).toBe(true);
    const last = [...modal.querySelectorAll('a[href], button')].at(-1);
    expect(document.activeElement).toBe(last);
    await user().tab();
    expect(document.activeElement).toBe(close);
  });

  it('only logs a load failure (HTTP error or network): no dialog, nothing else changes', async () => {
    const { fetch } = showPage('/shop/p/linen-work-apron');
    fetch.mockImplementationOnce(async () => answer(404, 'nope'));
    fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const before = document.body.innerHTML;
    for (let i = 0; i < 2; i++) {
      await user().click(link());
      await act(async () => {});
      expect(dialog()).toBeNull();
    }
    expect(errors).toHaveLength(2);
    expect(String(errors[0]![0])).toContain('instalment information');
    expect(document.body.innerHTML).toBe(before);
    // It recovers: the next click loads and opens it.
    await openModal();
  });
});
