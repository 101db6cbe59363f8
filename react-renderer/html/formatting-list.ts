/**
 * The HTML parser's list of active formatting elements (WHATWG HTML, "the list of active
 * formatting elements"): the formatting elements (`b`, `a`, `em`…) opened in the current scope
 * and not yet ended by their own end tag, with a marker where a cell, caption, applet, object,
 * marquee or template begins. The tree builder (tree-builder.ts) reopens the ones that an
 * unrelated end tag closed ("reconstruct the active formatting elements") and untangles
 * misnested end tags with it (the adoption agency algorithm). This file is the list's own
 * bookkeeping, as functions over a plain array (one per parse; most parses never touch it).
 *
 * A marker is the marker element itself (a `td`, …): no formatting element has such a name, so
 * an entry's tag tells which it is, and the marker of an element leaves with the element.
 */

import { tagSet } from './tokens.js';

/** Elements the list of active formatting elements holds. */
export const FORMATTING: ReadonlySet<string> = tagSet(
  'a b big code em font i nobr s small strike strong tt u',
);

/** Elements whose start puts a marker on the list, and whose end clears the list back to it. */
export const MARKERS: ReadonlySet<string> = tagSet('applet caption marquee object td th template');

/** What the list needs of an element. */
export interface Entry {
  readonly tag: string;
  readonly attrs: ReadonlyArray<{ name: string; value: string; parts: unknown[] | null }>;
  /** Holes among the attributes (the structuring pass): the attributes are not known yet. */
  readonly dynamic: unknown[] | null;
}

export const isMarker = (entry: Entry): boolean => MARKERS.has(entry.tag);

/** Index of the last entry named `tag` after the last marker, or -1. */
export function lastFormatting(list: readonly Entry[], tag: string): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i]!;
    if (entry.tag === tag) return i;
    if (isMarker(entry)) return -1;
  }
  return -1;
}

/** Whether the list has no marker: a search back through it goes on to the elements outside. */
export function reachesOuter(list: readonly Entry[]): boolean {
  for (let i = list.length - 1; i >= 0; i--) if (isMarker(list[i]!)) return false;
  return true;
}

/** Removes the entries after the last marker, and the marker. */
export function clearToMarker(list: Entry[]): void {
  while (list.length > 0) if (isMarker(list.pop()!)) return;
}

/** Removes an entry if the list has it. */
export function removeEntry(list: Entry[], entry: Entry): void {
  const at = list.lastIndexOf(entry);
  if (at !== -1) list.splice(at, 1);
}

/**
 * Index of the first entry to reopen (the earliest of the entries at the end of the list that
 * are neither a marker nor `open`), or -1 when the last entry is a marker or open.
 */
export function firstToReopen(list: readonly Entry[], open: readonly Entry[]): number {
  let i = list.length - 1;
  if (i < 0) return -1;
  const last = list[i]!;
  if (isMarker(last) || open[open.length - 1] === last || open.lastIndexOf(last) !== -1) return -1;
  while (i > 0 && !isMarker(list[i - 1]!) && open.lastIndexOf(list[i - 1]!) === -1) i--;
  return i;
}

/** Whether two elements have the same attributes (in any order); null when holes hide them. */
function sameAttributes(a: Entry, b: Entry): boolean | null {
  if (a.dynamic !== null || b.dynamic !== null) return null;
  if (a.attrs.length !== b.attrs.length) return false;
  let known = true;
  for (const attr of a.attrs) {
    const other = b.attrs.find((x) => x.name === attr.name);
    if (other === undefined) return false;
    if (attr.parts !== null || other.parts !== null) known = false;
    else if (other.value !== attr.value) return false;
  }
  return known ? true : null;
}

/**
 * The "Noah's Ark" clause: when three entries after the last marker already match an element
 * (name and attributes), the earliest of them leaves the list as the element joins it. Returns
 * that entry's index, -1 for none, or null when attribute holes leave it unknown.
 */
export function noahsArk(list: readonly Entry[], el: Entry): number | null {
  let matches = 0;
  let earliest = -1;
  let unknown = false;
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i]!;
    if (isMarker(entry)) break;
    if (entry.tag !== el.tag) continue;
    const same = sameAttributes(entry, el);
    if (same === false) continue;
    if (same === null) unknown = true;
    matches++;
    earliest = i;
  }
  if (matches < 3) return -1;
  return unknown ? null : earliest;
}

/**
 * The formatting elements among the elements open outside a parse (outermost first), after
 * the last marker element: those the browser's list holds around it.
 */
export function outerFormatting(outer: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = outer.length - 1; i >= 0; i--) {
    const tag = outer[i]!;
    if (MARKERS.has(tag)) break;
    if (FORMATTING.has(tag)) found.push(tag);
  }
  return found;
}
