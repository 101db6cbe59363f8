/**
 * The browser entry: hydrates server HTML (from `render`) with the element tree of the same
 * template and data. The page ships the prepared template (`prepareReact`: the code tree and
 * its React code, plain JSON) — never the compiler — so string partials cannot be compiled
 * here; pass them precompiled (code trees).
 *
 *   import { hydrateTemplate } from 'jsont-react/browser';
 *   hydrateTemplate(document.getElementById('page'), window.__JSONT__.template, window.__JSONT__.data);
 */
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import type { Registry } from '../engine/plugin.js';
import { ALL_FORMATTERS } from '../formatters/index.js';
import { ALL_PREDICATES } from '../predicates/index.js';
import type { ReactTemplate } from './react-code.js';
import { renderReactTemplate, type ReactRenderOptions, type ReactRenderResult } from './render.js';

export type { ReactTemplate } from './react-code.js';
export type { ReactRenderOptions } from './render.js';

const REGISTRY: Registry = { formatters: ALL_FORMATTERS, predicates: ALL_PREDICATES };

/** The element tree of a prepared template (what `renderToReact` gives on the server). */
export function renderPrepared(
  template: ReactTemplate,
  data: unknown,
  options?: ReactRenderOptions,
): ReactRenderResult {
  return renderReactTemplate(template, data, options, REGISTRY);
}

/**
 * Hydrates `container`, whose content is `render(template, data).html`, so that the
 * formatter-backed components come alive. Returns the React root.
 */
export function hydrateTemplate(
  container: Element | Document,
  template: ReactTemplate,
  data: unknown,
  options?: ReactRenderOptions & { hydration?: HydrationOptions },
): Root {
  const { element } = renderPrepared(template, data, options);
  return hydrateRoot(container, element, options?.hydration);
}
