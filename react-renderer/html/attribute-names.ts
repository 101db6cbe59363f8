/**
 * Adding an attribute to a tag's list unless its name is there already (the first of two
 * attributes with one name wins, as in the HTML parser). A short list is scanned, as most
 * tags have a few attributes; a longer one gets a set of its names, so that a tag with tens of
 * thousands of attributes takes time linear in their number, not quadratic.
 */
import type { AttrToken } from './tokens.js';

/** Lists up to this long are scanned; a set is made for longer ones. */
const SCANNED = 8;

/** The names of each long attribute list, kept up to date by `addAttribute`. */
const namesOf = new WeakMap<object, Set<string>>();

/**
 * Appends `attr` to `attrs` unless an attribute of that name is in the list; returns whether
 * it was appended. Lists longer than a few attributes must only grow through here.
 */
export function addAttribute<H>(attrs: AttrToken<H>[], attr: AttrToken<H>): boolean {
  const name = attr.name;
  const n = attrs.length;
  if (n < SCANNED) {
    for (let k = 0; k < n; k++) if (attrs[k]!.name === name) return false;
    attrs.push(attr);
    return true;
  }
  let names = namesOf.get(attrs);
  if (names === undefined) {
    names = new Set();
    for (let k = 0; k < n; k++) names.add(attrs[k]!.name);
    namesOf.set(attrs, names);
  }
  if (names.has(name)) return false;
  names.add(name);
  attrs.push(attr);
  return true;
}
