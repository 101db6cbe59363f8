/**
 * Starts analytics without delaying hydration or the first interaction: errors the page throws
 * are handed to the runtime's tracker at once (it buffers them), and the analytics chunk is
 * imported only when the browser is idle after hydration. A chunk that fails to load leaves
 * analytics off, silently.
 */
import type { StorefrontRuntime } from '../runtime.js';

type Idle = (run: () => void) => void;

const whenIdle: Idle = (run) => {
  if (typeof globalThis.requestIdleCallback === 'function') {
    globalThis.requestIdleCallback(run, { timeout: 5000 });
  } else globalThis.setTimeout(run, 1);
};

export function scheduleAnalytics(
  runtime: StorefrontRuntime,
  data: unknown,
  idle: Idle = whenIdle,
): void {
  globalThis.addEventListener('error', (event) =>
    runtime.tracker.reportError(event.error ?? event.message),
  );
  globalThis.addEventListener('unhandledrejection', (event) =>
    runtime.tracker.reportError(event.reason),
  );
  idle(() => {
    import('./index.js').then(
      (m) => m.startAnalytics(runtime, data),
      () => {},
    );
  });
}
