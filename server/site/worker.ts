/**
 * The site handler as a Cloudflare Worker (workerd): a module worker's default export whose
 * `fetch(request, env)` is createSiteHandler over the built manifest, bundled into the worker.
 * The build folder's static files are uploaded as the worker's assets and read through the
 * `ASSETS` binding; /api/* and the visitor's cart go to `env.API_ORIGIN` (docs/publishing.md).
 */
import {
  createSiteHandler,
  forwardTo,
  type SiteHandler,
  type SiteHandlerOptions,
} from './handler.js';
import type { SiteManifest } from './manifest.js';

/** The bindings the worker reads (wrangler's `vars` and `assets.binding`). */
export interface SiteWorkerEnv {
  /** The commerce origin, `https://commerce.example.com`; without it /api/* is 404. */
  API_ORIGIN?: string;
  /** The uploaded build folder (wrangler `assets = { directory, binding = "ASSETS" }`). */
  ASSETS?: { fetch(request: Request): Promise<Response> };
}

export interface SiteWorker {
  fetch(request: Request, env: SiteWorkerEnv): Promise<Response>;
}

/**
 * A worker serving `manifest`. The handler is made on the first request (the bindings arrive
 * with it) and kept for the isolate's life. `options` is for tests (a fixed clock, a log).
 */
export function siteWorker(
  manifest: SiteManifest,
  options: Pick<SiteHandlerOptions, 'now' | 'log'> = {},
): SiteWorker {
  let handler: SiteHandler | undefined;
  return {
    fetch(request, env) {
      handler ??= createSiteHandler(manifest, {
        ...options,
        readAsset: async (file) => {
          if (env.ASSETS === undefined) return null;
          // The binding answers by path; the file's own name (hash, .br/.gz suffix) picks it.
          const response = await env.ASSETS.fetch(new Request(new URL(`/${file}`, request.url)));
          return response.ok ? response.body : null;
        },
        ...(env.API_ORIGIN !== undefined && { commerce: forwardTo(env.API_ORIGIN) }),
      });
      return handler.fetch(request);
    },
  };
}
