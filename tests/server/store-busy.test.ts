/**
 * Opening the store retries the steps SQLite refuses with SQLITE_BUSY without waiting (a second
 * process switching the same new file to WAL), and gives up on anything else at once.
 */
import { expect, it } from 'vitest';

import { retryWhileBusy } from '../../server/commerce/store/open.js';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

it('runs a step again after each SQLITE_BUSY, pausing between tries', () => {
  let calls = 0;
  const pauses: number[] = [];
  const result = retryWhileBusy(
    () => {
      calls += 1;
      if (calls < 4) throw busy();
      return 'wal';
    },
    (ms) => pauses.push(ms),
  );
  expect(result).toBe('wal');
  expect(calls).toBe(4);
  expect(pauses).toEqual([50, 50, 50]);
});

it('passes other errors on at once, and SQLITE_BUSY after 100 tries', () => {
  let calls = 0;
  const other = () => {
    calls += 1;
    throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
  };
  expect(() => retryWhileBusy(other, () => {})).toThrow('disk I/O error');
  expect(calls).toBe(1);
  calls = 0;
  const always = () => {
    calls += 1;
    throw busy();
  };
  expect(() => retryWhileBusy(always, () => {})).toThrow('database is locked');
  expect(calls).toBe(100);
});
