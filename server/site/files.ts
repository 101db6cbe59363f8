/**
 * Reads site files through a SiteReader, caching what is derived from each (parsed JSON,
 * compiled templates) per kind of derivation, keyed by the reader's stamp: a changed file is
 * derived again on the next request, an unchanged one never.
 */
import { locateJsonError } from '../../engine/json-location.js';
import { siteProblem, type SiteProblem } from './problems.js';
import type { SiteReader } from './reader.js';

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
  constructor(private readonly reader: SiteReader) {}

  private readonly entries = new Map<string, Entry<unknown>>();
  /** How many times each derivation actually ran (tests check that the cache works). */
  readonly misses = new Map<string, number>();

  /**
   * `derive(text)` for the file at `path`, recomputed only when the file changed.
   * Throws ProblemError when the file cannot be read.
   */
  get<T>(kind: string, path: string, derive: (text: string) => T): T {
    const stamp = this.reader.stamp(path);
    if (stamp === undefined) {
      throw new ProblemError(siteProblem(path, 'FILE_MISSING', `cannot read ${path}`));
    }
    const key = `${kind}\u0000${path}`;
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.stamp === stamp) return hit.value as T;
    const text = this.reader.read(path);
    const value = derive(text);
    this.entries.set(key, { stamp, value });
    this.misses.set(kind, (this.misses.get(kind) ?? 0) + 1);
    return value;
  }

  /** Parsed JSON of a data file; a syntax error becomes a problem with its line and column. */
  json(path: string): unknown {
    return this.get('json', path, (text) => parseJson(text, path));
  }

  exists(path: string): boolean {
    return this.reader.stamp(path) !== undefined;
  }

  /** Names of the files in `dir` (see SiteReader.list). */
  list(dir: string): string[] {
    return this.reader.list(dir);
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
