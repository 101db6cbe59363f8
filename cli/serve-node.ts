/**
 * The site handler on Node: a built folder served through Hono's Node adapter
 * (@hono/node-server), static files read from the folder, pages and JSON compressed as the
 * client accepts (static files come precompressed: the handler picks the copy), and a stop
 * that lets the requests in flight finish.
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  constants,
  createBrotliCompress,
  createGzip,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import { serve } from '@hono/node-server';

import { chooseEncoding, createSiteHandler, forwardTo } from '../server/site/handler.js';
import type { SiteManifest } from '../server/site/manifest.js';

export interface SiteWorker {
  readonly server: Server;
  readonly port: number;
  /** Stops taking connections; resolves once every request in flight has been answered. */
  close(): Promise<void>;
}

export async function startSiteWorker(options: {
  dir: string;
  manifest: SiteManifest;
  /** The commerce origin /api/* goes to. */
  api: string;
  port: number;
  host: string;
  /**
   * Forward the commerce origin's test hooks (/__faults, /__recorded) as /api/* is forwarded
   * (`jsont serve --test-hooks`, for the e2e suites only); default false.
   */
  testHooks?: boolean;
}): Promise<SiteWorker> {
  const { dir } = options;
  const commerce = forwardTo(options.api);
  const handler = createSiteHandler(options.manifest, {
    async readAsset(file) {
      try {
        return await readFile(join(dir, file));
      } catch {
        return null;
      }
    },
    commerce,
  });
  const hooks = options.testHooks === true;
  const fetch = async (request: Request) => {
    if (hooks && TEST_HOOK_PATHS.has(new URL(request.url).pathname)) return commerce(request);
    return compressed(request, await handler.fetch(request));
  };
  const server = await new Promise<Server>((done, fail) => {
    const created = serve({ fetch, port: options.port, hostname: options.host }, () =>
      done(created as Server),
    );
    created.once('error', fail);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
      }),
  };
}

/** The commerce API's test hooks (server/commerce/index.ts), forwarded only with testHooks. */
const TEST_HOOK_PATHS = new Set(['/__faults', '/__recorded']);

const COMPRESSED_TYPES = /^(text\/html|application\/json|text\/plain)/;

/** The response compressed by the request's Accept-Encoding, when it is a page or JSON. */
export function compressed(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (
    response.body === null ||
    response.headers.has('content-encoding') ||
    !COMPRESSED_TYPES.test(type)
  ) {
    return response;
  }
  const encoding = chooseEncoding(request.headers.get('accept-encoding'), ['br', 'gzip']);
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (encoding === undefined)
    return new Response(response.body, { status: response.status, headers });
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  return new Response(response.body.pipeThrough(compressor(encoding)), {
    status: response.status,
    headers,
  });
}

/**
 * A compressing stream that flushes after every chunk: a streamed page's head reaches the
 * browser before its body is rendered, compressed or not.
 */
function compressor(encoding: 'br' | 'gzip'): TransformStream<Uint8Array, Uint8Array> {
  const zlib: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  return new TransformStream({
    start(controller) {
      zlib.on('data', (data: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(data));
        } catch {
          // The visitor went away and the response stream is closed: stop compressing for it.
          zlib.destroy();
        }
      });
    },
    transform(chunk) {
      return new Promise<void>((done) => {
        zlib.write(chunk);
        zlib.flush(flushKind, () => done());
      });
    },
    flush() {
      return new Promise<void>((done, fail) => {
        zlib.once('end', () => done());
        zlib.once('error', fail);
        zlib.end();
      });
    },
  });
}
