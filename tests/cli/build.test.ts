/**
 * `npm run build` end to end: builds into a temporary folder (beside a link to the repository's
 * node_modules, so the bundle's external packages still resolve) and runs what it produced.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tempWorkspace } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'jsont-build-'));
const outDir = join(scratch, 'dist');

describe('npm run build', () => {
  beforeAll(() => {
    symlinkSync(join(repoRoot, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    try {
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--outdir', outDir], {
        cwd: repoRoot,
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (err) {
      // Show what esbuild or tsc said, not just "Command failed".
      const { stdout, stderr } = err as { stdout?: string; stderr?: string };
      throw new Error(`build failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: err });
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('produces the ESM library with working compile and render', async () => {
    const lib = (await import(
      pathToFileURL(join(outDir, 'index.js')).href
    )) as typeof import('../../index.js');
    const template = lib.compile('Hello {name|html}');
    expect(template.errors).toEqual([]);
    expect(lib.render(template, { name: '<Ann>' }).html).toBe('Hello &lt;Ann&gt;');
  });

  it('does not bundle dependencies', () => {
    const bundle = readFileSync(join(outDir, 'index.js'), 'utf8');
    expect(bundle).toMatch(/from ["']chevrotain["']/);
  });

  it('leaves the optional better-sqlite3 out of the library and loads it lazily in the CLI', () => {
    const library = readFileSync(join(outDir, 'index.js'), 'utf8');
    expect(library).not.toContain('better-sqlite3');
    const cli = readFileSync(join(outDir, 'cli', 'main.js'), 'utf8');
    // The preview server's store opens it with a run-time require (server/commerce/store/sqlite-driver.ts).
    expect(cli).toContain('better-sqlite3');
    expect(cli).not.toMatch(/(from|import)\s*["']better-sqlite3["']/);
  });

  it('produces the browser runtime (jsont-react/browser) without the compiler', () => {
    const bundle = readFileSync(join(outDir, 'browser.js'), 'utf8');
    expect(bundle).toMatch(/from ["']react-dom\/client["']/);
    expect(bundle).not.toMatch(/chevrotain/);
    expect(bundle).toContain('hydrateTemplate');
    const dts = readFileSync(join(outDir, 'react-renderer', 'browser.d.ts'), 'utf8');
    expect(dts).toContain('export declare function hydrateTemplate');
  });

  it('ships the production client jsont build copies where there are no sources', () => {
    const dir = join(outDir, 'site-client');
    const index = JSON.parse(readFileSync(join(dir, 'client.json'), 'utf8')) as {
      entry: string;
      preload: string[];
    };
    expect(index.entry).toMatch(/^site-client-[A-Z0-9]{8}\.js$/);
    for (const name of [index.entry, `${index.entry}.map`, ...index.preload]) {
      expect(existsSync(join(dir, name)), name).toBe(true);
    }
    expect(existsSync(join(outDir, '.site-client-options.mjs'))).toBe(false);
  });

  it('emits declarations for the public API', () => {
    const dts = readFileSync(join(outDir, 'index.d.ts'), 'utf8');
    expect(dts).toContain('export declare function compile');
    expect(dts).toContain('export declare function render');
    expect(existsSync(join(outDir, 'engine', 'template.d.ts'))).toBe(true);
  });

  it('produces an executable CLI with a shebang that uses the built library', () => {
    const cli = join(outDir, 'cli', 'main.js');
    const text = readFileSync(cli, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text).toMatch(/from ["']\.\.\/index\.js["']/);
    expect(statSync(cli).mode & 0o111).not.toBe(0);
    const ws = tempWorkspace({ 'page.html': '{a}+{b}', 'data.json': '{"a": 1, "b": 2}' });
    try {
      const run = spawnSync(cli, ['render', 'page.html', '--json', 'data.json'], {
        cwd: ws.dir,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('1+2');
      expect(run.status).toBe(0);
    } finally {
      ws.dispose();
    }
  });

  it('builds and serves a site as an installed package does (no sources, no esbuild)', async () => {
    // The scratch folder laid out as an install: package.json beside dist/, no sources.
    copyFileSync(join(repoRoot, 'package.json'), join(scratch, 'package.json'));
    const cli = join(outDir, 'cli', 'main.js');
    const site = join(scratch, 'site-build');
    const build = spawnSync(cli, ['build', join(repoRoot, 'fixtures', 'site'), '--out', site], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(site, 'manifest.json'), 'utf8')) as {
      client: { entry: string };
    };
    // The prebuilt client, copied: its entry has the name dist/site-client/client.json gives.
    const prebuilt = JSON.parse(
      readFileSync(join(outDir, 'site-client', 'client.json'), 'utf8'),
    ) as { entry: string };
    expect(manifest.client.entry).toBe(`/_jsont/${prebuilt.entry}`);

    const server = spawn(cli, ['serve', site, '--port', '0', '--workers', '1'], { cwd: scratch });
    try {
      const base = await new Promise<string>((found, fail) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const url = /http:\/\/localhost:\d+/.exec(out);
          if (url) found(url[0]);
        });
        server.once('exit', (code) => fail(new Error(`jsont serve exited with ${code}: ${out}`)));
      });
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(`src="${manifest.client.entry}"`);
      const page = (await (await fetch(`${base}/shop?format=page`)).json()) as { code: string };
      const code = await fetch(base + page.code);
      expect(code.status).toBe(200);
      expect(code.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await fetch(base + manifest.client.entry)).status).toBe(200);
    } finally {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 180_000);
});
