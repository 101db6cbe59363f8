/**
 * Browser runtime bundle size (docs/architecture.md, "Compile once, run anywhere"): bundles
 * bench/bundle-entry.ts with esbuild in memory (browser, ESM, React left external), gzips the
 * minified output at level 9 and compares it with the 60 KB budget, which includes date-fns-tz
 * and intl-messageformat. It also lists what costs the bytes — the largest modules and the total
 * per package or source folder — so a regression can be traced to its dependency.
 *
 * A bundle that contains the compiler (chevrotain, engine/lexer|parser|compile…) or bundles React
 * (the React renderer imports it, but the import must stay external: the page loads React) is an
 * error, not a measurement: the run fails loudly.
 *
 *   npm run bench -- --only bundle      as part of the bench
 *   npx tsx bench/bundle-size.ts        on its own
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

import type { BenchSuite, SuiteReport } from './suite.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The entry measured by default: executor + formatters + predicates. */
export const BUNDLE_ENTRY = 'bench/bundle-entry.ts';

/** 60 KB, in KB of 1024 bytes (esbuild's unit too). */
export const BUDGET_BYTES = 60 * 1024;

/** Packages the page provides itself; they stay imports in the bundle. */
const EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/** Modules that must never reach the browser runtime, each with the reason. */
const FORBIDDEN: ReadonlyArray<readonly [pattern: RegExp, reason: string]> = [
  [/(^|\/)node_modules\/(chevrotain|@chevrotain\/[^/]+)\//, 'the compiler’s lexer (chevrotain)'],
  [/^engine\/(lexer|parser|tag-parser|tag-scan|assembler|compile)\.ts$/, 'a compiler stage'],
  [/(^|\/)node_modules\/(react|react-dom|scheduler)\//, 'React'],
  [
    /(^|\/)node_modules\/entities\/|^react-renderer\/html\/named-references\.ts$/,
    'the whole character reference table (the browser decodes with its own parser: package.json "browser")',
  ],
];

export interface BuiltBundle {
  code: Uint8Array;
  metafile: Metafile;
}

/** Bundles `entry` (a repository-relative path) the way a page would load it; nothing is written. */
export async function buildBundle(options: {
  minify: boolean;
  entry?: string;
}): Promise<BuiltBundle> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [options.entry ?? BUNDLE_ENTRY],
    bundle: true,
    write: false,
    outfile: 'bundle.js',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify,
    metafile: true,
    external: EXTERNAL,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const output = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (output === undefined) throw new Error('esbuild produced no JavaScript output');
  return { code: output.contents, metafile: result.metafile };
}

/**
 * Every module of the bundle's import graph that must not be there, as `path (reason)`: bundled
 * inputs and also the imports left external (so an external import of the compiler is caught;
 * React, imported by the React renderer, matches only when bundled).
 */
export function forbiddenModules(metafile: Metafile): string[] {
  const paths = new Set<string>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    paths.add(path);
    for (const imported of input.imports) paths.add(imported.path);
  }
  const found: string[] = [];
  for (const path of [...paths].sort()) {
    const hit = FORBIDDEN.find(([pattern]) => pattern.test(path));
    if (hit !== undefined) found.push(`${path} (${hit[1]})`);
  }
  return found;
}

/** The package a bundled path belongs to, or its top-level source folder. */
function groupOf(path: string): string {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (match) return match[1]!;
  if (path.startsWith('formatters/templates/')) return 'formatters/templates (built-in code)';
  const slash = path.indexOf('/');
  return slash < 0 ? path : `${path.slice(0, slash)}/`;
}

export interface Contributor {
  name: string;
  /** Bytes this module or group adds to the minified (not gzipped) bundle. */
  minBytes: number;
}

export interface BundleSize {
  rawBytes: number;
  minBytes: number;
  gzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
  /** Largest modules first. */
  modules: Contributor[];
  /** Per npm package or source folder, largest first. */
  groups: Contributor[];
}

