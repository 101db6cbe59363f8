/**
 * A site server on the demo store in a process of its own, for the two-process store test
 * (tests/server/two-processes.test.ts): `fork` it with the SQLite file as the argument and
 * `--import tsx`; it sends its URL over IPC once listening and closes when disconnected.
 */
import { resolve } from 'node:path';

import { createSiteServer } from '../../server/preview/site-server.js';

const server = createSiteServer({
  root: resolve(import.meta.dirname, '../../fixtures/site'),
  dbFile: process.argv[2]!,
  log: () => undefined,
});
const url = await server.listen(0, '127.0.0.1');
process.send?.({ url });
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
