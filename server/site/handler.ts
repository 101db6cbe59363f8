/**
 * The site handler: a built site (its manifest, see manifest.ts) served as one web-standard
 * `fetch(request) -> Response`, with nothing of Node in it, so that `jsont serve` runs it on
 * Node and an edge runtime runs it unchanged (docs/publishing.md). Pages are rendered from the
 * precompiled templates (the compiler is never called) and streamed: the head, with a
 * modulepreload for each of the client's first scripts, leaves before the body is rendered.
 * Each page's data is at `?format=json`, and what a navigation in the browser renders it from
 * at `?format=page` (page-json.ts), its code at `/__jsont/code/<hash>.json`, written by the
 * build; static files carry their content hash as ETag, and the client's content-hashed chunks
 * and the page codes are immutable; /api/* goes to the commerce origin.
 */
import { builtSiteSources, type AssetEntry, type SiteManifest } from './manifest.js';
import {
  CRUMB_COOKIE,
  cookieValue,
  FormRefusal,
  handleFormPost,
  httpFormBackend,
  type FormPostOutcome,
} from './form-posts.js';
import {
  errorPage,
  injectClient,
  injectClientAround,
  injectPreloads,
  notFoundPage,
} from './html.js';
import { codeFields, contentHash, requestFields, type PageCodeText } from './page-code.js';
import { pageJsonAnswer, type PageCodeStore } from './page-json.js';
import { formatProblems, type SiteProblem } from './problems.js';
import { securityHeaders } from './security.js';
import { Site, type RenderRequest } from './site.js';
import { visitorAccount, visitorCart } from './visitor.js';
import {
  PAGE_CODE_PREFIX,
  PAGE_JSON_FORMAT,
  PAGE_JSON_QUERY,
} from '../../storefront/navigation/page-json.js';

export interface SiteHandlerOptions {
  /** A static file's bytes by its path in the build folder (AssetEntry.file), null if absent. */
  readAsset(file: string): Promise<BodyInit | null>;
  /**
   * Answers /api/* (and the visitor's cart and session for pages rendered with them): usually a
   * forward to the commerce origin (forwardTo). Without it /api/* is 404 and pages render
   * without a cart or an account.
   */
  commerce?: (request: Request) => Promise<Response>;
  /** Clock of the formatters (tests); default the real time. */
  now?: () => number;
  /** Where render problems and failed commerce calls are reported (default console.error). */
  log?: (message: string) => void;
}

