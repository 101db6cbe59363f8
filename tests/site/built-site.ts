/**
 * The demo store built as `jsont build` builds it, with a small stand-in client instead of the
 * bundled one (bundling takes seconds; the handler only names and serves the client's files).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { buildSite } from '../../cli/build-site.js';
import type { ProductionClient } from '../../cli/site-client.js';
import { catalogFromItems } from '../../server/commerce/catalog.js';
import { startCommerceOrigin, type CommerceOrigin } from '../../server/commerce/origin.js';
import { builtSiteSources, MANIFEST_FILE, type SiteManifest } from '../../server/site/manifest.js';
import { Site } from '../../server/site/site.js';
import { captureIO } from '../cli/helpers.js';

export const DEMO_SITE = resolve(import.meta.dirname, '../../fixtures/site');

const encoder = new TextEncoder();
/** Long enough to be precompressed (the build skips files under 256 bytes). */
const ENTRY_TEXT = `import "/_jsont/chunk-STATIC.js";\n${'// the stand-in client\n'.repeat(20)}`;
export const TEST_CLIENT: ProductionClient = {
  entry: 'site-client-TEST.js',
  preload: ['chunk-STATIC.js'],
  files: [
    { name: 'site-client-TEST.js', bytes: encoder.encode(ENTRY_TEXT) },
    // The entry's source map (esbuild writes one per script; the stand-in chunks go without).
    {
      name: 'site-client-TEST.js.map',
      bytes: encoder.encode('{"version":3,"sources":[],"mappings":""}'),
    },
    { name: 'chunk-STATIC.js', bytes: encoder.encode('export const ready = true;\n') },
    { name: 'chunk-LAZY.js', bytes: encoder.encode('export const later = true;\n') },
  ],
};
export const ENTRY_BYTES = ENTRY_TEXT;

export interface BuiltDemo {
  dir: string;
  manifest: SiteManifest;
  stdout: string;
  dispose(): void;
}

/** Builds the demo store into a fresh temporary folder. */
export async function buildDemo(): Promise<BuiltDemo> {
  const dir = join(mkdtempSync(join(tmpdir(), 'jsont-built-')), 'out');
  const io = captureIO(process.cwd());
  const code = await buildSite(DEMO_SITE, dir, io, { client: async () => TEST_CLIENT });
  if (code !== 0) throw new Error(`build failed:\n${io.err()}`);
  return {
    dir,
    manifest: JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SiteManifest,
    stdout: io.out(),
    dispose: () => rmSync(resolve(dir, '..'), { recursive: true, force: true }),
  };
}

/** The SQLite commerce origin on loopback, over the built site's catalog (as `jsont serve`). */
export function startDemoCommerce(manifest: SiteManifest): Promise<CommerceOrigin> {
  const { reader, compileUnit } = builtSiteSources(manifest);
  const site = new Site(reader, { compileUnit });
  return startCommerceOrigin({
    dbFile: ':memory:',
    catalog: catalogFromItems(site.allItems(), { forms: site.forms() }),
  });
}
