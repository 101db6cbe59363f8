/**
 * The tree builder's use of the list of active formatting elements (formatting-list.ts): reopening
 * the formatting elements that a block's end closed ("reconstruct the active formatting
 * elements"), the adoption agency algorithm for misnested end tags (`<b>1<p>2</b>3`), which
 * moves open elements and closes copies, a second `a` or `nobr`, Noah's Ark, and the markers
 * of cells, captions and objects. Both keep the stack in tree order (each open element the
 * last child of the one below it), which the builder of React elements relies on (`closed`).
 *
 * The structuring pass cannot let either act on instruction holes; a builder says what it can
 * copy or move (`rebuildable`, `movable`), and where it cannot, the builder stops short
 * (`tangled`) and the pass leaves that part of the template to render time (structure/structure.ts).
 * Most parses never reach these methods: the token rules (tree-builder.ts) call them only when
 * the list is not empty or the tag is a formatting element.
 */
import {
  FORMATTING,
  firstToReopen,
  isMarker,
  lastFormatting,
  noahsArk,
  outerFormatting,
  reachesOuter,
  removeEntry,
} from './formatting-list.js';
import type { TagToken } from './tokens.js';
import {
  copyOf,
  isScopeBoundary,
  isSpecial,
  Ns,
  SCOPE,
  Start,
  TEXT_ONLY,
  type HElement,
} from './tag-rules.js';
import { isFosterTarget, OpenElements } from './open-elements.js';

export abstract class FormattingBuilder<H, X> extends OpenElements<H, X> {
  /** The entry the element being opened pushes off the list (Noah's Ark), or -1. */
  private pushedOff = -1;
  /** `outerFormatting(outer)`, found when first needed. */
  private outerActive: string[] | null = null;

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
   * Forgets the entries of the list whose elements are no longer open (and were not ended),
   * after the stack was cut short (`dropAbove`).
   */
  protected forgetClosed(): void {
    const stack = this.stack;
    const active = this.active;
    let kept = 0;
    this.markers = 0;
    for (const entry of active) {
      if (!stack.includes(entry)) continue;
      active[kept++] = entry;
      if (isMarker(entry)) this.markers++;
    }
    active.length = kept;
  }

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

  /**
   * What a start tag does with the list of active formatting elements before its element
   * opens: a formatting element's own steps, reopening what was closed, and finding what it
   * will push off the list (`pushedOff`). False when the builder stopped short (`tangled`).
   */
  protected beforeOpen(tag: TagToken<H>, rules: number): boolean {
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
  protected list(el: HElement<H, X>, rules: number): void {
    const active = this.active;
    if (this.pushedOff !== -1) active.splice(this.pushedOff, 1);
    active.push(el);
    if ((rules & Start.MARKER) !== 0) this.markers++;
  }

  /** The formatting elements the browser's list holds around this parse (see `outer`). */
  private outerFormatting(): string[] {
    return (this.outerActive ??= outerFormatting(this.outer));
  }

  /**
   * Whether text reopens formatting elements here: not in SVG or MathML, nor in an element of
   * raw text (`textarea`, `style`…). (Text in a table part goes through the table modes' text
   * rules first: insertion-modes.ts `tableText`.)
   */
  private textReopens(): boolean {
    const current = this.current;
    // (The root is never raw text: a value there is not parsed as markup. A `<plaintext>`'s
    // text goes by the "in body" rules, which reopen them.)
    return (
      !this.inForeign('') &&
      !(
        current.ns === Ns.HTML &&
        TEXT_ONLY.has(current.tag) &&
        current.tag !== 'plaintext' &&
        current !== this.root
      )
    );
  }

  /**
   * `reopenFormatting` unless the last entry of the list is open (then nothing is to reopen:
   * text or a tag in a formatting element, in a cell…). False when the builder stopped short.
   */
  protected reopenIfClosed(text = false): boolean {
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
  protected reopenFormatting(text = false): void {
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
  protected endsCurrent(name: string): boolean {
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
  protected endFormatting(name: string): boolean {
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
    // In a table, the common ancestor may be a table part (the formatting element was fostered).
    if (isFosterTarget(common)) this.foster(last);
    else this.attach(common, last);
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
    this.indexFrom(fi);
    for (let i = left.length - 1; i >= 0; i--)
      this.close(left[i]!, i === 0 ? common : left[i - 1]!);
  }

  /** Takes an element off the stack while an element it holds stays open (see `held`). */
  protected removeOpen(i: number): void {
    const stack = this.stack;
    if (i === stack.length - 1) {
      this.closeCurrent();
      return;
    }
    const el = stack[i]!;
    stack.splice(i, 1);
    this.indexFrom(i);
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
}
