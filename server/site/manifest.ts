/**
 * What `jsont build` writes (manifest.json in the output folder) and createSiteHandler serves
 * from: the site's sources the renderer reads, every template and partial precompiled, and the
 * static files with their URLs. Plain JSON, so any runtime can load it.
 */
import type { ReactTemplate, Template } from '../../index.js';
import { ProblemError } from './files.js';
import { siteProblem } from './problems.js';
import { memoryReader, type SiteReader } from './reader.js';
import type { CompiledFile, UnitCompiler } from './units.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 1 as const;

export interface SiteManifest {
  format: typeof MANIFEST_FORMAT;
  /** Changes with every build whose output differs: part of every page's ETag. */
  buildId: string;
  /** site.json, data/, templates/ and partials/ by path (templates for code frames only). */
  files: Record<string, string>;
  /** Each template, partial and island unit compiled (and prepared for the browser when a page needs it). */
  units: Record<string, PrecompiledUnit>;
  client: {
    /** URL of the client's entry script. */
    entry: string;
    /** URLs of the scripts the entry imports statically (modulepreload in every page's head). */
    preload: string[];
  };
  /** Static files by URL path: the client's chunks and maps, and the site's assets/. */
  assets: Record<string, AssetEntry>;
}

export interface PrecompiledUnit {
  template: Template;
  prepared?: ReactTemplate;
}

export interface AssetEntry {
  /** Path in the build folder, read through the handler's readAsset. */
  file: string;
  type: string;
  /** Strong validator: the content's hash. */
  etag: string;
  /** Content-hashed name: cached for a year, never revalidated. */
  immutable: boolean;
  /** Precompressed copies beside the file (`file.br`, `file.gz`). */
  encodings: Array<'br' | 'gzip'>;
}

/** The reader and unit lookup a Site renders a built site with: no file system, no compiler. */
export function builtSiteSources(manifest: SiteManifest): {
  reader: SiteReader;
  compileUnit: UnitCompiler;
} {
  return {
    reader: memoryReader(manifest.files),
    compileUnit(text, file): CompiledFile {
      const unit = manifest.units[file];
      if (unit === undefined) {
        // A file the build did not see (not with a manifest `jsont build` wrote): a 500.
        throw new ProblemError(siteProblem(file, 'NOT_BUILT', `${file} is not in the build`));
      }
      return {
        file,
        text,
        template: unit.template,
        problems: [],
        ...(unit.prepared && { prepared: unit.prepared }),
      };
    },
  };
}
