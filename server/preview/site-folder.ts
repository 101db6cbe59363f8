/** A site folder on disk as the preview renders it: read through node:fs, compiled on demand. */
import { compileFile } from '../site/compile-unit.js';
import { Site, type SiteOptions } from '../site/site.js';
import { fsReader } from './fs-reader.js';

export function siteFolder(root: string, options: Omit<SiteOptions, 'compileUnit'> = {}): Site {
  return new Site(fsReader(root), { ...options, compileUnit: compileFile });
}
