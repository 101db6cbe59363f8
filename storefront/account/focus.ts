import type { StorefrontRuntime } from '../runtime.js';

/** Focuses the element with `id` once the roots have committed the state just set. */
export function focusAfterCommit(runtime: StorefrontRuntime, id: string): void {
  const focus = () => {
    runtime.afterCommit.delete(focus);
    document.getElementById(id)?.focus();
  };
  runtime.afterCommit.add(focus);
}
