/**
 * A render error in one root shows that root's fallback and is reported; another root keeps
 * working. Errors the page throws before the analytics chunk has loaded reach the tracker, and
 * the chunk is imported only when the browser is idle.
 *
 * @vitest-environment jsdom
 */
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleAnalytics } from '../../../storefront/analytics/load.js';
import { createTracker } from '../../../storefront/analytics/track.js';
import { RootErrorBoundary, ROOT_FALLBACK_TEXT } from '../../../storefront/error-boundary.js';
import { createRuntime } from '../../../storefront/runtime.js';
import { emptyCart } from '../../../storefront/state/cart-store.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary per root', () => {
  it('shows the fallback in the failing root, reports it, and leaves the other root alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tracker = createTracker();
    const reported: unknown[] = [];
    tracker.attach({ track() {}, reportError: (error) => reported.push(error) });
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    const a = createRoot(document.getElementById('a')!);
    const b = createRoot(document.getElementById('b')!);
    await act(async () => {
      a.render(
        <RootErrorBoundary tracker={tracker}>
          <Broken />
        </RootErrorBoundary>,
      );
      b.render(
        <RootErrorBoundary tracker={tracker}>
          <button type="button">Still here</button>
        </RootErrorBoundary>,
      );
    });
    expect(document.querySelector('#a [role="alert"]')!.textContent).toBe(ROOT_FALLBACK_TEXT);
    expect(document.querySelector('#b button')!.textContent).toBe('Still here');
    expect(reported.map((e) => (e as Error).message)).toEqual(['render failed']);
    await act(async () => {
      a.unmount();
      b.unmount();
    });
  });
});

describe('loading analytics', () => {
  it('hands errors thrown before the chunk loads to the tracker, and waits for idle', () => {
    const runtime = createRuntime(emptyCart());
    const idle: Array<() => void> = [];
    const addListener = vi.spyOn(globalThis, 'addEventListener');
    scheduleAnalytics(runtime, {}, (run) => idle.push(run));
    expect(idle).toHaveLength(1);
    const reported: unknown[] = [];
    runtime.tracker.attach({ track() {}, reportError: (error) => reported.push(error) });
    const thrown = new Error('early');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: 'early' }));
    expect(reported).toEqual([thrown]);
    for (const [type, listener] of addListener.mock.calls) {
      if (type === 'error' || type === 'unhandledrejection') {
        globalThis.removeEventListener(type, listener as EventListener);
      }
    }
  });
});
