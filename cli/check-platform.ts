/**
 * `jsont check <template-folder>` for a developer-platform folder (one with template.conf):
 * the preview's own check (server/site/platform) — .conf files, every layout, list, item, page
 * and block compiled with the squarespace: tags rewritten, unknown tags (warnings) — and the
 * stylesheets compiled with LESS. Each problem is printed with file:line:col and a code frame.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { fsReader } from '../server/preview/fs-reader.js';
import { compileStyles } from '../server/preview/platform-styles.js';
import { isPlatformWarning, PlatformSite } from '../server/site/platform/platform-site.js';
import { folderReaderOf } from '../server/site/platform/reader.js';
import type { SiteProblem } from '../server/site/problems.js';
import { resolvePath, type CliIO } from './io.js';

/** True when `path` is a folder holding template.conf. */
export function isPlatformFolder(io: CliIO, path: string): boolean {
  const dir = resolvePath(io, path);
  try {
    return statSync(dir).isDirectory() && existsSync(join(dir, 'template.conf'));
  } catch {
    return false;
  }
}

export interface PlatformCheckCounts {
  errors: number;
  warnings: number;
  files: number;
}

export async function checkPlatformFolder(io: CliIO, path: string): Promise<PlatformCheckCounts> {
  const dir = resolvePath(io, path);
  const reader = folderReaderOf(fsReader(dir));
  const site = new PlatformSite(reader);
  const problems: SiteProblem[] = site.check();
  if (!problems.some((p) => p.code === 'JSON_SYNTAX' || p.code === 'DATA_SHAPE')) {
    problems.push(...(await compileStyles(reader, site.model())).problems);
  }
  if (problems.length > 0) io.stderr.write(`${path} (developer-platform template folder):\n`);
  for (const p of problems) io.stderr.write(`${p.frame}\n\n`);
  // Unknown tags and partials are warnings: the page still renders.
  const warnings = problems.filter(isPlatformWarning).length;
  const files = new Set(problems.map((p) => p.file)).size;
  return { errors: problems.length - warnings, warnings, files };
}
