/**
 * Starts the storefront on a server-rendered page: hydrates it (hydrate.ts), then shows lazy
 * images, starts the /cart page's controller, and syncs the cart with the server when the
 * visitor has one (a cart cookie) or is signed in — other visitors get no cart request.
 */
import { scheduleAnalytics } from './analytics/load.js';
import { readCookie } from './api/cookies.js';
import { readUserInfo, SITE_USER_COOKIE } from './api/user-info.js';
import { HYDRATED_MARK, markTime } from './client-start.js';
import { hydrateStorefront, readHydrationBoot } from './hydrate.js';
import type { StorefrontRuntime } from './runtime.js';
import { attachLazyWidgets } from './lazy-widgets.js';

export const CART_COOKIE = 'CART';
/** How a full-page cart is recognised (widgets/commerce/cart-page.ts handles it). */
const CART_ROOT = '#sqs-cart-root';
export { SITE_USER_COOKIE };

/**
 * Whether the cart should be read on page load (signed in, or a cart cookie: docs/storefront.md,
 * "Cart pill").
 */
export function shouldLoadCart(cookies: string): boolean {
  if ((readCookie(cookies, CART_COOKIE) ?? '') !== '') return true;
  return readUserInfo(cookies) !== undefined;
}

/**
 * Images rendered by the `image` formatter carry `data-src`; they get their src only after
 * hydration (an attribute React did not render is a mismatch), and again after a re-render
 * changed `data-src` (the chosen variant's image).
 */
export function loadImages(doc: Document = document): void {
  for (const img of doc.querySelectorAll<HTMLImageElement>('img[data-src]')) {
    const src = img.dataset['src']!;
    if (img.getAttribute('src') !== src) img.src = src;
  }
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
        // The /cart controller is a chunk of its own, for the page that has a cart root.
        if (document.querySelector(CART_ROOT) !== null) {
          void import('./widgets/commerce/cart-page.js').then((m) =>
            m.attachCartPage(document.body, runtime, boot.data),
          );
        }
        attachLazyWidgets(document, runtime).catch((err: unknown) =>
          console.error('[jsont] a widget failed to load', err),
        );
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
