/**
 * The HTML tree builder's tables: the namespaces, the element tree it builds, and the tag
 * categories of the WHATWG tree construction rules (which start tags close a `p`, which
 * elements are "special" or bound a scope, what each start tag does besides opening its
 * element). Only data and one-line predicates: the rules that use them are tree-builder.ts
 * (tokens), formatting-builder.ts (the list of active formatting elements) and
 * open-elements.ts (the stack).
 */
import { FORMATTING, MARKERS } from './formatting-list.js';
import { RAW_TEXT, RCDATA, tagSet, type AttrToken } from './tokens.js';

export const enum Ns {
  HTML,
  SVG,
  MATH,
}

export interface HElement<H, X> {
  tag: string;
  attrs: AttrToken<H>[];
  dynamic: Array<string | H> | null;
  children: Array<HNode<H, X>>;
  ns: Ns;
}

export type HNode<H, X> = string | HElement<H, X> | X;

export const VOID = tagSet(
  'area base br col embed hr img input keygen link meta param source track wbr',
);

/** Start tags that close an open `<p>` (the spec's list). */
export const CLOSES_P = new Set(
  (
    'address article aside blockquote center details dialog dir div dl fieldset figcaption ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr listing main menu nav ol p pre ' +
    'section summary table ul li dd dt xmp plaintext'
  ).split(' '),
);

/** The spec's "special" HTML elements: an end tag of an unrelated, non-special element cannot pass them. */
export const SPECIAL = new Set(
  (
    'address applet area article aside base basefont bgsound blockquote body br button caption ' +
    'center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form ' +
    'frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link ' +
    'listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext ' +
    'pre script search section select source style summary table tbody td template textarea ' +
    'tfoot th thead title tr track ul wbr xmp'
  ).split(' '),
);

/** Scope boundaries for "has an element in scope". */
export const SCOPE = tagSet('applet caption html table td th marquee object template');
export const TABLE_PARTS = tagSet('table tbody thead tfoot tr td th caption colgroup');
export const HEADINGS = tagSet('h1 h2 h3 h4 h5 h6');
/** `</li>` looks for its element in list item scope: not past a list. */
export const LISTS = tagSet('ol ul');

/** What a start tag does besides opening its element, found with one lookup per tag. */
export const enum Start {
  CLOSES_P = 1,
  /** Has a case in `closeImplied`. */
  CLOSES_OTHERS = 2,
  VOID = 4,
  SKIPS_NEWLINE = 8,
  /** `svg`, `math`: may be self-closing. */
  FOREIGN = 16,
  /** Does not reopen the formatting elements an end closed (block-level and table tags…). */
  NO_REOPEN = 32,
  /** Joins the list of active formatting elements. */
  FORMATTING = 64,
  /** Puts a marker on that list (cells, captions, applet, object, marquee, template). */
  MARKER = 128,
  LISTED = FORMATTING | MARKER,
  /** A table tag: the table insertion modes' own rules place it (insertion-modes.ts). */
  TABLE = 256,
  /** Its element changes the insertion mode (see `MODES`). */
  MODAL = 512,
  /** `form`, which is not opened inside another. */
  FORM = 1024,
  /** A document's own tag (`html`, `head`, `body`, `frameset`, `frame`): not in the body. */
  DOCUMENT = 2048,
}
export const START_RULES = new Map<string, number>();
function startRule(names: Iterable<string>, rule: Start): void {
  for (const name of names) START_RULES.set(name, (START_RULES.get(name) ?? 0) | rule);
}
startRule(CLOSES_P, Start.CLOSES_P);
startRule(tagSet('li dd dt h1 h2 h3 h4 h5 h6 option optgroup button'), Start.CLOSES_OTHERS);
startRule(VOID, Start.VOID);
startRule(tagSet('pre listing textarea'), Start.SKIPS_NEWLINE);
startRule(tagSet('svg math'), Start.FOREIGN);
// Start.NO_REOPEN: the special tags but these, which reopen them, and the ruby and dialog tags.
const REOPENING_SPECIAL = tagSet(
  'applet area br button embed img input keygen marquee object select wbr xmp',
);
startRule(
  [...SPECIAL, ...tagSet('dialog rb rp rt rtc')].filter((n) => !REOPENING_SPECIAL.has(n)),
  Start.NO_REOPEN,
);
startRule(FORMATTING, Start.FORMATTING);
startRule(MARKERS, Start.MARKER);
startRule(tagSet('caption col colgroup table tbody td tfoot th thead tr'), Start.TABLE);
startRule(tagSet('caption colgroup select table tbody td template tfoot th thead tr'), Start.MODAL);
startRule(['form'], Start.FORM);
startRule(tagSet('html head body frameset frame'), Start.DOCUMENT);

