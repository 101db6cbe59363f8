/**
 * One hydrated root of a page (the page body, or a layout island such as the header): its
 * template rendered over `storefrontData(data, visitor state)`, re-rendered whenever a store it
 * reads changes. The first render uses the initial state, as the server did, so it hydrates the
 * server's HTML as is.
 */
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { Code } from '../engine/code.js';
import type { TemplateError } from '../engine/errors.js';
import type { ComponentTable } from '../react-renderer/components/index.js';
import { renderPrepared, type ReactTemplate } from '../react-renderer/browser.js';
import { storefrontData, type VisitorState } from './state/page-data.js';
import { useStore } from './state/store.js';
import { RuntimeContext, type StorefrontRuntime } from './runtime.js';

export interface StorefrontRootProps {
  template: ReactTemplate;
  /** The route data the server rendered the page from (before the visitor's state). */
  data: unknown;
  partials: Record<string, Code>;
  locale: string;
  now: number;
  components: ComponentTable;
  runtime: StorefrontRuntime;
  /** Whether the route data had a cart (pages without one keep it so). */
  hasCart: boolean;
  /** After the first commit (hydration done). */
  onHydrated?: () => void;
  /** After every commit (e.g. lazy images of re-rendered markup). */
  onCommit?: () => void;
  /** The React render's errors, once per distinct list (the first render's go to hydration). */
  onErrors?: (errors: TemplateError[]) => void;
}

export function StorefrontRoot(props: StorefrontRootProps): ReactNode {
  const { runtime, onHydrated, onCommit } = props;
  const cart = useStore(runtime.cart);
  const selection = useStore(runtime.selection);
  const notice = useStore(runtime.cartNotice);
  const account = useStore(runtime.account);
  const signIn = useStore(runtime.signIn);
  const ownerPanels = useStore(runtime.ownerPanels);
  const forms = useStore(runtime.forms);
  const state: VisitorState = {
    cart: props.hasCart ? cart.cart : undefined,
    initialized: cart.initialized,
    selection,
    notice,
    account,
    signIn,
    ownerPanels,
    forms,
  };
  const { element, errors } = renderPrepared(props.template, storefrontData(props.data, state), {
    partials: props.partials,
    locale: props.locale,
    now: props.now,
    components: props.components,
  });
  useLayoutEffect(() => {
    if (errors.length > 0) props.onErrors?.(errors);
  }, []); // once: a re-render's errors are the same template's
  useLayoutEffect(() => onHydrated?.(), [onHydrated]);
  useEffect(() => {
    for (const listener of runtime.afterCommit) listener();
    onCommit?.();
  });
  return <RuntimeContext.Provider value={runtime}>{element}</RuntimeContext.Provider>;
}
