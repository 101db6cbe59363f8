/**
 * Tree construction: tokens to an element tree, with the parts of the WHATWG algorithm that
 * templates and formatter output exercise — void elements, `/>` only in SVG/MathML, implied end
 * tags (p, li, dd/dt, option, headings, table rows and cells), implied tbody/tr/colgroup, stray
 * end tags ignored, the newline after `<pre>`/`<textarea>` dropped, SVG tag-name case. The React
 * tree must have exactly the elements the browser builds from the string path's HTML, or
 * hydration fails, so these rules are not optional.
 *
 * One builder serves the structuring pass (whose children also hold instruction nodes, type X)
 * and the runtime parse of markup-bearing values. The builder parses "in context": its root is
 * an element that is already open (the element holding the region); `outer` lists elements
 * open outside the region, so that a token which would close one of them is detected
 * (`escaped`) instead of silently mis-nesting.
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
    parent.children.push(el);
    this.stack.push(el);
    return el;
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
        if (tag.selfClosing) this.stack.pop();
        return;
      }
      // An HTML tag inside SVG closes the foreign elements first.
      while (this.stack.length > 1 && this.contentNs() !== Ns.HTML) this.stack.pop();
      if (this.contentNs() !== Ns.HTML) this.escape(this.root.tag);
    }
    if (CLOSES_P.has(name)) this.closeP();
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
        if (HEADINGS.has(this.current.tag) && this.stack.length > 1) this.stack.pop();
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
    this.open(name, tag.attrs, tag.dynamic);
    if (name === 'svg' || name === 'math') {
      if (tag.selfClosing) this.stack.pop();
    } else if (VOID.has(name)) this.stack.pop();
    else if (name === 'pre' || name === 'listing' || name === 'textarea') this.skipNewline = true;
  }

  private endTag(name: string): void {
    if (name === 'br') {
      this.open('br', [], null);
      this.stack.pop();
      return;
    }
    if (name === 'p' && !this.inScope('p')) {
      if (this.outer.includes('p')) this.escape('p');
      else {
        // `</p>` without an open p makes an empty paragraph.
        this.open('p', [], null);
        this.stack.pop();
      }
      return;
    }
    const special = SPECIAL.has(name) || this.current.ns !== Ns.HTML;
    // Table end tags close open cells and rows on their way (table scope).
    const tableEnd = TABLE_PARTS.has(name);
    for (let i = this.stack.length - 1; i > 0; i--) {
      const el = this.stack[i]!;
      if (el.tag === name || (el.ns !== Ns.HTML && el.tag.toLowerCase() === name)) {
        this.stack.length = i;
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
  }

  private escape(tag: string): void {
    if (!this.escaped) this.escapedBy = tag;
    this.escaped = true;
  }

  private popOne(): void {
    if (this.stack.length > 1) this.stack.pop();
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
        this.stack.length = i;
        return;
      }
      if (SCOPE.has(tag) || tag === 'button') return;
    }
    // A p open outside the region would be closed by this tag in the string path.
    if (this.root.tag === 'p') this.escape('p');
  }

  private closeListItem(names: string[]): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (names.includes(tag)) {
        this.stack.length = i;
        return;
      }
      if (SPECIAL.has(tag) && tag !== 'address' && tag !== 'div' && tag !== 'p') return;
    }
    if (names.includes(this.root.tag)) this.escape(this.root.tag);
  }

  /** A new row or cell closes the open cell (and what is open inside it). */
  private closeCell(): void {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const tag = this.stack[i]!.tag;
      if (tag === 'td' || tag === 'th') {
        this.stack.length = i;
        return;
      }
      if (tag === 'table') return;
    }
    if (this.root.tag === 'td' || this.root.tag === 'th') this.escape(this.root.tag);
  }
}
