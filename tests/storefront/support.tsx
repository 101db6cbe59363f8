/**
 * The storefront tests' page (jsdom): a demo store page rendered by the site server's own
 * pipeline (server/site: route data, the visitor's cart, the layout with its header island and
 * the hydration data), put in the document and hydrated with the real widgets, over a fake
 * commerce client whose answers the test releases one by one, and the given timers (vitest's
 * fake timers).
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import { resolve } from 'node:path';

import type { CommerceClient, ShoppingCartData } from '../../storefront/api/client.js';
import { CommerceError } from '../../storefront/api/errors.js';
import { cartOf, type FakeEntry } from './carts.js';
import { hydrateStorefront } from '../../storefront/hydrate.js';
import {
  createRuntime,
  type Timers,
  type AddressBar,
  type StorefrontRuntime,
} from '../../storefront/runtime.js';
import { initialState } from '../../storefront/state/page-data.js';
import { STOREFRONT_WIDGETS } from '../../storefront/widgets/index.js';
import { siteFolder } from '../../server/preview/site-folder.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Testing Library waits for a 0 ms timeout after each user action, and advances fake timers
// only when it sees Jest's: vitest's fake clock, made visible to it under that name.
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

export const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const NOW = Date.parse('2026-11-20T12:00:00Z');
const site = siteFolder(SITE, { now: () => NOW });

/** React's console errors and warnings in the current test. */
export const logged: string[] = [];
beforeEach(() => {
  logged.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`${level}: ${args.map(String).join(' ').slice(0, 3000)}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

export { cartOf, type FakeEntry } from './carts.js';

type Method = keyof CommerceClient;

/** A call the fake client received; `answer` settles it (the server's answer arrives). */
export interface HeldCall {
  method: Method;
  args: unknown[];
  answer(): void;
  fail(error: CommerceError): void;
}

/**
 * An in-memory commerce API. Each call is held until the test answers it (`held`), unless
 * `autoAnswer` is on; answering applies the call to the fake's entries, as the server would.
 */
export class FakeCommerce {
  entries: FakeEntry[];
  held: HeldCall[] = [];
  calls: Array<{ method: Method; args: unknown[] }> = [];
  autoAnswer = false;
  stockResults: Array<{ variantId: string; sku: string; unlimited: boolean; qtyInStock: number }> =
    [];
  private next = 1;

  constructor(entries: FakeEntry[] = []) {
    this.entries = entries.map((e) => ({ ...e }));
  }

  cart(): ShoppingCartData {
    return cartOf(this.entries);
  }

  private hold<T>(method: Method, args: unknown[], apply: () => T): Promise<T> {
    this.calls.push({ method, args });
    return new Promise<T>((resolvePromise, reject) => {
      const call: HeldCall = {
        method,
        args,
        answer: () => {
          this.held = this.held.filter((c) => c !== call);
          try {
            resolvePromise(apply());
          } catch (err) {
            reject(err as Error);
          }
        },
        fail: (error) => {
          this.held = this.held.filter((c) => c !== call);
          reject(error);
        },
      };
      this.held.push(call);
      if (this.autoAnswer) call.answer();
    });
  }

  readonly client: CommerceClient = {
    getCart: () => this.hold('getCart', [], () => this.cart()),
    addEntry: (entry) =>
      this.hold('addEntry', [entry], () => {
        const same = this.entries.find((e) => e.itemId === entry.itemId && e.sku === entry.sku);
        if (same) same.quantity += entry.quantity;
        else {
          this.entries.push({
            id: `e${this.next++}`,
            itemId: entry.itemId,
            sku: entry.sku,
            quantity: entry.quantity,
          });
        }
        const cart = this.cart();
        return { shoppingCart: cart, newlyAdded: cart.entries[cart.entries.length - 1]! };
      }),
    setQuantity: (entryId, quantity) =>
      this.hold('setQuantity', [entryId, quantity], () => {
        const entry = this.entries.find((e) => e.id === entryId);
        if (!entry) throw new CommerceError('server', 'That item is no longer in your cart.', 404);
        if (quantity === 0) this.entries = this.entries.filter((e) => e !== entry);
        else entry.quantity = quantity;
        return this.cart();
      }),
    removeEntry: (entryId) =>
      this.hold('removeEntry', [entryId], () => {
        if (!this.entries.some((e) => e.id === entryId)) {
          throw new CommerceError('server', 'That item is no longer in your cart.', 404);
        }
        this.entries = this.entries.filter((e) => e.id !== entryId);
        return this.cart();
      }),
    updateAdditionalFields: (entryId, body) =>
      this.hold('updateAdditionalFields', [entryId, body], () => {
        const entry = this.entries.find((e) => e.id === entryId);
        if (!entry) throw new CommerceError('server', 'That item is no longer in your cart.', 404);
        entry.additionalFields = body.additionalFields;
        const cart = this.cart();
        return { shoppingCart: cart, updatedEntry: cart.entries.find((e) => e.id === entryId)! };
      }),
    subscriptionCart: () => Promise.reject(new Error('not used')),
    stock: (itemId) => this.hold('stock', [itemId], () => this.stockResults),
  };

  /** Answers the oldest held call (inside act, so React commits what follows). */
  async answer(): Promise<HeldCall> {
    const call = this.held[0];
    if (call === undefined) throw new Error('no call is waiting for an answer');
    await act(async () => call.answer());
    return call;
  }

  async fail(error: CommerceError): Promise<HeldCall> {
    const call = this.held[0];
    if (call === undefined) throw new Error('no call is waiting for an answer');
    await act(async () => call.fail(error));
    return call;
  }
}

/** An address bar over a list of history entries (back/forward as a test drives them). */
export class FakeAddress implements AddressBar {
  entries: string[];
  index = 0;
  private listeners = new Set<() => void>();
  constructor(initial = '') {
    this.entries = [initial];
  }
  search = () => this.entries[this.index]!;
  push = (search: string) => {
    this.entries = [...this.entries.slice(0, this.index + 1), search];
    this.index = this.entries.length - 1;
  };
  onPop = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  async back(): Promise<void> {
    this.index -= 1;
    await act(async () => this.listeners.forEach((l) => l()));
  }
  async forward(): Promise<void> {
    this.index += 1;
    await act(async () => this.listeners.forEach((l) => l()));
  }
}

export interface MountedPage {
  runtime: StorefrontRuntime;
  commerce: FakeCommerce;
  address: FakeAddress;
  navigate: ReturnType<typeof vi.fn>;
  roots: Root[];
}

export interface MountOptions {
  commerce?: FakeCommerce;
  address?: FakeAddress;
  expressCheckout?: boolean;
  /** The page's query string (`?a=b`), as the server reads it. */
  search?: string;
  /** Values over the route data (a form posted without JavaScript: `formStatus`). */
  extra?: Record<string, unknown>;
  /** The widgets' timers (the browser's when not given). */
  timers?: Timers;
}

/** Renders `pathname` as the site server does and hydrates it with the storefront's widgets. */
export async function mountPage(
  pathname: string,
  options: MountOptions = {},
): Promise<MountedPage> {
  const commerce = options.commerce ?? new FakeCommerce();
  const address = options.address ?? new FakeAddress();
  const query = new URLSearchParams(options.search ?? '');
  const outcome = site.render({
    pathname,
    query,
    extra: { cart: commerce.cart(), ...options.extra },
  });
  if (outcome.status !== 200 || outcome.hydration === undefined) {
    throw new Error(`${pathname} did not render a hydratable page`);
  }
  // The body as a browser parses it (scripting on: <noscript> content stays text).
  document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(outcome.html)![1]!;
  const navigate = vi.fn();
  // The forms' states the page was rendered with, as the browser's runtime starts (runtimeFor).
  const forms = initialState(outcome.hydration.data).forms;
  const runtime = createRuntime(
    commerce.cart(),
    {
      client: commerce.client,
      navigate,
      address,
      expressCheckout: options.expressCheckout ?? false,
      ...(options.timers && { timers: options.timers }),
    },
    forms,
  );
  let roots: Root[] = [];
  let done = (): void => {};
  const hydrated = new Promise<void>((r) => (done = r));
  await act(async () => {
    roots = await hydrateStorefront(outcome.hydration!, document, {
      components: STOREFRONT_WIDGETS,
      runtime,
      onHydrated: () => done(),
    });
  });
  await hydrated;
  onTestFinished(async () => {
    await act(async () => roots.forEach((r) => r.unmount()));
  });
  return { runtime, commerce, address, navigate, roots };
}
