/**
 * The demo store as `jsont build fixtures/site && jsont serve <out> --test-hooks` serves it, for
 * the e2e suites that run against both servers (site-harness.ts). Building takes the production
 * bundling and precompression (tens of seconds on a loaded two-core machine), so the build is
 * made once and shared: it is kept in the temp folder under a key of the sources it is made of,
 * and concurrent test files wait for the one that is building it. Each suite serves its own
 * folder of links to the build, so each has its own SQLite store (`.data/`).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { buildSite } from '../../cli/build-site.js';
import { runServe } from '../../cli/serve.js';
import { newId } from '../../server/commerce/cart-lines.js';
import { openStore } from '../../server/commerce/store/open.js';
import { SiteUserStore } from '../../server/commerce/store/site-users.js';
import { captureIO } from '../cli/helpers.js';

const REPO = resolve(import.meta.dirname, '../..');
export const DEMO_SITE = join(REPO, 'fixtures/site');

/** What a build is made of: the site, and the code that compiles it and the client it ships. */
const SOURCES = [
  'fixtures/site',
  'cli',
  'server',
  'storefront',
  'react-renderer',
  'engine',
  'formatters',
  'predicates',
  'render-runtime.ts',
  'package-lock.json',
];
/** A lock older than this was left by a test run that died while building. */
const STALE_LOCK_MS = 10 * 60_000;

/** A key of the sources' paths, sizes and modification times. */
function sourcesKey(): string {
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        // The preview's SQLite store and editor files are not sources.
        if (!name.startsWith('.') && name !== 'node_modules') visit(join(path, name));
      }
    } else {
      hash.update(`${relative(REPO, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const source of SOURCES) visit(join(REPO, source));
  return hash.digest('hex').slice(0, 16);
}

let building: Promise<string> | undefined;

/** The folder of the demo store's current build, built now unless a run has built it. */
export function builtDemoStore(): Promise<string> {
  building ??= buildOnce();
  return building;
}

async function buildOnce(): Promise<string> {
  const out = join(tmpdir(), `jsont-e2e-build-${sourcesKey()}`);
  const lock = `${out}.lock`;
  for (;;) {
    if (existsSync(join(out, 'manifest.json'))) return out;
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building it: wait, unless its lock is stale.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held !== undefined && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
      }
      await new Promise((done) => setTimeout(done, 500));
      continue;
    }
    try {
      // Built by the holder of the lock before us.
      if (existsSync(join(out, 'manifest.json'))) return out;
      const scratch = `${out}.${process.pid}`;
      rmSync(scratch, { recursive: true, force: true });
      const io = captureIO(REPO);
      if ((await buildSite(DEMO_SITE, scratch, io)) !== 0) {
        throw new Error(`jsont build fixtures/site failed:\n${io.err()}`);
      }
      // Complete or absent: a reader never sees a half-written build.
      renameSync(scratch, out);
      removeOldBuilds(out);
      return out;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Builds of earlier sources, left by earlier runs (an hour old: no run still uses them). */
function removeOldBuilds(current: string): void {
  const prefix = 'jsont-e2e-build-';
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(prefix) || path === current || path.startsWith(`${current}.`)) continue;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat !== undefined && Date.now() - stat.mtimeMs > 60 * 60_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** A running `jsont serve` of the demo store's build. */
export interface ServedSite {
  base: string;
  close(): Promise<void>;
}

/**
 * Runs `jsont serve <folder> --test-hooks` in this process (one worker, any free port) on a
 * temp folder of its own (named from `prefix`, removed on close) that links to the shared build.
 */
export async function serveDemoStore(prefix: string): Promise<ServedSite> {
  const build = await builtDemoStore();
  const dir = suiteFolder(prefix);
  for (const name of readdirSync(build)) symlinkSync(join(build, name), join(dir, name));
  provisionAccounts(join(dir, '.data', 'store.sqlite'));
  const io = captureIO(REPO);
  const stop = new AbortController();
  let listening!: (url: string) => void;
  const url = new Promise<string>((done) => (listening = done));
  const argv = [dir, '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--test-hooks'];
  const exited = runServe(argv, io, { signal: stop.signal, onListening: listening });
  const base = await Promise.race([
    url,
    exited.then((code) => {
      throw new Error(`jsont serve exited (${code}) before listening:\n${io.err()}`);
    }),
  ]);
  return {
    base,
    close: async () => {
      stop.abort();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo's site-user accounts, put in the served site's store as an operator would: `jsont
 * build` leaves the preview's account file (its passwords) out of a published site, whose
 * accounts live in the commerce origin's store.
 */
function provisionAccounts(dbFile: string): void {
  const file = join(DEMO_SITE, 'data/site-users.json');
  const { siteUsers } = JSON.parse(readFileSync(file, 'utf8')) as {
    siteUsers: Array<{ email: string; password: string }>;
  };
  const db = openStore(dbFile);
  try {
    new SiteUserStore(db).replaceAll(siteUsers, newId);
  } finally {
    db.close();
  }
}

/** A fresh temp folder for one suite's copy or links. */
export function suiteFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
