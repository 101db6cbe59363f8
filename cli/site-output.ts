/**
 * The files `jsont build` writes besides the manifest's sources: static files with their
 * content hash, precompressed copies (brotli and gzip, kept only when smaller), and the size
 * table of the client's scripts against the page budget of docs/benchmarks.md.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { AssetEntry } from '../server/site/manifest.js';

export const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.css', '.js', '.map', '.json', '.svg', '.txt', '.html']);
/** Smaller files gain less than the extra request header costs. */
const MIN_COMPRESS_BYTES = 256;

export const sha256 = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * Writes `bytes` at `out/file` with its precompressed copies; returns its manifest entry.
 * `immutable` for content-hashed names.
 */
export function writeAsset(
  out: string,
  file: string,
  bytes: Uint8Array,
  immutable: boolean,
): AssetEntry {
  const path = join(out, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  const ext = extname(file).toLowerCase();
  const encodings: AssetEntry['encodings'] = [];
  if (COMPRESSIBLE.has(ext) && bytes.length >= MIN_COMPRESS_BYTES) {
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    if (br.length < bytes.length) {
      writeFileSync(`${path}.br`, br);
      encodings.push('br');
    }
    const gz = gzipSync(bytes, { level: 9 });
    if (gz.length < bytes.length) {
      writeFileSync(`${path}.gz`, gz);
      encodings.push('gzip');
    }
  }
  return {
    file,
    type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    etag: `"${sha256(bytes).slice(0, 32)}"`,
    immutable,
    encodings,
  };
}

/** Every file under `dir`, as paths relative to it with forward slashes (dotfiles skipped). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(join(dir, rel));
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue;
      const path = rel === '' ? name : `${rel}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out;
}

export const readBytes = (path: string): Uint8Array => readFileSync(path);

/**
 * A product page's JavaScript, min+gzip (docs/benchmarks.md: the bytes target is 160 KB for a
 * product page, React, widgets and the commerce client included).
 */
export const PAGE_SCRIPT_BUDGET = 160 * 1024;

export interface ChunkSize {
  name: string;
  min: number;
  gzip: number;
  /** Loaded by every page (the entry and its static imports). */
  firstLoad: boolean;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The size table printed at the end of `jsont build`. */
export function sizeTable(chunks: readonly ChunkSize[]): string {
  const width = Math.max(5, ...chunks.map((c) => c.name.length));
  const row = (name: string, min: string, gzip: string, note = '') =>
    `  ${name.padEnd(width)}  ${min.padStart(10)}  ${gzip.padStart(10)}${note ? `  ${note}` : ''}`;
  const lines = [row('chunk', 'min', 'min+gzip')];
  for (const c of chunks) {
    lines.push(row(c.name, kb(c.min), kb(c.gzip), c.firstLoad ? 'every page' : 'on demand'));
  }
  const first = chunks.filter((c) => c.firstLoad);
  const sum = (list: readonly ChunkSize[], key: 'min' | 'gzip') =>
    list.reduce((total, c) => total + c[key], 0);
  lines.push(row('every page', kb(sum(first, 'min')), kb(sum(first, 'gzip'))));
  const all = sum(chunks, 'gzip');
  const verdict = all <= PAGE_SCRIPT_BUDGET ? 'within' : 'OVER';
  lines.push(
    row(
      'all scripts',
      kb(sum(chunks, 'min')),
      kb(all),
      `${verdict} the ${kb(PAGE_SCRIPT_BUDGET)} page budget (docs/benchmarks.md)`,
    ),
  );
  return lines.join('\n');
}
