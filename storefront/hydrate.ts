/**
 * Hydration of a server-rendered page (docs/storefront.md "Design"): the server puts the page
 * template's output in a root element and ships, as JSON in `#__jsont`, what the React path
 * needs to build the same tree — the prepared template (code + React code), the route data,
 * the partials it may apply (code trees: the browser has no compiler), the render options that
 * change output (locale, clock) and the layout's islands (regions such as the header, hydrated
 * as roots of their own). Every root renders its template over the data with the visitor's
 * state folded in (StorefrontRoot), all reading one runtime's stores; the formatter-backed
 * widgets come from the widget chunk, loaded only when the page uses one.
 */
import { createElement, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { Code } from '../engine/code.js';
import type { TemplateError } from '../engine/errors.js';
import {
  dropTableWhitespace,
  unhydratable,
  warnNotHydrated,
  type ReactTemplate,
} from '../react-renderer/browser.js';
import type { ComponentTable } from '../react-renderer/components/index.js';
import type { ShoppingCartData } from './api/client.js';
import { RootErrorBoundary } from './error-boundary.js';
import { rememberPage, type ServedPage } from './page-boot.js';
import { StorefrontRoot, type StorefrontRootProps } from './root.js';
import { createRuntime, type RuntimeSeams, type StorefrontRuntime } from './runtime.js';
import { emptyCart } from './state/cart-store.js';
import { accountOf, initialState, storefrontData } from './state/page-data.js';
import { isRec } from './utils/records.js';

/** The script element holding the hydration data. */
export const HYDRATION_DATA_ID = '__jsont';

/** A layout region hydrated as a root of its own (e.g. the header with the cart pill). */
export interface HydrationIsland {
  /** Id of the element whose content is exactly `template`'s output over the page data. */
  root: string;
  template: ReactTemplate;
}

/** What the server embeds in `<script type="application/json" id="__jsont">`. */
export interface HydrationBoot {
  /** Id of the element whose content is exactly the page template's `render` output. */
  root: string;
  /** The page template, prepared for the React path (`prepareReact`, warnings dropped). */
  template: ReactTemplate;
  /** The route data the page was rendered from (before the visitor's state is folded in). */
  data: unknown;
  /** Partials the templates may apply, compiled. */
  partials: Record<string, Code>;
  /** Render options the server used: the output depends on them. */
  locale: string;
  now: number;
  islands?: HydrationIsland[];
}

export function readHydrationBoot(doc: Document = document): HydrationBoot | undefined {
  const text = doc.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as HydrationBoot;
  } catch (err) {
    console.error('[jsont] unreadable hydration data', err);
    return undefined;
  }
}

/** Formatter names whose widgets live in the widget chunk. */
export const WIDGET_FORMATTERS = [
  'add-to-cart-btn',
  'quantity-input',
  'variants-select',
  'product-scarcity',
  'product-quick-view',
  'video',
] as const;

/** Whether any shipped template or partial applies a widget formatter. */
export function usesWidgets(boot: HydrationBoot): boolean {
  const text = JSON.stringify([boot.template.code, boot.partials, boot.islands ?? []]);
  return WIDGET_FORMATTERS.some((name) => text.includes(`"${name}"`));
}

export interface HydrateStorefrontOptions {
  /** The widget table (the widget chunk's); loaded on demand when absent. */
  components?: ComponentTable;
  runtime?: StorefrontRuntime;
  seams?: RuntimeSeams;
  /** After every root has hydrated. */
  onHydrated?: (runtime: StorefrontRuntime) => void;
  /** After every commit of any root. */
  onCommit?: () => void;
}

/** The runtime for a page: its cart from the data, express checkout from the store settings. */
export function runtimeFor(data: unknown, seams: RuntimeSeams = {}): StorefrontRuntime {
  const rec = isRec(data) ? data : {};
  const website = isRec(rec.website) ? rec.website : {};
  const settings = isRec(website.storeSettings) ? website.storeSettings : {};
  return createRuntime(
    isRec(rec.cart) ? (rec.cart as ShoppingCartData) : emptyCart(),
    {
      expressCheckout: settings.expressCheckout === true,
      signedIn: accountOf(data).signedIn,
      ...seams,
    },
    initialState(data).forms,
  );
}

