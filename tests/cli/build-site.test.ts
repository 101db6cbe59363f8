/**
 * `jsont build <site> --out <dir>` on the demo store (the real client bundle), and on a copy
 * with a broken template: the build fails with the template's file:line:col and writes nothing.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import type { SiteManifest } from '../../server/site/manifest.js';
import { runJsont } from './helpers.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const scratch = mkdtempSync(join(tmpdir(), 'jsont-build-site-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('jsont build', () => {
  it('builds the demo store: progress per stage, a size table, the manifest and hashed chunks', async () => {
    const out = join(scratch, 'out');
    const run = await runJsont(scratch, ['build', SITE, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const count = (dir: string) =>
      readdirSync(join(SITE, dir)).filter((name) => !name.startsWith('.')).length;
    expect(run.stdout).toContain(
      `build: compiled ${count('templates')} templates and ${count('partials')} partials\n`,
    );
    expect(run.stdout).toMatch(/^build: rendered \d+ pages$/m);
    expect(run.stdout).toMatch(/^build: bundled the client: \d+ scripts$/m);
    expect(run.stdout).toMatch(/^build: wrote manifest\.json/m);
    expect(run.stdout).toMatch(/all scripts .* (within|OVER) the 160\.0 KB page budget/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as SiteManifest;
    expect(manifest.client.entry).toMatch(/^\/_jsont\/site-client-[A-Z0-9]{8}\.js$/);
    expect(manifest.client.preload.length).toBeGreaterThan(0);
    const entry = manifest.assets[manifest.client.entry]!;
    expect(entry.immutable).toBe(true);
    expect(entry.encodings).toEqual(['br', 'gzip']);
    for (const suffix of ['', '.br', '.gz', '.map']) {
      expect(existsSync(join(out, `${entry.file}${suffix}`)), suffix).toBe(true);
    }
    const script = readFileSync(join(out, entry.file), 'utf8');
    // Minified, with its map in a separate file that the handler links by the SourceMap header.
    expect(script.split('\n').length).toBeLessThan(5);
    expect(script).not.toContain('sourceMappingURL');
    expect(manifest.assets[`${manifest.client.entry}.map`]?.type).toMatch(/^application\/json/);
    expect(manifest.units['templates/product.html']?.prepared).toBeDefined();
    expect(existsSync(join(out, 'assets', 'site.css'))).toBe(true);

    // Building again into the same folder replaces the earlier build.
    const again = await runJsont(scratch, ['build', SITE, '--out', out]);
    expect(again.code).toBe(0);
    // Two whole builds (each bundles the client with esbuild): on a loaded two-core machine they
    // outlast the default limit sized for one step.
  }, 240_000);

  it('fails with file:line:col on a broken template and writes nothing', async () => {
    const site = join(scratch, 'broken-site');
    cpSync(SITE, site, { recursive: true });
    const file = join(site, 'templates', 'product.html');
    writeFileSync(file, `<p>\n  {.section item}{title}\n${readFileSync(file, 'utf8')}`);
    const out = join(scratch, 'broken-out');
    const run = await runJsont(scratch, ['build', site, '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/templates\/product\.html:2:3/);
    expect(run.stderr).toMatch(/problems? in the (site|templates); nothing written/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an output folder that holds something other than a build', async () => {
    const out = join(scratch, 'not-a-build');
    cpSync(join(SITE, 'data'), out, { recursive: true });
    const run = await runJsont(scratch, ['build', SITE, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('holds no earlier build');
    expect(existsSync(join(out, 'website.json'))).toBe(true);
  });
});
