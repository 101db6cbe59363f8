/**
 * The page a runtime serves — its hydration data and the widget table its roots render with —
 * for widgets that render more of the page's templates in the browser (the quick view applies
 * a partial over the page data), and for client-side navigation, which renders the next page
 * into the same roots.
 */
import type { Root } from 'react-dom/client';
import type { ComponentTable } from '../react-renderer/components/index.js';
import type { HydrationBoot } from './hydrate.js';
import type { StorefrontRuntime } from './runtime.js';

export interface ServedPage {
  boot: HydrationBoot;
  components: ComponentTable;
  /** The page's React roots by container id (the page body's and the islands'). */
  roots: Map<string, Root>;
}

const pages = new WeakMap<StorefrontRuntime, ServedPage>();

export function rememberPage(runtime: StorefrontRuntime, page: ServedPage): void {
  pages.set(runtime, page);
}

export function pageOf(runtime: StorefrontRuntime): ServedPage | undefined {
  return pages.get(runtime);
}
