/**
 * The preview's SiteReader over node:fs: stamps are modification time and size, so a request
 * costs a stat per file and a save is picked up on the next request even if the watcher missed
 * it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { SiteReader } from '../site/reader.js';

export function fsReader(root: string): SiteReader {
  return {
    stamp(path) {
      try {
        const st = statSync(join(root, path));
        return st.isFile() ? `${st.mtimeMs}:${st.size}` : undefined;
      } catch {
        return undefined;
      }
    },
    read: (path) => readFileSync(join(root, path), 'utf8'),
    list(dir) {
      try {
        return readdirSync(join(root, dir), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name);
      } catch {
        return [];
      }
    },
  };
}
