/**
 * A fast path for the commonest markup values: a few phrasing elements, links, `<div>` and
 * `<p>`, properly nested and closed, with double-quoted attributes (`from <span class="sqs-money-native">38.00</span>`,
 * `Has <em>markup</em> &amp; entities`). Inside an HTML element whose insertion mode is "in
 * body", the HTML parser builds such markup exactly as written, so its nodes are made here
 * without the tokenizer and tree builder (whose setup costs more than the parse of a price).
 * Two repairs are made as the parser makes them, for an excerpt's paragraphs printed in a
 * template's `<p>` (re-parsed in the element around it, compile/local-fallback.ts): a block
 * start tag closes the `<p>` it finds current, and a `</p>` with no `<p>` open is an empty
 * paragraph. Anything else — another tag, an attribute written another way, a stray or
 * missing end tag, a comment, a context with rules of its own — gives null and goes the full
 * way (`parseValue`); a property test compares the two.
 */
import { Char, isAsciiDigit, isAsciiLower } from '../html/char-codes.js';
import type { AttrToken } from '../html/tokens.js';
import { addAttribute } from '../html/attribute-names.js';
import { decodeEntities } from '../html/entities.js';
import { Ns } from '../html/tree-builder.js';
import { ownElement, propsOf, pushText, TABLE_PARTS, type Kid } from './host-elements.js';
import { TEXT_ONLY } from '../html/tag-rules.js';
import { MAX_ELEMENT_DEPTH } from '../html/open-elements.js';

/**
 * Elements with no tree-construction rule of their own beyond "insert it" and "pop it": no
 * implied ends, no scope, not `<a>` (which closes an open `<a>`). Formatting elements among
 * them, closed in order, are popped as their end tag finds them current.
 */
const PHRASING = new Set(
  'span em strong b i small sup sub s u code abbr mark time data cite q kbd var samp dfn bdi'.split(
    ' ',
  ),
);
const VOIDS = new Set(['br', 'wbr']);
/**
 * Blocks whose start tag closes an open `<p>` (and nothing else): taken where no `<p>` is open,
 * around the markup or in it.
 */
const BLOCKS = new Set(['div', 'p']);

/** How much markup a context takes the fast way (a kind, and the `ANCHORS` flag). */
export const enum SimpleContext {
  NONE = 0,
  PHRASING = 1,
  /** Phrasing, `<div>` and `<p>`: no `<p>` is open around the markup. */
  BLOCKS = 2,
  /** With either: `<a>` too, no `<a>` being open around the markup (it would close it). */
  ANCHORS = 4,
}

/** The kind of a context, without its flags. */
const KIND = SimpleContext.PHRASING | SimpleContext.BLOCKS;

/**
 * Contexts where phrasing is not simply inserted (tables foster it, selects drop it, templates,
 * foreign content and text-only elements have rules of their own): not taken here.
 */
const MODAL = new Set([
  ...TABLE_PARTS,
  ...TEXT_ONLY,
  ...'caption select optgroup option template html head frameset plaintext svg math'.split(' '),
]);

/** What markup in `parent` (inside `enclosing`, parent last) is built as written. */
export function simpleContext(parent: string, ns: Ns, enclosing: readonly string[]): SimpleContext {
  if (ns !== Ns.HTML || MODAL.has(parent)) return SimpleContext.NONE;
  let inP = false;
  let inA = false;
  for (let i = 0; i < enclosing.length; i++) {
    if (MODAL.has(enclosing[i]!)) return SimpleContext.NONE;
    if (enclosing[i] === 'p') inP = true;
    if (enclosing[i] === 'a') inA = true;
  }
  return (inP ? SimpleContext.PHRASING : SimpleContext.BLOCKS) | (inA ? 0 : SimpleContext.ANCHORS);
}

/** Where markup is built; `simple` keeps its `simpleContext` once worked out. */
interface SimpleSite {
  readonly parent: string;
  readonly ns: Ns;
  readonly enclosing: readonly string[];
  simple: SimpleContext | undefined;
}

export type SimpleMarkupParser = (html: string, site: SimpleSite) => Kid[] | null;

/**
 * The nodes of simple markup at a site (see `parseSimpleMarkup`). The server entry passes it to
 * the React path (`RenderHooks.simpleMarkup`); the browser runtime, which renders a page once,
 * does without (same nodes, slower) and its size budget does not carry it.
 */
export const simpleMarkupAt: SimpleMarkupParser = (html, site) =>
  parseSimpleMarkup(
    html,
    (site.simple ??= simpleContext(site.parent, site.ns, site.enclosing)),
    MAX_ELEMENT_DEPTH - site.enclosing.length,
  );

/**
 * The nodes of simple markup (see above) in a context, or null when it is not simple. Markup
 * nesting more than `room` elements is not: the tree builder puts elements past the depth
 * limit beside each other (html/open-elements.ts `MAX_ELEMENT_DEPTH`).
 */