export interface SiteHandler {
  fetch(request: Request): Promise<Response>;
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Pages are revalidated on every use (their ETag makes that a 304 when nothing changed). */
const PAGE_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createSiteHandler(
  manifest: SiteManifest,
  options: SiteHandlerOptions,
): SiteHandler {
  const { reader, compileUnit } = builtSiteSources(manifest);
  const now = options.now ?? Date.now;
  const site = new Site(reader, { compileUnit, now });
  const log = options.log ?? ((message: string) => console.error(message));
  const boot = { preview: false, route: null, problems: [], version: manifest.buildId };
  /**
   * Page codes a page JSON named that the build did not write (a page whose layout showed
   * another set of islands than any page the build rendered): served from this process.
   */
  const codes: PageCodeStore = new Map();
  const encodedCodes = new WeakMap<PageCodeText, Uint8Array>();
  const codeBytes = (code: PageCodeText): Uint8Array => {
    let bytes = encodedCodes.get(code);
    if (bytes === undefined)
      encodedCodes.set(code, (bytes = new TextEncoder().encode(codeFields(code))));
    return bytes;
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return options.commerce ? options.commerce(request) : jsonReply(404, { error: 'Not found' });
    }
    if (request.method === 'POST' && options.commerce !== undefined) {
      return answerFormPost(request, url, options.commerce);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const asset = Object.hasOwn(manifest.assets, pathname) ? manifest.assets[pathname] : undefined;
    if (asset !== undefined) return serveAsset(request, pathname, asset);
    if (pathname.startsWith(PAGE_CODE_PREFIX)) {
      const code = codes.get(pathname);
      if (code === undefined) return textReply(404, 'Not found');
      const headers = new Headers({
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
      });
      return conditional(request, `"${contentHash(code)}"`, headers, JSON_TYPE, code);
    }
    return servePage(request, url);
  }

  async function serveAsset(request: Request, path: string, asset: AssetEntry): Promise<Response> {
    const headers = new Headers({
      'Content-Type': asset.type,
      ETag: asset.etag,
      'Cache-Control': asset.immutable ? IMMUTABLE : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    // The client's scripts carry no `//# sourceMappingURL=` line: the header links each map.
    const map = `${path}.map`;
    if (path.endsWith('.js') && Object.hasOwn(manifest.assets, map)) headers.set('SourceMap', map);
    if (asset.encodings.length > 0) headers.set('Vary', 'Accept-Encoding');
    if (matchesEtag(request, asset.etag)) return new Response(null, { status: 304, headers });
    const encoding = chooseEncoding(request.headers.get('accept-encoding'), asset.encodings);
    const body = await options.readAsset(
      encoding ? `${asset.file}.${SUFFIX[encoding]}` : asset.file,
    );
    if (body === null) return textReply(404, 'Not found');
    if (encoding) headers.set('Content-Encoding', encoding);
    // The bytes are encoded already: workerd would otherwise compress them a second time
    // (Node ignores the option).
    const init: ResponseInit & { encodeBody?: 'manual' } = {
      status: 200,
      headers,
      ...(encoding && { encodeBody: 'manual' }),
    };
    return new Response(request.method === 'HEAD' ? null : body, init);
  }

  /**
   * A form posted without JavaScript to its page (form-posts.ts), saved through the commerce
   * origin's JSON API: the page again showing the outcome, or the form's success URL.
   */
  async function answerFormPost(
    request: Request,
    url: URL,
    commerce: (request: Request) => Promise<Response>,
  ): Promise<Response> {
    const cookie = request.headers.get('cookie');
    let outcome: FormPostOutcome;
    try {
      const post = {
        contentType: request.headers.get('content-type'),
        body: await request.text(),
        cookie,
      };
      const backend = httpFormBackend(commerce, request.url, cookie);
      outcome = await handleFormPost(post, url.pathname, site, backend);
    } catch (err) {
      if (!(err instanceof FormRefusal)) throw err;
      return textReply(err.status, err.message);
    }
    if (outcome.redirect !== undefined) {
      const headers = new Headers({ Location: outcome.redirect, 'Cache-Control': 'no-store' });
      for (const cookie of outcome.setCookies ?? []) headers.append('Set-Cookie', cookie);
      return new Response(null, { status: 303, headers });
    }
    // 200 whatever the outcome, as in the preview: the page shows it.
    const shown = outcome.page === undefined ? url : new URL(outcome.page, url);
    const page = await servePage(new Request(shown, { headers: request.headers }), shown, {
      formStatus: outcome.formStatus,
    });
    page.headers.set('Cache-Control', 'no-store');
    page.headers.delete('ETag');
    return page;
  }

  async function servePage(
    request: Request,
    url: URL,
    extra: Record<string, unknown> = {},
  ): Promise<Response> {
    // Both calls at once: a page waits for one round trip to the origin, not two.
    const [{ cart, setCookies }, account] = await Promise.all([
      visitorCart(request, options.commerce, log),
      visitorAccount(request, options.commerce, log),
    ]);
    // The pages' forms post the crumb without JavaScript: the visitor's, else the one the cart
    // call has just set.
    const crumb =
      cookieValue(request.headers.get('cookie'), CRUMB_COOKIE) ??
      cookieValue(setCookies.map((c) => c.split(';')[0]).join('; '), CRUMB_COOKIE);
    const asPageJson = url.searchParams.get(PAGE_JSON_QUERY) === PAGE_JSON_FORMAT;
    const query = new URLSearchParams(url.searchParams);
    if (asPageJson) query.delete(PAGE_JSON_QUERY);
    const renderRequest: RenderRequest = {
      pathname: url.pathname,
      query,
      extra: {
        ...(cart !== undefined && { cart }),
        ...(account !== undefined && { account }),
        ...(crumb !== undefined && { crumb }),
        ...extra,
      },
    };
    const headers = securityHeaders();
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    headers.set('Cache-Control', PAGE_CACHE);
    headers.set('Vary', 'Cookie');

    if (url.searchParams.get('format') === 'json') {
      const data = site.pageData(renderRequest);
      if (data === undefined) return jsonReply(404, { error: 'Not found' }, headers);
      const text = JSON.stringify(data);
      return conditional(request, etag(`${manifest.buildId}\n${text}`), headers, JSON_TYPE, text);
    }
    if (asPageJson) {
      const outcome = site.render({ ...renderRequest, shell: true });
      // The shell's head is compared with the page's in the browser: the same preloads.
      const answer = pageJsonAnswer(
        outcome.status === 200 && outcome.shell !== undefined
          ? { ...outcome, shell: injectPreloads(outcome.shell, manifest.client.preload) }
          : outcome,
      );
      if (answer.code !== undefined && !Object.hasOwn(manifest.assets, answer.code.path)) {
        codes.set(answer.code.path, answer.code.text);
      }
      if (answer.status !== 200) {
        headers.set('Cache-Control', 'no-store');
        return new Response(answer.body, { status: answer.status, headers: withType(headers) });
      }
      const tag = etag(`${manifest.buildId}\n${answer.body}`);
      return conditional(request, tag, headers, JSON_TYPE, answer.body);
    }

    const plan = site.plan(renderRequest);
    if (plan.status === 404 && plan.head === undefined) {
      // No route and no not-found page in site.json: a short one inside the layout.
      headers.set('Content-Type', HTML);
      const html = site.statusPage(404, renderRequest) ?? notFoundPage(url.pathname, false, '');
      return new Response(request.method === 'HEAD' ? null : finishStatusPage(html), {
        status: 404,
        headers,
      });
    }
    if (plan.status === 500 || plan.problems.length > 0) {
      return failure(request, url, renderRequest, plan.problems, headers);
    }
    // Everything the page is made of: the build, the address, the visitor's cart and session
    // and the minute (relative dates); rendering it again would give the same bytes within the
    // minute. Without the session a page signed out could come back as a 304 after a sign-in.
    const pageTag = `W/${etag(
      [
        manifest.buildId,
        url.pathname,
        url.search,
        JSON.stringify(cart ?? null),
        JSON.stringify(account ?? null),
        crumb ?? '',
        minute(now()),
      ].join('\n'),
    )}`;
    headers.set('Content-Type', HTML);
    headers.set('ETag', pageTag);
    if (plan.status === 200 && matchesEtag(request, pageTag)) {
      return new Response(null, { status: 304, headers: withoutBodyHeaders(headers) });
    }
    const status = plan.status;
    if (request.method === 'HEAD') return new Response(null, { status, headers });
    const encoder = new TextEncoder();
    const head = injectPreloads(plan.head, manifest.client.preload);
    let sentHead = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!sentHead && head !== '') {
            sentHead = true;
            controller.enqueue(encoder.encode(head));
            return;
          }
          const rest = plan.finish();
          if (rest.problems.length > 0) {
            // The status is sent already: report, and finish the page with what rendered.
            log(`[site] ${url.pathname}: render problems\n${formatProblems(rest.problems)}`);
          }
          const html = head === '' ? injectPreloads(rest.html, manifest.client.preload) : rest.html;
          const pageBoot = { ...boot, route: plan.url };
          if (plan.hydration === undefined || plan.code === undefined) {
            controller.enqueue(
              encoder.encode(injectClient(html, pageBoot, undefined, manifest.client.entry)),
            );
          } else {
            // The page code's bytes are made once; only the rest is encoded per request.
            const [before, after] = injectClientAround(html, pageBoot, manifest.client.entry);
            controller.enqueue(
              joinBytes([
                encoder.encode(before),
                codeBytes(plan.code),
                encoder.encode(requestFields(plan.hydration) + after),
              ]),
            );
          }
          controller.close();
        },
      },
      // Render the body only when the head has been taken: nothing is rendered ahead of reads.
      { highWaterMark: 0 },
    );
    return new Response(body, { status, headers });
  }

  function failure(
    request: Request,
    url: URL,
    renderRequest: RenderRequest,
    problems: SiteProblem[],
    headers: Headers,
  ): Response {
    log(`[site] ${url.pathname}: the page could not be rendered\n${formatProblems(problems)}`);
    headers.set('Content-Type', HTML);
    headers.set('Cache-Control', 'no-store');
    const html = site.statusPage(500, renderRequest) ?? errorPage(problems, false, '');
    return new Response(request.method === 'HEAD' ? null : finishStatusPage(html), {
      status: 500,
      headers,
    });
  }

  /** The client on a status page rendered from the site's templates (the header's cart pill). */
  function finishStatusPage(html: string): string {
    return html.includes('id="__jsont-boot"')
      ? html
      : injectClient(html, boot, undefined, manifest.client.entry);
  }

  return {
    async fetch(request) {
      try {
        return await handle(request);
      } catch (err) {
        log(`[site] ${request.method} ${request.url}: ${err instanceof Error ? err.stack : err}`);
        return textReply(500, 'Internal Server Error');
      }
    },
  };
}

