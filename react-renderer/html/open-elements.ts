/**
 * The HTML tree builder's stack of open elements (WHATWG HTML, "the stack of open elements"):
 * opening and closing elements, with the hooks through which a builder makes its own nodes
 * (`attach`, `closed`), what a region reports about elements outside it (`escaped`,
 * `tangled`), and foster parenting (content that is not a table part, met where only table
 * parts go, is inserted before the table: `foster`). The list of active formatting elements is kept here as data, because closing
 * a cell or caption clears it back to its marker (`popListed`); what the list does is in
 * formatting-builder.ts, and what each token does in tree-builder.ts (the header there explains
 * regions, `outer` and the hooks).
 */
import { clearToMarker, MARKERS } from './formatting-list.js';
import type { AttrToken } from './tokens.js';
import {
  foreignRules,
  FOSTERS,
  isForeignSpecial,
  isIntegrationPoint,
  Ns,
  SCOPE,
  SPECIAL,
  SVG_TAGS,
  type HElement,
} from './tag-rules.js';
import { newArray } from '../runtime/unpretenured-objects.js';

/**
 * How deep elements nest: an element opened while more than this many are open goes into the
 * parent of the current element instead, beside it, as the HTML parsers of Chromium and WebKit
 * do (their maximum DOM tree depth of the parser, 512; Gecko has none). The DOM the browser
 * builds of deeper markup is flattened that way, and React could not go deeper anyway: it
 * renders and hydrates by recursion.
 */
export const MAX_ELEMENT_DEPTH = 512;

export abstract class OpenElements<H, X> {
  readonly root: HElement<H, X>;
  /** Open elements; stack[0] is the context root, which this builder never closes. */
  readonly stack: HElement<H, X>[];
  /** A token closed an element outside the region (see tree-builder.ts), and which one. */
  escaped = false;
  escapedBy = '';
  /**
   * The builder stopped short of reopening or moving elements it may not copy or move (see
   * `rebuildable`, `movable`); `tangledDepth`: how deep in the stack the tree is still right.
   */
  tangled = false;
  tangledDepth = 0;
  /** It stopped short because content would be fostered out of a table (`mayFoster`). */
  tangledByFoster = false;
  /** The list of active formatting elements (formatting-list.ts), markers included. */
  protected readonly active: Array<HElement<H, X>> = [];
  /** How many markers the list holds (closing elements looks for them only then). */
  protected markers = 0;
  /**
   * Elements taken off the stack while an element inside them is still open (the second `a` of
   * `<a><svg><foreignObject><a>`), by that element: it closes into them, then they close.
   */
  protected held: Map<HElement<H, X>, HElement<H, X>> | null = null;
  /**
   * Set while a token goes through the table modes' "anything else" rule: what it inserts into
   * a table part is fostered (inserted before the table) instead.
   */
  protected fostering = false;
  /**
   * Fostered elements still open, by the element that holds them: not the element below them
   * on the stack (the table part that was current), into which they must not close.
   */
  private fostered: Map<HElement<H, X>, HElement<H, X>> | null = null;
  /**
   * Content fostered with no table open in the region goes into the root, after what is open
   * in it (the fragment algorithm appends it to the root): for a builder that adds elements as
   * they close, held here until that closes.
   */
  private tail: HElement<H, X> | null = null;
  /**
   * By stack index: the nearest index at or below it (above the root) whose element ends a
   * search for an open `p` in button scope (a p, a scope boundary, a button), or 0 if there is
   * none; `itemScope` likewise for list items (an element of SPECIAL other than address, div,
   * p). Set as elements are pushed (entries above the top are stale, and rewritten by the next
   * push), so a start tag deep in the tree does not walk the stack: every `<div>` closes an open
   * p, and walking 100,000 nested divs for each was quadratic.
   */
  protected readonly pScope: number[] = [0];
  protected readonly itemScope: number[] = [0];
  /**
   * The elements open are `stack.length` plus this: those open around the root (`outer`), less
   * the root when it is the document (#root) or listed in `outer` already. The browser counts
   * from `<html>`: for a value in a page's template the counts agree; a render's root element
   * itself deeper in the page (a hydration root) is not counted.
   */
  private readonly depthOffset: number;
  /** An element was put beside the current one, past MAX_ELEMENT_DEPTH (see `push`). */
  flattened = false;

  constructor(
    context: string,
    contextNs: Ns = Ns.HTML,
    protected readonly outer: readonly string[] = [],
  ) {
    this.root = { tag: context, attrs: [], dynamic: null, children: [], ns: contextNs };
    this.stack = [this.root];
    let offset = context === '#root' || outer[outer.length - 1] === context ? -1 : 0;
    for (const tag of outer) if (tag !== '#root') offset++;
    this.depthOffset = offset;
  }

  get current(): HElement<H, X> {
    return this.stack[this.stack.length - 1]!;
  }

