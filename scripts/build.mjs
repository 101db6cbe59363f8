/* global process, console */
// Builds the published package into dist/ (docs/architecture.md, "Public API"):
//   dist/index.js       ESM bundle of index.ts (platform node, dependencies left external)
//   dist/cli/main.js    the `jsont` binary: shebang, executable, imports ../index.js
//   dist/browser.js     `jsont-react/browser`: hydration runtime (no compiler; packages external)
//   dist/client/__client.js        browser script of `jsont preview` and its chunks (used when sources are absent)
//   dist/site-client/  the production client `jsont build` ships (content-hashed chunks, maps,
//                      client.json naming the entry and its static imports), for installs
//                      without sources or esbuild
//   dist/**/*.d.ts      declarations of the public API (tsc -p tsconfig.build.json)
// `--outdir DIR` builds elsewhere (the build test uses a folder under node_modules/.cache).
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const dist = resolve(root, values.outdir ?? 'dist');
const rootIndex = join(root, 'index.ts');

/** Shared esbuild settings: one ESM file per entry, npm packages imported at run time. */
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * The CLI imports the library through the root index; resolve that import to the built
 * dist/index.js instead of bundling the engine a second time.
 */
const libraryAsExternal = {
  name: 'library-as-external',
  setup(b) {
    b.onResolve({ filter: /(^|\/)index\.js$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return target === rootIndex ? { path: '../index.js', external: true } : undefined;
    });
  },
};

rmSync(dist, { recursive: true, force: true });

await build({ ...common, entryPoints: [rootIndex], outfile: join(dist, 'index.js') });

await build({
  ...common,
  entryPoints: [join(root, 'cli', 'main.ts')],
  outfile: join(dist, 'cli', 'main.js'),
  banner: { js: '#!/usr/bin/env node' },
  plugins: [libraryAsExternal],
});
chmodSync(join(dist, 'cli', 'main.js'), 0o755);

await build({
  ...common,
  platform: 'browser',
  target: 'es2020',
  entryPoints: [join(root, 'react-renderer', 'browser.ts')],
  outfile: join(dist, 'browser.js'),
});

// The options of the clients' builds live in .ts modules: bundled for the moment and imported,
// so these builds use the same options (and chunking plugin) as builds from sources.
const optionsModule = join(dist, '.site-client-options.mjs');
await build({
  ...common,
  stdin: {
    contents: [
      "export * from './cli/site-client.ts';",
      "export { clientBuildOptions } from './server/preview/client-bundle.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  outfile: optionsModule,
  sourcemap: false,
});
const siteClient = await import(pathToFileURL(optionsModule).href);
rmSync(optionsModule);

// The preview client: an entry, its chunks (the storefront widgets among them) and source
// maps, built as the site server builds it from sources (clientBuildOptions).
await build({
  ...siteClient.clientBuildOptions('production', root),
  outdir: join(dist, 'client'),
  logLevel: 'warning',
});

const siteClientDir = join(dist, 'site-client');
const siteClientBuild = await build({
  ...siteClient.siteClientBuildOptions(root),
  outdir: siteClientDir,
  logLevel: 'warning',
});
writeFileSync(
  join(siteClientDir, siteClient.PREBUILT_INDEX),
  JSON.stringify(siteClient.describeClient(siteClientBuild.metafile)),
);

// Declarations only; esbuild does not type-check, so this is also the build's type gate.
execFileSync(
  process.execPath,
  [
    join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(root, 'tsconfig.build.json'),
    '--outDir',
    dist,
  ],
  { stdio: 'inherit', cwd: root },
);

const shown = relative(root, dist) || '.';
console.log(
  `build: ${shown}/index.js, ${shown}/cli/main.js, ${shown}/browser.js, ${shown}/client/__client.js, ${shown}/site-client/, ${shown}/index.d.ts`,
);
