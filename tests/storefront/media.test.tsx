/**
 * The pop-up overlay's memory and timing, and the video block's click-to-load (jsdom). The
 * overlay runs on the widgets' clock (fake timers) and a fake local storage; the video block is
 * the demo's gallery page, hydrated with the real widgets.
 *
 * @vitest-environment jsdom
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createRuntime } from '../../storefront/runtime.js';
import { emptyCart } from '../../storefront/state/cart-store.js';
import {
  attachPopupOverlay,
  mayShow,
  STORAGE_KEY,
} from '../../storefront/widgets/media/popup-overlay.js';
import { setMediaSeams } from '../../storefront/widgets/media/seams.js';
import { embedOf } from '../../storefront/widgets/media/video.js';
import { useWidgetClock, user } from './product-form.js';
import { logged, mountPage } from './support.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

const OVERLAY = `<div class="popup-overlay" data-popup-overlay hidden data-version="v2" data-delay="12" data-days-hidden="30">
  <h2 class="popup-overlay-title">Winter studio sale</h2>
  <p class="popup-overlay-body">20% off linen.</p>
  <p><a class="button popup-overlay-button" href="/shop">See what's on sale</a></p>
</div>`;

let stopOverlay = () => {};
// Before support.tsx empties the document (hooks run in reverse order of registration).
afterEach(() => {
  act(() => stopOverlay());
  stopOverlay = () => {};
});

/**
 * A page with the overlay's markup, a fake storage holding `stored`, and the clock at `now`;
 * the previous page's overlay goes first, as it would with a navigation.
 */
function mountOverlay(stored: Record<string, string>, now = NOW) {
  act(() => stopOverlay());
  document.body.innerHTML = `<main><a href="/x" id="before">Before</a></main>${OVERLAY}`;
  const runtime = createRuntime(emptyCart());
  const storage = {
    getItem: (key: string) => stored[key] ?? null,
    setItem: (key: string, value: string) => void (stored[key] = value),
  };
  setMediaSeams(runtime, { storage: () => storage, now: () => now });
  act(() => {
    stopOverlay = attachPopupOverlay(document, runtime);
  });
  // Following the overlay's link would leave the page, which jsdom cannot.
  document.addEventListener('click', (event) => event.preventDefault());
  return stored;
}

const record = (stored: Record<string, string>) => JSON.parse(stored[STORAGE_KEY]!) as unknown;

describe('pop-up overlay', () => {
  useWidgetClock();

  it('decides from the stored record: version, submitted, date closed and the days hidden', () => {
    expect(mayShow({}, 'v2', 30, NOW)).toBe(true);
    expect(mayShow({ version: 'v2', submitted: true }, 'v2', 30, NOW)).toBe(false);
    expect(mayShow({ version: 'v2', 'date-closed': NOW - 29 * DAY }, 'v2', 30, NOW)).toBe(false);
    expect(mayShow({ version: 'v2', 'date-closed': NOW - 30 * DAY }, 'v2', 30, NOW)).toBe(true);
    // A new version of the overlay forgets what the visitor did with the old one.
    expect(mayShow({ version: 'v1', submitted: true }, 'v2', 30, NOW)).toBe(true);
  });

  it('opens after its delay and remembers when the visitor closed it', async () => {
    const stored = mountOverlay({});
    act(() => vi.advanceTimersByTime(11_999));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Winter studio sale' });
    expect(dialog.textContent).toContain('20% off linen.');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(record(stored)).toEqual({ 'date-closed': NOW, version: 'v2' });

    // The next page, a day later: nothing; 30 days later: again.
    mountOverlay(stored, NOW + DAY);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    mountOverlay(stored, NOW + 30 * DAY);
    act(() => vi.advanceTimersByTime(12_000));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(logged).toEqual([]);
  });

  it('never comes back once the visitor followed its button', async () => {
    const stored = mountOverlay({ [STORAGE_KEY]: '{"version":"v1","submitted":true}' });
    act(() => vi.advanceTimersByTime(12_000));
    await user().click(screen.getByRole('link', { name: "See what's on sale" }));
    expect(record(stored)).toEqual({ submitted: true, 'date-closed': NOW, version: 'v2' });
    mountOverlay(stored, NOW + 365 * DAY);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows once per page when storage is refused or holds nonsense', () => {
    mountOverlay({ [STORAGE_KEY]: 'not json' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('video block', () => {
  it('shows a poster button after hydration and loads the player on click', async () => {
    await mountPage('/gallery');
    const wrapper = document.querySelector('.sqs-video-wrapper')!;
    expect(wrapper.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: A tour of the studio' });
    await user().click(play);
    const frame = wrapper.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(
      new URL('/assets/video/studio-tour.html', document.baseURI).href,
    );
    expect(frame.getAttribute('title')).toBe('A tour of the studio');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(document.activeElement).toBe(frame);
    expect(logged).toEqual([]);
  });

  it('takes only an iframe with a usable address from the embed HTML', () => {
    const base = 'https://shop.example/gallery';
    for (const src of [
      'javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#x01;javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@b.example',
    ]) {
      expect(embedOf(`<iframe src="${src}"></iframe>`, 'T', base), src).toBeUndefined();
    }
    expect(embedOf('<script>alert(1)</script><p>no frame</p>', 'T', base)).toBeUndefined();
    expect(embedOf('<iframe src="/v/2.html"></iframe>', 'T', base)?.src).toBe(
      'https://shop.example/v/2.html',
    );
    expect(
      embedOf(
        '<img src=x onerror=alert(1)><iframe src="https://player.example/v/1" onload="x()" width="640"></iframe>',
        'Fallback',
        base,
      ),
    ).toEqual({
      src: 'https://player.example/v/1',
      title: 'Fallback',
      width: '640',
      allowFullScreen: false,
    });
  });
});
