/**
 * Starts the storefront on a server-rendered page: hydrates it (hydrate.ts), then shows lazy
 * images, starts the /cart page's controller, and syncs the cart with the server when the
 * visitor has one (a cart cookie) or is signed in — other visitors get no cart request. Client
 * navigation (navigation/) is a chunk of its own, loaded once the browser is idle or the visitor
 * first points, touches, focuses or types: until then a link loads its page in full.
 */
import { scheduleAnalytics } from './analytics/load.js';
import { readCookie } from './api/cookies.js';
import { readUserInfo, SITE_USER_COOKIE } from './api/user-info.js';
import { HYDRATED_MARK, markTime } from './client-start.js';
import { hydrateStorefront, readHydrationBoot } from './hydrate.js';
import type { StorefrontRuntime } from './runtime.js';
import { attachLazyWidgets } from './lazy-widgets.js';
import { loadImages } from './lazy-images.js';
import { NAVIGATION_HOST } from './navigation-host.js';

export const CART_COOKIE = 'CART';
export { SITE_USER_COOKIE };

/**
 * Whether the cart should be read on page load (signed in, or a cart cookie: docs/storefront.md,
 * "Cart pill").
 */
export function shouldLoadCart(cookies: string): boolean {
  if ((readCookie(cookies, CART_COOKIE) ?? '') !== '') return true;
  return readUserInfo(cookies) !== undefined;
}

export async function startStorefront(): Promise<StorefrontRuntime | undefined> {
  const boot = readHydrationBoot();
  if (boot === undefined) {
    loadImages();
    return undefined;
  }
  return new Promise((resolve) => {
    let hydrated = false;
    hydrateStorefront(boot, document, {
      onCommit: () => {
        if (hydrated) loadImages();
      },
      onHydrated(runtime) {
        hydrated = true;
        loadImages();
        // The /cart controller and the widgets of template markup are chunks of their own.
        const widgets = attachLazyWidgets(document, runtime, boot.data);
        widgets.then(
          // Until then a form the sign-in widget takes over still posts without JavaScript.
          () => (document.documentElement.dataset['widgets'] = 'attached'),
          (err: unknown) => console.error('[jsont] a widget failed to load', err),
        );
        loadNavigationWhenIdle(runtime, widgets);
        if (shouldLoadCart(document.cookie)) void runtime.cart.load();
        markTime(HYDRATED_MARK);
        scheduleAnalytics(runtime, boot.data);
        document.documentElement.dataset['hydrated'] = 'true';
        resolve(runtime);
      },
    }).then(
      (roots) => {
        if (roots.length === 0) {
          loadImages();
          resolve(undefined);
        }
      },
      (err: unknown) => {
        console.error('[jsont] hydration failed', err);
        loadImages();
        resolve(undefined);
      },
    );
  });
}

/** What makes the navigation chunk load before the browser is idle. */
const FIRST_INTERACTION = ['pointerover', 'touchstart', 'keydown'];

function loadNavigationWhenIdle(runtime: StorefrontRuntime, widgets: Promise<() => void>): void {
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    import('./navigation/index.js').then(
      (m) => m.startNavigation({ runtime, stopWidgets: widgets, host: NAVIGATION_HOST }),
      (err: unknown) => console.error('[jsont] navigation failed to load', err),
    );
  };
  for (const type of FIRST_INTERACTION) addEventListener(type, load, { capture: true, once: true });
  // Safari has no requestIdleCallback: there the chunk loads right after hydration.
  (globalThis.requestIdleCallback ?? setTimeout)(load);
}
