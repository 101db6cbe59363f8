/**
 * Tree construction: tokens to an element tree, with the parts of the WHATWG algorithm that
 * templates and formatter output exercise — void elements, `/>` only in SVG/MathML, implied end
 * tags (p, li, dd/dt, option, headings; a heading's end tag closes any open heading, a button
 * closes the open button), the table and select insertion modes (implied tbody/tr/colgroup,
 * rows, cells and captions closed by the next table part, a table closed by a new one, foster
 * parenting of what is not a table part, a select holding only options, optgroups and rules),
 * the form element pointer, stray end tags ignored, the newline after `<pre>`/`<textarea>`
 * dropped, SVG tag-name case, and foreign content (SVG and MathML elements, whatever their
 * names, hold markup, not raw text; integration points hold HTML; the breakout tags close
 * foreign elements up to one; a foreign end tag closes the foreign element of its name). The
 * React tree must have exactly the elements the browser builds from the string path's HTML, or
 * hydration fails (and where foreign content is read otherwise, markup the browser keeps inert
 * runs script after hydration), so these rules are not optional.
 *
 * One builder serves the structuring pass (whose children also hold instruction nodes, type X)
 * and the runtime parse of markup-bearing values, which makes React elements instead of this
 * tree (runtime/host-elements.ts, through the `attach` and `closed` hooks) by the same algorithm. The
 * builder parses "in context": its root is an element that is already open (the element
 * holding the region); `outer` lists elements open outside the region, so that a token which
 * would close one of them is detected (`escaped`) instead of silently mis-nesting. Content a
 * table fosters out of the region (text in a `<table>` holding a value) is an escape too; the
 * structuring pass, where fostered content could hold instructions, stops short there instead
 * (`mayFoster`, `tangled`) and leaves the table to render time.
 *
 * Known differences from the browser, left because markup from templates and formatters does
 * not reach them: a `<template>`'s content is built as its children (the structuring pass keeps
 * template text's verbatim instead, and a value holding one renders the page whole, see
 * runtime/react-context.ts `parseIn`), no quirks mode (the rules are a standards-mode page's: a
 * `<table>` closes an open `<p>`), no frameset, body or head insertion modes (a value
 * is parsed inside the body); the form element pointer is approximated by the forms open
 * around a value; SVG and MathML attribute names keep the tokenizer's lower case (the
 * browser adjusts some: `viewBox`; React's props name them either way); comments are not nodes (`comment` only keeps the texts around one apart). Where
 * parse5 (the tests' reference) differs from the standard, as for `</tbody>` in a row with no
 * tbody open, the standard is followed.
 *
 * The builder is four classes, by concern: the stack of open elements, the hooks and foster
 * parenting (open-elements.ts), the list of active formatting elements — reopening, the
 * adoption agency, markers (formatting-builder.ts) —, the table and select insertion modes
 * (insertion-modes.ts), and here what each token does. The tag tables are in tag-rules.ts.
 */
import { FORMATTING } from './formatting-list.js';
import type { TagToken, TokenSink } from './tokens.js';
import {
  breaksOut,
  HEADINGS,
  isBoundary,
  isIntegrationPoint,
  isP,
  isScopeBoundary,
  isSpecial,
  LISTS,
  Ns,
  SCOPE,
  SPECIAL,
  Start,
  START_RULES,
  TABLE_PARTS,
  type HElement,
} from './tag-rules.js';
import { isTableText, ModeBuilder, Then } from './insertion-modes.js';
import { appendText } from './open-elements.js';

export { Ns, VOID, type HElement, type HNode } from './tag-rules.js';

export class TreeBuilder<H, X> extends ModeBuilder<H, X> implements TokenSink<H> {
  /** Drop one leading newline of the next text (after `<pre>`, `<listing>`, `<textarea>`). */
  private skipNewline = false;

