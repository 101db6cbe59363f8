/**
 * `jsont build <site> [--out dir]`: the published form of a site folder (docs/publishing.md).
 * Every template and partial is compiled once and checked (errors fail the build with
 * file:line:col), every page is rendered once (so a missing partial fails here, not on a
 * visitor), the production client is bundled, static files are precompressed, and manifest.json
 * describes it all for the site handler that `jsont serve` runs.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

import { fsReader } from '../server/preview/fs-reader.js';
import { compileFile } from '../server/site/compile-unit.js';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type AssetEntry,
  type PrecompiledUnit,
  type SiteManifest,
} from '../server/site/manifest.js';
import { formatProblems, type SiteProblem } from '../server/site/problems.js';
import { islandUnitName, Site } from '../server/site/site.js';
import type { CompiledFile } from '../server/site/units.js';
import { parseCommandArgs, stringOption, type Command } from './args.js';
import { CliInputError, EXIT_OK, EXIT_TEMPLATE_ERRORS, resolvePath, type CliIO } from './io.js';
import { plural } from './report.js';
import { CLIENT_PREFIX, productionClient, type ProductionClient } from './site-client.js';
import {
  listFiles,
  readBytes,
  sha256,
  sizeTable,
  writeAsset,
  type ChunkSize,
} from './site-output.js';

export const DEFAULT_OUT = 'build';

const HELP = `Usage: jsont build <site> [options]

Builds the site folder <site> for publishing: compiles and checks every template and partial
(errors are printed with file:line:col and fail the build), renders every page once, bundles the
production client (content-hashed, minified, code-split chunks with source maps), precompresses
the static files (brotli and gzip) and writes manifest.json. Serve the result with
\`jsont serve <out>\`.

Options:
      --out <dir>   output folder (default: ./${DEFAULT_OUT}); replaced if it holds an earlier
                    build, refused if it holds anything else
  -h, --help        show this help`;

export const buildCommand: Command = {
  name: 'build',
  summary: 'build a site folder for publishing (jsont serve runs the result)',
  help: HELP,
  async run(argv, io) {
    const args = parseCommandArgs(
      argv,
      { out: { type: 'string' } },
      { min: 1, max: 1, what: 'site folder' },
      HELP,
      io,
    );
    if (args === null) return EXIT_OK;
    const root = resolvePath(io, args.positionals[0]!);
    if (!existsSync(join(root, 'site.json'))) {
      throw new CliInputError(`${args.positionals[0]} has no site.json`, HELP);
    }
    const out = resolvePath(io, stringOption(args, 'out') ?? DEFAULT_OUT);
    return buildSite(root, out, io);
  },
};

export interface BuildSiteOptions {
  /** The client to ship (tests pass a small one instead of bundling the real one). */
  client?: () => Promise<ProductionClient>;
}

