/**
 * `npm run load`: a bounded, self-stopping load test of the preview server on loopback.
 *
 * The server runs in a child process (this file with `--serve`), so the load generator does not
 * share its event loop; it listens on 127.0.0.1 with an ephemeral port and is stopped at the
 * end. Virtual users each keep their own cookies (crumb, CART) and repeat a visit: page renders
 * (when server/preview/site-server.ts is present) and cart calls that add, change and remove one entry,
 * so carts never outgrow the demo store's stock. The run ends after a fixed request count or a
 * time cap, whichever comes first, and reports requests/s, p50/p99 latency and errors (any
 * non-2xx answer or network failure), on stdout and in /tmp/load.md.
 *
 *   npm run load                                   4000 requests, 16 users, 30 s cap
 *   npm run load -- --requests 10000 --users 32 --cap 60
 *   npm run load -- --api                          the API alone (no page renders)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SITE_SERVER = join(ROOT, 'server', 'preview', 'site-server.ts');
const HOST = '127.0.0.1';

/** What the server process tells the parent once it listens. */
interface Ready {
  port: number;
  pages: string[];
  item: { itemId: string; sku: string };
  mode: 'site' | 'api';
}

// ---------------------------------------------------------------------------------------------
// Server side (child process)

async function serve(): Promise<void> {
  if (existsSync(SITE_SERVER) && !process.argv.includes('--api')) {
    const { createSiteServer } =
      (await import('../server/preview/site-server.js')) as typeof import('../server/preview/site-server.js');
    const { catalogFromItems } = await import('../server/commerce/catalog.js');
    const site = createSiteServer({ root: join(ROOT, 'fixtures', 'site'), dbFile: ':memory:' });
    await site.listen(0, HOST);
    const { port } = site.server.address() as AddressInfo;
    const items = site.site.allItems();
    const catalog = catalogFromItems(items);
    const product = items
      .map((i) => catalog.getProduct(String(i.id)))
      .find((p) => p?.variants.some((v) => v.unlimited || v.qtyInStock >= 1));
    const variant = product?.variants.find((v) => v.unlimited || v.qtyInStock >= 1);
    if (product === undefined || variant === undefined) throw new Error('no product in stock');
    const productPage = items.find((i) => typeof i.urlId === 'string')?.urlId;
    const pages = ['/', '/shop', ...(productPage ? [`/shop/p/${String(productPage)}`] : [])];
    report({ port, pages, item: { itemId: product.id, sku: variant.sku }, mode: 'site' });
    return;
  }
  // No site server yet (or --api): the API alone, with a one-product catalog.
  const { createApiHandler } = await import('../server/commerce/index.js');
  const { catalogFromItems } = await import('../server/commerce/catalog.js');
  const { openStore } = await import('../server/commerce/store/open.js');
  const catalog = catalogFromItems([
    {
      id: 'load-item',
      structuredContent: { productType: 1, variants: [{ sku: 'LOAD', unlimited: true }] },
    },
  ]);
  const handler = createApiHandler({ db: openStore(':memory:'), catalog });
  const server = createServer((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  server.listen(0, HOST, () => {
    const { port } = server.address() as AddressInfo;
    report({ port, pages: [], item: { itemId: 'load-item', sku: 'LOAD' }, mode: 'api' });
  });
}

function report(ready: Ready): void {
  process.send!(ready);
  // The parent's disconnect (or death) ends this process: nothing outlives the run.
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Load side (parent process)

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
}

interface Answer {
  status: number;
  body: string;
}

class VirtualUser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    private readonly agent: Agent,
  ) {}

  send(method: string, path: string, json?: unknown): Promise<Answer> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const crumb = this.cookies.get('crumb');
    if (crumb !== undefined) headers['X-CSRF-Token'] = crumb;
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: HOST, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          for (const cookie of res.headers['set-cookie'] ?? []) {
            const pair = cookie.split(';')[0]!;
            const eq = pair.indexOf('=');
            this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

/** One visit: the steps a shopper's browser makes, each one request. */
function visit(
  ready: Ready,
): Array<(u: VirtualUser, state: Map<string, string>) => Promise<Answer>> {
  const { itemId, sku } = ready.item;
  const entries = '/api/commerce/shopping-cart/entries';
  const entry = (s: Map<string, string>) => `${entries}/${s.get('entry') ?? 'none'}`;
  return [
    ...ready.pages.map((page) => (u: VirtualUser) => u.send('GET', page)),
    (u) => u.send('GET', '/api/commerce/shopping-cart'),
    async (u, s) => {
      const answer = await u.send('POST', entries, { itemId, sku, quantity: 1 });
      if (answer.status === 200) {
        s.set('entry', (JSON.parse(answer.body) as { newlyAdded: { id: string } }).newlyAdded.id);
      }
      return answer;
    },
    (u) => u.send('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`),
    (u, s) => u.send('PUT', entry(s), { quantity: 1 }),
    (u, s) => u.send('DELETE', entry(s)),
  ];
}

const kindOf = (ready: Ready, step: number): string =>
  step < ready.pages.length
    ? 'page render'
    : ['cart GET', 'cart add', 'stock GET', 'cart quantity', 'cart remove'][
        step - ready.pages.length
      ]!;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runLoad(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '4000' },
      users: { type: 'string', default: '16' },
      cap: { type: 'string', default: '30' },
      out: { type: 'string', default: '/tmp/load.md' },
      api: { type: 'boolean', default: false },
    },
  });
  const total = Number(values.requests);
  const users = Number(values.users);
  const capMs = Number(values.cap) * 1000;

  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--serve', ...(values.api ? ['--api'] : [])],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });

  const agent = new Agent({ keepAlive: true, maxSockets: users });
  const steps = visit(ready);
  const samples: Sample[] = [];
  const failures = new Map<string, number>();
  let issued = 0;
  const started = performance.now();
  const deadline = started + capMs;

  async function user(): Promise<void> {
    const u = new VirtualUser(ready.port, agent);
    const state = new Map<string, string>();
    for (let step = 0; issued < total && performance.now() < deadline; step++) {
      issued++;
      const index = step % steps.length;
      const kind = kindOf(ready, index);
      const t0 = performance.now();
      let ok = false;
      let why: string;
      try {
        const answer = await steps[index]!(u, state);
        ok = answer.status >= 200 && answer.status < 300;
        why = `${kind}: HTTP ${answer.status}`;
      } catch (error) {
        why = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
      }
      samples.push({ kind, ms: performance.now() - t0, ok });
      if (!ok) failures.set(why, (failures.get(why) ?? 0) + 1);
    }
  }

  try {
    await Promise.all(Array.from({ length: users }, user));
  } finally {
    agent.destroy();
    child.disconnect();
    child.kill();
  }
  const elapsed = (performance.now() - started) / 1000;
  const text = summarise(ready, samples, failures, { elapsed, total, users, capMs });
  process.stdout.write(text);
  writeFileSync(values.out, text);
  process.stdout.write(`\nwritten to ${values.out}\n`);
  if (failures.size > 0) process.exitCode = 1;
}

