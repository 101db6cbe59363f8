/**
 * How the platform site reads its folder: through the site's injected SiteReader (nothing
 * here touches a file system), seen as "the text or undefined". Paths that could leave the
 * folder (`..` segments, absolute paths) read as absent.
 */
import type { SiteReader } from '../reader.js';

export interface FolderReader {
  /** The text of the file at `path` (relative, forward slashes), or undefined when absent. */
  read(path: string): string | undefined;
  /** The file names (not folders) directly in `dir` ('' = the root), sorted; [] when absent. */
  list(dir: string): string[];
}

const inside = (path: string) =>
  path !== '' && !path.startsWith('/') && !path.split(/[/\\]/).some((part) => part === '..');

export function folderReaderOf(reader: SiteReader): FolderReader {
  return {
    read: (path) =>
      inside(path) && reader.stamp(path) !== undefined ? reader.read(path) : undefined,
    list: (dir) =>
      dir === '' || inside(dir)
        ? reader
            .list(dir === '' ? '.' : dir)
            .filter((name) => !name.startsWith('.'))
            .sort()
        : [],
  };
}
