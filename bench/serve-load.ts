/**
 * `npx tsx bench/serve-load.ts`: `jsont serve`'s worker under load on loopback, side by side
 * with the same work rendered by @squarespace/template-engine.
 *
 * The demo store is built once (`jsont build`, the production client). Two servers run in
 * child processes of their own, each on one core's worth of Node (one process), each with its
 * own SQLite commerce origin on loopback:
 *   - ours: the site worker `jsont serve` runs (cli/serve-node.ts: the site handler through
 *     Hono's Node adapter);
 *   - reference: the same adapter and compression, the same cart call to the commerce origin
 *     per page and the same page data (Site.pageData and the storefront's view of it), with
 *     the page template and the layout rendered by the reference engine. It sends no hydration
 *     data, no preloads and no streamed head, so it does less than ours per page;
 *   - floor: the same adapter and the same cart call per request, answering a one-line page:
 *     what every page costs both servers before any rendering (the bound of the ratio).
 * autocannon then loads each page of each server in turn and reports requests/s, p50/p99
 * latency and errors (network errors, timeouts and non-2xx answers), and requests per CPU
 * second: the requests answered over the CPU time the server's process (its commerce origin
 * included) spent meanwhile, which a machine shared with other work disturbs far less than
 * requests/s.
 *
 *   npx tsx bench/serve-load.ts [--seconds 10] [--connections 8]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

const ROOT = join(import.meta.dirname, '..');
const SITE = join(ROOT, 'fixtures', 'site');
const HOST = '127.0.0.1';
const PAGES = { home: '/', shop: '/shop', product: '/shop/p/linen-work-apron' };
const NOW = Date.UTC(2026, 10, 27, 12);

type Rec = Record<string, unknown>;

type Kind = 'ours' | 'reference' | 'floor';

async function startServer(kind: Kind, dir: string): Promise<void> {
  // The parent asks for the process's CPU time around each measured run.
  process.on('message', (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
  const { readFile } = await import('node:fs/promises');
  const { serve } = await import('@hono/node-server');
  const { compressed, startSiteWorker } = await import('../cli/serve-node.js');
  const { catalogFromItems } = await import('../server/commerce/catalog.js');
  const { startCommerceOrigin } = await import('../server/commerce/origin.js');
  const { builtSiteSources } = await import('../server/site/manifest.js');
  const { Site } = await import('../server/site/site.js');
  const { forwardTo } = await import('../server/site/handler.js');
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  const { reader, compileUnit } = builtSiteSources(manifest);
  const site = new Site(reader, { compileUnit, now: () => NOW });
  const commerce = await startCommerceOrigin({
    dbFile: ':memory:',
    catalog: catalogFromItems(site.allItems(), { forms: site.forms() }),
  });
  if (kind === 'ours') {
    const worker = await startSiteWorker({ dir, manifest, api: commerce.url, port: 0, host: HOST });
    process.send!({ port: worker.port });
    return;
  }
  const cartCall = forwardTo(commerce.url);
  const visitorCart = (request: Request) =>
    cartCall(
      new Request(new URL('/api/commerce/shopping-cart', request.url), {
        headers: request.headers,
      }),
    );
  const listen = (fetch: (request: Request) => Promise<Response>) => {
    const server = serve({ fetch, port: 0, hostname: HOST }, () => {
      process.send!({ port: (server.address() as AddressInfo).port });
    });
  };
  if (kind === 'floor') {
    listen(async (request) => {
      const cartAnswer = await visitorCart(request);
      await cartAnswer.json();
      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
      for (const cookie of cartAnswer.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
      return compressed(request, new Response('<!doctype html><title>floor</title>', { headers }));
    });
    return;
  }
  const { referenceRender, referenceTemplate } = await import('./pages/reference.js');
  const { SiteConfig } = await import('../server/site/config.js');
  const { matchRoute } = await import('../server/site/routes.js');
  const { initialState, storefrontData } = await import('../storefront/state/page-data.js');
  const config = SiteConfig.parse(JSON.parse(readFileSync(join(SITE, 'site.json'), 'utf8')));
  const partials: Record<string, string> = {};
  for (const file of readdirSync(join(SITE, 'partials'))) {
    const text = readFileSync(join(SITE, 'partials', file), 'utf8');
    partials[file] = text;
    partials[file.replace(/\.[^.]+$/, '')] = text;
  }
  const parsed = new Map<string, ReturnType<typeof referenceTemplate>>();
  const template = (name: string) => {
    let found = parsed.get(name);
    if (found === undefined) {
      found = referenceTemplate(readFileSync(join(SITE, 'templates', name), 'utf8'), partials);
      parsed.set(name, found);
    }
    return found;
  };
  listen(async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const match = matchRoute(config, url.pathname);
    if (match === undefined) return new Response('Not found', { status: 404 });
    const cartAnswer = await visitorCart(request);
    const cart = (await cartAnswer.json()) as Rec;
    const data = site.pageData({
      pathname: url.pathname,
      query: url.searchParams,
      extra: { cart },
    })!;
    const view = storefrontData(data, initialState(data)) as Rec;
    const body = referenceRender(template(match.route.template), view, NOW);
    const html = referenceRender(template(config.layout!), { ...view, mainContent: body }, NOW);
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
    for (const cookie of cartAnswer.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return compressed(request, new Response(html, { headers }));
  });
}

interface Row {
  server: string;
  page: string;
  rps: number;
  /** Requests answered per second of the server process's CPU time. */
  perCpu: number;
  p50: number;
  p99: number;
  errors: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '8' },
    },
  });
  const { buildSite } = await import('../cli/build-site.js');
  const scratch = mkdtempSync(join(tmpdir(), 'jsont-serve-load-'));
  const dir = join(scratch, 'build');
  const quiet = {
    stdout: { write: () => undefined },
    stderr: { write: (text: string) => void process.stderr.write(text) },
    cwd: scratch,
  };
  const code = await buildSite(SITE, dir, quiet);
  if (code !== 0) throw new Error('the build failed');
  const self = fileURLToPath(import.meta.url);
  const children = await Promise.all(
    (['ours', 'reference', 'floor'] as const).map(
      (kind) =>
        new Promise<{
          kind: string;
          port: number;
          cpu(): Promise<NodeJS.CpuUsage>;
          stop(): void;
        }>((done, fail) => {
          const child = fork(self, ['--serve', kind, dir], { execArgv: ['--import', 'tsx'] });
          const cpu = () =>
            new Promise<NodeJS.CpuUsage>((answer) => {
              const listen = (m: unknown) => {
                if (typeof m !== 'object' || m === null || !('cpu' in m)) return;
                child.off('message', listen);
                answer((m as { cpu: NodeJS.CpuUsage }).cpu);
              };
              child.on('message', listen);
              child.send('cpu');
            });
          child.once('message', (m) =>
            done({ kind, port: (m as { port: number }).port, cpu, stop: () => child.kill() }),
          );
          child.once('exit', (code) => fail(new Error(`${kind} server exited with ${code}`)));
        }),
    ),
  );
  const rows: Row[] = [];
  try {
    for (const [page, path] of Object.entries(PAGES)) {
      for (const child of children) {
        const url = `http://${HOST}:${child.port}${path}`;
        await autocannon({ url, connections: 2, duration: 2 }); // warm-up
        const before = await child.cpu();
        const r = await autocannon({
          url,
          connections: Number(values.connections),
          duration: Number(values.seconds),
        });
        const after = await child.cpu();
        const cpuSeconds = (after.user + after.system - before.user - before.system) / 1e6;
        const perCpu = r.requests.total / cpuSeconds;
        rows.push({
          server: child.kind,
          page,
          rps: r.requests.average,
          perCpu,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
        });
        console.log(
          `${child.kind.padEnd(9)} ${page.padEnd(8)} ${r.requests.average.toFixed(0).padStart(6)} req/s` +
            `  ${perCpu.toFixed(0).padStart(6)} per CPU s` +
            `  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.timeouts + r.non2xx}` +
            `  ${(r.throughput.average / r.requests.average / 1024).toFixed(1)} KB per answer`,
        );
      }
    }
  } finally {
    for (const child of children) child.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const page of Object.keys(PAGES)) {
    const ours = rows.find((r) => r.server === 'ours' && r.page === page)!;
    const ref = rows.find((r) => r.server === 'reference' && r.page === page)!;
    const floor = rows.find((r) => r.server === 'floor' && r.page === page)!;
    console.log(
      `${page}: ours / reference requests per second = ${(ours.rps / ref.rps).toFixed(2)}x,` +
        ` per CPU second = ${(ours.perCpu / ref.perCpu).toFixed(2)}x` +
        ` (at most ${(floor.perCpu / ref.perCpu).toFixed(2)}x: floor / reference per CPU second)`,
    );
  }
}

const at = process.argv.indexOf('--serve');
if (at >= 0) {
  await startServer(process.argv[at + 1] as Kind, process.argv[at + 2]!);
} else {
  await main();
}
