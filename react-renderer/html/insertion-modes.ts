/**
 * The HTML parser's table and select insertion modes (WHATWG HTML § 13.2.6.4.9–.17), for the
 * tree builder (tree-builder.ts): where table tags go (the implied `tbody`, `tr` and `colgroup`, a
 * row, cell or caption closed by the next table part, a table closed by a new one), foster
 * parenting (what is not a table part, met where only table parts go, is inserted before the
 * table), and what a select holds (`option`, `optgroup`, `hr`; other tags are ignored, and an
 * `input` or `textarea` closes it).
 *
 * The builder keeps no insertion mode of its own: the mode is the one the nearest open element
 * of `MODES` sets (`mode`), which is where the parser's "reset the insertion mode" would find it.
 * Most parses open no such element, and look for none (`modal`).
 */
import { FormattingBuilder } from './formatting-builder.js';
import { tagSet, type TagToken } from './tokens.js';
import { isHtmlSpace } from './char-codes.js';
import { Mode, MODES, Ns, Start, TABLE_TEXT, type HElement } from './tag-rules.js';
import { appendText, isFosterTarget } from './open-elements.js';

/** What the token rules do with a start tag after the mode's rules (`startInMode`). */
export const enum Then {
  /** Nothing: it is ignored, or it closed an element outside the region (an escape). */
  SKIP,
  /** The "in body" rules, as outside any table. */
  BODY,
  /** The "in body" rules, with what they insert into a table part fostered. */
  FOSTER,
  /** Inserted at the current node as it is (a void element closed at once). */
  INSERT,
  /** A form, inserted and closed at once (in a table). */
  INSERT_FORM,
}

/** Table tags that end a select in a table (as start or end tags). */
const ENDS_SELECT_IN_TABLE = tagSet('caption table tbody tfoot thead tr td th');

export abstract class ModeBuilder<H, X> extends FormattingBuilder<H, X> {
  /**
   * Whether an element of `MODES` may be open, here or outside the region: only then does the
   * builder look for the mode. Cleared when a look finds none that can change.
   */
  protected modal = MODES.has(this.root.tag) || this.outer.length > 0;
  /** Where `mode` found its element: a stack index (0: the context root), or -1: outside. */
  private modeAt = 0;
  /** The mode set by the elements outside the region (found once), and at which of them. */
  private outerMode: Mode | -1 = -1;
  private outerModeAt = -1;
  /** The select `selectMode` last looked below, and what it found (most tags in a select ask). */
  private select: HElement<H, X> | null = null;
  private selectIn: Mode = Mode.SELECT;
  /**
   * What text did in a table part since the last tag ("in table text"): 1, whitespace stayed
   * in it; 2, text was fostered (the rest of the run is, too).
   */
  protected tableRun = 0;
  /**
   * The parser's form element pointer: the form opened last and not ended by `</form>` (it
   * stays set when another end tag closed the form), or null. The root stands for a form open
   * around the region. Found from the root and `outer` when first needed (undefined).
   */
  private formPointer: HElement<H, X> | null | undefined = undefined;

