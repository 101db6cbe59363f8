/**
 * Partials given as source text, parsed once per (parser, name, source) across renders: a
 * layout applies the same few partials on every render, and parsing them again made each
 * render's code new, so every cache keyed by code (the executor's closures, the React path's
 * structuring and generated element code) missed as well. Returning the same Template keeps
 * those caches warm. Templates are never mutated after parsing, so sharing them is safe.
 *
 * Bounded like `BoundedMemo`: everything is dropped once `MAX_PARTIALS` templates or
 * `MAX_SOURCE_CHARS` characters of source are kept (a flood of distinct sources costs one
 * clear per bound, never unbounded memory).
 */
import type { ParseFunction, Template } from './template.js';

export const MAX_PARTIALS = 500;
export const MAX_SOURCE_CHARS = 4_000_000;

interface Kept {
  /** source -> name -> template (two levels: no key string built from a long source). */
  bySource: Map<string, Map<string, Template>>;
  count: number;
  chars: number;
}

const keptByParser = new WeakMap<ParseFunction, Kept>();

/** `parse(source, name)`, or the Template it gave for the same name and source before. */
export function parsePartial(parse: ParseFunction, source: string, name: string): Template {
  let kept = keptByParser.get(parse);
  if (kept === undefined) {
    kept = { bySource: new Map(), count: 0, chars: 0 };
    keptByParser.set(parse, kept);
  }
  let byName = kept.bySource.get(source);
  const found = byName?.get(name);
  if (found !== undefined) return found;
  const template = parse(source, name);
  if (kept.count >= MAX_PARTIALS || kept.chars + source.length > MAX_SOURCE_CHARS) {
    kept.bySource.clear();
    kept.count = 0;
    kept.chars = 0;
    byName = undefined;
  }
  if (byName === undefined) kept.bySource.set(source, (byName = new Map()));
  byName.set(name, template);
  kept.count++;
  kept.chars += source.length;
  return template;
}
