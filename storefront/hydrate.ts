/**
 * Hydration of a server-rendered page (docs/architecture.md, "Hydration"): the server puts
 * the page template's output in a root element and ships, as JSON in `#__jsont`, what the React
 * path needs to build the same tree — the prepared template (code + React code), the page data,
 * the partials it may apply (code trees: the browser has no compiler) and the render options
 * that change output (locale, clock). `hydrateRoot` then adopts the DOM the server sent (only
 * the unrendered whitespace between table parts is dropped first) and the formatter-backed
 * components become live React widgets.
 */
import type { Root } from 'react-dom/client';
import type { Code } from '../engine/code.js';
import { hydrateTemplate, type ReactTemplate } from '../react-renderer/browser.js';

/** The script element holding the hydration data. */
export const HYDRATION_DATA_ID = '__jsont';

/** What the server embeds in `<script type="application/json" id="__jsont">`. */
export interface HydrationBoot {
  /** Id of the element whose content is exactly the page template's `render` output. */
  root: string;
  /** The page template, prepared for the React path (`prepareReact`, warnings dropped). */
  template: ReactTemplate;
  /** The data the page template was rendered with. */
  data: unknown;
  /** Partials the template may apply, compiled. */
  partials: Record<string, Code>;
  /** Render options the server used: the output depends on them. */
  locale: string;
  now: number;
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

/**
 * Hydrates the page described by `#__jsont`. Returns the React root, or undefined when the
 * page has nothing to hydrate. `onHydrated` runs after the first commit; the document is then
 * marked with `data-hydrated="true"` on <html> (tests and scripts wait for it). Mismatches and
 * other recoverable errors go to console.error, the React path's warnings to console.warn.
 */
export function hydratePage(onHydrated?: () => void): Root | undefined {
  const boot = readHydrationBoot();
  const container = boot === undefined ? null : document.getElementById(boot.root);
  if (boot === undefined || container === null) return undefined;
  return hydrateTemplate(container, boot.template, boot.data, {
    partials: boot.partials,
    locale: boot.locale,
    now: boot.now,
    hydration: {
      onRecoverableError(error, info) {
        console.error('[jsont] hydration error:', error, info.componentStack ?? '');
      },
    },
    onErrors(errors) {
      // The server reported the template's own errors; the React path's warnings (a value
      // whose markup made the page fall back to a whole-output parse) are news to the author.
      for (const e of errors) {
        if (e.code.startsWith('REACT_')) {
          // Prepared templates ship without source locations (0:0): no position then.
          const at = e.line > 0 ? ` at ${e.line}:${e.column}` : '';
          console.warn(`[jsont] ${e.code}${at}: ${e.message}`);
        }
      }
    },
    onHydrated() {
      document.documentElement.dataset['hydrated'] = 'true';
      onHydrated?.();
    },
  });
}