function summarise(
  ready: Ready,
  samples: Sample[],
  failures: Map<string, number>,
  run: { elapsed: number; total: number; users: number; capMs: number },
): string {
  const row = (name: string, list: Sample[]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const errors = list.filter((s) => !s.ok).length;
    return `| ${name} | ${list.length} | ${(list.length / run.elapsed).toFixed(0)} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 99).toFixed(2)} | ${errors} |`;
  };
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const stoppedBy = samples.length >= run.total ? 'request count' : 'time cap';
  return [
    `## Load test (npm run load)`,
    '',
    `Server: ${ready.mode === 'site' ? 'site server (fixtures/site, pages + API)' : 'API only'} on ${HOST}, SQLite :memory:, separate process.`,
    `Machine: ${cpus().length} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}.`,
    `Run: ${samples.length} requests by ${run.users} concurrent users in ${run.elapsed.toFixed(2)} s (stopped by ${stoppedBy}; cap ${run.total} requests / ${run.capMs / 1000} s).`,
    '',
    '| Calls | Requests | Requests/s | p50 ms | p99 ms | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...kinds.map((k) =>
      row(
        k,
        samples.filter((s) => s.kind === k),
      ),
    ),
    row('**all**', samples),
    '',
    failures.size === 0
      ? 'Errors: none.'
      : `Errors:\n${[...failures].map(([why, n]) => `- ${why} (x${n})`).join('\n')}`,
    '',
  ].join('\n');
}

if (process.argv.includes('--serve')) await serve();
else await runLoad();