function contributors(metafile: Metafile): { modules: Contributor[]; groups: Contributor[] } {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  const inputs = Object.entries(output?.inputs ?? {});
  const modules = inputs.map(([name, input]) => ({ name, minBytes: input.bytesInOutput }));
  const byGroup = new Map<string, number>();
  for (const m of modules)
    byGroup.set(groupOf(m.name), (byGroup.get(groupOf(m.name)) ?? 0) + m.minBytes);
  // Zero-byte groups are the entry itself and packages tree-shaken away entirely.
  const groups = [...byGroup]
    .filter(([, minBytes]) => minBytes > 0)
    .map(([name, minBytes]) => ({ name, minBytes }));
  const largestFirst = (a: Contributor, b: Contributor): number => b.minBytes - a.minBytes;
  return { modules: modules.sort(largestFirst), groups: groups.sort(largestFirst) };
}

/** Builds the runtime bundle twice (plain and minified) and measures it. Throws on a forbidden module. */
export async function measureBundle(): Promise<BundleSize> {
  const [raw, min] = await Promise.all([
    buildBundle({ minify: false }),
    buildBundle({ minify: true }),
  ]);
  const forbidden = forbiddenModules(raw.metafile);
  if (forbidden.length > 0) {
    throw new Error(
      `The browser runtime bundle pulls in modules that must stay on the server or on the page:\n  ${forbidden.join('\n  ')}\n` +
        'Follow the imports from bench/bundle-entry.ts (esbuild --analyze) to find the edge that brings them in.',
    );
  }
  const gzipBytes = gzipSync(min.code, { level: constants.Z_BEST_COMPRESSION }).length;
  return {
    rawBytes: raw.code.length,
    minBytes: min.code.length,
    gzipBytes,
    budgetBytes: BUDGET_BYTES,
    withinBudget: gzipBytes <= BUDGET_BYTES,
    ...contributors(min.metafile),
  };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const TOP_MODULES = 15;

export function bundleReport(size: BundleSize): SuiteReport {
  const share = (bytes: number): string => `${((100 * bytes) / size.minBytes).toFixed(1)}%`;
  const verdict = size.withinBudget
    ? `within the ${kb(size.budgetBytes)} budget (${kb(size.budgetBytes - size.gzipBytes)} to spare)`
    : `OVER THE ${kb(size.budgetBytes)} BUDGET by ${kb(size.gzipBytes - size.budgetBytes)}: see the packages and modules above`;
  return {
    title:
      'Browser runtime bundle: executor + formatters + predicates + react-renderer (no compiler, React external)',
    columns: ['largest modules (minified)', 'bytes', 'share'],
    rows: size.modules
      .slice(0, TOP_MODULES)
      .map((m) => [m.name, String(m.minBytes), share(m.minBytes)]),
    summary: [
      `by package / folder: ${size.groups.map((g) => `${g.name} ${kb(g.minBytes)}`).join(', ')}`,
      `raw ${kb(size.rawBytes)}, minified ${kb(size.minBytes)}, minified + gzip -9 ${kb(size.gzipBytes)} (${size.gzipBytes} bytes)`,
      `gzip size ${verdict}`,
    ],
    data: size,
    markdown: [
      '| browser runtime | raw | minified | min + gzip | budget |',
      '|---|---:|---:|---:|---:|',
      `| executor + formatters + predicates | ${kb(size.rawBytes)} | ${kb(size.minBytes)} | **${kb(size.gzipBytes)}** | ${kb(size.budgetBytes)} |`,
    ].join('\n'),
  };
}

/** `npm run bench -- --only bundle`. Timing options do not apply: sizes are exact. */
export const bundleSuite: BenchSuite = {
  name: 'bundle',
  run: async () => bundleReport(await measureBundle()),
};

// Compared by name: inside the bench bundle import.meta.url is the bundle, not this file.
if (process.argv[1]?.endsWith('bundle-size.ts')) {
  const report = bundleReport(await measureBundle());
  console.log(report.title);
  for (const row of report.rows)
    console.log(`  ${row[1]!.padStart(7)}  ${row[2]!.padStart(6)}  ${row[0]}`);
  for (const line of report.summary) console.log(line);
}
