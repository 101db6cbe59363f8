/** In-process harness for the `jsont` commands: a temp folder and string-buffer streams. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { CliIO } from '../../cli/io.js';
import { runCli } from '../../cli/run.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary folder holding the given files (path -> content); `dispose` removes it. */
export function tempWorkspace(files: Record<string, string>): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-cli-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A CliIO writing into strings, read back with `out()` and `err()`. */
export function captureIO(cwd: string): CliIO & { out(): string; err(): string } {
  let stdout = '';
  let stderr = '';
  return {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    out: () => stdout,
    err: () => stderr,
  };
}

/** Runs `jsont <argv...>` in-process with `cwd` as the working directory. */
export async function runJsont(cwd: string, argv: string[], stdin?: string): Promise<CliRun> {
  const io = captureIO(cwd);
  if (stdin !== undefined) io.readStdin = () => stdin;
  const code = await runCli(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}
