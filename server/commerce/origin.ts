/**
 * The commerce API as an HTTP origin of its own: the SQLite store and the API handler on a
 * node:http server, which `jsont serve` starts in process when no --api origin is given, and
 * which the site handler reaches over HTTP like any commerce origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Catalog } from './catalog.js';
import { createApiHandler } from './index.js';
import { openStore } from './store/open.js';

export interface CommerceOrigin {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly server: Server;
  /** Stops taking connections, lets requests in flight finish, then closes the store. */
  close(): Promise<void>;
}

export async function startCommerceOrigin(options: {
  dbFile: string;
  catalog: Catalog;
  host?: string;
  port?: number;
  /** The test hooks /__faults and /__recorded (ApiOptions.testHooks); default false. */
  testHooks?: boolean;
}): Promise<CommerceOrigin> {
  const db = openStore(options.dbFile);
  const handle = createApiHandler({
    db,
    catalog: options.catalog,
    testHooks: options.testHooks ?? false,
  });
  const server = createServer((req, res) => {
    handle(req, res)
      .then((answered) => {
        if (!answered)
          res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not found"}');
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.end();
      });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          db.close();
          done();
        });
        server.closeIdleConnections();
      }),
  };
}
