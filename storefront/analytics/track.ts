/**
 * The one small interface widgets use to report what the visitor did (`runtime.tracker`). It is
 * part of every page's entry, so it only buffers: the analytics chunk (index.ts), loaded once
 * the page is idle after hydration, takes the buffered calls and every later one. A page where
 * analytics never starts (a signed-in owner) keeps at most `BUFFER_LIMIT` calls.
 */

/** A visitor action that becomes an analytics event (docs/storefront.md, "Analytics"). */
export type TrackedEvent =
  | { name: 'add-to-cart'; itemId: string; sku: string; quantity: number }
  | { name: 'remove-from-cart'; itemId: string; sku: string; quantity: number }
  | { name: 'quick-view'; itemId: string }
  | { name: 'reviews-tab' }
  | { name: 'reviews-anchor' };

export interface Tracker {
  track(event: TrackedEvent): void;
  /** A caught error (an error boundary's, or one a widget caught and cannot handle). */
  reportError(error: unknown, componentStack?: string): void;
}

export interface BufferedTracker extends Tracker {
  /** Hands the buffered calls, and every later one, to `target`. */
  attach(target: Tracker): void;
}

const BUFFER_LIMIT = 50;

export function createTracker(): BufferedTracker {
  let target: Tracker | undefined;
  const buffered: Array<(t: Tracker) => void> = [];
  const call = (fn: (t: Tracker) => void) => {
    if (target !== undefined) fn(target);
    else if (buffered.length < BUFFER_LIMIT) buffered.push(fn);
  };
  return {
    track: (event) => call((t) => t.track(event)),
    reportError: (error, stack) => call((t) => t.reportError(error, stack)),
    attach(next) {
      target = next;
      for (const fn of buffered.splice(0)) fn(next);
    },
  };
}
