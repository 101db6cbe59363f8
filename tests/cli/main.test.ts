import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { runJsont, tempWorkspace } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

describe('jsont (dispatcher)', () => {
  it('lists every command with --help', async () => {
    const run = await runJsont('/', ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: jsont <command>/);
    for (const command of ['render', 'compile', 'check']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it('prints the package version with --version', async () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    const run = await runJsont('/', ['--version']);
    expect(run).toEqual({ code: 0, stdout: `jsont ${pkg.version}\n`, stderr: '' });
  });

  it('prints a command help with `jsont help <command>`', async () => {
    const run = await runJsont('/', ['help', 'check']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: jsont check/);
  });

  it('prints help to stderr and exits 2 for an unknown command or none', async () => {
    const unknown = await runJsont('/', ['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(
      /^jsont: unknown command 'frobnicate'\n\nUsage: jsont <command>/,
    );
    const none = await runJsont('/', []);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: jsont <command>');
  });
});

describe('the real CLI process (tsx cli/main.ts)', () => {
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const main = join(repoRoot, 'cli', 'main.ts');

  it('renders to stdout and exits 0', () => {
    const ws = tempWorkspace({ 'page.html': '<b>{x}</b>', 'data.json': '{"x": 7}' });
    dispose = ws.dispose;
    const run = spawnSync(tsx, [main, 'render', 'page.html', '--json', 'data.json'], {
      cwd: ws.dir,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('<b>7</b>');
    expect(run.status).toBe(0);
  });

  it('reports bad JSON with exit 2 and no stack trace', () => {
    const ws = tempWorkspace({ 'page.html': '{x}', 'data.json': '[1, 2' });
    dispose = ws.dispose;
    const run = spawnSync(tsx, [main, 'render', 'page.html', '--json', 'data.json'], {
      cwd: ws.dir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^jsont render: invalid JSON in data\.json:1:6: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
