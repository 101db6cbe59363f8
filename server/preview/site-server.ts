/**
 * The preview server: serves a site folder (server/site/config.ts) over node:http. Pages are
 * rendered on the server on every request (templates compiled once per file version); the
 * commerce API (server/commerce/) answers /api/*; /assets/* are static files; /__client.js is the
 * browser script. In preview mode it also watches the folder and tells open pages to reload
 * (SSE at /__livereload), or shows the template errors in an overlay and in the terminal.
 */
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

import { HttpError, readBody, requestUrl } from '../commerce/http.js';
import { OwnerAccess } from '../commerce/owner.js';
import { FormRefusal, handleFormPost, type FormPostOutcome } from '../site/form-posts.js';
import { inProcessFormBackend } from './form-backend.js';
import { LiveReloadHub, watchFolder } from './livereload.js';
import { CLIENT_CHUNK_PREFIX, sendClientFile, type ClientBuild } from './client-bundle.js';
import { createCommerce, siteSource, type Commerce, type OwnerPageData } from './commerce.js';
import {
  CLIENT_PATH,
  errorPage,
  injectClient,
  LIVERELOAD_PATH,
  notFoundPage,
  ownerRefusalPage,
} from '../site/html.js';
import { formatProblems, type SiteProblem } from '../site/problems.js';
import type { RenderOutcome, Site } from '../site/site.js';
import { hydrationJson } from '../site/page-code.js';
import { pageJsonAnswer, type PageCodeStore } from '../site/page-json.js';
import {
  PAGE_CODE_PREFIX,
  PAGE_JSON_FORMAT,
  PAGE_JSON_QUERY,
} from '../../storefront/navigation/page-json.js';
import { siteFolder } from './site-folder.js';

/** Served from the site's `assets/favicon.ico` (404 when it has none). */
const FAVICON_PATH = '/favicon.ico';

export interface SiteServerOptions {
  /** The site folder. */
  root: string;
  /** Live reload, file watching and the error overlay (jsont preview). Default false. */
  preview?: boolean;
  /** SQLite file of the commerce API; default `<root>/.data/store.sqlite`, ':memory:' in tests. */
  dbFile?: string;
  /** Clock for rendering and the API (tests). */
  now?: () => number;
  /** Where terminal messages go (default stderr); tests collect them. */
  log?: (message: string) => void;
  /** Debounce of the file watcher in ms (default 60). */
  debounceMs?: number;
  /**
   * React build in the client script: 'production' (default), or 'development', which reports
   * hydration mismatches in detail (the hydration e2e test uses it).
   */
  clientBuild?: ClientBuild;
  /**
   * Serve the test hooks `/__faults` (fault injection) and `/__recorded` (stored analytics and
   * form submissions) for tests; default false, so a preview never exposes them.
   */
  testHooks?: boolean;
}

