/**
 * Tree construction: tokens to an element tree, with the parts of the WHATWG algorithm that
 * templates and formatter output exercise — void elements, `/>` only in SVG/MathML, implied end
 * tags (p, li, dd/dt, option, headings, table rows and cells), implied tbody/tr/colgroup, stray
 * end tags ignored, the newline after `<pre>`/`<textarea>` dropped, SVG tag-name case. The React
 * tree must have exactly the elements the browser builds from the string path's HTML, or
 * hydration fails, so these rules are not optional.
 *
 * One builder serves the structuring pass (whose children also hold instruction nodes, type X)
 * and the runtime parse of markup-bearing values, which makes React elements instead of this
 * tree (elements.ts, through the `attach` and `closed` hooks) by the same algorithm. The
 * builder parses "in context": its root is an element that is already open (the element
 * holding the region); `outer` lists elements open outside the region, so that a token which
 * would close one of them is detected (`escaped`) instead of silently mis-nesting.
 *
 * Formatting elements follow the spec's list of active formatting elements (formatting.ts):
 * one that a block's end closed is reopened before the next text or inline start tag, and a
 * misnested end tag (`<b>1<p>2</b>3`) runs the adoption agency algorithm, which moves open
 * elements and closes copies. Both keep the stack in tree order (each open element the last
 * child of the one below it), which the builder of React elements relies on (`closed`). The
 * structuring pass cannot let either act on instruction holes; a builder says what it can copy
 * or move (`rebuildable`, `movable`), and where it cannot, the builder stops short (`tangled`)
 * and the pass leaves that part of the template to render time (structure.ts).
 */
import {
  clearToMarker,
  firstToReopen,
  FORMATTING,
  isMarker,
  lastFormatting,
  MARKERS,
  noahsArk,
  outerFormatting,
  reachesOuter,
  removeEntry,
} from './formatting.js';
import type { AttrToken, TagToken, TokenSink } from './html-tokenizer.js';

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

