/**
 * The preview server of a developer-platform template folder (docs/developer-platform.md):
 * pages from PlatformSite, /site.css compiled from the stylesheets list, the folder's scripts/
 * under /scripts/ and assets/ under /assets/, sample images, and the same client script, live
 * reload and error overlay as the site.json preview. Problems (template errors, unknown tags,
 * LESS errors) are printed once each with file:line:col and a code frame.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

import { LiveReloadHub, watchFolder } from './livereload.js';
import { CLIENT_CHUNK_PREFIX, sendClientFile, type ClientBuild } from './client-bundle.js';
import {
  CLIENT_PATH,
  errorPage,
  injectClient,
  LIVERELOAD_PATH,
  notFoundPage,
} from '../site/html.js';
import { scriptJson } from '../site/page-code.js';
import { isPlatformWarning, PlatformSite } from '../site/platform/platform-site.js';
import { formatProblems, type SiteProblem } from '../site/problems.js';
import { folderReaderOf } from '../site/platform/reader.js';
import { createCommerce } from './commerce.js';
import { fsReader } from './fs-reader.js';
import { compileStyles } from './platform-styles.js';
import { pageJsonAnswer, withPageCode, type PageCodeStore } from '../site/page-json.js';
import {
  PAGE_CODE_PREFIX,
  PAGE_JSON_FORMAT,
  PAGE_JSON_QUERY,
} from '../../storefront/navigation/page-json.js';

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};
const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

export interface PlatformServerOptions {
  root: string;
  preview?: boolean;
  now?: () => number;
  log?: (message: string) => void;
  debounceMs?: number;
  clientBuild?: ClientBuild;
  /** SQLite file of the commerce API; default `<root>/.data/store.sqlite`, ':memory:' in tests. */
  dbFile?: string;
  /** Tweak values over the folder's tweaks.json (`jsont preview --tweak name=value`). */
  tweaks?: Record<string, string>;
}

export interface PlatformServer {
  readonly server: Server;
  readonly site: PlatformSite;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Re-checks the folder now, as a save would; resolves to the problems found. */
  recheck(): Promise<SiteProblem[]>;
}

