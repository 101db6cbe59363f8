/**
 * What every `jsont` command shares: the streams it writes to, the one error type that means
 * "bad input, exit 2", and careful readers for template, JSON and partial files. Commands take a
 * `CliIO` instead of touching `process` so the tests can run them in-process.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';

import type { Code } from '../index.js';
import { locateJsonError } from '../engine/json-location.js';
import type { NamedSource } from './report.js';

/** Anything text can be written to: `process.stdout`, or a string buffer in tests. */
export interface TextSink {
  write(text: string): unknown;
}

/** The environment a command runs in. */
export interface CliIO {
  stdout: TextSink;
  stderr: TextSink;
  /** Relative paths on the command line are resolved against this directory. */
  cwd: string;
  /**
   * Reads standard input when a file argument is `-`; absent means stdin is not available. Throws
   * InputTooLargeError past `cap` bytes.
   */
  readStdin?: (cap: number) => string;
  /** The input cap in bytes (default MAX_INPUT_BYTES); tests lower it. */
  maxInputBytes?: number;
}

/**
 * The most bytes the CLI reads from one input (template, JSON data, partial), whatever it is: a
 * regular file, stdin, a pipe or a device such as /dev/zero. Without it an endless stream would
 * grow the process until it aborts; 256 MiB is far above any real template or data file and well
 * below V8's longest string.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** An input went past the cap; readTextFile turns it into a CliInputError naming the file. */
export class InputTooLargeError extends Error {
  constructor(readonly cap: number) {
    super(`input is larger than ${describeBytes(cap)}`);
    this.name = 'InputTooLargeError';
  }
}

/** "256 MiB", "1 KiB", "100 bytes" */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const CHUNK_BYTES = 64 * 1024;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Reads an open file descriptor to its end as UTF-8, chunk by chunk, and throws
 * InputTooLargeError as soon as more than `cap` bytes arrived (a regular file whose size is
 * already above it is refused before reading). A non-blocking stdin answers EAGAIN while its
 * writer is slow: wait a moment and read again.
 */
export function readDescriptor(fd: number, cap: number): string {
  const stat = fstatSync(fd);
  if (stat.isFile() && stat.size > cap) throw new InputTooLargeError(cap);
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let n: number;
    try {
      n = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(sleeper, 0, 0, 10);
      continue;
    }
    if (n === 0) break;
    total += n;
    if (total > cap) throw new InputTooLargeError(cap);
    chunks.push(n === CHUNK_BYTES ? chunk : chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Reads the file at `path` with readDescriptor. */
function readFileCapped(path: string, cap: number): string {
  const fd = openSync(path, 'r');
  try {
    return readDescriptor(fd, cap);
  } finally {
    closeSync(fd);
  }
}

/** Exit codes shared by all commands. */
export const EXIT_OK = 0;
/** The input was processed but contained template errors (check, compile, render --strict). */
export const EXIT_TEMPLATE_ERRORS = 1;
/** Bad command line or unreadable input: nothing useful was produced. */
export const EXIT_USAGE = 2;

/**
 * Bad input (missing file, invalid JSON, unknown option). The dispatcher prints `message` and
 * exits with code 2; never a stack trace.
 */
export class CliInputError extends Error {
  constructor(
    message: string,
    /** Printed after the message, e.g. the command's usage. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliInputError';
  }
}

/** The IO of the real process. */
export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    readStdin: (cap) => readDescriptor(0, cap),
  };
}

/** Absolute path of a command-line path argument. */
export function resolvePath(io: CliIO, path: string): string {
  return resolve(io.cwd, path);
}

/** Reads a UTF-8 text file named on the command line (`-` = stdin), or throws CliInputError. */
export function readTextFile(io: CliIO, path: string, what: string): string {
  const cap = io.maxInputBytes ?? MAX_INPUT_BYTES;
  try {
    if (path === '-') {
      if (!io.readStdin) throw new CliInputError(`cannot read ${what} from stdin here`);
      return io.readStdin(cap);
    }
    return readFileCapped(resolvePath(io, path), cap);
  } catch (err) {
    if (err instanceof CliInputError) throw err;
    const name = path === '-' ? 'from stdin' : `'${path}'`;
    if (err instanceof InputTooLargeError) {
      throw new CliInputError(
        `${what} ${name} is larger than ${describeBytes(err.cap)}, the most jsont reads from one input`,
      );
    }
    throw new CliInputError(`cannot read ${what} ${name}: ${describeFsError(err)}`);
  }
}

function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}

/**
 * Parses JSON text from `fileName`; on a syntax error throws CliInputError naming the
 * `file:line:col` of the problem (Node's own message does not always carry a position).
 */
export function parseJsonText(text: string, fileName: string): unknown {
  // Editors on some systems save a byte-order mark, which JSON.parse rejects.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const where = locateJsonError(text);
    throw new CliInputError(
      `invalid JSON in ${fileName}:${where.line}:${where.column}: ${where.message}`,
    );
  }
}