export interface SiteServer {
  readonly server: Server;
  readonly site: Site;
  readonly commerce: Commerce;
  /** Starts listening; resolves to the base URL (`http://localhost:4173`). */
  listen(port: number, host?: string): Promise<string>;
  /** Stops watching, ends live-reload streams and open connections, closes the store. */
  close(): Promise<void>;
  /**
   * The current one-time owner link (`http://localhost:4173/__owner?token=…`): opening it gives
   * that browser the owner session owner calls need. Only whoever runs the server sees it.
   */
  ownerLink(): string;
  /** Re-checks the site now, as a save would (tests call it instead of waiting for fs events). */
  recheck(): SiteProblem[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function createSiteServer(options: SiteServerOptions): SiteServer {
  const root = resolve(options.root);
  /** The folder's real path: assets are served only from inside it (see serveAsset). */
  const realRoot = realpathSync(root);
  const preview = options.preview ?? false;
  const clientBuild = options.clientBuild ?? 'production';
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const siteOptions = options.now ? { now: options.now } : {};
  const site = siteFolder(root, siteOptions);
  let base = '';
  const owner = new OwnerAccess((path) =>
    log(`[preview] owner link used; the next one-time owner link: ${base}${path}`),
  );
  const commerce = createCommerce(siteSource(site), {
    owner,
    dbFile: options.dbFile ?? join(root, '.data', 'store.sqlite'),
    ...(options.now ? { now: options.now } : {}),
    testHooks: options.testHooks ?? false,
  });
  const hub = new LiveReloadHub();
  /** Problems found by the last check; new subscribers get them at once. */
  let problems: SiteProblem[] = [];
  /** The last problems printed, so a reload of a broken page does not print them again. */
  let printed = '';
  /** React-path warnings printed since the last change (each once, not on every reload). */
  const warned = new Set<string>();
  /** Changes with every save and every server start (see LiveEvent). */
  const bootId = Math.random().toString(36).slice(2, 8);
  let changes = 0;
  const version = () => `${bootId}.${changes}`;
  /** Page code assets (server/site/page-json.ts). */
  const codes: PageCodeStore = new Map();

  const report = (found: SiteProblem[]): void => {
    const text = formatProblems(found);
    if (text === printed) return;
    printed = text;
    if (found.length > 0) log(`\n${text}\n`);
  };

  const recheck = (): SiteProblem[] => {
    commerce.invalidate();
    warned.clear();
    problems = site.check();
    report(problems);
    return problems;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = requestUrl(req);
    } catch {
      send(res, 400, 'Bad request target', 'text/plain; charset=utf-8');
      return;
    }
    const { pathname } = url;
    if (preview && pathname === LIVERELOAD_PATH) {
      hub.subscribeWithState(req, res, version(), problems);
      return;
    }
    if (
      pathname === CLIENT_PATH ||
      pathname.startsWith(CLIENT_CHUNK_PREFIX) ||
      pathname === `${CLIENT_PATH}.map`
    ) {
      await sendClientFile(res, pathname, clientBuild, 'no-store');
      return;
    }
    if (await commerce.handle(req, res)) return;
    const method = req.method ?? 'GET';
    if (method === 'POST' && !pathname.startsWith('/assets/')) {
      await answerFormPost(req, res, url);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, POST' }).end();
      return;
    }
    if (pathname.startsWith(PAGE_CODE_PREFIX)) {
      const code = codes.get(pathname);
      if (code === undefined) send(res, 404, 'Not found', 'text/plain; charset=utf-8');
      // Named by its content: it never changes.
      else send(res, 200, code, JSON_TYPE, 'public, max-age=31536000, immutable');
      return;
    }
    if (pathname === FAVICON_PATH) {
      // Browsers ask for it on their own; a site keeps it with its other assets.
      serveAsset(res, realRoot, join(root, 'assets'), FAVICON_PATH.slice(1));
      return;
    }
    if (pathname.startsWith('/assets/')) {
      serveAsset(res, realRoot, join(root, 'assets'), pathname.slice('/assets/'.length));
      return;
    }
    renderPage(req, res, url);
  }

  /**
   * The page at `url` for this visitor (their cart, their crumb), with `extra` in its data; with
   * `?format=page`, the page's JSON for navigation in the browser.
   */
  function renderPage(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    extra: Record<string, unknown> = {},
  ): void {
    const { pathname } = url;
    const asJson = url.searchParams.get(PAGE_JSON_QUERY) === PAGE_JSON_FORMAT;
    const owner = ownerData(req, res, pathname, asJson);
    if (owner === 'refused') return;
    const crumb = commerce.ensureCrumb(req, res);
    const query = new URLSearchParams(url.searchParams);
    if (asJson) query.delete(PAGE_JSON_QUERY);
    const outcome = site.render({
      pathname,
      query,
      extra: {
        cart: commerce.cartFor(req),
        account: commerce.accountFor(req),
        crumb,
        ...(owner === undefined ? {} : { owner }),
        ...extra,
      },
      checkReact: preview && !asJson,
      shell: asJson,
    });
    if (asJson) {
      sendPageJson(res, outcome, codes);
      return;
    }
    if (outcome.status !== 500 && outcome.html !== undefined) {
      if (printed !== '' && problems.length === 0) printed = '';
      for (const warning of outcome.reactWarnings ?? []) {
        if (warned.has(warning.frame)) continue;
        warned.add(warning.frame);
        const kind = warning.code.startsWith('REACT_') ? 'React render' : 'template';
        log(`\n[preview] ${pathname}: ${kind} warning (the page is served):\n${warning.frame}\n`);
      }
      const boot = { preview, route: outcome.url, problems: [], version: version() };
      const html = injectClient(outcome.html, boot, hydrationJson(outcome));
      send(res, outcome.status, html, 'text/html; charset=utf-8');
    } else if (outcome.status === 404) {
      send(res, 404, notFoundPage(pathname, preview, version()), 'text/html; charset=utf-8');
    } else {
      report(outcome.problems);
      send(res, 500, errorPage(outcome.problems, preview, version()), 'text/html; charset=utf-8');
    }
  }

  /**
   * An owner page's `owner` data for the owner; anyone else is answered the refusal (401 or 403,
   * the server's text; JSON for navigation, which then loads the page in full) and gets
   * 'refused'. Undefined for every other page.
   */
  function ownerData(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    asJson: boolean,
  ): OwnerPageData | 'refused' | undefined {
    if (!site.isOwnerPage(pathname)) return undefined;
    try {
      return commerce.ownerFor(req);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const message =
        typeof err.body.error === 'string' ? err.body.error : 'Owner session required';
      if (asJson) send(res, err.status, JSON.stringify({ error: message }), JSON_TYPE);
      else send(res, err.status, ownerRefusalPage(message, preview, version()), HTML_TYPE);
      return 'refused';
    }
  }

  /**
   * A form posted without JavaScript to its page (server/site/form-posts.ts): the page again,
   * showing the outcome, or the form's success URL.
   */
  async function answerFormPost(req: IncomingMessage, res: ServerResponse, url: URL) {
    let outcome: FormPostOutcome;
    try {
      const post = {
        contentType: req.headers['content-type'] ?? null,
        body: await readBody(req),
        cookie: req.headers.cookie ?? null,
      };
      const { port } = server.address() as AddressInfo;
      const backend = inProcessFormBackend(req, commerce, `http://127.0.0.1:${port}/`);
      outcome = await handleFormPost(post, url.pathname, site, backend);
    } catch (err) {
      if (!(err instanceof HttpError) && !(err instanceof FormRefusal)) throw err;
      const message = typeof err.body.error === 'string' ? err.body.error : 'Bad request';
      send(res, err.status, message, 'text/plain; charset=utf-8');
      return;
    }
    if (outcome.redirect !== undefined) {
      if (outcome.setCookies !== undefined) res.setHeader('Set-Cookie', outcome.setCookies);
      res.writeHead(303, { Location: outcome.redirect, 'Cache-Control': 'no-store' }).end();
      return;
    }
    // 200 whatever the outcome: the page shows it (a 4xx document is a console error in the
    // browser of a visitor whose script had not loaded yet).
    const shown = outcome.page === undefined ? url : new URL(outcome.page, url);
    renderPage(req, res, shown, { formStatus: outcome.formStatus });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`[preview] ${req.method} ${req.url}: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) send(res, 500, 'Internal Server Error', 'text/plain; charset=utf-8');
      else res.end();
    });
  });

  let stopWatching: (() => void) | undefined;
  if (preview) {
    problems = site.check();
    report(problems);
    stopWatching = watchFolder(
      root,
      (paths) => {
        changes++;
        hub.announceChange(version(), recheck(), () =>
          log(`[preview] ${paths.join(', ')} changed, reloading`),
        );
      },
      {
        ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
        // The SQLite store and dotfiles (editor swap files) are not site sources.
        ignore: (rel) => rel === '' || rel.split('/').some((part) => part.startsWith('.')),
      },
    );
  }

  return {
    server,
    site,
    commerce,
    recheck,
    ownerLink: () => `${base}${owner.linkPath()}`,
    listen(port, host) {
      return new Promise((resolveUrl, reject) => {
        const onError = (err: Error) => reject(err);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          const address = server.address() as AddressInfo;
          base = `http://localhost:${address.port}`;
          resolveUrl(base);
        });
      });
    },
    close() {
      stopWatching?.();
      hub.close();
      return new Promise((done) => {
        server.close(() => {
          commerce.close();
          done();
        });
        server.closeAllConnections();
      });
    },
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