/**
 * Hydrates the page body and its islands. Resolves with the roots once hydration has been
 * started (onHydrated says when it finished); empty when an element is missing.
 */
export async function hydrateStorefront(
  boot: HydrationBoot,
  doc: Document = document,
  options: HydrateStorefrontOptions = {},
): Promise<Root[]> {
  const roots = [{ root: boot.root, template: boot.template }, ...(boot.islands ?? [])]
    .map((r) => ({ ...r, container: doc.getElementById(r.root) }))
    .filter((r): r is typeof r & { container: HTMLElement } => r.container !== null);
  if (roots.length === 0) return [];
  const components =
    options.components ??
    (usesWidgets(boot) ? (await import('./widgets/index.js')).STOREFRONT_WIDGETS : {});
  const runtime = options.runtime ?? runtimeFor(boot.data, options.seams);
  const served: ServedPage = { boot, components, roots: new Map() };
  rememberPage(runtime, served);
  let waiting = roots.length;
  const hydratedOne = () => {
    if (--waiting === 0) options.onHydrated?.(runtime);
  };
  const left = unhydratableRoots(boot, roots);
  return roots.flatMap(({ root: id, template, container }) => {
    const reason = left.get(id);
    if (reason !== undefined) {
      warnNotHydrated(container, reason);
      hydratedOne();
      return [];
    }
    dropTableWhitespace(container);
    const element = storefrontRoot(boot, template, components, runtime, {
      onHydrated: hydratedOne,
      ...(options.onCommit ? { onCommit: options.onCommit } : {}),
    });
    const root = hydrateRoot(container, element, {
      onRecoverableError(error, info) {
        console.error('[jsont] hydration error:', error, info.componentStack ?? '');
      },
    });
    served.roots.set(id, root);
    return [root];
  });
}

/**
 * The roots that cannot be hydrated, each with why (`unhydratable`). Taken in document order:
 * markup that does not stay in its root changes how the browser parsed what follows (a table
 * left open fosters the next root's content), so every root after such a one is left too.
 */
function unhydratableRoots(
  boot: HydrationBoot,
  roots: Array<{ root: string; template: ReactTemplate; container: HTMLElement }>,
): Map<string, string> {
  // What the server rendered the roots from (the client's first render builds the same).
  const data = storefrontData(boot.data, initialState(boot.data));
  const options = { partials: boot.partials, locale: boot.locale, now: boot.now };
  const inOrder = [...roots].sort((a, b) =>
    a.container.compareDocumentPosition(b.container) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const left = new Map<string, string>();
  let first: string | undefined;
  for (const { root, template, container } of inOrder) {
    const reason =
      first === undefined
        ? unhydratable(container, template, data, options)
        : `the markup of #${first} before it does not stay in its element`;
    if (reason === null) continue;
    first ??= root;
    left.set(root, reason);
  }
  return left;
}

/**
 * The element a root of the page renders: `template` over the page's data and visitor state,
 * inside an error boundary (a render error in this root shows its fallback; the other roots keep
 * working).
 */
export function storefrontRoot(
  page: Pick<HydrationBoot, 'data' | 'partials' | 'locale' | 'now'>,
  template: ReactTemplate,
  components: ComponentTable,
  runtime: StorefrontRuntime,
  { key, ...props }: Pick<StorefrontRootProps, 'onHydrated' | 'onCommit'> & { key?: string } = {},
): ReactElement {
  const root = createElement(StorefrontRoot, {
    template,
    data: page.data,
    partials: page.partials,
    locale: page.locale,
    now: page.now,
    components,
    runtime,
    hasCart: isRec(page.data) && isRec(page.data.cart),
    onErrors: reportReactWarnings,
    ...props,
  });
  return createElement(RootErrorBoundary, { tracker: runtime.tracker, key }, root);
}

/**
 * The server reported the template's own errors; the React path's warnings (a value whose
 * markup made the page fall back to a whole-output parse) are news to the author.
 */
function reportReactWarnings(errors: TemplateError[]): void {
  for (const e of errors) {
    if (e.code.startsWith('REACT_')) {
      // Prepared templates ship without source locations (0:0): no position then.
      const at = e.line > 0 ? ` at ${e.line}:${e.column}` : '';
      console.warn(`[jsont] ${e.code}${at}: ${e.message}`);
    }
  }
}
