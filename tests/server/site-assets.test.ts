/**
 * Static files under /assets/ come only from inside the site folder: a symlink in assets/ that
 * leads outside it (to a directory or a file) is answered 404 like a missing file, while a
 * link to another file of the site is served.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');

let temp: string;
let server: SiteServer;
let base: string;

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'jsont-assets-'));
  const site = join(temp, 'site');
  cpSync(SITE, site, { recursive: true, filter: (src) => !src.startsWith(join(SITE, '.data')) });
  const outside = join(temp, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'not for the web');
  symlinkSync(outside, join(site, 'assets', 'out-dir'));
  symlinkSync(join(outside, 'secret.txt'), join(site, 'assets', 'out-file.txt'));
  symlinkSync(join(site, 'assets', 'site.css'), join(site, 'assets', 'alias.css'));
  server = createSiteServer({ root: site, dbFile: ':memory:', log: () => undefined });
  base = await server.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

it('refuses files reached through a symlink to a directory outside the site', async () => {
  const reply = await fetch(`${base}/assets/out-dir/secret.txt`);
  expect(reply.status).toBe(404);
  expect(await reply.text()).not.toContain('not for the web');
});

it('refuses a symlink to a file outside the site', async () => {
  expect((await fetch(`${base}/assets/out-file.txt`)).status).toBe(404);
  expect((await fetch(`${base}/assets/out-file.txt`, { method: 'HEAD' })).status).toBe(404);
});

it('serves a symlink to a file inside the site', async () => {
  const reply = await fetch(`${base}/assets/alias.css`);
  expect(reply.status).toBe(200);
  expect(await reply.text()).toBe(await (await fetch(`${base}/assets/site.css`)).text());
});
