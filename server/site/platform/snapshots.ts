/**
 * Snapshots (docs/developer-platform.md, "Snapshots"): the platform's `?format=json` output of a
 * page saved under snapshots/, one file per route: `/` is snapshots/index.json, `/blog` is
 * snapshots/blog.json, `/blog/first-post` is snapshots/blog/first-post.json. A collection's
 * snapshot gives its record and items; a page's snapshot is its whole data.
 */
import { isRec, readConf } from './model.js';
import type { FolderReader } from './reader.js';

type Rec = Record<string, unknown>;

export const SNAPSHOT_DIR = 'snapshots';
/**
 * The data every page gets, under its page's own (`website`, `websiteSettings`, the
 * localized strings: what every `?format=json` of a site carries). Not a route: `_` starts it.
 */
export const SITE_SNAPSHOT = '_site.json';

export function snapshotFile(route: string): string {
  const path = route.replace(/\/+$/, '');
  return `${SNAPSHOT_DIR}/${path === '' ? 'index' : path.slice(1)}.json`;
}

/** The snapshot of `route`, or undefined; a broken file throws PlatformFileError. */
export function readSnapshot(reader: FolderReader, route: string): Rec | undefined {
  if (!/^\/[\w\-/]*$/.test(route) || route.includes('//')) return undefined;
  const file = snapshotFile(route);
  if (reader.read(file) === undefined) return undefined;
  const value = readConf(reader, file);
  return isRec(value) ? value : undefined;
}

/** snapshots/_site.json, or an empty object; a broken file throws PlatformFileError. */
export function readSiteSnapshot(reader: FolderReader): Rec {
  const file = `${SNAPSHOT_DIR}/${SITE_SNAPSHOT}`;
  return reader.read(file) === undefined ? {} : readConf(reader, file);
}
