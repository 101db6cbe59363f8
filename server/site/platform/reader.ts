/**
 * How the platform site reads its folder: injected, so nothing here touches the file system
 * (the node reader is server/preview/folder-reader.ts; tests pass an in-memory one).
 */
export interface FolderReader {
  /** The text of the file at `path` (relative, forward slashes), or undefined when absent. */
  read(path: string): string | undefined;
  /** The file names (not folders) directly in `dir` ('' = the root), sorted; [] when absent. */
  list(dir: string): string[];
}

/** A reader over a map of path -> text (tests, snapshots of a folder). */
export function memoryReader(files: Record<string, string>): FolderReader {
  return {
    read: (path) => (Object.hasOwn(files, path) ? files[path] : undefined),
    list: (dir) => {
      const prefix = dir === '' ? '' : `${dir}/`;
      return Object.keys(files)
        .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
        .map((p) => p.slice(prefix.length))
        .sort();
    },
  };
}
