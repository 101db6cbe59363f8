/**
 * Query strings and URLs within the product's limits (docs/storefront.md, "Constants and
 * limits"): a query string is read into nested values (`a[b]=1`, `a[]=1&a[]=2`) with at most
 * 1,000 keys, nesting 5 deep (deeper brackets stay in the last key as text) and array indexes up
 * to 20 (a larger index makes an object); a URL is at most 2,083 characters. Decoding is the
 * platform's (URLSearchParams).
 */

export const QUERY_MAX_KEYS = 1000;
export const QUERY_MAX_DEPTH = 5;
export const QUERY_ARRAY_LIMIT = 20;
export const URL_MAX_LENGTH = 2083;

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
type QueryObject = { [key: string]: QueryValue };

export const fitsUrlLimit = (url: string): boolean => url.length <= URL_MAX_LENGTH;

/** `a[b][c]` as `['a', 'b', 'c']`, the brackets past the depth limit kept as one key. */
export function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const segment = /\[([^[\]]*)\]/y;
  segment.lastIndex = open;
  let end = open;
  while (parts.length <= QUERY_MAX_DEPTH) {
    const match = segment.exec(key);
    if (match === null) break;
    parts.push(match[1]!);
    end = segment.lastIndex;
  }
  if (end === open) return [key];
  if (end < key.length) parts.push(key.slice(end));
  return parts;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isIndex = (s: string) => /^(0|[1-9]\d*)$/.test(s) && Number(s) <= QUERY_ARRAY_LIMIT;

function assign(target: QueryObject, path: string[], value: string): void {
  let node: QueryObject = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      const arr = node as QueryValue[];
      if (key === '') {
        if (last) arr.push(value);
        else arr.push((node = {}));
        continue;
      }
    }
    if (last) {
      const existing = node[key];
      node[key] =
        existing === undefined
          ? value
          : Array.isArray(existing)
            ? [...existing, value]
            : typeof existing === 'string'
              ? [existing, value]
              : existing;
      return;
    }
    const next = path[i + 1]!;
    const wantsArray = next === '' || isIndex(next);
    let child = node[key];
    if (typeof child === 'string' || child === undefined) {
      child = wantsArray ? [] : {};
      node[key] = child;
    } else if (Array.isArray(child) && !wantsArray) {
      child = Object.fromEntries(child.map((v, k) => [String(k), v]));
      node[key] = child;
    }
    node = child as QueryObject;
  }
}

/** Reads `search` (with or without `?`) into nested values, within the limits above. */
export function parseQuery(search: string): QueryObject {
  const out: QueryObject = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(search)) {
    if (count++ >= QUERY_MAX_KEYS) break;
    const path = keyPath(key);
    // A key naming an object's prototype would change every object of the page.
    if (path.some((part) => UNSAFE_KEYS.has(part))) continue;
    assign(out, path, value);
  }
  return out;
}
