// `jsont preview` when the optional better-sqlite3 is not installed: one line saying what to
// install, a usage exit code, no stack.
import { describe, expect, it, vi } from 'vitest';

import { EXIT_USAGE } from '../../cli/io.js';
import { SQLITE_MISSING, SqliteMissingError } from '../../server/commerce/store/sqlite-driver.js';
import { runJsont, tempWorkspace } from './helpers.js';

vi.mock('../../server/commerce/store/sqlite-driver.js', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../server/commerce/store/sqlite-driver.js')>();
  return {
    ...actual,
    loadSqliteDriver: () => {
      throw new actual.SqliteMissingError();
    },
  };
});

describe('jsont preview without better-sqlite3', () => {
  it('prints the install command and exits with the usage code', async () => {
    expect(new SqliteMissingError().message).toBe(SQLITE_MISSING);
    const ws = tempWorkspace({ 'site.json': '{}' });
    try {
      const run = await runJsont(ws.dir, ['preview', '.', '--port', '0']);
      expect(run.stderr).toBe(`${SQLITE_MISSING}\n`);
      expect(run.stdout).toBe('');
      expect(run.code).toBe(EXIT_USAGE);
    } finally {
      ws.dispose();
    }
  });
});