/**
 * The insertion modes that change what a tag does (WHATWG HTML § 13.2.6.4): the open element
 * nearest the current node that is one of `MODES` decides it ("reset the insertion mode
 * appropriately" finds the same one, and it is the mode the parser set when it opened that
 * element). Elements opened since (content of a cell, or fostered out of a table) do not
 * change it.
 */
export const enum Mode {
  BODY,
  TABLE,
  /** "in table body": a `tbody`, `thead` or `tfoot`. */
  SECTION,
  ROW,
  CELL,
  CAPTION,
  COLUMNS,
  SELECT,
  SELECT_IN_TABLE,
}
export const MODES = new Map<string, Mode>([
  ['table', Mode.TABLE],
  ['tbody', Mode.SECTION],
  ['thead', Mode.SECTION],
  ['tfoot', Mode.SECTION],
  ['tr', Mode.ROW],
  ['td', Mode.CELL],
  ['th', Mode.CELL],
  ['caption', Mode.CAPTION],
  ['colgroup', Mode.COLUMNS],
  ['select', Mode.SELECT],
  // Elements past which the table and select modes do not look.
  ['template', Mode.BODY],
  ['body', Mode.BODY],
  ['html', Mode.BODY],
]);

/**
 * Where content that is not a table part goes before the table instead ("foster parenting"):
 * start tags and non-whitespace text whose insertion target is one of these.
 */
export const FOSTERS = tagSet('table tbody thead tfoot tr');

/** HTML tags that end foreign (SVG/MathML) content (and `font`: see `breaksOut`). */
export const BREAKOUT = new Set(
  (
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img ' +
    'li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'
  ).split(' '),
);

/** Whether a start tag in foreign content ends it (a `font` does with a color, face or size). */
export function breaksOut(name: string, attrs: ReadonlyArray<AttrToken<unknown>>): boolean {
  if (name === 'font') {
    return attrs.some((a) => a.name === 'color' || a.name === 'face' || a.name === 'size');
  }
  return BREAKOUT.has(name);
}

/** MathML elements whose text and start tags (but `mglyph`, `malignmark`) are HTML's. */
const MATH_TEXT_POINTS = tagSet('mi mo mn ms mtext');
/** SVG elements whose text and start tags are HTML's. */
const SVG_HTML_POINTS = tagSet('foreignObject desc title');

/** An `annotation-xml` whose `encoding` says its content is HTML (a static value only). */
export function isHtmlAnnotation(attrs: ReadonlyArray<AttrToken<unknown>>): boolean {
  const encoding = attrs.find((a) => a.name === 'encoding');
  if (encoding === undefined || encoding.parts != null) return false;
  const value = encoding.value.toLowerCase();
  return value === 'text/html' || value === 'application/xhtml+xml';
}

/**
 * SVG and MathML elements that are special, and scope boundaries, too: SVG's `foreignObject`,
 * `desc`, `title`, MathML's `mi`, `mo`, `mn`, `ms`, `mtext`, `annotation-xml` (by namespace:
 * an SVG element named `ms` is not one).
 */
export function isForeignSpecial(el: HElement<unknown, unknown>): boolean {
  if (el.ns === Ns.SVG) return SVG_HTML_POINTS.has(el.tag);
  return el.ns === Ns.MATH && (MATH_TEXT_POINTS.has(el.tag) || el.tag === 'annotation-xml');
}

/**
 * Whether an element is an integration point: a foreign element in which text and start tags
 * go by the HTML rules (WHATWG HTML § 13.2.6, "tree construction dispatcher").
 */
export function isIntegrationPoint(el: HElement<unknown, unknown>): boolean {
  // The special foreign elements, but an `annotation-xml` only when its content is HTML.
  return isForeignSpecial(el) && (el.tag !== 'annotation-xml' || isHtmlAnnotation(el.attrs));
}

