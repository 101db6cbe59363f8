/**
 * The page a runtime serves — its hydration data and the widget table its roots render with —
 * for widgets that render more of the page's templates in the browser (the quick view applies
 * a partial over the page data).
 */
import type { ComponentTable } from '../react-renderer/components/index.js';
import type { HydrationBoot } from './hydrate.js';
import type { StorefrontRuntime } from './runtime.js';

export interface ServedPage {
  boot: HydrationBoot;
  components: ComponentTable;
}

const pages = new WeakMap<StorefrontRuntime, ServedPage>();

export function rememberPage(runtime: StorefrontRuntime, page: ServedPage): void {
  pages.set(runtime, page);
}

export function pageOf(runtime: StorefrontRuntime): ServedPage | undefined {
  return pages.get(runtime);
}
