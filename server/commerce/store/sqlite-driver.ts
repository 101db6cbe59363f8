/**
 * Loads better-sqlite3, the preview server's native SQLite module, when a store is first opened.
 * It is an optional dependency: `compile`/`render` (and the CLI's other commands) never load it,
 * so a library user's install does not need a native build. npm installs optional dependencies
 * by default; when it is missing (`--omit=optional`, or its native build failed) opening a store
 * fails with SQLITE_MISSING instead of a module-resolution stack.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDriver = typeof BetterSqlite3;

/** What `jsont preview` prints when better-sqlite3 is not installed. */
export const SQLITE_MISSING = 'jsont preview needs better-sqlite3: npm install better-sqlite3';

export class SqliteMissingError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(SQLITE_MISSING, options);
    this.name = 'SqliteMissingError';
  }
}

/** The subset of `require` the loader uses (tests pass one that fails to resolve). */
export interface ModuleLoader {
  resolve(id: string): string;
  (id: string): unknown;
}

/**
 * better-sqlite3 is CommonJS, and `require` keeps opening a store synchronous (the site server
 * and its tests create it without awaiting anything). Only a failure to find the package itself
 * becomes SqliteMissingError; a package that is present but broken reports its own error.
 */
export function loadSqliteDriver(
  load: ModuleLoader = createRequire(import.meta.url),
): SqliteDriver {
  try {
    load.resolve('better-sqlite3');
  } catch (err) {
    throw new SqliteMissingError({ cause: err });
  }
  return load('better-sqlite3') as SqliteDriver;
}