  /** The insertion mode here (see `MODES`). */
  protected mode(): Mode {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) {
      const el = stack[i]!;
      const mode = el.ns === Ns.HTML ? MODES.get(el.tag) : undefined;
      if (mode === undefined) continue;
      this.modeAt = i;
      if (i === 0) return this.rootMode(mode);
      // In a `body` (`html`) no table or select mode can come back; a `template` may close.
      if (mode === Mode.BODY && el.tag !== 'template') this.modal = false;
      return mode === Mode.SELECT ? this.selectMode(i) : mode;
    }
    this.modeAt = -1;
    if (this.outerMode === -1) this.outerMode = this.findOuterMode();
    if (this.outerMode === Mode.BODY) this.modal = false;
    return this.outerMode;
  }

  /** The form element pointer (see `formPointer`). */
  protected form(): HElement<H, X> | null {
    if (this.formPointer === undefined) {
      const around = this.root.tag === 'form' || this.outer.includes('form');
      this.formPointer = around ? this.root : null;
    }
    return this.formPointer;
  }

  protected setForm(form: HElement<H, X> | null): void {
    this.formPointer = form;
  }

  /** The mode the context root sets. */
  private rootMode(mode: Mode): Mode {
    // A `body` (`html`, `template`): no table or select mode can come back.
    if (mode === Mode.BODY) this.modal = false;
    return mode === Mode.SELECT ? this.selectMode(0) : this.fragmentRoot(mode);
  }

  /** With no `outer` (the fragment algorithm), a cell as the context is "in body". */
  private fragmentRoot(mode: Mode): Mode {
    return mode === Mode.CELL && this.outer.length === 0 ? Mode.BODY : mode;
  }

  private findOuterMode(): Mode {
    const outer = this.outer;
    for (let i = outer.length - 1; i >= 0; i--) {
      const mode = MODES.get(outer[i]!);
      if (mode === undefined) continue;
      this.outerModeAt = i;
      return mode === Mode.SELECT ? this.outerSelectMode(i) : mode;
    }
    return Mode.BODY;
  }

  /**
   * "in select", or "in select in table" when the select at `at` was opened in a table mode
   * (a table part or cell holds it: the parser decides by the mode it was opened in).
   */
  private selectMode(at: number): Mode {
    const stack = this.stack;
    if (stack[at] === this.select) return this.selectIn;
    this.select = stack[at]!;
    return (this.selectIn = this.openedIn(at));
  }

  /** `selectMode` looking below the select at `at`. */
  private openedIn(at: number): Mode {
    const stack = this.stack;
    for (let i = at - 1; i >= 0; i--) {
      const mode = stack[i]!.ns === Ns.HTML ? MODES.get(stack[i]!.tag) : undefined;
      if (mode === undefined) continue;
      return inTableMode(i === 0 ? this.fragmentRoot(mode) : mode);
    }
    return this.outerSelectMode(this.outer.length);
  }

  /** `selectMode` for the elements of `outer` before index `end`. */
  private outerSelectMode(end: number): Mode {
    const outer = this.outer;
    for (let j = end - 1; j >= 0; j--) {
      const mode = MODES.get(outer[j]!);
      if (mode !== undefined) return inTableMode(mode);
    }
    return Mode.SELECT;
  }

  /**
   * Closes the element at `at` (the mode's, or a table) and everything open above it. False
   * when that is the context root or outside the region: an escape (the fragment algorithm
   * would ignore the token instead; the caller then does).
   */
  private popThrough(at: number, tag: string): boolean {
    if (at > 0) {
      this.popTo(at);
      return true;
    }
    this.escape(at === 0 ? this.root.tag : tag);
    return false;
  }

  /** Closes what is open above the element at `at` ("clear the stack back to a … context"). */
  private clearTo(at: number): boolean {
    if (at >= 0) {
      this.popTo(at + 1);
      return true;
    }
    // Outside the region: the root closes, and those between it and that element.
    this.escape(this.outer[this.outerModeAt + 1] ?? this.root.tag);
    return false;
  }

  /** The tag of the element that sets the mode (see `mode`). */
  private modeTag(): string {
    return this.modeAt >= 0 ? this.stack[this.modeAt]!.tag : this.outer[this.outerModeAt]!;
  }

  /**
   * A start tag in the insertion mode: table tags placed (anywhere: outside a table most are
   * ignored), the select's content model, and the table modes' "anything else", which fosters.
   */
  protected startInMode(tag: TagToken<H>, rules: number): Then {
    const table = (rules & Start.TABLE) !== 0;
    for (;;) {
      const mode = this.modal ? this.mode() : Mode.BODY;
      let then: Then | null;
      switch (mode) {
        case Mode.BODY:
          return !table || tag.name === 'table' ? Then.BODY : Then.SKIP;
        case Mode.SELECT:
        case Mode.SELECT_IN_TABLE:
          then = this.selectStart(tag.name, table && mode === Mode.SELECT_IN_TABLE);
          break;
        case Mode.CELL:
        case Mode.CAPTION:
          // A table part closes the cell or caption; a table nests in it.
          if (!table || tag.name === 'table') return Then.BODY;
          then = this.popThrough(this.modeAt, this.modeTag()) ? null : Then.SKIP;
          break;
        case Mode.COLUMNS:
          if (tag.name === 'col') return Then.BODY;
          then = this.closeColumns() ? null : Then.SKIP;
          break;
        default:
          then = table ? this.tableStart(tag.name, mode) : this.inTable(tag);
      }
      if (then !== null) return then;
      // null: the mode changed; the tag is processed again.
    }
  }

  /** A table tag in a table, its body or a row. Null: processed again in the new mode. */
  private tableStart(name: string, mode: Mode): Then | null {
    const at = this.modeAt;
    if (name === 'table') {
      // A table in a table ends the first: the new one follows it.
      const t = mode === Mode.TABLE ? at : this.tableBelow(at);
      return this.popThrough(t, 'table') ? null : Then.SKIP;
    }
    const cell = name === 'td' || name === 'th';
    switch (mode) {
      case Mode.TABLE:
        if (!this.clearTo(at)) return Then.SKIP;
        if (name === 'col') this.open('colgroup', [], null);
        else if (cell || name === 'tr') {
          this.open('tbody', [], null);
          return null;
        }
        return Then.BODY;
      case Mode.SECTION:
        if (!cell && name !== 'tr') break;
        if (!this.clearTo(at)) return Then.SKIP;
        if (cell) this.open('tr', [], null);
        return Then.BODY;
      default:
        if (cell) return this.clearTo(at) ? Then.BODY : Then.SKIP;
    }
    // Another section (or row) closes this one.
    return this.popThrough(at, this.modeTag()) ? null : Then.SKIP;
  }

  /** Index of the table holding the element at `at` (-1: outside the region). */
  private tableBelow(at: number): number {
    let t = at;
    while (t >= 0 && this.stack[t]!.tag !== 'table') t--;
    return t;
  }

  /** Any other start tag in a table, its body or a row. */
  private inTable(tag: TagToken<H>): Then {
    switch (tag.name) {
      case 'style':
      case 'script':
      case 'template':
        // "in head": inserted where they are (the in-body rules do that for them).
        return Then.BODY;
      case 'input':
        return isHidden(tag) ? Then.INSERT : Then.FOSTER;
      case 'form':
        return this.form() === null ? Then.INSERT_FORM : Then.SKIP;
      default:
        return Then.FOSTER;
    }
  }

  /** "in column group": anything but a `col` closes the column group first. */
  private closeColumns(): boolean {
    return this.modeAt === this.stack.length - 1 && this.popThrough(this.modeAt, 'colgroup');
  }

  /** A start tag in a select; `table`: a table tag in a select in a table. */
  private selectStart(name: string, table: boolean): Then | null {
    switch (name) {
      case 'option':
        return this.closeCurrentIf('option') ? Then.INSERT : Then.SKIP;
      case 'optgroup':
      case 'hr':
        return this.closeCurrentIf('option') && this.closeCurrentIf('optgroup')
          ? Then.INSERT
          : Then.SKIP;
      case 'select':
        // Ends the open select, and opens none.
        this.popThrough(this.modeAt, 'select');
        return Then.SKIP;
      case 'input':
      case 'keygen':
      case 'textarea':
        return this.popThrough(this.modeAt, 'select') ? null : Then.SKIP;
      case 'script':
      case 'template':
        return Then.BODY;
      default:
        if (table && ENDS_SELECT_IN_TABLE.has(name)) {
          return this.popThrough(this.modeAt, 'select') ? null : Then.SKIP;
        }
        return Then.SKIP;
    }
  }

  /** Closes the current node if it is a `tag`; false when that is the root (an escape). */
  protected closeCurrentIf(tag: string): boolean {
    const current = this.current;
    if (current.tag !== tag || current.ns !== Ns.HTML) return true;
    if (this.stack.length === 1) {
      this.escape(tag);
      return false;
    }
    this.closeCurrent();
    return true;
  }

  /**
   * An end tag in the insertion mode (one that did not just close the current node): SKIP
   * when handled here, FOSTER for the table modes' "anything else", else BODY.
   */
  protected endInMode(name: string): Then {
    const mode = this.mode();
    switch (mode) {
      case Mode.SELECT:
      case Mode.SELECT_IN_TABLE:
        return this.selectEnd(name, mode === Mode.SELECT_IN_TABLE);
      case Mode.COLUMNS:
        if (name === 'col') return Then.SKIP;
        if (name === 'colgroup' || name === 'template') return Then.BODY;
        return this.closeColumns() ? this.endInMode(name) : Then.SKIP;
      case Mode.TABLE:
      case Mode.SECTION:
      case Mode.ROW:
        return name === 'table' && !this.endTable(mode) ? Then.SKIP : Then.FOSTER;
      case Mode.CAPTION:
        // `</table>` closes the caption first (the search for a table stops at a caption).
        if (name !== 'table') return Then.BODY;
        return this.popThrough(this.modeAt, 'caption') ? this.endInMode(name) : Then.SKIP;
      default:
        return Then.BODY;
    }
  }

  /**
   * `</table>` in a table, its body or a row: false when no table is open in the region (the
   * sections and rows in it close, and the tag then closes nothing here: an escape, or ignored).
   */
  private endTable(mode: Mode): boolean {
    if (this.tableBelow(this.modeAt) > 0) return true;
    while ((mode === Mode.SECTION || mode === Mode.ROW) && this.modeAt > 0) {
      this.popTo(this.modeAt);
      mode = this.mode();
    }
    if (this.modeAt >= 0 || this.outer.includes('table')) this.escape('table');
    return false;
  }

  private selectEnd(name: string, table: boolean): Then {
    switch (name) {
      case 'optgroup': {
        // An option in an optgroup closes with it (`outer` ends with the root).
        const stack = this.stack;
        const below =
          stack.length > 1 ? stack[stack.length - 2]!.tag : this.outer[this.outer.length - 2];
        if (below === 'optgroup' && !this.closeCurrentIf('option')) return Then.SKIP;
        this.closeCurrentIf('optgroup');
        return Then.SKIP;
      }
      case 'option':
        this.closeCurrentIf('option');
        return Then.SKIP;
      case 'select':
        this.popThrough(this.modeAt, 'select');
        return Then.SKIP;
      case 'template':
        return Then.BODY;
      default:
        // A table end tag ends a select in a table, if it ends anything, and is processed again.
        if (!table || !ENDS_SELECT_IN_TABLE.has(name) || !this.inTableScope(name)) {
          return Then.SKIP;
        }
        return this.popThrough(this.modeAt, 'select') ? Then.BODY : Then.SKIP;
    }
  }

  /**
   * Whether an element named `name` is open in table scope, in the region or outside (`outer`
   * ends with the root, which a fragment's own stack does not hold).
   */
  private inTableScope(name: string): boolean {
    const stack = this.stack;
    for (let i = stack.length - 1; i > 0; i--) {
      const tag = stack[i]!.tag;
      if (tag === name) return true;
      if (tag === 'table' || tag === 'template' || tag === 'html') return false;
    }
    const outer = this.outer;
    for (let i = outer.length - 1; i >= 0; i--) {
      const tag = outer[i]!;
      if (tag === name) return true;
      if (tag === 'table' || tag === 'template' || tag === 'html') return false;
    }
    return false;
  }

  /**
   * Text whose target is a table part (`TABLE_TEXT`; "in table text"): whitespace stays there;
   * a run of text with anything else in it is fostered, the whitespace before it in the run
   * too, after the formatting elements a block closed are reopened (fostered themselves).
   */
  protected tableText(text: string): void {
    let current = this.current;
    if (current.tag === 'colgroup') {
      // "in column group": whitespace stays; anything else closes the column group first.
      let n = 0;
      while (n < text.length && isHtmlSpace(text.charCodeAt(n))) n++;
      if (n > 0) appendText(current, text.slice(0, n));
      if (n === text.length) return;
      if (!this.closeColumnsForText()) {
        // The root: it stays, and each character but whitespace is ignored.
        const spaces = text.slice(n).replace(/[^ \t\n\f\r]+/g, '');
        if (spaces !== '') appendText(current, spaces);
        return;
      }
      text = text.slice(n);
      current = this.current;
      if (!isTableText(current)) {
        appendText(current, text);
        return;
      }
    }
    // In the fragment algorithm the context is not a table part: text there is fostered (to
    // the root), whitespace too.
    const fragmentRoot = this.stack.length === 1 && this.outer.length === 0;
    if (this.tableRun !== 2 && !fragmentRoot && isBlank(text)) {
      appendText(current, text);
      this.tableRun = 1;
      return;
    }
    const kids = current.children;
    if (this.tableRun === 1 && typeof kids[kids.length - 1] === 'string') {
      text = (kids.pop() as string) + text;
    }
    this.tableRun = 2;
    this.fostering = true;
    if (this.active.length === 0 || this.reopenIfClosed()) {
      if (isFosterTarget(this.current)) this.fosterText(text);
      else appendText(this.current, text);
    }
    this.fostering = false;
  }

  /** `closeColumns` for text, whose mode is not looked up (a `colgroup` is current). */
  private closeColumnsForText(): boolean {
    if (this.stack.length > 1) {
      this.closeCurrent();
      return true;
    }
    this.escape('colgroup');
    return false;
  }
}

/** The select mode for a select opened in `mode` (the mode of the element holding it). */
function inTableMode(mode: Mode): Mode {
  return mode === Mode.BODY || mode === Mode.SELECT ? Mode.SELECT : Mode.SELECT_IN_TABLE;
}

/** Whether text inserted into an element goes by the table modes' text rules. */
export function isTableText(el: HElement<unknown, unknown>): boolean {
  return el.ns === Ns.HTML && TABLE_TEXT.has(el.tag);
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isHtmlSpace(text.charCodeAt(i))) return false;
  return true;
}

/** `<input type=hidden>`, which a table keeps (an attribute hole leaves it unknown: not). */
function isHidden(tag: TagToken<unknown>): boolean {
  if (tag.dynamic !== null) return false;
  const type = tag.attrs.find((attr) => attr.name === 'type');
  return type !== undefined && type.parts === null && type.value.toLowerCase() === 'hidden';
}
