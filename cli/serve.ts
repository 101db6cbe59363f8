/**
 * `jsont serve <built-dir>`: serves what `jsont build` wrote, one process per core (node:cluster;
 * the workers share the port), with the SQLite commerce API started in process as the commerce
 * origin unless --api names another. SIGTERM or Ctrl-C stops taking connections, lets the
 * requests in flight finish, then stops the commerce origin.
 */
import cluster, { type Worker } from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { catalogFromItems } from '../server/commerce/catalog.js';
import { startCommerceOrigin, type CommerceOrigin } from '../server/commerce/origin.js';
import { SqliteMissingError } from '../server/commerce/store/sqlite-driver.js';
import {
  builtSiteSources,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type SiteManifest,
} from '../server/site/manifest.js';
import { Site } from '../server/site/site.js';
import { parseCommandArgs, stringOption, type Command } from './args.js';
import { CliInputError, EXIT_OK, EXIT_USAGE, resolvePath, type CliIO } from './io.js';
import { DEFAULT_HOST, parsePort } from './preview.js';
import { startSiteWorker, type SiteWorker } from './serve-node.js';

export const DEFAULT_SERVE_PORT = 8080;
/** What the primary passes to each worker (in the environment: workers run the same argv). */
const WORKER_ENV = 'JSONT_SERVE_WORKER';

const HELP = `Usage: jsont serve <built-dir> [options]

Serves a site built by \`jsont build\`: pages rendered from the precompiled templates, static
files with long-lived caching, /api/* forwarded to the commerce origin. Without --api the
commerce API runs here too, on an SQLite file in <built-dir>/.data/.

Options:
      --port <n>       port to listen on (default ${DEFAULT_SERVE_PORT}; 0 = any free port)
      --host <name>    interface to listen on (default: localhost; 0.0.0.0 for every one)
      --api <origin>   commerce origin /api/* goes to (e.g. https://shop.example.com)
      --workers <n>    processes serving requests (default: one per core)
      --test-hooks     FOR TESTS ONLY, never in production: the commerce API's fault injection
                       (/__faults) and stored records (/__recorded), as \`jsont preview\` has them
                       for the e2e suites; needs the in-process commerce API (no --api)
  -h, --help           show this help

Stop with Ctrl-C or SIGTERM: requests in flight are answered first.`;

interface WorkerConfig {
  dir: string;
  api: string;
  port: number;
  host: string;
  testHooks: boolean;
}

type WorkerMessage = { type: 'listening'; port: number } | { type: 'stop' };

/** Hooks for tests that run the command in process: stop it with `signal`. */
export interface ServeHooks {
  signal?: AbortSignal;
  onListening?: (url: string) => void;
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve a site built by jsont build (one process per core)',
  help: HELP,
  run: (argv, io) => runServe(argv, io),
};