export function parseSimpleMarkup(
  html: string,
  context: SimpleContext,
  room = MAX_ELEMENT_DEPTH,
): Kid[] | null {
  if (context === SimpleContext.NONE) return null;
  if (html.indexOf('\r') !== -1 || html.indexOf('\0') !== -1) return null;
  const root: Kid[] = [];
  const open: Array<{ tag: string; attrs: AttrToken<never>[]; kids: Kid[] }> = [];
  let kids = root;
  // How many of `open` are p: a block may not open in one (counted, not searched, so that
  // deeply nested blocks stay linear).
  let openP = 0;
  // Whether an `<a>` is open: another would close it (the adoption agency).
  let openA = false;
  const blocks = (context & KIND) === SimpleContext.BLOCKS;
  let at = 0;
  const n = html.length;
  while (at < n) {
    const lt = html.indexOf('<', at);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > at) pushText(kids, decodeEntities(html.slice(at, textEnd)));
    if (lt === -1) break;
    const end = html.charCodeAt(lt + 1) === Char.SLASH;
    const nameAt = end ? lt + 2 : lt + 1;
    let i = nameAt;
    while (isAsciiLower(html.charCodeAt(i))) i++;
    if (i === nameAt) return null;
    const tag = html.slice(nameAt, i);
    if (end) {
      if (html.charCodeAt(i) !== Char.GREATER_THAN) return null;
      at = i + 1;
      if (tag === 'p' && openP === 0 && blocks) {
        // No paragraph open, here or around: the parser makes an empty one.
        kids.push(ownElement('p', propsOf('p', []), []));
        continue;
      }
      if (open.length === 0 || open[open.length - 1]!.tag !== tag) return null;
      kids = closeCurrent(open, root);
      if (tag === 'p') openP--;
      else if (tag === 'a') openA = false;
      continue;
    }
    const isVoid = VOIDS.has(tag);
    if (BLOCKS.has(tag)) {
      if (!blocks) return null;
      if (openP !== 0) {
        // The start tag closes the open `<p>`: where it is current, with nothing to reopen.
        if (open[open.length - 1]!.tag !== 'p') return null;
        kids = closeCurrent(open, root);
        openP--;
      }
    } else if (tag === 'a') {
      if (openA || (context & SimpleContext.ANCHORS) === 0) return null;
      openA = true;
    } else if (!isVoid && !PHRASING.has(tag)) return null;
    const attrs: AttrToken<never>[] = [];
    i = readAttributes(html, i, attrs);
    if (i === -1) return null;
    if (html.charCodeAt(i) === Char.SLASH) {
      if (!isVoid) return null;
      i++;
    }
    if (html.charCodeAt(i) !== Char.GREATER_THAN) return null;
    at = i + 1;
    if (isVoid) kids.push(ownElement(tag, propsOf(tag, attrs), []));
    else {
      if (open.length >= room) return null;
      const el = { tag, attrs, kids: [] as Kid[] };
      if (tag === 'p') openP++;
      open.push(el);
      kids = el.kids;
    }
  }
  return open.length === 0 ? root : null;
}

/** Pops the current element into its parent's children; the parent's children. */
function closeCurrent(
  open: Array<{ tag: string; attrs: AttrToken<never>[]; kids: Kid[] }>,
  root: Kid[],
): Kid[] {
  const top = open.pop()!;
  const kids = open.length === 0 ? root : open[open.length - 1]!.kids;
  kids.push(ownElement(top.tag, propsOf(top.tag, top.attrs), top.kids));
  return kids;
}

const isNameChar = (c: number): boolean => isAsciiLower(c) || isAsciiDigit(c) || c === Char.HYPHEN;

/**
 * Reads ` name="value"` attributes from `i` into `attrs`: the offset after them (and any
 * spaces), or -1 for anything else, a repeated name or one React treats apart (`key`, `ref`).
 */
function readAttributes(html: string, i: number, attrs: AttrToken<never>[]): number {
  for (;;) {
    const spaced = html.charCodeAt(i) === Char.SPACE;
    while (html.charCodeAt(i) === Char.SPACE) i++;
    const nameAt = i;
    if (!isAsciiLower(html.charCodeAt(i))) return i;
    if (!spaced) return -1;
    while (isNameChar(html.charCodeAt(i))) i++;
    const name = html.slice(nameAt, i);
    if (html.charCodeAt(i) !== Char.EQUALS || html.charCodeAt(i + 1) !== Char.DOUBLE_QUOTE)
      return -1;
    const close = html.indexOf('"', i + 2);
    if (close === -1) return -1;
    const value = html.slice(i + 2, close);
    if (value.indexOf('<') !== -1 || name === 'key' || name === 'ref') return -1;
    if (!addAttribute(attrs, { name, value: decodeEntities(value, true), parts: null })) return -1;
    i = close + 1;
  }
}