/** A page's JSON for client-side navigation, its code kept in `codes` to be served. */
function sendPageJson(res: ServerResponse, outcome: RenderOutcome, codes: PageCodeStore): void {
  const answer = pageJsonAnswer(outcome);
  if (answer.code !== undefined) codes.set(answer.code.path, answer.code.text);
  send(res, answer.status, answer.body, JSON_TYPE);
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  // Pages change with every save; never let the browser reuse a stale copy.
  cacheControl = 'no-store',
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': cacheControl,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

/**
 * Streams a file from `dir`; paths escaping the folder are 404 like missing files. The check is
 * made on the real path, so a symlink inside assets/ that leads out of `siteRoot` (`link -> /etc`)
 * is refused too; links between files of the site still work.
 */
function serveAsset(res: ServerResponse, siteRoot: string, dir: string, rel: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    decoded = '';
  }
  const file = normalize(join(dir, decoded));
  let real: string | undefined;
  let size = -1;
  try {
    if (file.startsWith(dir + sep) && !decoded.includes('\0')) {
      real = realpathSync(file);
      const st = statSync(real);
      if (st.isFile() && real.startsWith(siteRoot + sep)) size = st.size;
    }
  } catch {
    // missing: answered 404 below
  }
  if (real === undefined || size < 0) {
    send(res, 404, 'Not found', 'text/plain; charset=utf-8');
    return;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': 'no-cache',
  });
  if (res.req?.method === 'HEAD') res.end();
  else createReadStream(real).pipe(res);
}
