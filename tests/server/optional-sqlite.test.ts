// better-sqlite3 is an optional dependency of the preview server only: importing the library (or
// the CLI) never loads it, and a missing install gets a sentence saying what to install.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import {
  loadSqliteDriver,
  SQLITE_MISSING,
  SqliteMissingError,
  type ModuleLoader,
} from '../../server/commerce/store/sqlite-driver.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A `require` that resolves and loads nothing but what `modules` holds. */
function loaderOf(modules: Record<string, () => unknown>): ModuleLoader {
  const missing = (id: string): Error =>
    Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
  const load = ((id: string) => {
    const make = modules[id];
    if (make === undefined) throw missing(id);
    return make();
  }) as ModuleLoader;
  load.resolve = (id: string) => {
    if (modules[id] === undefined) throw missing(id);
    return `/fake/${id}/index.js`;
  };
  return load;
}

/**
 * Imports `entries` in a fresh Node process (through tsx), then lists the better-sqlite3 files
 * in the CommonJS module cache; with `openAfter`, lists them again after opening a store (the
 * control: it shows the listing does see the module once something loads it).
 */
function sqliteFilesLoadedBy(entries: string[], openAfter: boolean): string[][] {
  const script = `
    import { createRequire } from 'node:module';
    import { pathToFileURL } from 'node:url';
    const require = createRequire(pathToFileURL(process.cwd() + '/'));
    const loaded = () =>
      Object.keys(require.cache).filter((file) => /[\\\\/]better-sqlite3[\\\\/]/.test(file));
    for (const entry of ${JSON.stringify(entries)}) await import(pathToFileURL(entry).href);
    const before = loaded();
    let after = [];
    if (${openAfter}) {
      const { openStore } = await import(pathToFileURL('server/commerce/store/open.ts').href);
      openStore(':memory:').close();
      after = loaded();
    }
    process.stdout.write(JSON.stringify([before, after]));
  `;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as string[][];
}

describe('better-sqlite3 as an optional dependency', () => {
  it('is not loaded by importing the library or the CLI, only by opening a store', () => {
    const [onImport, onOpen] = sqliteFilesLoadedBy(['index.ts', 'cli/run.ts'], true);
    expect(onImport).toEqual([]);
    expect(onOpen!.length).toBeGreaterThan(0);
  });

  it('reports a missing module with the install command', () => {
    const attempt = () => loadSqliteDriver(loaderOf({}));
    expect(attempt).toThrow(SqliteMissingError);
    expect(attempt).toThrow(SQLITE_MISSING);
    expect(SQLITE_MISSING).toBe('jsont preview needs better-sqlite3: npm install better-sqlite3');
  });

  it('lets an installed but broken module report its own error', () => {
    const broken = loaderOf({
      'better-sqlite3': () => {
        throw new Error('Could not locate the bindings file');
      },
    });
    expect(() => loadSqliteDriver(broken)).toThrow('Could not locate the bindings file');
  });

  it('returns the module when it is installed', () => {
    const driver = function FakeDatabase() {};
    expect(loadSqliteDriver(loaderOf({ 'better-sqlite3': () => driver }))).toBe(driver);
  });
});
