/**
 * How the site renderer reads a site's sources (site.json, templates/, partials/, data/): through
 * a reader it is given, so that nothing below server/site/ touches a file system. The preview
 * passes one over node:fs (server/preview/fs-reader.ts); a built site passes one over the
 * manifest's files (memoryReader). Paths are relative to the site folder, with forward slashes.
 */
export interface SiteReader {
  /**
   * A value that changes whenever the file's content does (the preview: modification time and
   * size), or undefined when there is no such file. Cached derivations are keyed by it.
   */
  stamp(path: string): string | undefined;
  /** The file's text; called only after `stamp` found it. */
  read(path: string): string;
  /** Names of the files directly in `dir` (no folders), [] when there is no such folder. */
  list(dir: string): string[];
}

/** A reader over files held in memory (a built site's manifest); they never change. */
export function memoryReader(files: Readonly<Record<string, string>>): SiteReader {
  return {
    stamp: (path) => (Object.hasOwn(files, path) ? 'built' : undefined),
    read: (path) => files[path]!,
    list(dir) {
      const prefix = `${dir}/`;
      return Object.keys(files)
        .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
        .map((path) => path.slice(prefix.length));
    },
  };
}
