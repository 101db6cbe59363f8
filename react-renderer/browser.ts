/**
 * The browser entry: hydrates server HTML (from `render`) with the element tree of the same
 * template and data. The page ships the prepared template (`prepareReact`: the code tree and
 * its React code, plain JSON) — never the compiler — so string partials cannot be compiled
 * here; pass them precompiled (code trees).
 *
 *   import { hydrateTemplate } from 'jsont-react/browser';
 *   const boot = JSON.parse(document.getElementById('__jsont').textContent);
 *   hydrateTemplate(document.getElementById(boot.root), boot.template, boot.data, {
 *     partials: boot.partials, locale: boot.locale, now: boot.now,
 *   });
 *
 * (storefront/hydrate.ts does this for pages of the site server.)
 */
import { createElement, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import type { TemplateError } from '../engine/errors.js';
import type { Registry } from '../engine/plugin.js';
import { ALL_FORMATTERS } from '../formatters/index.js';
import { ALL_PREDICATES } from '../predicates/index.js';
import { renderTemplate } from '../engine/render.js';
import { isHtmlBlank, leavesContainer, TABLE_PARTS } from './runtime/host-elements.js';
import type { ReactTemplate } from './structure/react-code.js';
import {
  renderReactTemplate,
  type ReactRenderOptions,
  type ReactRenderResult,
} from './runtime/render.js';
import { structureBlockLean as structureBlock, structureHtml } from './structure/structure.js';

export type { ReactTemplate } from './structure/react-code.js';
export type { ReactRenderOptions } from './runtime/render.js';

const REGISTRY: Registry = { formatters: ALL_FORMATTERS, predicates: ALL_PREDICATES };

/** The element tree of a prepared template (what `renderToReact` gives on the server). */
export function renderPrepared(
  template: ReactTemplate,
  data: unknown,
  options?: ReactRenderOptions,
): ReactRenderResult {
  // Partials are structured here as on the server, so that both build the same tree.
  return renderReactTemplate(template, data, options, REGISTRY, {
    structureBlock,
    structureHtml: (html) => structureHtml(html),
  });
}

/**
 * Removes whitespace-only text directly inside table parts below `container`: the element tree
 * has none there (runtime/host-elements.ts, TABLE_PARTS), and browsers render none.
 */
export function dropTableWhitespace(container: Element | Document): void {
  for (const part of container.querySelectorAll([...TABLE_PARTS].join(','))) {
    for (const node of [...part.childNodes]) {
      if (node.nodeType === 3 && isHtmlBlank((node as Text).data)) node.remove();
    }
  }
}

/** Calls `onCommit` once the tree below it has been hydrated and committed. */
function Committed(props: { onCommit: () => void; children?: ReactNode }): ReactNode {
  const { onCommit } = props;
  useLayoutEffect(() => onCommit(), [onCommit]);
  return props.children;
}

export interface HydrateOptions extends ReactRenderOptions {
  /** Passed to `hydrateRoot` (e.g. `onRecoverableError`). */
  hydration?: HydrationOptions;
  /** Called once, after hydration has committed (the components are live from then on). */
  onHydrated?: () => void;
  /**
   * Called with the errors of the React render before hydrating: the template's runtime
   * errors (the server's render reported them too) and the React path's own warnings, such as
   * REACT_UNBALANCED_VALUE.
   */
  onErrors?: (errors: TemplateError[]) => void;
}

/**
 * Why `container`, whose content is `render(template, data).html`, cannot be hydrated, or null
 * when it can: its HTML, parsed where it stands in the page (inside `container`'s ancestors),
 * does not stay inside `container` (see `leavesContainer`). Hydrating it anyway would fail, and
 * React would then replace the server's DOM with its own, running again whatever the server's
 * markup ran (an iframe's document, an image's error handler).
 */
export function unhydratable(
  container: Element,
  template: ReactTemplate,
  data: unknown,
  options?: ReactRenderOptions,
): string | null {
  const outer: string[] = [];
  for (let el = container.parentElement; el !== null; el = el.parentElement) {
    outer.unshift(el.localName);
  }
  const { html } = renderTemplate(template.code, data, options, REGISTRY);
  return leavesContainer(html, container.localName, outer);
}

/** The console warning for a container left as the server sent it. */
export function warnNotHydrated(container: Element, reason: string): void {
  const name = container.id === '' ? `<${container.localName}>` : `#${container.id}`;
  console.warn(`[jsont] ${name} is not hydrated (it works as without JavaScript): ${reason}`);
}

/**
 * Hydrates `container`, whose content is `render(template, data).html`, so that the
 * formatter-backed components come alive. Returns the React root, or null when the container
 * cannot be hydrated (`unhydratable`; a warning says why): it then stays as the server sent it.
 */
export function hydrateTemplate(
  container: Element | Document,
  template: ReactTemplate,
  data: unknown,
  options?: HydrateOptions,
): Root | null {
  const reason = 'localName' in container ? unhydratable(container, template, data, options) : null;
  if (reason !== null) {
    warnNotHydrated(container as Element, reason);
    return null;
  }
  const { element, errors } = renderPrepared(template, data, options);
  if (errors.length > 0) options?.onErrors?.(errors);
  dropTableWhitespace(container);
  const onHydrated = options?.onHydrated;
  let done = false;
  const tree =
    onHydrated === undefined
      ? element
      : createElement(Committed, {
          onCommit: () => {
            if (done) return;
            done = true;
            onHydrated();
          },
          children: element,
        });
  return hydrateRoot(container, tree, options?.hydration);
}