export async function runServe(argv: string[], io: CliIO, hooks: ServeHooks = {}): Promise<number> {
  const fromPrimary = process.env[WORKER_ENV];
  if (cluster.isWorker && fromPrimary !== undefined) {
    return runWorker(JSON.parse(fromPrimary) as WorkerConfig);
  }
  const args = parseCommandArgs(
    argv,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      api: { type: 'string' },
      workers: { type: 'string' },
      'test-hooks': { type: 'boolean' },
    },
    { min: 1, max: 1, what: 'built folder' },
    HELP,
    io,
  );
  if (args === null) return EXIT_OK;
  const dir = resolvePath(io, args.positionals[0]!);
  const manifest = loadManifest(dir);
  const portText = stringOption(args, 'port');
  const port = portText === undefined ? DEFAULT_SERVE_PORT : parsePort(portText);
  const host = stringOption(args, 'host') ?? DEFAULT_HOST;
  const workersText = stringOption(args, 'workers');
  const workers = workersText === undefined ? availableParallelism() : Number(workersText);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new CliInputError(
      `--workers must be a whole number of 1 or more, got '${workersText}'`,
      HELP,
    );
  }
  const apiOption = stringOption(args, 'api');
  if (apiOption !== undefined && !/^https?:\/\/[^/]/.test(apiOption)) {
    throw new CliInputError(`--api must be an http(s) origin, got '${apiOption}'`, HELP);
  }
  const testHooks = args.values['test-hooks'] === true;
  if (testHooks && apiOption !== undefined) {
    // Another origin's hooks are its own business: forwarding to them would open them here.
    throw new CliInputError('--test-hooks works with the in-process commerce API, not --api', HELP);
  }

  let commerce: CommerceOrigin | undefined;
  if (apiOption === undefined) {
    const { reader, compileUnit } = builtSiteSources(manifest);
    const site = new Site(reader, { compileUnit });
    try {
      commerce = await startCommerceOrigin({
        dbFile: join(dir, '.data', 'store.sqlite'),
        catalog: catalogFromItems(site.allItems(), { forms: site.forms() }),
        testHooks,
      });
    } catch (err) {
      // An optional dependency the install left out: say what to do, not a stack.
      if (!(err instanceof SqliteMissingError)) throw err;
      io.stderr.write(`${err.message}\n(or give jsont serve the commerce origin with --api)\n`);
      return EXIT_USAGE;
    }
  }
  const config: WorkerConfig = { dir, api: apiOption ?? commerce!.url, port, host, testHooks };
  if (testHooks) {
    io.stderr.write(
      'jsont serve: --test-hooks is on: /__faults and /__recorded answer (tests only)\n',
    );
  }
  const shown = (p: number) => `http://${host === '0.0.0.0' ? 'localhost' : host}:${p}`;

  let stop: () => Promise<void>;
  let listeningPort: number;
  if (workers === 1) {
    const worker = await startSiteWorker({ ...config, manifest });
    listeningPort = worker.port;
    stop = () => worker.close();
  } else {
    const forked = await forkWorkers(config, workers);
    listeningPort = forked.port;
    stop = forked.stop;
  }
  const url = shown(listeningPort);
  io.stdout.write(
    `jsont serve: ${url} (${workers === 1 ? '1 process' : `${workers} processes`}; commerce: ${apiOption ?? `in process, ${commerce!.url}`})\n`,
  );
  hooks.onListening?.(url);

  await new Promise<void>((done) => {
    const onStop = () => {
      process.off('SIGTERM', onStop);
      process.off('SIGINT', onStop);
      hooks.signal?.removeEventListener('abort', onStop);
      io.stderr.write('jsont serve: stopping; answering the requests in flight\n');
      void stop()
        .then(() => commerce?.close())
        .then(() => done());
    };
    process.once('SIGTERM', onStop);
    process.once('SIGINT', onStop);
    hooks.signal?.addEventListener('abort', onStop);
  });
  io.stderr.write('jsont serve: stopped\n');
  return EXIT_OK;
}

function loadManifest(dir: string): SiteManifest {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new CliInputError(
      `${dir} holds no ${MANIFEST_FILE}: build it with jsont build first`,
      HELP,
    );
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as SiteManifest;
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new CliInputError(`${file} is from another version of jsont build: build again`, HELP);
  }
  return manifest;
}

/** Forks `count` workers and resolves once all listen; `stop` ends them gracefully. */
function forkWorkers(
  config: WorkerConfig,
  count: number,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const all: Worker[] = [];
  return new Promise((resolveStarted, rejectStarted) => {
    let listening = 0;
    for (let i = 0; i < count; i++) {
      const worker = cluster.fork({ [WORKER_ENV]: JSON.stringify(config) });
      all.push(worker);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'listening' && ++listening === count) {
          resolveStarted({
            port: message.port,
            stop: () =>
              Promise.all(
                all.map(
                  (w) =>
                    new Promise<void>((exited) => {
                      if (w.isDead()) return exited();
                      w.once('exit', () => exited());
                      w.send({ type: 'stop' } satisfies WorkerMessage);
                    }),
                ),
              ).then(() => undefined),
          });
        }
      });
      worker.once('exit', (code) => {
        if (listening < count)
          rejectStarted(new Error(`a worker exited with code ${code} on start`));
      });
    }
  });
}

/** A forked worker: serves until the primary (or a signal) says stop, then exits. */
async function runWorker(config: WorkerConfig): Promise<number> {
  const manifest = loadManifest(config.dir);
  const worker: SiteWorker = await startSiteWorker({ ...config, manifest });
  process.send?.({ type: 'listening', port: worker.port } satisfies WorkerMessage);
  await new Promise<void>((done) => {
    let stopping = false;
    const onStop = () => {
      if (stopping) return;
      stopping = true;
      void worker.close().then(() => done());
    };
    process.on('message', (message: WorkerMessage) => {
      if (message.type === 'stop') onStop();
    });
    // A terminal's Ctrl-C reaches every process of the group: finish the requests in flight.
    process.once('SIGINT', onStop);
    process.once('SIGTERM', onStop);
  });
  process.disconnect?.();
  return EXIT_OK;
}