export const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Start tags that close an open `<p>` (the spec's list). */
const CLOSES_P = new Set(
  (
    'address article aside blockquote center details dialog dir div dl fieldset figcaption ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr listing main menu nav ol p pre ' +
    'section summary table ul li dd dt xmp plaintext'
  ).split(' '),
);

/** The spec's "special" HTML elements: an end tag of an unrelated, non-special element cannot pass them. */
const SPECIAL = new Set(
  (
    'address applet area article aside base basefont bgsound blockquote body br button caption ' +
    'center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form ' +
    'frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link ' +
    'listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext ' +
    'pre script search section select source style summary table tbody td template textarea ' +
    'tfoot th thead title tr track ul wbr xmp'
  ).split(' '),
);
/** SVG and MathML elements that are special, and scope boundaries, too. */
const FOREIGN_SPECIAL = new Set(
  'foreignObject desc title mi mo mn ms mtext annotation-xml'.split(' '),
);

/** Scope boundaries for "has an element in scope". */
const SCOPE = new Set([
  'applet',
  'caption',
  'html',
  'table',
  'td',
  'th',
  'marquee',
  'object',
  'template',
]);
const TABLE_PARTS = new Set([
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'colgroup',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** `</li>` looks for its element in list item scope: not past a list. */
const LISTS = new Set(['ol', 'ul']);
const SECTIONS = new Set(['tbody', 'thead', 'tfoot']);

/** What a start tag does besides opening its element, found with one lookup per tag. */
const enum Start {
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
}
const START_RULES = new Map<string, number>();
function startRule(names: Iterable<string>, rule: Start): void {
  for (const name of names) START_RULES.set(name, (START_RULES.get(name) ?? 0) | rule);
}
startRule(CLOSES_P, Start.CLOSES_P);
startRule(
  (
    'li dd dt h1 h2 h3 h4 h5 h6 option optgroup ' +
    'tr td th tbody thead tfoot caption colgroup col'
  ).split(' '),
  Start.CLOSES_OTHERS,
);
startRule(VOID, Start.VOID);
startRule(['pre', 'listing', 'textarea'], Start.SKIPS_NEWLINE);
startRule(['svg', 'math'], Start.FOREIGN);
startRule(
  (
    'address article aside blockquote center details dialog dir div dl fieldset figcaption ' +
    'figure footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 ' +
    'pre listing form li dd dt plaintext table hr param source track textarea iframe noembed ' +
    'noscript base basefont bgsound link meta noframes script style template title body html ' +
    'frameset caption col colgroup frame head tbody td tfoot th thead tr rb rtc rp rt'
  ).split(' '),
  Start.NO_REOPEN,
);
startRule(FORMATTING, Start.FORMATTING);
startRule(MARKERS, Start.MARKER);

/** HTML tags that end foreign (SVG/MathML) content. */
const BREAKOUT = new Set(
  (
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img ' +
    'li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'
  ).split(' '),
);

/** SVG tag names the parser restores to their camel case. */
const SVG_TAGS: Record<string, string> = Object.fromEntries(
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

/**
 * Whether no `p` can be open in button scope outside an element: it ends that search (a scope
 * boundary, or the outermost context), or its own start tag would have closed such a `p`.
 */
const isP = (tag: string): boolean => tag === 'p';

/** Start tags that only mean something inside a table. */
const TABLE_START = new Set([
  'caption',
  'col',
  'colgroup',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

/** Current elements whose text the table modes keep: it reopens no formatting element. */
const TABLE_TEXT = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'colgroup']);

function isSpecial(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML ? SPECIAL.has(el.tag) : FOREIGN_SPECIAL.has(el.tag);
}

function isScopeBoundary(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML ? SCOPE.has(el.tag) : FOREIGN_SPECIAL.has(el.tag);
}

/** A new element for the token an element was made from (no children). */
function copyOf<H, X>(el: HElement<H, X>): HElement<H, X> {
  return { tag: el.tag, attrs: el.attrs, dynamic: el.dynamic, children: [], ns: el.ns };
}

function isBoundary(tag: string): boolean {
  return SCOPE.has(tag) || tag === 'button' || tag === '#root' || CLOSES_P.has(tag);
}

export class TreeBuilder<H, X> implements TokenSink<H> {
  readonly root: HElement<H, X>;
  /** Open elements; stack[0] is the context root, which this builder never closes. */
  readonly stack: HElement<H, X>[];
  /** A token closed an element outside the region (see the header), and which one. */
  escaped = false;
  escapedBy = '';
  /**
   * The builder stopped short of reopening or moving elements it may not copy or move (see
   * `rebuildable`, `movable`); `tangledDepth`: how deep in the stack the tree is still right.
   */
  tangled = false;
  tangledDepth = 0;
  /** Drop one leading newline of the next text (after `<pre>`, `<listing>`, `<textarea>`). */
  private skipNewline = false;
  /** The list of active formatting elements (formatting.ts), markers included. */
  private readonly active: Array<HElement<H, X>> = [];
  /** How many markers the list holds (closing elements looks for them only then). */
  private markers = 0;
  /** The entry the element being opened pushes off the list (Noah's Ark), or -1. */
  private pushedOff = -1;
  /** `outerFormatting(outer)`, found when first needed. */
  private outerActive: string[] | null = null;
  /**
   * Elements taken off the stack while an element inside them is still open (the second `a` of
   * `<a><svg><foreignObject><a>`), by that element: it closes into them, then they close.
   */
  private held: Map<HElement<H, X>, HElement<H, X>> | null = null;

  constructor(
    context: string,
    contextNs: Ns = Ns.HTML,
    private readonly outer: readonly string[] = [],
  ) {
    this.root = { tag: context, attrs: [], dynamic: null, children: [], ns: contextNs };
    this.stack = [this.root];
  }

  get current(): HElement<H, X> {
    return this.stack[this.stack.length - 1]!;
  }

  text(text: string): void {
    if (this.skipNewline) {
      this.skipNewline = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    if (text === '') return;
    if (this.active.length !== 0 && !this.reopenIfClosed(true)) return;
    const children = this.current.children;
    const last = children.length - 1;
    if (last >= 0 && typeof children[last] === 'string') children[last] += text;
    else children.push(text);
  }

  /** Appends a non-markup node (an instruction hole, a block) to the current element. */
  append(node: X): void {
    this.skipNewline = false;
    this.current.children.push(node);
  }

  tag(tag: TagToken<H>): void {
    this.skipNewline = false;
    if (tag.end) this.endTag(tag.name);
    else this.startTag(tag);
  }

  /** Opens an element (and returns it) without a token, e.g. for a structured region. */
  open(tag: string, attrs: AttrToken<H>[], dynamic: Array<string | H> | null): HElement<H, X> {
    const parent = this.current;
    let ns = parent.ns;
    // foreignObject's children are HTML again.
    if (ns === Ns.SVG && (parent.tag === 'foreignObject' || parent.tag === 'desc')) ns = Ns.HTML;
    if (tag === 'svg') ns = Ns.SVG;
    else if (tag === 'math') ns = Ns.MATH;
    const el: HElement<H, X> = {
      tag: ns === Ns.SVG ? (SVG_TAGS[tag] ?? tag) : tag,
      attrs,
      dynamic,
      children: [],
      ns,
    };
    this.attach(parent, el);
    this.stack.push(el);
    return el;
  }

  /** Whether the list of active formatting elements holds only open elements (and markers). */
  isClean(): boolean {
    const active = this.active;
    for (let i = active.length - 1; i >= 0; i--) {
      const entry = active[i]!;
      if (!isMarker(entry) && this.stack.lastIndexOf(entry) === -1) return false;
    }
    return true;
  }

  /**
   * The elements still open, and the formatting elements closed but not ended (the browser
   * would reopen them in what follows): null when there are none.
   */
  leftOpen(): string[] | null {
    const stack = this.stack;
    const tags = stack.length > 1 ? stack.slice(1).map((el) => el.tag) : [];
    for (const entry of this.active) if (stack.lastIndexOf(entry) === -1) tags.push(entry.tag);
    return tags.length > 0 ? tags : null;
  }

  /**
   * Closes the elements above `depth` without closing hooks, and forgets the formatting
   * elements they and what closed before them opened: the part of the tree they were in is
   * left to be parsed at render time (structure.ts).
   */
  dropAbove(depth: number): void {
    const stack = this.stack;
    stack.length = depth + 1;
    const active = this.active;
    let kept = 0;
    this.markers = 0;
    for (const entry of active) {
      if (!stack.includes(entry)) continue;
      active[kept++] = entry;
      if (isMarker(entry)) this.markers++;
    }
    active.length = kept;
    this.tangled = false;
    this.skipNewline = false;
  }

  /** Closes everything still open (the end of the input). */
  finish(): void {
    this.popTo(1);
  }

  /**
   * Adds a new element to its parent's children. A builder of immutable nodes (React
   * elements) overrides this and `closed` to add the finished node when the element closes.
   */
  protected attach(parent: HElement<H, X>, el: HElement<H, X>): void {
    parent.children.push(el);
  }

  /**
   * Called for each element as it closes, innermost first, with the element that holds it.
   * An element gets no children after it closes (a formatting element the parser reopens is
   * a new copy of it), so it is complete here.
   */
  protected closed(_el: HElement<H, X>, _parent: HElement<H, X>): void {}

  /**
   * Whether an element may be copied (a formatting element reopened or split by the adoption
   * agency). The structuring pass may not copy attribute holes: they would be run twice.
   */
  protected rebuildable(_el: HElement<H, X>): boolean {
    return true;
  }

  /** Whether the adoption agency may move an element and what it holds to a new parent. */
  protected movable(_el: HElement<H, X>): boolean {
    return true;
  }

  /** Called when the adoption agency has moved an element's children into a new element. */
  protected emptied(_el: HElement<H, X>): void {}

  /** Stops short (see `tangled`): the tree is right up to the element at `depth`. */
  private tangle(depth: number): void {
    this.tangledDepth = this.tangled ? Math.min(this.tangledDepth, depth) : depth;
    this.tangled = true;
  }

  private push(el: HElement<H, X>): HElement<H, X> {
    this.attach(this.current, el);
    this.stack.push(el);
    return el;
  }

  /** Closes open elements down to `depth` elements (the context root is never closed). */
  private popTo(depth: number): void {
    const stack = this.stack;
    if (this.markers !== 0 || this.held !== null) {
      this.popListed(depth);
      return;
    }
    while (stack.length > depth) {
      const el = stack.pop()!;
      this.closed(el, stack[stack.length - 1]!);
    }
  }

  /** `popTo` with markers on the list (or elements held, see `held`). */
  private popListed(depth: number): void {
    const stack = this.stack;
    let marker = false;
    while (stack.length > depth) {
      const el = stack.pop()!;
      if (this.held === null) this.closed(el, stack[stack.length - 1]!);
      else this.close(el, stack[stack.length - 1]!);
      if (el.ns === Ns.HTML && MARKERS.has(el.tag)) marker = true;
    }
    // Closing a cell (caption, object…) clears the list back to the last marker, once: an
    // object left open in the cell takes its own marker along, and the cell's stays (so a
    // formatting element opened before the object is reopened after the table).
    if (marker) {
      clearToMarker(this.active);
      this.markers--;
    }
  }

  private close(el: HElement<H, X>, below: HElement<H, X>): void {
    const holder = this.held?.get(el);
    if (holder === undefined) {
      this.closed(el, below);
      return;
    }
    this.held!.delete(el);
    this.closed(el, holder);
    this.close(holder, below);
  }

  private closeCurrent(): void {
    this.popTo(this.stack.length - 1);
  }

  private contentNs(): Ns {
    const cur = this.current;
    if (cur.ns === Ns.SVG && (cur.tag === 'foreignObject' || cur.tag === 'desc')) return Ns.HTML;
    return cur.ns;
  }

  /** The formatting elements the browser's list holds around this parse (see `outer`). */
  private outerFormatting(): string[] {
    return (this.outerActive ??= outerFormatting(this.outer));
  }

  /** The elements in the table modes' text rules, whose text does not reopen formatting. */
  private textReopens(): boolean {
    return this.contentNs() === Ns.HTML && !TABLE_TEXT.has(this.current.tag);
  }

  /**
   * `reopenFormatting` unless the last entry of the list is open (then nothing is to reopen:
   * text or a tag in a formatting element, in a cell…). False when the builder stopped short.
   */
  private reopenIfClosed(text = false): boolean {
    const active = this.active;
    const last = active[active.length - 1]!;
    if (last === this.current || this.stack.lastIndexOf(last) !== -1) return true;
    this.reopenFormatting(text);
    return !this.tangled;
  }

  /**
   * "Reconstruct the active formatting elements": copies of the formatting elements that were
   * closed without their end tag open again, in order, inside the current element. `text`:
   * for text (which the table modes and foreign content keep out of it).
   */
  private reopenFormatting(text = false): void {
    const active = this.active;
    const from = firstToReopen(active, this.stack);
    if (from === -1 || (text && !this.textReopens())) return;
    // The select modes never reopen (nor take formatting elements).
    for (const el of this.stack) if (el.tag === 'select') return;
    for (let i = from; i < active.length; i++) {
      if (!this.rebuildable(active[i]!)) {
        this.tangle(this.stack.length - 1);
        return;
      }
    }
    for (let i = from; i < active.length; i++) active[i] = this.push(copyOf(active[i]!));
  }

  /**
   * What a start tag of a formatting element does first: a second `a` ends the first (by the
   * adoption agency), a second `nobr` in scope too. False when the builder stopped short.
   */
  private beforeFormatting(name: string): boolean {
    // An empty list: no formatting element is open here.
    if (this.active.length === 0 && this.outer.length === 0) return true;
    if (name === 'a') {
      const at = lastFormatting(this.active, 'a');
      if (at === -1) {
        this.reachesOuterFormatting('a');
        return true;
      }
      const first = this.active[at]!;
      this.adoptionAgency('a');
      if (this.tangled) return false;
      removeEntry(this.active, first);
      const i = this.stack.lastIndexOf(first);
      if (i > 0) this.removeOpen(i);
    } else if (name === 'nobr') {
      if (this.active.length !== 0 && !this.reopenIfClosed()) return false;
      if (this.nobrInScope()) this.adoptionAgency('nobr');
      if (this.tangled) return false;
    }
    return true;
  }

  private nobrInScope(): boolean {
    const stack = this.stack;
    for (let i = stack.length - 1; i > 0; i--) {
      const el = stack[i]!;
      if (el.tag === 'nobr' && el.ns === Ns.HTML) return true;
      if (isScopeBoundary(el)) return false;
    }
    this.searchOuter(
      (tag) => tag === 'nobr',
      (tag) => SCOPE.has(tag),
    );
    return false;
  }

  /**
   * The entry a new formatting element pushes off the list (Noah's Ark: a fourth identical
   * one), -1 for none, or null when attribute holes leave that unknown (the builder stops).
   */
  private arkEntry({ name: tag, attrs, dynamic }: TagToken<H>): number | null {
    // Counted in this parse only: a fourth `i` in a value inside three `i`s takes the outermost
    // off the browser's list, which changes nothing unless the template misnests that `i`
    // later (and treating it as an escape would send recursive partials to the fallback).
    const active = this.active;
    const at = noahsArk(active, { tag, attrs, dynamic });
    if (at !== null) return at;
    let depth = this.stack.length - 1;
    for (const entry of active) {
      const i = entry.tag === tag ? this.stack.indexOf(entry) : -1;
      if (i !== -1) depth = Math.min(depth, i - 1);
    }
    this.tangle(depth);
    return null;
  }

  /**
   * Whether the end tag of the current element just closes it (taking it off the list of
   * active formatting elements): not when the list has a later formatting element of its name.
   */
  private endsCurrent(name: string): boolean {
    const active = this.active;
    const top = this.current;
    if (active[active.length - 1] === top) {
      // A formatting element leaves the list; a marker leaves it as its element closes.
      if (!isMarker(top)) active.pop();
      return true;
    }
    return !FORMATTING.has(name) || top.ns !== Ns.HTML;
  }

  /** An end tag of a formatting element; false when it is to be handled as any other. */
  private endFormatting(name: string): boolean {
    const stack = this.stack;
    // In SVG or MathML, an element of that name (`<svg><font>`) ends first.
    for (let i = stack.length - 1; i > 0 && stack[i]!.ns !== Ns.HTML; i--) {
      if (stack[i]!.tag.toLowerCase() === name) {
        this.popTo(i);
        return true;
      }
    }
    return this.adoptionAgency(name) || this.reachesOuterFormatting(name);
  }

  /**
   * The adoption agency algorithm for an end tag (or a second `a`, `nobr`): false when the
   * list has no formatting element of that name after its last marker.
   */
  private adoptionAgency(subject: string): boolean {
    const stack = this.stack;
    const active = this.active;
    const top = this.current;
    if (top.tag === subject && top.ns === Ns.HTML && stack.length > 1 && !active.includes(top)) {
      this.closeCurrent();
      return true;
    }
    for (let round = 0; round < 8; round++) {
      const at = lastFormatting(active, subject);
      if (at === -1) return round > 0;
      const formatting = active[at]!;
      const fi = stack.lastIndexOf(formatting);
      if (fi <= 0) {
        active.splice(at, 1);
        return true;
      }
      if (!this.inScopeFrom(fi)) return true;
      let fbi = fi + 1;
      while (fbi < stack.length && !isSpecial(stack[fbi]!)) fbi++;
      if (fbi === stack.length) {
        // No block inside it: it just ends (with what is open inside it).
        this.popTo(fi);
        removeEntry(active, formatting);
        return true;
      }
      if (!this.mayAdopt(fi, fbi)) {
        this.tangle(fi - 1);
        return true;
      }
      this.adopt(fi, fbi);
    }
    return true;
  }

  /** Whether the element at `fi` is in scope (no scope boundary above it). */
  private inScopeFrom(fi: number): boolean {
    for (let i = this.stack.length - 1; i > fi; i--)
      if (isScopeBoundary(this.stack[i]!)) return false;
    return true;
  }

  /** Whether this builder may copy and move what one round of the adoption agency would. */
  private mayAdopt(fi: number, fbi: number): boolean {
    const stack = this.stack;
    if (!this.movable(stack[fbi]!)) return false;
    for (let i = fi; i < fbi; i++) {
      const el = stack[i]!;
      if ((i === fi || this.active.includes(el)) && !this.rebuildable(el)) return false;
    }
    return true;
  }

  /**
   * One round of the adoption agency, for the formatting element at `fi` and the furthest
   * block at `fbi` (the first special element above it): the furthest block moves to the
   * common ancestor (below `fi`), inside copies of the formatting elements between them, its
   * children go into a copy of the formatting element inside it, and the elements it leaves
   * behind close. The stack stays in tree order.
   */
  private adopt(fi: number, fbi: number): void {
    const stack = this.stack;
    const active = this.active;
    const formatting = stack[fi]!;
    const common = stack[fi - 1]!;
    const furthest = stack[fbi]!;
    const left = stack.slice(fi, fbi);
    // A builder that attaches elements as they open takes the furthest block out of its parent.
    const parent = this.held?.get(furthest) ?? stack[fbi - 1]!;
    const siblings = parent.children;
    const k = siblings.lastIndexOf(furthest);
    if (k !== -1) siblings.splice(k, 1);
    if (this.held?.delete(furthest) === true) this.close(parent, stack[fbi - 1]!);
    const copies: Array<HElement<H, X>> = [];
    let last = furthest;
    let bookmark: HElement<H, X> | null = null;
    for (let i = fbi - 1, count = 1; i > fi; i--, count++) {
      const node = stack[i]!;
      let entry = active.indexOf(node);
      if (count > 3 && entry !== -1) {
        active.splice(entry, 1);
        entry = -1;
      }
      if (entry === -1) continue;
      const copy = copyOf(node);
      active[entry] = copy;
      if (last === furthest) bookmark = copy;
      this.attach(copy, last);
      last = copy;
      copies.push(copy);
    }
    this.attach(common, last);
    const inner = copyOf(formatting);
    inner.children = furthest.children;
    furthest.children = [];
    this.attach(furthest, inner);
    this.emptied(furthest);
    if (bookmark === null) active[active.indexOf(formatting)] = inner;
    else {
      removeEntry(active, formatting);
      active.splice(active.indexOf(bookmark) + 1, 0, inner);
    }
    stack.splice(fi, fbi - fi + 1, ...copies.reverse(), furthest, inner);
    for (let i = left.length - 1; i >= 0; i--)
      this.close(left[i]!, i === 0 ? common : left[i - 1]!);
  }

  /** Takes an element off the stack while an element it holds stays open (see `held`). */
  private removeOpen(i: number): void {
    const stack = this.stack;
    if (i === stack.length - 1) {
      this.closeCurrent();
      return;
    }
    const el = stack[i]!;
    stack.splice(i, 1);
    (this.held ??= new Map()).set(stack[i]!, el);
  }

  /**
   * Whether a formatting tag here would act on a formatting element open outside the region
   * (its end tag, a second `a`): that is an escape.
   */
  private reachesOuterFormatting(tag: string): boolean {
    if (this.outer.length === 0 || !reachesOuter(this.active)) return false;
    if (!this.outerFormatting().includes(tag)) return false;
    this.escape(tag);
    return true;
  }

  private startTag(tag: TagToken<H>): void {
    const name = tag.name;
    if (this.contentNs() !== Ns.HTML) {
      if (!BREAKOUT.has(name)) {
        this.open(name, tag.attrs, tag.dynamic);
        if (tag.selfClosing) this.closeCurrent();
        return;
      }
      // An HTML tag inside SVG closes the foreign elements first.
      while (this.stack.length > 1 && this.contentNs() !== Ns.HTML) this.closeCurrent();
      if (this.contentNs() !== Ns.HTML) this.escape(this.root.tag);
    }
    const rules = START_RULES.get(name) ?? 0;
    // Outside any table, the parser ignores table-part start tags (`<td>` in a div is dropped).
    if (TABLE_START.has(name) && !this.inTable()) return;
    if ((rules & Start.CLOSES_P) !== 0) this.closeP();
    if ((rules & Start.CLOSES_OTHERS) !== 0) this.closeImplied(name);
    if ((rules & Start.LISTED) !== 0) {
      if (!this.beforeOpen(tag, rules)) return;
    } else if (this.active.length !== 0 && (rules & Start.NO_REOPEN) === 0) {
      if (!this.reopenIfClosed()) return;
    }
    const el = this.open(name, tag.attrs, tag.dynamic);
    if ((rules & Start.LISTED) !== 0) this.list(el, rules);
    if ((rules & Start.FOREIGN) !== 0) {
      if (tag.selfClosing) this.closeCurrent();
    } else if ((rules & Start.VOID) !== 0) this.closeCurrent();
    else if ((rules & Start.SKIPS_NEWLINE) !== 0) this.skipNewline = true;
  }

  /**
   * What a start tag does with the list of active formatting elements before its element
   * opens: a formatting element's own steps, reopening what was closed, and finding what it
   * will push off the list (`pushedOff`). False when the builder stopped short (`tangled`).
   */
  private beforeOpen(tag: TagToken<H>, rules: number): boolean {
    const formatting = (rules & Start.FORMATTING) !== 0;
    if (formatting && !this.beforeFormatting(tag.name)) return false;
    const active = this.active;
    if (active.length !== 0 && (rules & Start.NO_REOPEN) === 0 && !this.reopenIfClosed()) {
      return false;
    }
    const removed = formatting && active.length >= 3 ? this.arkEntry(tag) : -1;
    if (removed === null) return false;
    this.pushedOff = removed;
    return true;
  }

  /** Puts a new formatting element (or a marker) on the list. */
  private list(el: HElement<H, X>, rules: number): void {
    const active = this.active;
    if (this.pushedOff !== -1) active.splice(this.pushedOff, 1);
    active.push(el);
    if ((rules & Start.MARKER) !== 0) this.markers++;
  }

  /** The end tags a start tag implies (list items, headings, options, table parts). */
  private closeImplied(name: string): void {
    switch (name) {
      case 'li':
        this.closeListItem(['li']);
        break;
      case 'dd':
      case 'dt':
        this.closeListItem(['dd', 'dt']);
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        if (HEADINGS.has(this.current.tag) && this.stack.length > 1) this.closeCurrent();
        break;
      case 'option':
        if (this.current.tag === 'option') this.popOne();
        break;
      case 'optgroup':
        if (this.current.tag === 'option') this.popOne();
        if (this.current.tag === 'optgroup') this.popOne();
        break;
      case 'tr':
        this.closeCell();
        if (this.current.tag === 'tr') this.popOne();
        if (this.current.tag === 'table') this.open('tbody', [], null);
        break;
      case 'td':
      case 'th':
        this.closeCell();
        if (this.current.tag === 'table') this.open('tbody', [], null);
        if (SECTIONS.has(this.current.tag)) this.open('tr', [], null);
        break;
      case 'tbody':
      case 'thead':
      case 'tfoot':
      case 'caption':
      case 'colgroup':
        this.closeCell();
        if (this.current.tag === 'tr') this.popOne();
        if (SECTIONS.has(this.current.tag)) this.popOne();
        break;
      case 'col':
        if (this.current.tag === 'table') this.open('colgroup', [], null);
        break;
    }
  }

  private endTag(name: string): void {
    const stack = this.stack;
    // Most end tags close the current element: nothing below is looked at. (A `br` is never
    // the current element: it is void, and ends foreign content.)
    if (
      stack.length > 1 &&
      stack[stack.length - 1]!.tag === name &&
      (this.active.length === 0 || this.endsCurrent(name))
    ) {
      this.closeCurrent();
      return;
    }
    if (FORMATTING.has(name) && this.endFormatting(name)) return;
    if (name === 'br') {
      // `</br>` is a `<br>`.
      if (this.contentNs() === Ns.HTML && this.active.length !== 0) this.reopenFormatting();
      this.open('br', [], null);
      this.closeCurrent();
      return;
    }
    if (name === 'p' && !this.inScope('p')) {
      if (this.root.tag === 'p' || this.outer.includes('p')) this.escape('p');
      else if (!isBoundary(this.root.tag) && this.reachesOutside(isP, isBoundary)) return;
      else {
        // `</p>` without an open p makes an empty paragraph.
        this.open('p', [], null);
        this.closeCurrent();
      }
      return;
    }
    const special = SPECIAL.has(name) || this.current.ns !== Ns.HTML;
    // Table end tags close open cells and rows on their way (table scope).
    const tableEnd = TABLE_PARTS.has(name);
    for (let i = this.stack.length - 1; i > 0; i--) {
      const el = this.stack[i]!;
      if (el.tag === name || (el.ns !== Ns.HTML && el.tag.toLowerCase() === name)) {
        this.popTo(i);
        return;
      }
      if (
        tableEnd
          ? el.tag === 'table' || el.tag === 'template'
          : special
            ? SCOPE.has(el.tag) || (name === 'li' && LISTS.has(el.tag))
            : SPECIAL.has(el.tag)
      )
        return;
    }
    // Not open in this region: it closes something outside, or nothing (then it is ignored).
    if (this.outer.includes(name)) this.escape(name);
    else {
      const root = this.root.tag;
      const stops = (tag: string): boolean =>
        tableEnd
          ? tag === 'table' || tag === 'template'
          : special
            ? SCOPE.has(tag) || (name === 'li' && LISTS.has(tag))
            : SPECIAL.has(tag);
      if (!stops(root) && root !== '#root') this.reachesOutside((tag) => tag === name, stops);
    }
  }

  /**
   * The algorithm goes on to the elements open outside the region, innermost first, looking
   * for one that `matches` (it would be closed: an escape) until one `stops` the search.
   * Returns whether it escaped. The structuring pass keeps its own rules for `outer` (above);
   * the runtime parse of a value checks here (elements.ts).
   */
  protected reachesOutside(
    _matches: (tag: string) => boolean,
    _stops: (tag: string) => boolean,
  ): boolean {
    return false;
  }

  /** `reachesOutside` over `outer`, for builders that check it. */
  protected searchOuter(
    matches: (tag: string) => boolean,
    stops: (tag: string) => boolean,
  ): boolean {
    const outer = this.outer;
    for (let i = outer.length - 1; i >= 0; i--) {
      const tag = outer[i]!;
      if (matches(tag)) {
        this.escape(tag);
        return true;
      }
      if (stops(tag)) return false;
    }
    return false;
  }

  /** Whether a table is open here (in this region or around it). */
  private inTable(): boolean {
    for (const el of this.stack) if (el.tag === 'table') return true;
    return this.outer.includes('table');
  }

  protected escape(tag: string): void {
    if (!this.escaped) this.escapedBy = tag;
    this.escaped = true;
  }

  private popOne(): void {
    if (this.stack.length > 1) this.closeCurrent();
  }

  /** Index of the nearest open `name` in (button) scope inside the region, or -1. */
  private inScope(name: string): boolean {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (tag === name) return true;
      if (SCOPE.has(tag) || tag === 'button') return false;
    }
    return false;
  }

  private closeP(): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (tag === 'p') {
        this.popTo(i);
        return;
      }
      if (SCOPE.has(tag) || tag === 'button') return;
    }
    // A p open outside the region would be closed by this tag in the string path.
    if (this.root.tag === 'p') this.escape('p');
    else if (!isBoundary(this.root.tag)) this.reachesOutside(isP, isBoundary);
  }

  private closeListItem(names: string[]): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (names.includes(tag)) {
        this.popTo(i);
        return;
      }
      if (SPECIAL.has(tag) && tag !== 'address' && tag !== 'div' && tag !== 'p') return;
    }
    const root = this.root.tag;
    if (names.includes(root)) this.escape(root);
    else if (
      root !== '#root' &&
      (!SPECIAL.has(root) || root === 'address' || root === 'div' || root === 'p')
    ) {
      this.reachesOutside(
        (tag) => names.includes(tag),
        (tag) => SPECIAL.has(tag) && tag !== 'address' && tag !== 'div' && tag !== 'p',
      );
    }
  }

  /** A new row or cell closes the open cell (and what is open inside it). */
  private closeCell(): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (tag === 'td' || tag === 'th') {
        this.popTo(i);
        return;
      }
      if (tag === 'table') return;
    }
    const root = this.root.tag;
    if (root === 'td' || root === 'th') this.escape(root);
    else if (root !== 'table' && root !== '#root') {
      this.reachesOutside(
        (tag) => tag === 'td' || tag === 'th',
        (tag) => tag === 'table',
      );
    }
  }
}
