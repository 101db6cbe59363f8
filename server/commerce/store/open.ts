/**
 * Opens the preview's SQLite store and brings its schema up to date. Files use WAL so page
 * renders can read while an API call writes; `:memory:` is for tests. The SQLite module is loaded
 * here, on first use, not when the module is imported (see sqlite-driver.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';
import { loadSqliteDriver } from './sqlite-driver.js';

export type { Database } from 'better-sqlite3';

export function openStore(file: string | ':memory:'): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const BetterSqlite3 = loadSqliteDriver();
  const db = new BetterSqlite3(file);
  // A second preview process on the same file waits for the writer instead of failing; set
  // first, as switching to WAL and migrating take locks too. Writes that read first begin
  // IMMEDIATE (CartStore.transaction) so the wait covers them.
  db.pragma('busy_timeout = 5000');
  // SQLite answers SQLITE_BUSY at once, without its busy handler, when another connection is
  // switching the same new file to WAL (seen with two processes starting together on a loaded
  // machine), so that step is retried.
  if (file !== ':memory:') retryWhileBusy(() => db.pragma('journal_mode = WAL'));
  db.pragma('foreign_keys = ON');
  retryWhileBusy(() => migrate(db, MIGRATIONS));
  return db;
}

const BUSY_RETRIES = 100;
const BUSY_PAUSE_MS = 50;

/** Runs `step`, again after a short pause each time SQLite answers SQLITE_BUSY (at most 100). */
export function retryWhileBusy<T>(step: () => T, pause = sleepSync): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return step();
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || attempt >= BUSY_RETRIES) throw err;
      pause(BUSY_PAUSE_MS);
    }
  }
}

/** Opening the store is synchronous (better-sqlite3), so the pause blocks too. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs the migrations newer than the store's `user_version`, each in its own IMMEDIATE
 * transaction that reads the version again under the write lock: two processes opening a new
 * file together run each migration once.
 */
export function migrate(db: Database, migrations: readonly Migration[]): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const current = version();
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) {
    throw new Error(`Store schema version ${current} is newer than this preview (${latest}).`);
  }
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      if (migration.version <= version()) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