  text(text: string): void {
    if (this.skipNewline) {
      this.skipNewline = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    if (text === '') return;
    const current = this.current;
    if (this.modal && isTableText(current)) {
      this.tableText(text);
      return;
    }
    if (this.active.length !== 0) {
      if (this.reopenIfClosed(true)) appendText(this.current, text);
      return;
    }
    // (`appendText`, written out: the tokenizer inlines this method.)
    const children = current.children;
    const last = children.length - 1;
    if (last >= 0 && typeof children[last] === 'string') children[last] += text;
    else children.push(text);
  }

  /**
   * Whether a leading newline would still be dropped here (right after `<pre>`, `<listing>`,
   * `<textarea>`): the output of a node appended now begins the element's content.
   */
  get newlinePending(): boolean {
    return this.skipNewline;
  }

  /** Ends a run of text in the current element (see `comment`): null, in React children. */
  protected textBreak = null as X;

  /**
   * A comment: not a node here, but in the DOM it keeps the texts around it apart, and React
   * hydrates text node by text node (skipping comments): a text before it is not continued.
   * It is a token of its own, too: the next text does not begin a `<pre>` or a table's text.
   */
  comment(): void {
    this.skipNewline = false;
    this.tableRun = 0;
    const current = this.current;
    const kids = current.children;
    const last = kids[kids.length - 1];
    // Text may come before it: a text, an instruction's output (an array, in React code), or,
    // first in the root, what the render put before this block or value.
    const texty =
      last === undefined
        ? current === this.root
        : typeof last !== 'object' || last === null || Array.isArray(last);
    if (texty) kids.push(this.textBreak);
  }

  /** Appends a non-markup node (an instruction hole, a block) to the current element. */
  append(node: X): void {
    this.skipNewline = false;
    this.tableRun = 0;
    this.current.children.push(node);
  }

  /** False when a start tag was ignored (see `TokenSink`). */
  tag(tag: TagToken<H>): boolean {
    this.skipNewline = false;
    this.tableRun = 0;
    let inserted = true;
    if (!tag.end) inserted = this.startTag(tag);
    else this.endTag(tag.name);
    // Set by the table modes for the rest of one tag's rules (see `fostering`).
    this.fostering = false;
    return inserted;
  }

  /**
   * Closes the elements above `depth` without closing hooks, and forgets the formatting
   * elements they and what closed before them opened: the part of the tree they were in is
   * left to be parsed at render time (structure/structure.ts).
   */
  dropAbove(depth: number): void {
    this.stack.length = depth + 1;
    this.forgetClosed();
    this.tangled = false;
    this.tangledByFoster = false;
    this.skipNewline = false;
  }

  /** False for an element whose content is not raw text after all (see `TokenSink.tag`). */
  private startTag(tag: TagToken<H>): boolean {
    const name = tag.name;
    if (this.current.ns !== Ns.HTML && this.inForeign(name)) {
      if (!breaksOut(name, tag.attrs)) {
        // An element of the namespace around it, whatever its name: an SVG `<style>` holds
        // markup, comments and CDATA sections, not raw text.
        this.openedForeign(this.open(name, tag.attrs, tag.dynamic, this.current.ns));
        if (tag.selfClosing) this.closeCurrent();
        return false;
      }
      this.breakOut();
    }
    const rules = START_RULES.get(name) ?? 0;
    // A document's own tags inside the body (a value's `<body>`) are ignored: the browser only
    // moves their attributes onto the page's, outside the tree. (A page's template opens them
    // at its root, at most inside `<html>`.)
    const stack = this.stack;
    if (
      (rules & Start.DOCUMENT) !== 0 &&
      (this.root.tag !== '#root' ||
        this.outer.length > 0 ||
        stack.length > 2 ||
        (stack.length === 2 && stack[1]!.tag !== 'html'))
    ) {
      return false;
    }
    // Table tags go by the table modes (outside a table most are ignored), and any tag by a
    // table or select mode while one may be open.
    if (this.modal || (rules & Start.TABLE) !== 0) {
      switch (this.startInMode(tag, rules)) {
        case Then.SKIP:
          return false;
        case Then.INSERT:
          this.open(name, tag.attrs, tag.dynamic);
          if ((rules & Start.VOID) !== 0) this.closeCurrent();
          return true;
        case Then.INSERT_FORM:
          this.setForm(this.open(name, tag.attrs, tag.dynamic));
          this.closeCurrent();
          return true;
        case Then.FOSTER:
          // The "in body" rules, with what they insert into a table part fostered.
          this.fostering = true;
      }
    }
    // A form is not opened while the form element pointer is set.
    if ((rules & Start.FORM) !== 0 && this.form() !== null) return false;
    if ((rules & Start.CLOSES_P) !== 0) this.closeP();
    if ((rules & Start.CLOSES_OTHERS) !== 0) this.closeImplied(name);
    if ((rules & Start.LISTED) !== 0) {
      if (!this.beforeOpen(tag, rules)) return true;
    } else if (this.active.length !== 0 && (rules & Start.NO_REOPEN) === 0) {
      if (!this.reopenIfClosed()) return true;
    }
    const el = this.open(name, tag.attrs, tag.dynamic);
    if ((rules & Start.LISTED) !== 0) this.list(el, rules);
    if ((rules & Start.MODAL) !== 0) this.modal = true;
    else if ((rules & Start.FORM) !== 0) this.setForm(el);
    if ((rules & Start.FOREIGN) !== 0) {
      if (tag.selfClosing) this.closeCurrent();
    } else if ((rules & Start.VOID) !== 0) this.closeCurrent();
    else if ((rules & Start.SKIPS_NEWLINE) !== 0) this.skipNewline = true;
    return true;
  }

  /**
   * Called for each element the rules for foreign content open (a builder may not be able to
   * make some of them: structure/template-tree.ts).
   */
  protected openedForeign(_el: HElement<H, X>): void {}

  /**
   * An HTML tag inside SVG or MathML closes the foreign elements up to an HTML element or an
   * integration point first.
   */
  private breakOut(): void {
    while (this.stack.length > 1 && this.inForeignElement()) this.closeCurrent();
    if (this.inForeignElement()) this.escape(this.root.tag);
  }

  private inForeignElement(): boolean {
    const current = this.current;
    return current.ns !== Ns.HTML && !isIntegrationPoint(current);
  }

  /**
   * An end tag in foreign content (but `</p>`, `</br>`): it closes the innermost foreign
   * element of its name (any case) above every HTML element; true when one did. Otherwise the
   * HTML rules take it.
   */
  private endForeign(name: string): boolean {
    const stack = this.stack;
    for (let i = stack.length - 1; i > 0; i--) {
      const el = stack[i]!;
      if (el.ns === Ns.HTML) return false;
      if (el.tag === name || el.tag.toLowerCase() === name) {
        this.popTo(i);
        return true;
      }
    }
    return false;
  }

  /** The end tags a start tag implies (list items, headings, options, buttons). */
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
        if (HEADINGS.has(this.current.tag)) this.closeCurrentIf(this.current.tag);
        break;
      case 'option':
        this.closeCurrentIf('option');
        break;
      case 'optgroup':
        // In a select an optgroup ends the open one too (insertion-modes.ts); here it nests.
        this.closeCurrentIf('option');
        break;
      case 'button':
        this.closeButton();
        break;
    }
  }

  private endTag(name: string): void {
    const stack = this.stack;
    // Most end tags close the current element: nothing below is looked at. (A `br` is never
    // the current element: it is void, and ends foreign content. `</form>` also clears the
    // form element pointer.)
    if (
      stack.length > 1 &&
      stack[stack.length - 1]!.tag === name &&
      (this.active.length === 0 || this.endsCurrent(name)) &&
      name !== 'form'
    ) {
      this.closeCurrent();
      return;
    }
    if (this.current.ns !== Ns.HTML) {
      // `</p>` and `</br>` end SVG and MathML content first, as the start tags in BREAKOUT do.
      if (name === 'p' || name === 'br') this.breakOut();
      else if (this.endForeign(name)) return;
    }
    if (this.modal) {
      const then = this.endInMode(name);
      if (then === Then.SKIP) return;
      // What the "in body" rules insert here (`</p>`, `</br>`, the adoption agency) is
      // fostered out of the table.
      if (then === Then.FOSTER) this.fostering = true;
    }
    if (FORMATTING.has(name) && this.endFormatting(name)) return;
    if (name === 'form') {
      this.endForm();
      return;
    }
    if (name === 'br') {
      // `</br>` is a `<br>`.
      if (!this.inForeign('br') && this.active.length !== 0) this.reopenFormatting();
      this.open('br', [], null);
      this.closeCurrent();
      return;
    }
    if (name === 'p' && !this.pInScope()) {
      if (this.root.tag === 'p' || this.outer.includes('p')) this.escape('p');
      else if (!isBoundary(this.root.tag) && this.reachesOutside(isP, isBoundary)) return;
      else {
        // `</p>` without an open p makes an empty paragraph.
        this.open('p', [], null);
        this.closeCurrent();
      }
      return;
    }
    const special = SPECIAL.has(name);
    // Table end tags close open cells and rows on their way (table scope).
    const tableEnd = TABLE_PARTS.has(name);
    // A heading's end tag closes whichever heading is open (`<h1>…</h2>`).
    const heading = HEADINGS.has(name);
    for (let i = this.stack.length - 1; i > 0; i--) {
      const el = this.stack[i]!;
      const html = el.ns === Ns.HTML;
      // The HTML rules close HTML elements only; foreign ones may end the search.
      if (html && (el.tag === name || (heading && HEADINGS.has(el.tag)))) {
        this.popTo(i);
        return;
      }
      if (
        tableEnd
          ? html && (el.tag === 'table' || el.tag === 'template')
          : special
            ? isScopeBoundary(el) || (html && name === 'li' && LISTS.has(el.tag))
            : isSpecial(el)
      )
        return;
    }
    // Not open in this region: it closes something outside, or nothing (then it is ignored).
    const matches = heading ? isHeading : (tag: string): boolean => tag === name;
    if (heading ? this.outer.some(isHeading) : this.outer.includes(name)) this.escape(name);
    else {
      const root = this.root.tag;
      const stops = (tag: string): boolean =>
        tableEnd
          ? tag === 'table' || tag === 'template'
          : special
            ? SCOPE.has(tag) || (name === 'li' && LISTS.has(tag))
            : SPECIAL.has(tag);
      if (!stops(root) && root !== '#root') this.reachesOutside(matches, stops);
    }
  }

  /**
   * The algorithm goes on to the elements open outside the region, innermost first, looking
   * for one that `matches` (it would be closed: an escape) until one `stops` the search.
   * Returns whether it escaped. The structuring pass keeps its own rules for `outer` (above);
   * the runtime parse of a value checks here (runtime/host-elements.ts).
   */
  protected reachesOutside(
    _matches: (tag: string) => boolean,
    _stops: (tag: string) => boolean,
  ): boolean {
    return false;
  }

  /** Whether a p is open in button scope inside the region (see `pScope`). */
  private pInScope(): boolean {
    const k = this.pScope[this.stack.length - 1]!;
    return k > 0 && this.stack[k]!.tag === 'p';
  }

  private closeP(): void {
    const k = this.pScope[this.stack.length - 1]!;
    if (k > 0) {
      // The nearest p or button-scope boundary: close the p, or stop at the boundary.
      if (this.stack[k]!.tag === 'p') this.popTo(k);
      return;
    }
    // A p open outside the region would be closed by this tag in the string path.
    if (this.root.tag === 'p') this.escape('p');
    else if (!isBoundary(this.root.tag)) this.reachesOutside(isP, isBoundary);
  }

  private closeListItem(names: string[]): void {
    // The nearest list item or element that ends the search (see `itemScope`).
    const k = this.itemScope[this.stack.length - 1]!;
    if (k > 0) {
      if (names.includes(this.stack[k]!.tag)) this.popTo(k);
      return;
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

  /**
   * `</form>` ends the form the form element pointer holds, if it is open in scope: it leaves
   * the stack, and what is open in it stays open (`<form><div></form>x` puts x in the div).
   */
  private endForm(): void {
    const form = this.form();
    this.setForm(null);
    if (form === null) return;
    const stack = this.stack;
    let i = stack.length - 1;
    while (i > 0 && stack[i] !== form) {
      if (isScopeBoundary(stack[i]!)) return;
      i--;
    }
    if (i === 0) {
      // The root stands for a form open around the region (see `form`).
      if (form === this.root) this.escape('form');
      return;
    }
    while (stack.length - 1 > i && IMPLIED_END.has(this.current.tag)) this.closeCurrent();
    if (stack.length - 1 === i) this.closeCurrent();
    else this.removeOpen(i);
  }

  /** A button closes the button open in scope (`<button>` cannot nest). */
  private closeButton(): void {
    const stack = this.stack;
    for (let i = stack.length - 1; i > 0; i--) {
      const el = stack[i]!;
      if (el.tag === 'button' && el.ns === Ns.HTML) {
        this.popTo(i);
        return;
      }
      if (isScopeBoundary(el)) return;
    }
    const root = this.root.tag;
    if (root === 'button') this.escape(root);
    else if (!SCOPE.has(root) && root !== '#root') {
      this.reachesOutside(
        (tag) => tag === 'button',
        (tag) => SCOPE.has(tag),
      );
    }
  }
}

const isHeading = (tag: string): boolean => HEADINGS.has(tag);

/** Elements whose end tags are implied by an end tag that closes an element holding them. */
const IMPLIED_END = new Set('dd dt li optgroup option p rb rp rt rtc'.split(' '));
