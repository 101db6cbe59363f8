/**
 * `jsont serve` as a process on a built demo store: the product page over HTTP, an add to cart
 * through the in-process SQLite commerce origin that the next page renders with, and SIGTERM
 * with the cluster's workers: a request in flight is answered before the process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../../cli/run.js';
import { captureIO } from '../cli/helpers.js';
import { Client } from '../server/support.js';
import { buildDemo, type BuiltDemo } from './built-site.js';

const REPO = resolve(import.meta.dirname, '../..');
const PRODUCT = '/shop/p/linen-work-apron';

interface Served {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `jsont serve` and resolves once it prints its URL. */
function startServe(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'serve', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /jsont serve: (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) done({ child, url, stderr: () => stderr, exited });
    });
    void exited.then((code) =>
      fail(new Error(`serve exited (${code}) before listening:\n${stderr}`)),
    );
  });
}

let built: BuiltDemo;
beforeAll(async () => {
  built = await buildDemo();
});
afterAll(() => built?.dispose());

describe('jsont serve', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe([built.dir, '--port', '0', '--workers', '1']);
  });
  afterAll(async () => {
    served?.child.kill('SIGTERM');
    await served?.exited;
  });

  it('serves the product page, compressed for a client that accepts it', async () => {
    const response = await fetch(served.url + PRODUCT, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    const html = await response.text();
    expect(html).toContain('<title>Linen Work Apron');
    expect(html).toContain(`src="${built.manifest.client.entry}"`);
    const script = await fetch(served.url + built.manifest.client.entry);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('adds to cart over HTTP, and the next page renders with that cart', async () => {
    const client = await new Client(served.url).prime();
    const page = await client.get<{
      item: { id: string; structuredContent: { variants: Array<{ sku: string }> } };
    }>(`${PRODUCT}?format=json`);
    const { id, structuredContent } = page.body.item;
    const variants = structuredContent.variants;
    const added = await client.post<{ shoppingCart: { totalQuantity: number } }>(
      '/api/commerce/shopping-cart/entries',
      { itemId: id, sku: variants[0]!.sku, quantity: 2 },
    );
    expect(added.status).toBe(200);
    expect(added.body.shoppingCart.totalQuantity).toBe(2);
    const after = await client.get<{ cart: { totalQuantity: number } }>('/cart?format=json');
    expect(after.body.cart.totalQuantity).toBe(2);
  });
});

describe('jsont serve --test-hooks', () => {
  it('has no test hooks without the flag: /__faults is a page path like any other', async () => {
    const served = await startServe([built.dir, '--port', '0', '--workers', '1']);
    try {
      const response = await fetch(`${served.url}/__faults`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
    } finally {
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it('with the flag, a fault plan sent to the site reaches the commerce API behind it', async () => {
    const served = await startServe([built.dir, '--port', '0', '--workers', '1', '--test-hooks']);
    try {
      expect(served.stderr()).toContain('--test-hooks is on');
      const plan = await fetch(`${served.url}/__faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rules: [{ path: '/api/commerce/shopping-cart', status: 503 }] }),
      });
      expect(plan.status).toBe(200);
      expect((await fetch(`${served.url}/api/commerce/shopping-cart`)).status).toBe(503);
      expect((await fetch(`${served.url}/__faults`, { method: 'DELETE' })).status).toBe(200);
      expect((await fetch(`${served.url}/api/commerce/shopping-cart`)).status).toBe(200);
      const records = await fetch(`${served.url}/__recorded?kind=census`);
      expect(await records.json()).toEqual({ records: [] });
    } finally {
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it("refuses the flag with --api: another origin's hooks are not its to open", async () => {
    const io = captureIO(REPO);
    const code = await runCli(
      ['serve', built.dir, '--test-hooks', '--api', 'http://127.0.0.1:9'],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toContain('--test-hooks works with the in-process commerce API, not --api');
  });
});

describe('SIGTERM', () => {
  it('answers the request in flight, then every worker and the process exit', async () => {
    let held!: (res: ServerResponse) => void;
    const arrived = new Promise<ServerResponse>((done) => (held = done));
    const origin = createServer((req, res) => {
      if (req.url === '/api/slow') held(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
    const { port } = origin.address() as AddressInfo;
    const served = await startServe([
      built.dir,
      '--port',
      '0',
      '--workers',
      '2',
      '--api',
      `http://127.0.0.1:${port}`,
    ]);
    const inFlight = fetch(`${served.url}/api/slow`);
    const pending = await arrived;
    served.child.kill('SIGTERM');
    await until(() => served.stderr().includes('jsont serve: stopping'));
    pending.writeHead(200, { 'Content-Type': 'application/json' }).end('{"answered":true}');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answered: true });
    expect(await served.exited).toBe(0);
    expect(served.stderr()).toContain('jsont serve: stopped');
    origin.close();
  });
});

/** Resolves once `check` holds, polling on the event loop (no timing assumption). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((done) => setImmediate(done));
}