  /**
   * Opens an element (and returns it) without a token, e.g. for a structured region: in `ns`
   * when the rules for foreign content insert it, else by the HTML rules (an HTML element, or
   * the `svg` or `math` that begins foreign content).
   */
  open(
    tag: string,
    attrs: AttrToken<H>[],
    dynamic: Array<string | H> | null,
    ns: Ns = tag === 'svg' ? Ns.SVG : tag === 'math' ? Ns.MATH : Ns.HTML,
  ): HElement<H, X> {
    const el: HElement<H, X> = {
      tag: ns === Ns.SVG ? (SVG_TAGS[tag] ?? tag) : tag,
      attrs,
      dynamic,
      // Not a literal: these arrays become elements' children (runtime/react-element-shape.ts).
      children: newArray(),
      ns,
    };
    return this.push(el);
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
   * Whether content may be fostered out of a table. The structuring pass may not: a value's
   * output or a block in fostered content would be parsed by the table modes in the browser.
   * Where it may not, the builder stops short (`tangled`) at the table's parent.
   */
  protected mayFoster(): boolean {
    return true;
  }

  /**
   * Inserts an element before the last open table, in the table's parent (the foster parent).
   * A builder that attaches elements as they open has the table among that parent's children;
   * one that adds them as they close (React elements) does not have it there yet, and the
   * fostered element, which closes before the table, comes first.
   */
  protected foster(el: HElement<H, X>): void {
    const t = this.lastTable();
    const parent = this.fosterParent(t);
    const kids = parent.children;
    const at = t > 0 ? kids.lastIndexOf(this.stack[t]!) : -1;
    if (at === -1) this.attach(parent, el);
    else kids.splice(at, 0, el);
    (this.fostered ??= new Map()).set(el, parent);
  }

  /** Inserts text before the last open table (see `foster`), merged with text there. */
  protected fosterText(text: string): void {
    const t = this.lastTable();
    const kids = this.fosterParent(t).children;
    let at = t > 0 ? kids.lastIndexOf(this.stack[t]!) : -1;
    if (at === -1) at = kids.length;
    if (at > 0 && typeof kids[at - 1] === 'string') kids[at - 1] += text;
    else kids.splice(at, 0, text);
  }

  /** Where fostered content goes, for the last open table at `t` (see `tail`). */
  private fosterParent(t: number): HElement<H, X> {
    // The table's parent: the element below it, unless that one left the stack (`held`).
    if (t > 0) return this.held?.get(this.stack[t]!) ?? this.stack[t - 1]!;
    // The root directly, unless what is open in it is not among its children yet (see `foster`).
    const root = this.root;
    if (this.stack.length === 1 || root.children.lastIndexOf(this.stack[1]!) !== -1) return root;
    // Closing goes the slow way (`popListed`) until the tail is added to the root.
    this.fostered ??= new Map();
    return (this.tail ??= { tag: '#tail', attrs: [], dynamic: null, children: [], ns: Ns.HTML });
  }

  /**
   * Index of the last open table, whose parent fostered content goes into. When that is the
   * context root or outside the region, the content leaves the region (an escape); the
   * fragment algorithm then appends it to the root, as done here.
   */
  private lastTable(): number {
    const stack = this.stack;
    let t = stack.length - 1;
    while (t >= 0 && !(stack[t]!.tag === 'table' && stack[t]!.ns === Ns.HTML)) t--;
    if (!this.mayFoster()) {
      this.tangle(Math.max(t - 1, 0));
      this.tangledByFoster = true;
    } else if (t <= 0) this.escape('table');
    return t;
  }

  /** Records that a token closed `tag`, an element outside the region (the first one counts). */
  protected escape(tag: string): void {
    if (!this.escaped) this.escapedBy = tag;
    this.escaped = true;
  }

  /** `reachesOutside` (tree-builder.ts) over `outer`, for builders that check it. */
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

  /** Stops short (see `tangled`): the tree is right up to the element at `depth`. */
  protected tangle(depth: number): void {
    this.tangledDepth = this.tangled ? Math.min(this.tangledDepth, depth) : depth;
    this.tangled = true;
  }

  protected push(el: HElement<H, X>): HElement<H, X> {
    const parent = this.current;
    const stack = this.stack;
    const open = stack.length + this.depthOffset;
    if (this.fostering && isFosterTarget(parent)) this.foster(el);
    else if (open < MAX_ELEMENT_DEPTH) this.attach(parent, el);
    else if (open === MAX_ELEMENT_DEPTH || stack.length < 2) this.attachDeep(parent, el);
    else {
      // Past the limit the browser puts it into the current element's parent, beside it (that
      // parent holds the deepest element): listed in `fostered`, it closes into that parent.
      this.flattened = true;
      const beside = this.fostered?.get(parent) ?? stack[stack.length - 2]!;
      (this.fostered ??= new Map()).set(el, beside);
      this.attachDeep(beside, el);
    }
    stack.push(el);
    this.indexFrom(stack.length - 1);
    return el;
  }

  /**
   * Adds an element opened with MAX_ELEMENT_DEPTH elements open or more to its parent: the
   * element holding the deepest one. Those its parent gets open in order and close the other
   * way round (each deeper than the one before on the stack): a builder that adds elements as
   * they close overrides this to keep their places.
   */
  protected attachDeep(parent: HElement<H, X>, el: HElement<H, X>): void {
    this.attach(parent, el);
  }

  /** Sets `pScope` and `itemScope` from stack index `from` (at least 1) up to the top. */
  protected indexFrom(from: number): void {
    const stack = this.stack;
    const pScope = this.pScope;
    const itemScope = this.itemScope;
    for (let k = Math.max(from, 1); k < stack.length; k++) {
      const el = stack[k]!;
      const tag = el.tag;
      if (el.ns !== Ns.HTML) {
        // Foreign elements: only the integration points end these searches.
        const ends = isForeignSpecial(el);
        pScope[k] = ends ? k : pScope[k - 1]!;
        itemScope[k] = ends ? k : itemScope[k - 1]!;
        continue;
      }
      pScope[k] = tag === 'p' || tag === 'button' || SCOPE.has(tag) ? k : pScope[k - 1]!;
      itemScope[k] =
        SPECIAL.has(tag) && tag !== 'address' && tag !== 'div' && tag !== 'p'
          ? k
          : itemScope[k - 1]!;
    }
  }

  /** Closes open elements down to `depth` elements (the context root is never closed). */
  protected popTo(depth: number): void {
    const stack = this.stack;
    if (this.markers !== 0 || this.held !== null || this.fostered !== null) {
      this.popListed(depth);
      return;
    }
    while (stack.length > depth) {
      const el = stack.pop()!;
      this.closed(el, stack[stack.length - 1]!);
    }
  }

  /** `popTo` with markers on the list (or elements held or fostered, see `held`, `foster`). */
  private popListed(depth: number): void {
    const stack = this.stack;
    let marker = false;
    while (stack.length > depth) {
      const el = stack.pop()!;
      if (this.held === null && this.fostered === null) this.closed(el, stack[stack.length - 1]!);
      else this.close(el, stack[stack.length - 1]!);
      if (el.ns === Ns.HTML && MARKERS.has(el.tag)) marker = true;
    }
    if (this.tail !== null && stack.length === 1) this.addTail(this.tail);
    // Closing a cell (caption, object…) clears the list back to the last marker, once: an
    // object left open in the cell takes its own marker along, and the cell's stays (so a
    // formatting element opened before the object is reopened after the table).
    if (marker) {
      clearToMarker(this.active);
      this.markers--;
    }
  }

  /** Closes an element that was below `below` on the stack, into the element holding it. */
  protected close(el: HElement<H, X>, below: HElement<H, X>): void {
    const fosterParent = this.fostered?.get(el);
    if (fosterParent !== undefined) {
      below = fosterParent;
      this.fostered!.delete(el);
      if (this.fostered!.size === 0 && this.tail === null) this.fostered = null;
    }
    const holder = this.held?.get(el);
    if (holder === undefined) {
      this.closed(el, below);
      return;
    }
    this.held!.delete(el);
    this.closed(el, holder);
    this.close(holder, below);
  }

  /** Adds what was fostered to the root while an element was open in it (see `tail`). */
  private addTail(tail: HElement<H, X>): void {
    this.tail = null;
    if (this.fostered!.size === 0) this.fostered = null;
    for (const node of tail.children) {
      if (typeof node === 'string') appendText(this.root, node);
      else this.root.children.push(node);
    }
  }

  protected closeCurrent(): void {
    this.popTo(this.stack.length - 1);
  }

  protected popOne(): void {
    if (this.stack.length > 1) this.closeCurrent();
  }

  /** Whether a start tag named `name` (text: '') goes by the rules for foreign content here. */
  protected inForeign(name: string): boolean {
    return foreignRules(this.current, name);
  }

  /**
   * Whether `<![CDATA[` begins a CDATA section here (else it is a bogus comment): in SVG or
   * MathML, outside integration points (as Chromium and parse5 read it).
   */
  foreign(): boolean {
    const cur = this.current;
    return cur.ns !== Ns.HTML && !isIntegrationPoint(cur);
  }
}

/** Whether content inserted into an element would be fostered (see `FOSTERS`). */
export function isFosterTarget(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML && FOSTERS.has(el.tag);
}

/** Adds text to an element's children, merged into the text before it (one DOM text node). */
export function appendText(el: HElement<unknown, unknown>, text: string): void {
  const children = el.children;
  const last = children.length - 1;
  if (last >= 0 && typeof children[last] === 'string') children[last] += text;
  else children.push(text);
}