export function createPlatformServer(options: PlatformServerOptions): PlatformServer {
  const root = resolve(options.root);
  const reader = folderReaderOf(fsReader(root));
  const preview = options.preview ?? false;
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const site = new PlatformSite(reader, {
    ...(options.now && { now: options.now }),
    ...(options.tweaks && { tweaks: options.tweaks }),
  });
  // The same commerce API as the demo store's, pricing carts with the folder's product items.
  const commerce = createCommerce(
    { allItems: () => site.allItems(), forms: () => [], accounts: () => [] },
    {
      dbFile: options.dbFile ?? join(root, '.data', 'store.sqlite'),
      ...(options.now ? { now: options.now } : {}),
    },
  );
  const hub = new LiveReloadHub();
  const printed = new Set<string>();
  let problems: SiteProblem[] = [];
  const bootId = Math.random().toString(36).slice(2, 8);
  let changes = 0;
  const version = () => `${bootId}.${changes}`;
  /** Page code assets of `?format=page` answers (server/site/page-json.ts). */
  const codes: PageCodeStore = new Map();

  /** Prints each problem once (a reload of a broken page does not print it again). */
  const report = (found: SiteProblem[]) => {
    const fresh = found.filter((p) => !printed.has(p.frame));
    for (const p of fresh) printed.add(p.frame);
    if (fresh.length > 0) log(`\n${formatProblems(fresh)}\n`);
  };

  const recheck = async (): Promise<SiteProblem[]> => {
    printed.clear();
    commerce.invalidate();
    const found = site.check();
    const model = found.some((p) => p.file.endsWith('.conf')) ? undefined : site.model();
    if (model !== undefined)
      found.push(...(await compileStyles(reader, model, options.tweaks)).problems);
    site.newWarnings(); // check() reported the unknown tags already
    problems = found.filter((p) => !isPlatformWarning(p));
    report(found);
    return found;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      send(res, 400, 'Bad request target', TEXT);
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
      await sendClientFile(res, pathname, options.clientBuild ?? 'production', 'no-cache');
      return;
    }
    if (await commerce.handle(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (pathname === '/site.css') {
      const styles = await compileStyles(reader, site.model(), options.tweaks);
      report(styles.problems);
      const errors = styles.problems.filter((p) => !isPlatformWarning(p));
      const css = errors.length > 0 ? cssComment(errors) : styles.css;
      send(res, 200, css, TYPES.css!);
      return;
    }
    const resource = site.resource(pathname);
    if (resource !== undefined) {
      send(res, 200, resource.body, resource.type);
      return;
    }
    if (pathname === '/favicon.ico') {
      // Browsers ask for it on their own: the folder's assets/favicon.ico, or no content.
      if (existsSync(join(root, 'assets', 'favicon.ico'))) serveFile(res, 'assets/favicon.ico');
      else res.writeHead(204).end();
      return;
    }
    const folder = /^\/(assets|scripts)\/(.+)$/.exec(pathname);
    if (folder !== null) {
      const rel = safeDecode(folder[2]!);
      // `<squarespace:script src="a.js,b.js" combo="true">` asks for the files joined.
      if (folder[1] === 'scripts' && rel.includes(',')) serveCombo(res, rel.split(','));
      else serveFile(res, `${folder[1]}/${rel}`);
      return;
    }
    if (pathname.startsWith(PAGE_CODE_PREFIX)) {
      const code = codes.get(pathname);
      if (code === undefined) send(res, 404, 'Not found', TEXT);
      // Named by its content: it never changes.
      else send(res, 200, code, TYPES.json!, 'public, max-age=31536000, immutable');
      return;
    }
    commerce.ensureCrumb(req, res);
    const asJson = url.searchParams.get(PAGE_JSON_QUERY) === PAGE_JSON_FORMAT;
    const query = new URLSearchParams(url.searchParams);
    if (asJson) query.delete(PAGE_JSON_QUERY);
    const outcome = site.render({
      pathname,
      query,
      extra: { cart: commerce.cartFor(req) },
      shell: asJson,
    });
    report(site.newWarnings());
    if (asJson) {
      if (outcome.status === 500) report(outcome.problems);
      // A folder's redirect is followed by a full load, as any answer but a page.
      const answer = pageJsonAnswer(
        outcome.status === 200 ? withPageCode(outcome) : { status: outcome.status },
      );
      if (answer.code !== undefined) codes.set(answer.code.path, answer.code.text);
      send(res, answer.status, answer.body, TYPES.json!);
    } else if (outcome.status === 302) {
      res.writeHead(302, { Location: outcome.location }).end();
    } else if (outcome.status === 500) {
      report(outcome.problems);
      send(res, 500, errorPage(outcome.problems, preview, version()), HTML);
    } else if (outcome.html === undefined) {
      send(res, 404, notFoundPage(pathname, preview, version()), HTML);
    } else {
      const boot = { preview, route: outcome.url, problems: [], version: version() };
      send(
        res,
        outcome.status,
        injectClient(outcome.html, boot, outcome.hydration && scriptJson(outcome.hydration)),
        HTML,
      );
    }
  }

  /** A file of assets/ or scripts/, as bytes (images are binary), never from outside them. */
  function readInside(path: string): Buffer | undefined {
    const parts = path.split('/');
    try {
      const hidden = parts.some((p) => p.startsWith('.') || p === '');
      const real = realpathSync(join(root, ...parts));
      if (!hidden && real.startsWith(realpathSync(join(root, parts[0]!)) + sep))
        return readFileSync(real);
    } catch {
      // missing: undefined
    }
    return undefined;
  }

  /** Scripts joined in order, each ending its statement; 404 when one is missing. */
  function serveCombo(res: ServerResponse, files: string[]): void {
    const bodies = files.map((f) => readInside(`scripts/${f.trim()}`));
    if (bodies.some((b) => b === undefined)) send(res, 404, 'Not found', TEXT);
    else send(res, 200, bodies.map((b) => `${b!.toString('utf8')}\n;\n`).join(''), TYPES.js!);
  }

  function serveFile(res: ServerResponse, path: string): void {
    const body = readInside(path);
    if (body === undefined) send(res, 404, 'Not found', TEXT);
    else
      send(
        res,
        200,
        body,
        TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
      );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`[preview] ${req.method} ${req.url}: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) send(res, 500, 'Internal Server Error', TEXT);
      else res.end();
    });
  });

  let stopWatching: (() => void) | undefined;
  if (preview) {
    void recheck();
    stopWatching = watchFolder(
      root,
      (paths) => {
        changes++;
        void recheck().then((found) => {
          const errors = found.filter((p) => !isPlatformWarning(p));
          hub.announceChange(version(), errors, () =>
            log(`[preview] ${paths.join(', ')} changed, reloading`),
          );
        });
      },
      {
        ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
        ignore: (rel) => rel === '' || rel.split('/').some((part) => part.startsWith('.')),
      },
    );
  }

  return {
    server,
    site,
    recheck,
    listen(port, host) {
      return new Promise((done, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          done(`http://localhost:${(server.address() as AddressInfo).port}`);
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

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  cacheControl = 'no-cache',
): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': cacheControl });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

/** The stylesheet of a folder whose LESS does not compile: the problems, as a comment. */
function cssComment(problems: SiteProblem[]): string {
  return `/* ${formatProblems(problems).replace(/\*\//g, '* /')} */\n`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
}