export async function buildSite(
  root: string,
  out: string,
  io: CliIO,
  options: BuildSiteOptions = {},
): Promise<number> {
  const progress = (line: string) => io.stdout.write(`build: ${line}\n`);
  const fail = (problems: SiteProblem[], stage: string) => {
    io.stderr.write(`${formatProblems(problems)}\n\n`);
    io.stderr.write(
      `jsont build: ${plural(problems.length, 'problem')} ${stage}; nothing written\n`,
    );
    return EXIT_TEMPLATE_ERRORS;
  };

  // Compiled once each: the site compiles through this map, and so does everything below.
  const units = new Map<string, CompiledFile>();
  const compileUnit = (text: string, file: string): CompiledFile => {
    let unit = units.get(file);
    if (unit === undefined) {
      unit = compileFile(text, file);
      units.set(file, unit);
    }
    return unit;
  };
  const reader = fsReader(root);
  const site = new Site(reader, { compileUnit });
  const problems = site.check();
  if (problems.length > 0) return fail(problems, 'in the site');
  const config = site.config();
  for (const dir of ['templates', 'partials']) {
    for (const name of reader.list(dir).filter((n) => !n.startsWith('.'))) {
      const unit = compileUnit(reader.read(`${dir}/${name}`), `${dir}/${name}`);
      problems.push(...unit.problems);
    }
  }
  for (const [id, partial] of Object.entries(config.islands)) {
    compileUnit(`{@|apply ${partial}}`, islandUnitName(id));
  }
  if (problems.length > 0) return fail(problems, 'in the templates');
  const templateCount = [...units.keys()].filter((f) => f.startsWith('templates/')).length;
  const partialCount = [...units.keys()].filter((f) => f.startsWith('partials/')).length;
  progress(`compiled ${plural(templateCount, 'template')} and ${plural(partialCount, 'partial')}`);

  // Rendering every page also prepares each page's template for the browser (unit.prepared)
  // and makes its code, which navigations in the browser fetch (/__jsont/code/<hash>.json).
  const urls = site.urls();
  const pageCodes = new Map<string, string>();
  for (const url of urls) {
    const outcome = site.render({ pathname: url });
    if (outcome.status === 500) problems.push(...outcome.problems);
    else if (outcome.html !== undefined && outcome.code !== undefined) {
      pageCodes.set(outcome.code.path, outcome.code.text);
    }
  }
  if (problems.length > 0) return fail(problems, 'rendering the pages');
  progress(`rendered ${plural(urls.length, 'page')}`);

  const client = await (options.client ?? productionClient)();
  progress(
    `bundled the client: ${plural(client.files.filter((f) => f.name.endsWith('.js')).length, 'script')}`,
  );

  prepareOutput(out);
  const assets: Record<string, AssetEntry> = {};
  const chunks: ChunkSize[] = [];
  const firstLoad = new Set([client.entry, ...client.preload]);
  for (const file of client.files) {
    const url = `${CLIENT_PREFIX}${file.name}`;
    assets[url] = writeAsset(out, url.slice(1), file.bytes, true);
    if (file.name.endsWith('.js')) {
      chunks.push({
        name: file.name,
        min: file.bytes.length,
        gzip: gzipSync(file.bytes, { level: 9 }).length,
        firstLoad: firstLoad.has(file.name),
      });
    }
  }
  for (const rel of listFiles(join(root, 'assets'))) {
    assets[`/assets/${rel}`] = writeAsset(
      out,
      `assets/${rel}`,
      readBytes(join(root, 'assets', rel)),
      false,
    );
  }
  for (const [path, text] of pageCodes) {
    assets[path] = writeAsset(out, path.slice(1), new TextEncoder().encode(text), true);
  }
  // Browsers ask for /favicon.ico on their own; a site keeps it with its other assets.
  const favicon = assets['/assets/favicon.ico'];
  if (favicon !== undefined) assets['/favicon.ico'] = favicon;
  const compressed = Object.values(assets).filter((a) => a.encodings.length > 0).length;
  progress(
    `wrote ${plural(Object.keys(assets).length, 'static file')} (${plural(pageCodes.size, 'page code')}), ${compressed} precompressed (brotli, gzip)`,
  );

  const files: Record<string, string> = { 'site.json': reader.read('site.json') };
  for (const rel of listFiles(join(root, 'data'))) {
    // The preview's site-user accounts (passwords) stay out of a published site.
    if (`data/${rel}` !== config.siteUsers) files[`data/${rel}`] = reader.read(`data/${rel}`);
  }
  for (const [file, unit] of units) if (!file.startsWith('site.json')) files[file] = unit.text;
  const precompiled: Record<string, PrecompiledUnit> = {};
  for (const [file, unit] of units) {
    // Only the JSON code tree: the compile's location table is keyed by object identity.
    precompiled[file] = {
      template: { code: unit.template.code, errors: [] },
      ...(unit.prepared && { prepared: unit.prepared }),
    };
  }
  const body = {
    format: MANIFEST_FORMAT,
    files,
    units: precompiled,
    client: {
      entry: `${CLIENT_PREFIX}${client.entry}`,
      preload: client.preload.map((name) => `${CLIENT_PREFIX}${name}`),
    },
    assets,
  };
  const manifest: SiteManifest = { buildId: sha256(JSON.stringify(body)).slice(0, 16), ...body };
  const text = JSON.stringify(manifest);
  writeFileSync(join(out, MANIFEST_FILE), text);
  progress(
    `wrote ${MANIFEST_FILE} (${(text.length / 1024).toFixed(1)} KB, build ${manifest.buildId})`,
  );
  io.stdout.write(
    `\n${sizeTable(chunks)}\n\nBuilt ${root} into ${out}. Serve it with: jsont serve ${out}\n`,
  );
  return EXIT_OK;
}

/** Empties `out` when it holds an earlier build (or nothing); anything else is refused. */
function prepareOutput(out: string): void {
  if (existsSync(out)) {
    const entries = readdirSync(out);
    if (entries.length > 0 && !entries.includes(MANIFEST_FILE)) {
      throw new CliInputError(
        `${out} is not empty and holds no earlier build (no ${MANIFEST_FILE}); choose another --out`,
      );
    }
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
}
