/**
 * The FolderReader of a folder on disk, for the developer-platform site (server/site/platform):
 * paths are relative with forward slashes and never leave the folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

import type { FolderReader } from '../site/platform/reader.js';

export function folderReader(root: string): FolderReader {
  const base = resolve(root);
  const inside = (path: string): string | undefined => {
    const abs = resolve(base, ...path.split('/'));
    return abs === base || abs.startsWith(base + sep) ? abs : undefined;
  };
  return {
    read(path) {
      const abs = inside(path);
      if (abs === undefined) return undefined;
      try {
        return readFileSync(abs, 'utf8');
      } catch {
        return undefined;
      }
    },
    list(dir) {
      const abs = dir === '' ? base : inside(dir);
      if (abs === undefined) return [];
      try {
        return readdirSync(join(abs), { withFileTypes: true })
          .filter((e) => e.isFile() && !e.name.startsWith('.'))
          .map((e) => e.name)
          .sort();
      } catch {
        return [];
      }
    },
  };
}
