/**
 * The visitor runtime shared by every hydrated root and widget of a page: the commerce client,
 * the stores, and the seams to the world (timers, navigation, the address bar), so that tests
 * run widgets with fakes. Widgets read it from `RuntimeContext`.
 */
import { createContext, useContext } from 'react';
import type { CommerceClient, ShoppingCartData } from './api/client.js';
import { CART_ERROR_TEXTS, CommerceError } from './api/errors.js';
import { trackCart } from './analytics/cart-events.js';
import { createTracker, type BufferedTracker } from './analytics/track.js';
import { allowedUrl } from './safe-url.js';
import { createCartStore, type CartStore } from './state/cart-store.js';
import type { FormsState } from './forms/form-view.js';
import type { Choices } from './state/product.js';
import { createStore, type Store } from './state/store.js';

/** Where checkout starts (express checkout, the cart's Checkout button). */
export const CHECKOUT_URL = '/checkout';

/** A message a widget or the cart page shows: its title and the reason. */
export interface Notice {
  title: string;
  message: string;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The address bar: where the chosen variant is kept (back and forward restore it). */
export interface AddressBar {
  search(): string;
  /** Pushes a history entry with this query string ('' clears it). */
  push(search: string): void;
  /** Calls `listener` on back/forward; returns the unsubscribe function. */
  onPop(listener: () => void): () => void;
}

export interface StorefrontRuntime {
  client: CommerceClient;
  cart: CartStore;
  /** The chosen options per product id. */
  selection: Store<Readonly<Record<string, Choices>>>;
  /** The quantity field's text per product id. */
  quantities: Store<Readonly<Record<string, string>>>;
  /** The /cart page's current message (null when none). */
  cartNotice: Store<Notice | null>;
  /** Whether a site user is signed in (the header's account menu renders it). */
  account: Store<{ signedIn: boolean }>;
  /** The sign-in form's state as template data (null: as the page was loaded). */
  signIn: Store<Record<string, unknown> | null>;
  /** The owner panels' status and results as template data (null: as the page was loaded). */
  ownerPanels: Store<Record<string, unknown> | null>;
  /** The forms' states by form id (the form widgets write it, storefrontData shows it). */
  forms: Store<FormsState>;
  timers: Timers;
  navigate(url: string): void;
  address: AddressBar;
  /** Called after every commit of any root (controllers of template markup sync the DOM). */
  afterCommit: Set<() => void>;
  /** Store settings the widgets follow. */
  settings: { expressCheckout: boolean };
  /** Where widgets report visitor actions and caught errors (analytics/track.ts). */
  tracker: BufferedTracker;
}

export interface RuntimeSeams {
  client?: CommerceClient;
  timers?: Timers;
  navigate?: (url: string) => void;
  address?: AddressBar;
  expressCheckout?: boolean;
  signedIn?: boolean;
  tracker?: BufferedTracker;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const browserAddress: AddressBar = {
  search: () => globalThis.location?.search ?? '',
  push(search) {
    const url = `${location.pathname}${search}${location.hash}`;
    history.pushState(history.state, '', url);
  },
  onPop(listener) {
    globalThis.addEventListener('popstate', listener);
    return () => globalThis.removeEventListener('popstate', listener);
  },
};

export function createRuntime(
  cart: ShoppingCartData,
  seams: RuntimeSeams = {},
  forms: FormsState = {},
): StorefrontRuntime {
  const timers = seams.timers ?? browserTimers;
  const client = seams.client ?? lazyClient(timers);
  const tracker = seams.tracker ?? createTracker();
  return {
    client,
    cart: trackCart(createCartStore(client, cart), tracker),
    selection: createStore({}),
    quantities: createStore({}),
    cartNotice: createStore<Notice | null>(null),
    account: createStore({ signedIn: seams.signedIn ?? false }),
    signIn: createStore<Record<string, unknown> | null>(null),
    ownerPanels: createStore<Record<string, unknown> | null>(null),
    forms: createStore(forms),
    timers,
    navigate: guardedNavigation(seams.navigate ?? ((url) => location.assign(url))),
    address: seams.address ?? browserAddress,
    afterCommit: new Set(),
    settings: { expressCheckout: seams.expressCheckout ?? false },
    tracker,
  };
}

/**
 * Navigation goes only to allowed URLs (storefront/safe-url.ts): item data (`fullUrl`) and
 * server answers choose some of them, and `javascript:` would run in the page.
 */
function guardedNavigation(navigate: (url: string) => void): (url: string) => void {
  return (url) => {
    if (allowedUrl(url, globalThis.location?.href ?? 'http://localhost/') !== undefined) {
      navigate(url);
    } else
      console.error(
        '[jsont] refused to navigate to a URL that is not http(s), mailto or tel:',
        url,
      );
  };
}

/**
 * The commerce client, loaded on its first call: it carries the zod schemas, the largest part
 * of the client code, which a page needs only once the visitor acts (or has a cart to load).
 */
function lazyClient(timers: Timers): CommerceClient {
  let loading: Promise<CommerceClient> | undefined;
  const load = () =>
    (loading ??= import('./api/client.js').then(
      (m) => m.createCommerceClient({ ...timers }),
      () => {
        loading = undefined; // offline: the next call tries again
        throw new CommerceError('network', CART_ERROR_TEXTS.offline);
      },
    ));
  const call =
    (name: keyof CommerceClient) =>
    async (...args: unknown[]): Promise<unknown> =>
      ((await load())[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  return {
    getCart: call('getCart'),
    addEntry: call('addEntry'),
    setQuantity: call('setQuantity'),
    removeEntry: call('removeEntry'),
    updateAdditionalFields: call('updateAdditionalFields'),
    subscriptionCart: call('subscriptionCart'),
    stock: call('stock'),
  } as unknown as CommerceClient;
}

/**
 * Focuses the element with `id` once the roots have committed the state just set (a form's
 * error summary or success text, the sign-in's, the page after signing out).
 */
export function focusAfterCommit(runtime: StorefrontRuntime, id: string): void {
  const focus = () => {
    runtime.afterCommit.delete(focus);
    document.getElementById(id)?.focus();
  };
  runtime.afterCommit.add(focus);
}

export const RuntimeContext = createContext<StorefrontRuntime | null>(null);

export function useRuntime(): StorefrontRuntime {
  const runtime = useContext(RuntimeContext);
  if (runtime === null) throw new Error('a storefront widget rendered outside its runtime');
  return runtime;
}
