/**
 * The network seam of the widgets that call more than the commerce API (the instalment
 * modal's page, the quick view's census call), per runtime: the browser's `fetch` unless a test
 * gave another for its runtime.
 */
import type { StorefrontRuntime } from '../runtime.js';

export interface WidgetSeams {
  fetch: typeof fetch;
}

const given = new WeakMap<StorefrontRuntime, Partial<WidgetSeams>>();

export function setWidgetSeams(runtime: StorefrontRuntime, seams: Partial<WidgetSeams>): void {
  given.set(runtime, seams);
}

export function widgetSeams(runtime: StorefrontRuntime): WidgetSeams {
  return { fetch: (input, init) => globalThis.fetch(input, init), ...given.get(runtime) };
}
