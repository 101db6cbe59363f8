/**
 * The browser script served at /__client.js, with its chunks under /__client/. From a source
 * checkout it is bundled from storefront/preview-client.ts with esbuild (a devDependency,
 * present after `npm install`) the first time it is asked for; an installed package uses the
 * files `npm run build` put in dist/client/. Either way it is built once per process. It
 * bundles React and the browser runtime (react-renderer/browser.ts: executor, formatters,
 * predicates — never the compiler); the storefront widgets are a chunk of their own, imported
 * only by pages that use one (storefront/hydrate.ts). The production build is minified, with
 * source maps as separate files (`.map` beside each script); the development build (React's,
 * which reports hydration mismatches in detail: tests) is not minified.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { pageCoreChunk } from './page-core-chunk.js';

const ENTRY = join('storefront', 'preview-client.ts');
const PREBUILT = join('dist', 'client');
/** The entry's output name (served at /__client.js) and the URL prefix of its chunks. */
export const CLIENT_ENTRY_NAME = '__client';
export const CLIENT_CHUNK_PREFIX = '/__client/';

/** The client's files by URL path: the entry, its chunks and every source map. */
export type ClientFiles = ReadonlyMap<string, string>;

/** The folder holding jsont-react's package.json, searched upwards from this module. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'jsont-react') {
          return dir;
        }
      } catch {
        // unreadable package.json: keep looking upwards
      }
    }
    dir = dirname(dir);
  }
  throw new Error('cannot find the jsont-react package folder');
}

/** Which React build the client script carries. */
export type ClientBuild = 'production' | 'development';

const pending = new Map<ClientBuild, Promise<ClientFiles>>();

/** The client's files (cached for the life of the process, per build). */
export function clientBundle(build: ClientBuild = 'production'): Promise<ClientFiles> {
  let text = pending.get(build);
  if (text === undefined) {
    text = buildClient(build).catch((err: unknown) => {
      pending.delete(build); // let the next request retry
      throw err;
    });
    pending.set(build, text);
  }
  return text;
}

/** esbuild options of the client script (tests read its import graph with them). */
export function clientBuildOptions(build: ClientBuild, root = packageRoot()): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { [CLIENT_ENTRY_NAME]: join(root, ENTRY) },
    bundle: true,
    splitting: true,
    outdir: join(root, PREBUILT),
    chunkNames: '[name]-[hash]',
    // Chunks import each other by absolute URL: the entry is served at the site's root.
    publicPath: CLIENT_CHUNK_PREFIX,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: build === 'production',
    legalComments: 'none',
    // Each map is linked by the `SourceMap` header the servers send with its script, not by a
    // `//# sourceMappingURL=` line: ~1.3 KB of the widget code's gzip over its chunks.
    sourcemap: 'external',
    define: { 'process.env.NODE_ENV': JSON.stringify(build) },
    logLevel: 'silent',
    plugins: [pageCoreChunk()],
  };
}

/**
 * Answers a request for a file of the client build (the preview servers' `/__client…` paths). A
 * script's `SourceMap` header links its map, which the scripts do not name themselves.
 */
export async function sendClientFile(
  res: ServerResponse,
  pathname: string,
  build: ClientBuild,
  cacheControl: string,
): Promise<void> {
  const files = await clientBundle(build);
  const file = files.get(pathname);
  if (file === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const type = pathname.endsWith('.map') ? 'application/json' : 'text/javascript';
  const map = clientUrlOf(`${basename(pathname)}.map`);
  res.writeHead(200, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(file),
    'Cache-Control': cacheControl,
    ...(pathname.endsWith('.js') && files.has(map) && { SourceMap: map }),
  });
  res.end(res.req?.method === 'HEAD' ? undefined : file);
}

/** The URL path of an output file of the client build (by its file name). */
export function clientUrlOf(fileName: string): string {
  // Source maps are served under the prefix, the entry's too (its `SourceMap` header names it).
  return fileName === `${CLIENT_ENTRY_NAME}.js`
    ? `/${fileName}`
    : `${CLIENT_CHUNK_PREFIX}${fileName}`;
}

async function buildClient(build: ClientBuild): Promise<ClientFiles> {
  const root = packageRoot();
  const entry = join(root, ENTRY);
  if (existsSync(entry)) {
    try {
      const esbuild = await import('esbuild');
      const result = await esbuild.build({ ...clientBuildOptions(build), write: false });
      return new Map(result.outputFiles!.map((f) => [clientUrlOf(basename(f.path)), f.text]));
    } catch (err) {
      // No esbuild (production install): fall through to the prebuilt copy if there is one.
      if (!existsSync(join(root, PREBUILT, `${CLIENT_ENTRY_NAME}.js`))) throw err;
    }
  }
  const dir = join(root, PREBUILT);
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.js') || name.endsWith('.js.map'))
      .map((name) => [clientUrlOf(name), readFileSync(join(dir, name), 'utf8')]),
  );
}
