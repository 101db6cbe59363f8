/**
 * Reads site files through a cache keyed by modification time and size, so a request costs a
 * stat per file and a save is picked up on the next request even if the watcher missed it.
 * Parsed values (JSON, compiled templates) are cached the same way, per kind of derivation.
 */
import { readFileSync, statSync } from 'node:fs';

import { locateJsonError } from '../../engine/json-location.js';
import { siteProblem, type SiteProblem } from './problems.js';

interface Entry<T> {
  stamp: string;
  value: T;
}

/** A failed read or parse, carried as a value so one bad file does not hide the others. */
export class ProblemError extends Error {
  constructor(readonly problem: SiteProblem) {
    super(problem.message);
  }
}

export class FileCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** How many times each derivation actually ran (tests check that the cache works). */
  readonly misses = new Map<string, number>();

  /**
   * `derive(text)` for the file at `absPath`, recomputed only when the file changed.
   * Throws ProblemError (file named `relPath`) when the file cannot be read.
   */
  get<T>(kind: string, absPath: string, relPath: string, derive: (text: string) => T): T {
    let stamp: string;
    try {
      const st = statSync(absPath);
      stamp = `${st.mtimeMs}:${st.size}`;
    } catch {
      throw new ProblemError(siteProblem(relPath, 'FILE_MISSING', `cannot read ${relPath}`));
    }
    const key = `${kind}\u0000${absPath}`;
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.stamp === stamp) return hit.value as T;
    const text = readFileSync(absPath, 'utf8');
    const value = derive(text);
    this.entries.set(key, { stamp, value });
    this.misses.set(kind, (this.misses.get(kind) ?? 0) + 1);
    return value;
  }

  /** Parsed JSON of a data file; a syntax error becomes a problem with its line and column. */
  json(absPath: string, relPath: string): unknown {
    return this.get('json', absPath, relPath, (text) => parseJson(text, relPath));
  }

  clear(): void {
    this.entries.clear();
  }
}

function parseJson(text: string, relPath: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const where = locateJsonError(body);
    throw new ProblemError(
      siteProblem(relPath, 'JSON_SYNTAX', where.message, body, where.line, where.column),
    );
  }
}
