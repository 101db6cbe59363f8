/**
 * Formatter and predicate names found in a plugin table, so that a tag's name is matched in place
 * against the source instead of being sliced out and looked up: looking a fresh string up in a
 * (large, dictionary-mode) table cost about 5% of compiling a page, paid again by every compile.
 *
 * An index is kept per table across compiles: tables are read once when first seen (index.ts
 * `registryFor`; the executor's closure cache makes the same assumption). Only names the table
 * has are added, so it stays bounded. Names are bucketed by first letter in an array: a Map
 * lookup per name measured several percent of a compile.
 */
import type { Registry } from './plugin.js';
import { isWordChar, spellsAt } from './tag-scan.js';

/** What the parser needs to know of a plugin (formatter or predicate). */
export interface ArityDeclaration {
  minArgs?: number;
  maxArgs?: number;
}

/** A name found in a table. */
export interface KnownName<P> {
  /** The table's key: a string shared by every instruction that names it. */
  name: string;
  plugin: P;
  /**
   * Whether the plugin declares an argument count to check: read once, as plugins are objects
   * of many shapes and reading `minArgs`/`maxArgs` of each on every call was megamorphic.
   */
  checksArity: boolean;
}

export type NameIndex<P> = (KnownName<P>[] | undefined)[];

const BUCKETS = 128;
/** One map per kind, should a table object serve as both a formatter and a predicate table. */
const indexes = {
  formatters: new WeakMap<object, unknown>(),
  predicates: new WeakMap<object, unknown>(),
};

/** The name index of `registry`'s table of `kind`, made on first use. */
export function nameIndex<K extends 'formatters' | 'predicates'>(
  registry: Registry,
  kind: K,
): NameIndex<Registry[K][string]> {
  const table = registry[kind];
  let index = indexes[kind].get(table) as NameIndex<Registry[K][string]> | undefined;
  if (index === undefined) {
    index = new Array<KnownName<Registry[K][string]> | undefined>(BUCKETS).fill(undefined) as never;
    indexes[kind].set(table, index);
  }
  return index;
}

/**
 * The plugin whose name starts at `start` (with a letter), or undefined when `table` has none of
 * that name. The name is `source[start, end)`, or with `end` -1 the longest run of word
 * characters from `start`: a known name is then matched without scanning its end first (the
 * scan and the comparison after it read every character twice; measured ~3% of a compile).
 * `objectsOnly`: only a plugin that is an object can declare an arity (formatters may be bare
 * functions).
 */
export function lookupName<P extends ArityDeclaration>(
  index: NameIndex<P>,
  table: Record<string, P>,
  source: string,
  start: number,
  end: number,
  objectsOnly: boolean,
): KnownName<P> | undefined {
  // Names start with a letter, so the first char code fits in 7 bits.
  const bucketIndex = source.charCodeAt(start);
  let bucket = index[bucketIndex];
  if (bucket !== undefined) {
    for (const known of bucket) {
      const name = known.name;
      const ends =
        end === -1
          ? !isWordChar(source.charCodeAt(start + name.length))
          : name.length === end - start;
      if (ends && spellsAt(source, start, name)) return known;
    }
  }
  if (end === -1) {
    end = start + 1;
    while (isWordChar(source.charCodeAt(end))) end++;
  }
  const name = source.slice(start, end);
  // Looked up like the reference's plain-object table (inherited keys count as known).
  const plugin = table[name];
  if (plugin === undefined) return undefined;
  const checksArity =
    (!objectsOnly || typeof plugin === 'object') &&
    (plugin.minArgs !== undefined || plugin.maxArgs !== undefined);
  const known: KnownName<P> = { name, plugin, checksArity };
  if (bucket === undefined) index[bucketIndex] = bucket = [];
  bucket.push(known);
  return known;
}
