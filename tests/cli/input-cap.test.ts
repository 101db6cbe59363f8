/**
 * Every CLI input has one size cap (MAX_INPUT_BYTES), whatever it is read from: a regular file,
 * a device that never ends (/dev/zero), stdin or a pipe. Past the cap the command stops reading
 * and exits 2 naming the input and the cap, instead of growing until the process aborts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { MAX_INPUT_BYTES, describeBytes } from '../../cli/io.js';
import { runCli } from '../../cli/run.js';
import { captureIO, tempWorkspace } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
const main = join(repoRoot, 'cli', 'main.ts');

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

async function runCapped(cwd: string, argv: string[], cap: number) {
  const io = captureIO(cwd);
  io.maxInputBytes = cap;
  const code = await runCli(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('the CLI input cap', () => {
  it('stops reading /dev/zero at the cap: exit 2 naming the file and the cap', async () => {
    const ws = tempWorkspace({ 't.html': '{x}' });
    dispose = ws.dispose;
    const run = await runCapped(ws.dir, ['render', 't.html', '--json', '/dev/zero'], 1024 * 1024);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "jsont render: JSON data '/dev/zero' is larger than 1 MiB, the most jsont reads from one input\n",
    );
  });

  it('refuses a regular file above the cap, and reads one at the cap', async () => {
    const ws = tempWorkspace({
      't.html': '{@}',
      'big.json': `"${'a'.repeat(98)}"`,
      'ok.json': `"${'b'.repeat(97)}"`,
    });
    dispose = ws.dispose;
    const big = await runCapped(ws.dir, ['render', 't.html', '--json', 'big.json'], 99);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain("JSON data 'big.json' is larger than 99 bytes");
    const ok = await runCapped(ws.dir, ['render', 't.html', '--json', 'ok.json'], 99);
    expect(ok).toEqual({ code: 0, stdout: 'b'.repeat(97), stderr: '' });
  });

  it('caps templates read by check and compile the same way', async () => {
    const ws = tempWorkspace({});
    dispose = ws.dispose;
    const check = await runCapped(ws.dir, ['check', '/dev/zero'], 4096);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain("template '/dev/zero' is larger than 4 KiB");
    const compile = await runCapped(ws.dir, ['compile', '/dev/zero'], 4096);
    expect(compile.code).toBe(2);
    expect(compile.stderr).toContain("template '/dev/zero' is larger than 4 KiB");
  });

  it('the real process stops an endless pipe on stdin at MAX_INPUT_BYTES', async () => {
    const ws = tempWorkspace({ 't.html': '{x}' });
    dispose = ws.dispose;
    const child = spawn(tsx, [main, 'render', 't.html', '--json', '-'], {
      cwd: ws.dir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Feed the pipe until the reader closes it; an uncapped reader would never stop.
    const block = Buffer.alloc(1024 * 1024, 0x20);
    let written = 0;
    let closed = false;
    child.stdin.on('error', () => (closed = true));
    const pump = (): void => {
      while (!closed && written <= MAX_INPUT_BYTES * 2) {
        written += block.length;
        if (!child.stdin.write(block)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
      child.stdin.end();
    };
    pump();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((done) => child.on('close', done));
    expect(status).toBe(2);
    expect(stderr).toBe(
      `jsont render: JSON data from stdin is larger than ${describeBytes(MAX_INPUT_BYTES)}, the most jsont reads from one input\n`,
    );
    expect(written).toBeLessThanOrEqual(MAX_INPUT_BYTES * 2);
  }, 60_000);

  it('the real process stops reading /dev/zero as --json at MAX_INPUT_BYTES', () => {
    const ws = tempWorkspace({ 't.html': '{x}' });
    dispose = ws.dispose;
    const run = spawnSync(tsx, [main, 'render', 't.html', '--json', '/dev/zero'], {
      cwd: ws.dir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "jsont render: JSON data '/dev/zero' is larger than 256 MiB, the most jsont reads from one input\n",
    );
  }, 60_000);
});