/**
 * A commerce function that forwards each request to `origin` (`http://127.0.0.1:8788`), path
 * and query kept, body streamed, redirects passed back to the browser; 502 when the origin
 * gives no answer.
 */
export function forwardTo(origin: string): (request: Request) => Promise<Response> {
  const base = new URL(origin);
  return async (request) => {
    const from = new URL(request.url);
    const target = new URL(from.pathname + from.search, base);
    const headers = new Headers(request.headers);
    headers.delete('host');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers,
      redirect: 'manual',
      ...(hasBody && { body: request.body, duplex: 'half' }),
    };
    let response: Response;
    try {
      response = await fetch(target, init);
    } catch {
      // The origin is down or dropped the connection. The visitor's own connection is fine, so
      // this is the gateway's answer (the storefront shows "Please try again."), not an error
      // of this server's, and not a network failure for the visitor.
      return new Response('Bad Gateway', {
        status: 502,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    // fetch has decoded the body: its encoding and length no longer describe it.
    const out = new Headers(response.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(response.body, { status: response.status, headers: out });
  };
}

const SUFFIX = { br: 'br', gzip: 'gz' } as const;

/** The best precompressed copy the client accepts: brotli, then gzip, else none. */
export function chooseEncoding(
  accept: string | null,
  available: ReadonlyArray<'br' | 'gzip'>,
): 'br' | 'gzip' | undefined {
  if (accept === null) return undefined;
  const accepted = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((name) => available.includes(name) && ok(name));
}

function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (header === null) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

function conditional(
  request: Request,
  etag: string,
  headers: Headers,
  type: string,
  text: string,
): Response {
  headers.set('ETag', etag);
  headers.set('Content-Type', type);
  if (matchesEtag(request, etag)) {
    return new Response(null, { status: 304, headers: withoutBodyHeaders(headers) });
  }
  return new Response(request.method === 'HEAD' ? null : text, { status: 200, headers });
}

/**
 * A 304's headers: validators and caching only. The policy headers are left to the stored
 * response (a cache updates the stored headers with the 304's).
 */
function withoutBodyHeaders(headers: Headers): Headers {
  const out = new Headers();
  for (const name of ['etag', 'cache-control', 'vary']) {
    const value = headers.get(name);
    if (value !== null) out.set(name, value);
  }
  for (const cookie of headers.getSetCookie()) out.append('Set-Cookie', cookie);
  return out;
}

function withType(headers: Headers, type = JSON_TYPE): Headers {
  headers.set('Content-Type', type);
  return headers;
}

function jsonReply(status: number, body: unknown, headers = new Headers()): Response {
  return new Response(JSON.stringify(body), { status, headers: withType(headers) });
}

function textReply(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

const minute = (ms: number): number => Math.floor(ms / 60_000);

function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A validator over `text`: 64 bits of hash, computed in the request's own turn (a Web Crypto
 * digest is a round trip through the thread pool per response). It tells apart the versions
 * of one address a client has seen, not adversarial inputs: a visitor can only make their own
 * cache stale.
 */
const etag = (text: string): string => `"${contentHash(text)}"`;
