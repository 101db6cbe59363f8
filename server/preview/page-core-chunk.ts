/**
 * An esbuild plugin for the storefront clients: the storefront code a page's entry loads, which
 * the chunks a page loads later use too, goes into one chunk instead of one per set of users.
 *
 * esbuild puts a module in a chunk per set of entry points (the page's entry and every dynamic
 * import) that reach it. The runtime, the product state, the cart store, the error texts… are
 * reached by the entry and by different sets of widget chunks, so each became a small chunk of its
 * own, and every chunk using them carried an import line per chunk: about a sixth of the widget
 * code's bytes (docs/benchmarks.md, "Storefront budgets"). A page has always run its entry's
 * static imports before any later chunk, so nothing loads earlier or more often when they are
 * one chunk. The plugin finds them with a first build (the storefront-only chunks the entry
 * imports statically: modules already in a chunk with other code add no chunk), then sends
 * every import of one of them from outside the group through one module that re-exports them
 * all, so every chunk that uses any of them reaches all of them, and esbuild makes one chunk.
 */
import { dirname, join, relative, sep } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';

/**
 * Small modules later chunks share that join the group too. Each was a chunk of its own (a few
 * hundred bytes), and every chunk using it carried an import line for it, which cost more than the
 * module: the cart texts and the quantity check every product page's widgets use, and the
 * forms' texts (the forms' controller, the additional-fields lightbox and the commerce client
 * use them; a form is on every page of the demo) (docs/benchmarks.md, "Storefront budgets").
 */
const SMALL_SHARED = [
  join('storefront', 'api', 'messages.ts'),
  join('storefront', 'state', 'messages.ts'),
  join('storefront', 'api', 'form-messages.ts'),
];

/** The module that re-exports the group (virtual: the plugin gives its text). */
const GROUP_MODULE = join('storefront', '.page-core.js');
const SKIP = 'page-core-chunk: resolve as usual';

export function pageCoreChunk(): Plugin {
  return {
    name: 'page-core-chunk',
    setup(build) {
      const options = build.initialOptions;
      const root = options.absWorkingDir ?? process.cwd();
      const groupPath = join(root, GROUP_MODULE);
      let group = new Set<string>();
      if (options.splitting !== true) return;

      build.onStart(async () => {
        const first = await build.esbuild.build({
          ...options,
          plugins: [],
          write: false,
          metafile: true,
          minify: false,
          sourcemap: false,
        });
        const files = [...entryStorefrontChunks(first.metafile), ...SMALL_SHARED];
        group = new Set(files.map((p) => join(root, p)));
      });

      build.onResolve({ filter: /^\.\.?\//, namespace: 'file' }, async (args) => {
        if (args.pluginData === SKIP || args.kind !== 'import-statement') return undefined;
        if (group.size < 2 || group.has(args.importer) || args.importer === groupPath) {
          return undefined;
        }
        const resolved = await build.resolve(args.path, {
          importer: args.importer,
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: SKIP,
        });
        return group.has(resolved.path) ? { path: groupPath } : undefined;
      });

      build.onLoad({ filter: /\.page-core\.js$/ }, (args) => {
        if (args.path !== groupPath) return undefined;
        const lines = [...group].map((file) => {
          const specifier = `./${relative(dirname(groupPath), file).split(sep).join('/')}`;
          return `export * from ${JSON.stringify(specifier)};`;
        });
        return { contents: lines.join('\n'), loader: 'js', resolveDir: dirname(groupPath) };
      });
    },
  };
}

/**
 * The inputs (relative to the working folder) of the chunks the entry imports statically whose
 * code is all storefront/'s.
 */
function entryStorefrontChunks(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const entries = Object.values(outputs).filter(
    (o) => o.entryPoint !== undefined && !isDynamicTarget(metafile, o.entryPoint),
  );
  const files = new Set<string>();
  for (const entry of entries) {
    for (const imported of entry.imports) {
      if (imported.kind !== 'import-statement') continue;
      const chunk = Object.entries(outputs).find(([path]) => path === imported.path)?.[1];
      const inputs = Object.keys(chunk?.inputs ?? {});
      if (inputs.length === 0 || !inputs.every((i) => i.startsWith('storefront/'))) continue;
      for (const input of inputs) files.add(input);
    }
  }
  return files;
}

/** Whether `input` is the target of a dynamic import (then its output is not a page's entry). */
function isDynamicTarget(metafile: Metafile, input: string): boolean {
  return Object.values(metafile.inputs).some((i) =>
    i.imports.some((imported) => imported.kind === 'dynamic-import' && imported.path === input),
  );
}