/** Reads and parses a JSON file named on the command line. */
export function readJsonFile(io: CliIO, path: string, what: string): unknown {
  return parseJsonText(readTextFile(io, path, what), path === '-' ? '<stdin>' : path);
}

/** True when `value` looks like compiled code: a ROOT instruction `[17, 1, block, alternate]`. */
export function isCode(value: unknown): value is Code {
  return Array.isArray(value) && value[0] === 17 && Array.isArray(value[2]);
}

/** A `.json` template argument is precompiled code rather than template source. */
export function isPrecompiledPath(path: string): boolean {
  return extname(path).toLowerCase() === '.json';
}

/** Reads precompiled code from a `.json` file, checking its shape. */
export function readCodeFile(io: CliIO, path: string, what: string): Code {
  const value = readJsonFile(io, path, what);
  if (!isCode(value)) {
    throw new CliInputError(
      `${what} '${path}' is not compiled template code (expected a JSON array [17, 1, [...], 18])`,
    );
  }
  return value;
}

/** A partial as the CLI loaded it: what to pass to render, plus its text for code frames. */
export interface LoadedPartials {
  partials: Record<string, string | Code>;
  /** Partial name -> its file and text, for printing code frames of errors inside partials. */
  sources: Map<string, NamedSource>;
}

/**
 * Loads `--partials`: either a JSON file mapping name -> template source (or compiled code), or a
 * directory where every file becomes a partial named by its file name, both with and without its
 * extension (`footer.html` is `footer.html` and `footer`). In a directory a `.json` file is taken
 * as precompiled code, like a `.json` template argument. Hidden files and subfolders are skipped.
 */
export function loadPartials(io: CliIO, path: string): LoadedPartials {
  const full = resolvePath(io, path);
  let isDir: boolean;
  try {
    isDir = statSync(full).isDirectory();
  } catch (err) {
    throw new CliInputError(`cannot read partials '${path}': ${describeFsError(err)}`);
  }
  return isDir ? loadPartialsDir(io, path, full) : loadPartialsFile(io, path);
}

function loadPartialsFile(io: CliIO, path: string): LoadedPartials {
  const value = readJsonFile(io, path, 'partials file');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliInputError(
      `partials file '${path}' must be a JSON object mapping partial names to templates`,
    );
  }
  const partials: Record<string, string | Code> = {};
  const sources = new Map<string, NamedSource>();
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'string') {
      partials[name] = entry;
      // Lines and columns count within the partial's string, so name it after the JSON key.
      sources.set(name, { name: `${path}#${name}`, text: entry });
    } else if (isCode(entry)) {
      partials[name] = entry;
    } else {
      throw new CliInputError(
        `partial '${name}' in '${path}' must be template source (a string) or compiled code`,
      );
    }
  }
  return { partials, sources };
}

function loadPartialsDir(io: CliIO, path: string, full: string): LoadedPartials {
  const partials: Record<string, string | Code> = {};
  const sources = new Map<string, NamedSource>();
  const files = readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    const rel = join(path, file);
    const ext = extname(file);
    const stem = basename(file, ext);
    let value: string | Code;
    if (isPrecompiledPath(file)) {
      value = readCodeFile(io, rel, 'partial');
    } else {
      value = readTextFile(io, rel, 'partial');
      sources.set(file, { name: rel, text: value });
    }
    partials[file] = value;
    // With two files of the same stem (a.html, a.block) the first in name order keeps the bare name.
    if (stem && !Object.hasOwn(partials, stem)) {
      partials[stem] = value;
      if (typeof value === 'string') sources.set(stem, { name: rel, text: value });
    }
  }
  return { partials, sources };
}