/**
 * Whether a lower-case tag name names an integration point in SVG or MathML (`foreignobject`;
 * an `annotation-xml` whatever its encoding), for callers that know tags by name only.
 */
export function namesIntegrationPoint(tag: string): boolean {
  return (
    tag === 'foreignobject' ||
    tag === 'annotation-xml' ||
    SVG_HTML_POINTS.has(tag) ||
    MATH_TEXT_POINTS.has(tag)
  );
}

/**
 * Whether a start tag named `name` (text: '') goes by the rules for foreign content when
 * `el` is the current node: `el` is SVG or MathML and no integration point takes the token.
 */
export function foreignRules(el: HElement<unknown, unknown>, name: string): boolean {
  if (el.ns === Ns.HTML) return false;
  if (el.ns === Ns.MATH) {
    if (MATH_TEXT_POINTS.has(el.tag)) return name === 'mglyph' || name === 'malignmark';
    if (el.tag === 'annotation-xml') return name !== 'svg' && !isHtmlAnnotation(el.attrs);
    return true;
  }
  return !SVG_HTML_POINTS.has(el.tag);
}

/**
 * The namespace of the content of a `tag` element (with `attrs`), in a `parent` element whose
 * content is in `ns`: the element's own namespace, or HTML in an integration point. (In
 * HTML content, `svg` and `math` begin foreign content; in foreign content an element takes
 * the namespace around it, but for an `svg` in an `annotation-xml`.)
 */
export function contentNs(
  tag: string,
  ns: Ns,
  attrs: ReadonlyArray<AttrToken<unknown>>,
  parent: string,
): Ns {
  let own = ns;
  // (A foreign element may have its React type as its name: `STYLE`.)
  if (ns !== Ns.HTML) tag = tag.toLowerCase();
  if (ns === Ns.HTML) own = tag === 'svg' ? Ns.SVG : tag === 'math' ? Ns.MATH : Ns.HTML;
  else if (ns === Ns.MATH && tag === 'svg' && parent === 'annotation-xml') own = Ns.SVG;
  if (own === Ns.HTML) return own;
  const el = {
    tag: own === Ns.SVG ? (SVG_TAGS[tag] ?? tag) : tag,
    attrs: attrs as AttrToken<unknown>[],
    dynamic: null,
    children: [],
    ns: own,
  };
  return isIntegrationPoint(el) ? Ns.HTML : own;
}

/** SVG tag names the parser restores to their camel case. */
export const SVG_TAGS: Record<string, string> = Object.fromEntries(
  (
    'altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath ' +
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting ' +
    'feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR ' +
    'feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight ' +
    'feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef linearGradient ' +
    'radialGradient textPath'
  )
    .split(' ')
    .map((name) => [name.toLowerCase(), name]),
);

/** What `</p>` and a start tag that closes a `p` look for outside the region. */
export const isP = (tag: string): boolean => tag === 'p';

/**
 * Current elements whose text the table modes handle: whitespace stays in them (and reopens no
 * formatting element), other text is fostered out of the table (`FOSTERS`; `colgroup` first
 * closes).
 */
export const TABLE_TEXT = tagSet('table tbody thead tfoot tr colgroup');

/** Whether an end tag of an unrelated, non-special element stops at this element. */
export function isSpecial(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML ? SPECIAL.has(el.tag) : isForeignSpecial(el);
}

/** Whether "has an element in scope" stops at this element. */
export function isScopeBoundary(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML ? SCOPE.has(el.tag) : isForeignSpecial(el);
}

/** A new element for the token an element was made from (no children). */
export function copyOf<H, X>(el: HElement<H, X>): HElement<H, X> {
  return { tag: el.tag, attrs: el.attrs, dynamic: el.dynamic, children: [], ns: el.ns };
}

/**
 * Whether no `p` can be open in button scope outside an element: it ends that search (a scope
 * boundary, or the outermost context), or its own start tag would have closed such a `p`.
 */
export function isBoundary(tag: string): boolean {
  return SCOPE.has(tag) || tag === 'button' || tag === '#root' || CLOSES_P.has(tag);
}

/** Whether a character code is HTML whitespace (tab, line feed, form feed, return, space). */

/** Elements whose content is raw text (RCDATA included): the "text" insertion mode. */
export const TEXT_ONLY: ReadonlySet<string> = new Set([...RAW_TEXT, ...RCDATA]);
