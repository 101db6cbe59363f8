/**
 * The production client of a built site: storefront/site-client.ts bundled by esbuild into
 * content-hashed, minified, code-split chunks under /_jsont/, each with its source map in a
 * separate file. From a source checkout it is bundled on the spot; an installed package (no
 * sources, no esbuild: a devDependency) copies the same build that `npm run build` made into
 * dist/site-client/ (scripts/build.mjs, with the options below), with its list of files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';

import { packageRoot } from '../server/preview/client-bundle.js';
import { pageCoreChunk } from '../server/preview/page-core-chunk.js';

/** URL prefix of the client's files; the names carry their content hash. */
export const CLIENT_PREFIX = '/_jsont/';
const ENTRY = join('storefront', 'site-client.ts');
/** ENTRY as esbuild's metafile names it (relative to the package, forward slashes). */
const ENTRY_URL_PATH = 'storefront/site-client.ts';
/** Where `npm run build` leaves the prebuilt client, and its description. */
export const PREBUILT_DIR = join('dist', 'site-client');
export const PREBUILT_INDEX = 'client.json';

export interface ClientFile {
  /** File name (no folder): `site-client-ABCD1234.js`, `chunk-EFGH5678.js.map`. */
  name: string;
  bytes: Uint8Array;
}

export interface ProductionClient {
  files: ClientFile[];
  /** The entry's file name. */
  entry: string;
  /** The file names the entry imports statically, transitively (preloaded by every page). */
  preload: string[];
}

export function siteClientBuildOptions(root: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { 'site-client': join(root, ENTRY) },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // Each map is linked by the `SourceMap` header the servers send with its script, not by a
    // `//# sourceMappingURL=` line: ~1.3 KB of the widget code's gzip over its chunks.
    sourcemap: 'external',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    publicPath: CLIENT_PREFIX,
    outdir: join(root, PREBUILT_DIR),
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
    plugins: [pageCoreChunk()],
  };
}

/** The entry and its static imports (transitively), by file name, from esbuild's metafile. */
export function describeClient(metafile: Metafile): { entry: string; preload: string[] } {
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const outputs = metafile.outputs;
  // Dynamically imported chunks are entry points too: the client's is the one built from ENTRY.
  const entryPath = Object.keys(outputs).find(
    (path) => outputs[path]!.entryPoint === ENTRY_URL_PATH && path.endsWith('.js'),
  );
  if (entryPath === undefined) throw new Error('the client build has no entry');
  const preload: string[] = [];
  const pending = [entryPath];
  const seen = new Set(pending);
  while (pending.length > 0) {
    for (const imported of outputs[pending.pop()!]!.imports) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      preload.push(base(imported.path));
      pending.push(imported.path);
    }
  }
  return { entry: base(entryPath), preload: preload.sort() };
}

export async function productionClient(): Promise<ProductionClient> {
  const root = packageRoot();
  if (existsSync(join(root, ENTRY))) {
    let esbuild: typeof import('esbuild') | undefined;
    try {
      esbuild = await import('esbuild');
    } catch {
      // Sources without esbuild: use the prebuilt client below if there is one.
    }
    if (esbuild !== undefined) {
      const result = await esbuild.build({ ...siteClientBuildOptions(root), write: false });
      return {
        ...describeClient(result.metafile!),
        files: result.outputFiles!.map((file) => ({
          name: file.path.slice(file.path.lastIndexOf('/') + 1),
          bytes: file.contents,
        })),
      };
    }
  }
  const dir = join(root, PREBUILT_DIR);
  if (!existsSync(join(dir, PREBUILT_INDEX))) {
    throw new Error(`no client to build with: neither ${ENTRY} with esbuild nor ${dir}`);
  }
  const index = JSON.parse(readFileSync(join(dir, PREBUILT_INDEX), 'utf8')) as {
    entry: string;
    preload: string[];
  };
  return {
    entry: index.entry,
    preload: index.preload,
    files: readdirSync(dir)
      .filter((name) => name !== PREBUILT_INDEX)
      .map((name) => ({ name, bytes: readFileSync(join(dir, name)) })),
  };
}
