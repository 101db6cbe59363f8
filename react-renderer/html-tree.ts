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
 */
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

/** Elements an end tag of an unrelated, non-special element cannot pass (simplified "special"). */
const SPECIAL = new Set(
  (
    'address applet area article aside base blockquote body br button caption center col ' +
    'colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame ' +
    'frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input li link listing main ' +
    'marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script ' +
    'section select source style summary table tbody td template textarea tfoot th thead title ' +
    'tr track ul wbr xmp'
  ).split(' '),
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
  /** Drop one leading newline of the next text (after `<pre>`, `<listing>`, `<textarea>`). */
  private skipNewline = false;

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
    if (tag === 'svg') ns = Ns.SVG;
    else if (tag === 'math') ns = Ns.MATH;
    const el: HElement<H, X> = {
      tag: ns === Ns.SVG ? (SVG_TAGS[tag] ?? tag) : tag,
      attrs,
      dynamic,
      children: [],
      // foreignObject's children are HTML again.
      ns,
    };
    this.attach(parent, el);
    this.stack.push(el);
    return el;
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
   * An element gets no children after it closes (there is no reopening, as the full
   * algorithm's formatting elements would need), so it is complete here.
   */
  protected closed(_el: HElement<H, X>, _parent: HElement<H, X>): void {}

  /** Closes open elements down to `depth` elements (the context root is never closed). */
  private popTo(depth: number): void {
    const stack = this.stack;
    while (stack.length > depth) {
      const el = stack.pop()!;
      this.closed(el, stack[stack.length - 1]!);
    }
  }

  private closeCurrent(): void {
    this.popTo(this.stack.length - 1);
  }

  private contentNs(): Ns {
    const cur = this.current;
    if (cur.ns === Ns.SVG && (cur.tag === 'foreignObject' || cur.tag === 'desc')) return Ns.HTML;
    return cur.ns;
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
    this.open(name, tag.attrs, tag.dynamic);
    if ((rules & Start.FOREIGN) !== 0) {
      if (tag.selfClosing) this.closeCurrent();
    } else if ((rules & Start.VOID) !== 0) this.closeCurrent();
    else if ((rules & Start.SKIPS_NEWLINE) !== 0) this.skipNewline = true;
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
    if (stack.length > 1 && stack[stack.length - 1]!.tag === name) {
      this.closeCurrent();
      return;
    }
    if (name === 'br') {
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
            ? SCOPE.has(el.tag)
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
            ? SCOPE.has(tag)
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
