/**
 * A small streaming HTML tokenizer (the WHATWG tokenizer states a template can reach, without
 * the error-recovery corners that only matter for hostile markup). It is the one tokenizer of
 * the React path: the structuring pass feeds it template text chunk by chunk, with instruction
 * "holes" between chunks, and the runtime feeds it whole markup-bearing values, on the server
 * and in the browser alike, so both sides build the same tree.
 *
 * Holes (type H) are opaque to the tokenizer: `hole()` files them where they fall — in text, in
 * an attribute value, in a tag's attribute list ("dynamic" attributes, tokenized again at run
 * time, unless `attributeBlock` files the hole as a block of attributes), or in a tag name
 * ("bad": the tag cannot be structured) — and says which.
 */
import { decodeEntities } from './entities.js';
import { Ascii, Char, isAsciiAlpha, isHtmlSpace } from './char-codes.js';
import {
  COMMENT_END,
  findRawEnd,
  isUnfinishedReference,
  nextAmp,
  startsEndTag,
} from './text-scans.js';
import {
  Quote,
  State,
  TEXT_ONLY,
  type AttrToken,
  type HoleKind,
  type TagToken,
  type TokenSink,
} from './tokens.js';

export class HtmlTokenizer<H = never> {
  state = State.DATA;
  private tag: TagToken<H> | null = null;
  private attr: AttrToken<H> | null = null;
  /** Name being read (tag or attribute) and value being read, across chunk boundaries. */
  private buf = '';
  /** Raw source of the current tag after its name, kept while the tag may turn dynamic. */
  private raw: Array<string | H> | null = null;
  private rawFrom = -1;
  /** In RAW state: the element whose end tag ends it, and whether entities are decoded. */
  private rawTag = '';
  private rcdata = false;
  /** Text carried over from the previous chunk in COMMENT/MARKUP_DECL/RAW lookahead. */
  private pending = '';
  /**
   * In RAW state: the start of a possible end tag (`</tex`) that ended the last chunk, held
   * back until the next chunk says whether it ends the element; where its `<` was.
   */
  private carry = '';
  private carryChunk = -1;
  private carryOffset = -1;
  /** An unfinished character reference at the end of the last chunk's text (see endText). */
  private held = '';
  private fresh = false;
  private chunk = -1;
  /** The latest hole filed in a tag (see `unfinishedTag`). */
  private holeInTag: H | null = null;

  constructor(private readonly sink: TokenSink<H>) {}

  /** Feeds one chunk of markup. */
  write(text: string): void {
    const chunk = ++this.chunk;
    const n = text.length;
    const sink = this.sink;
    // The state lives in a local while the chunk is scanned (stored back at the end): the loop
    // below runs once per state change, several times per tag.
    let state = this.state;
    let i = 0;
    let textFrom = 0;
    /** Where the name or value being read starts in this chunk (earlier chunks' part: buf). */
    let from = 0;
    // The next `&` at or after the text or value being read (n: none), found once for all the
    // runs before it: most runs have none, and need no search or decoding each.
    let amp = -1;
    /** Whether the name being read has a character that lower-casing may change. */
    let cased = false;
    // A tag spanning chunks keeps collecting its raw attribute source.
    if (this.tag !== null && state > State.TAG_NAME) this.rawFrom = 0;
    if (this.carry !== '') {
      // An end tag begun in an earlier chunk: finish it (its name part goes to buf), or find
      // the held text is text after all.
      const carried = this.carry.length;
      const seen = this.carry + text.slice(0, this.rawTag.length + 3);
      if (findRawEnd(this.rawTag, seen, 0) === 0) {
        this.carry = '';
        this.flushHeld();
        state = State.TAG_NAME;
        this.tag = this.newTag(true, this.carryOffset);
        this.tag.chunk = this.carryChunk;
        this.buf = carried > 2 ? seen.slice(2, carried) : '';
        i = from = Math.max(0, 2 - carried);
        cased = false;
      } else if (seen.length < this.rawTag.length + 3 && startsEndTag(this.rawTag, seen, 0)) {
        this.carry = seen;
        this.chunk = chunk;
        return;
      } else this.flushCarry();
    }
    while (i < n) {
      switch (state) {
        case State.DATA: {
          const lt = text.indexOf('<', i);
          if (lt === -1) {
            i = n;
            break;
          }
          i = lt + 1;
          if (lt > textFrom) {
            if (amp < textFrom) amp = nextAmp(text, textFrom);
            this.emitText(text.slice(textFrom, lt), amp < lt);
          } else this.flushHeld();
          textFrom = lt;
          state = State.TAG_OPEN;
          this.tag = this.newTag(false, lt);
          break;
        }
        case State.TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (isAsciiAlpha(c)) {
            state = State.TAG_NAME;
            this.buf = '';
            from = i;
            cased = false;
          } else if (c === Char.SLASH) {
            state = State.END_TAG_OPEN;
            this.tag!.end = true;
            i++;
          } else if (c === Char.BANG) {
            state = State.MARKUP_DECL;
            this.pending = '';
            this.tag = null;
            i++;
          } else if (c === Char.QUESTION_MARK) {
            state = State.BOGUS_COMMENT;
            this.tag = null;
            sink.comment?.();
          } else {
            // `a < b`: the `<` is text (already in this chunk's text unless it ended the last).
            if (this.tag!.chunk !== chunk) sink.text('<');
            state = State.DATA;
            this.tag = null;
          }
          break;
        }
        case State.END_TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (isAsciiAlpha(c)) {
            state = State.TAG_NAME;
            this.buf = '';
            from = i;
            cased = false;
          } else if (c === Char.GREATER_THAN) {
            state = State.DATA;
            this.tag = null;
            textFrom = ++i;
          } else {
            state = State.BOGUS_COMMENT;
            this.tag = null;
            sink.comment?.();
          }
          break;
        }
        case State.TAG_NAME: {
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c <= Char.UPPER_Z) {
              if (
                c <= Char.GREATER_THAN &&
                (isHtmlSpace(c) || c === Char.SLASH || c === Char.GREATER_THAN)
              )
                break;
              if (c >= Char.UPPER_A) cased = true;
            } else if (c > Char.ASCII_LAST) cased = true;
            i++;
          }
          if (i === n) break;
          this.tag!.name = this.name(cased, text, from, i);
          this.raw = null;
          this.rawFrom = i;
          i++;
          if (c === Char.GREATER_THAN) {
            state = this.emitTag(i, text);
            textFrom = i;
          } else state = c === Char.SLASH ? State.SELF_CLOSING : State.BEFORE_ATTR_NAME;
          break;
        }
        case State.BEFORE_ATTR_NAME: {
          let c = text.charCodeAt(i);
          while (isHtmlSpace(c)) c = text.charCodeAt(++i);
          if (i === n) break;
          if (c === Char.SLASH) {
            state = State.SELF_CLOSING;
            i++;
          } else if (c === Char.GREATER_THAN) {
            state = this.emitTag(++i, text);
            textFrom = i;
          } else {
            // Any other character starts a name, even `=` or a quote (as in the spec).
            state = State.ATTR_NAME;
            this.buf = '';
            from = i++;
            cased = c >= Char.UPPER_A && (c <= Char.UPPER_Z || c > Char.ASCII_LAST);
          }
          break;
        }
        case State.ATTR_NAME: {
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c <= Char.UPPER_Z) {
              if (
                c <= Char.GREATER_THAN &&
                (isHtmlSpace(c) || c === Char.SLASH || c === Char.GREATER_THAN || c === Char.EQUALS)
              )
                break;
              if (c >= Char.UPPER_A) cased = true;
            } else if (c > Char.ASCII_LAST) cased = true;
            i++;
          }
          if (i === n) break;
          this.attr = this.addAttr(this.name(cased, text, from, i));
          if (c === Char.EQUALS) {
            state = State.BEFORE_ATTR_VALUE;
            i++;
          } else state = State.AFTER_ATTR_NAME;
          break;
        }
        case State.AFTER_ATTR_NAME: {
          let c = text.charCodeAt(i);
          while (isHtmlSpace(c)) c = text.charCodeAt(++i);
          if (i === n) break;
          if (c === Char.EQUALS) {
            state = State.BEFORE_ATTR_VALUE;
            i++;
          } else {
            // No value: what follows is read as before any attribute (`/`, `>` or a name).
            state = State.BEFORE_ATTR_NAME;
          }
          break;
        }
        case State.BEFORE_ATTR_VALUE: {
          let c = text.charCodeAt(i);
          while (isHtmlSpace(c)) c = text.charCodeAt(++i);
          if (i === n) break;
          this.buf = '';
          if (c === Char.DOUBLE_QUOTE) {
            state = State.ATTR_VALUE_DQ;
            from = ++i;
          } else if (c === Char.SINGLE_QUOTE) {
            state = State.ATTR_VALUE_SQ;
            from = ++i;
          } else if (c === Char.GREATER_THAN) {
            state = this.emitTag(++i, text);
            textFrom = i;
          } else {
            state = State.ATTR_VALUE_UQ;
            from = i;
          }
          break;
        }
        case State.ATTR_VALUE_DQ:
        case State.ATTR_VALUE_SQ: {
          const q = text.indexOf(state === State.ATTR_VALUE_DQ ? '"' : "'", i);
          if (q === -1) {
            i = n;
            break;
          }
          if (amp < from) amp = nextAmp(text, from);
          this.finishValue(this.buf === '' && amp > q, this.take(text, from, q));
          state = State.AFTER_ATTR_VALUE;
          i = q + 1;
          break;
        }
        case State.ATTR_VALUE_UQ: {
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c === Char.GREATER_THAN || isHtmlSpace(c)) break;
            i++;
          }
          if (i === n) break;
          if (amp < from) amp = nextAmp(text, from);
          this.finishValue(this.buf === '' && amp > i, this.take(text, from, i));
          i++;
          if (c === Char.GREATER_THAN) {
            state = this.emitTag(i, text);
            textFrom = i;
          } else state = State.BEFORE_ATTR_NAME;
          break;
        }
        case State.AFTER_ATTR_VALUE: {
          const c = text.charCodeAt(i);
          if (isHtmlSpace(c)) {
            state = State.BEFORE_ATTR_NAME;
            i++;
          } else if (c === Char.SLASH) {
            state = State.SELF_CLOSING;
            i++;
          } else if (c === Char.GREATER_THAN) {
            state = this.emitTag(++i, text);
            textFrom = i;
          } else state = State.BEFORE_ATTR_NAME;
          break;
        }
        case State.SELF_CLOSING: {
          if (text.charCodeAt(i) === Char.GREATER_THAN) {
            this.tag!.selfClosing = true;
            state = this.emitTag(++i, text);
            textFrom = i;
          } else state = State.BEFORE_ATTR_NAME;
          break;
        }
        case State.MARKUP_DECL: {
          // Decide between a comment (`<!--`) and anything else (doctype, CDATA: dropped).
          this.pending += text[i];
          i++;
          if (this.pending === '--') {
            state = State.COMMENT;
            this.fresh = true;
            this.pending = '';
            sink.comment?.();
          } else if (this.pending !== '-') {
            // The character is the bogus comment's (`<!>` is an empty comment): read it again.
            i--;
            state = State.BOGUS_COMMENT;
            if (
              (this.pending.charCodeAt(0) | Ascii.LOWER_CASE_BIT) !==
              Char.LOWER_D /* a doctype, most likely */
            ) {
              sink.comment?.();
            }
          }
          break;
        }
        case State.COMMENT: {
          if (this.fresh) {
            // `<!-->` and `<!--->` end at once, as in the spec.
            this.fresh = false;
            const abrupt = text.startsWith('>', i) ? 1 : text.startsWith('->', i) ? 2 : 0;
            if (abrupt > 0) {
              i += abrupt;
              state = State.DATA;
              textFrom = i;
              break;
            }
          }
          const seen = this.pending + text.slice(i);
          const close = COMMENT_END.exec(seen);
          if (close === null) {
            this.pending = seen.slice(-3);
            i = n;
          } else {
            i += close.index + close[0].length - this.pending.length;
            this.pending = '';
            state = State.DATA;
            textFrom = i;
          }
          break;
        }
        case State.BOGUS_COMMENT: {
          const gt = text.indexOf('>', i);
          if (gt === -1) i = n;
          else {
            i = gt + 1;
            state = State.DATA;
            textFrom = i;
          }
          break;
        }
        case State.RAW: {
          const end = findRawEnd(this.rawTag, text, i);
          if (end === -1) {
            // The chunk may end in the start of the end tag, or in the middle of a reference:
            // both are held back for the next chunk.
            let keep = text.lastIndexOf('<');
            if (keep < Math.max(textFrom, n - this.rawTag.length - 2)) keep = n;
            else if (!startsEndTag(this.rawTag, text, keep)) keep = n;
            if (keep > textFrom) this.rawText(text.slice(textFrom, keep), true);
            if (keep < n) {
              this.carry = text.slice(keep);
              this.carryChunk = chunk;
              this.carryOffset = keep;
            }
            textFrom = n;
            i = n;
          } else {
            if (end > textFrom) this.rawText(text.slice(textFrom, end), false);
            this.flushHeld();
            state = State.TAG_NAME;
            this.tag = this.newTag(true, end);
            this.buf = '';
            i = from = end + 2;
            cased = false;
            textFrom = end;
          }
          break;
        }
      }
    }
    this.state = state;
    if (state === State.DATA) {
      if (n > textFrom) {
        if (amp < textFrom) amp = nextAmp(text, textFrom);
        this.endText(text.slice(textFrom), amp < n);
      }
    } else if (
      state === State.TAG_NAME ||
      state === State.ATTR_NAME ||
      state === State.ATTR_VALUE_DQ ||
      state === State.ATTR_VALUE_SQ ||
      state === State.ATTR_VALUE_UQ
    ) {
      // A name or value continues in the next chunk.
      if (from < n) this.buf += text.slice(from);
    }
    if (this.tag !== null && this.rawFrom !== -1 && this.rawFrom < n) {
      (this.raw ??= []).push(text.slice(this.rawFrom));
    }
    this.rawFrom = -1;
  }

  /**
   * Text ending a chunk: a character reference it ends in the middle of (`&am`) is held back
   * and decoded with the next chunk's text, so that text decodes the same however it is cut.
   */
  private endText(run: string, hasAmp: boolean): void {
    const text = this.held + run;
    this.held = '';
    const last = hasAmp || text !== run ? text.lastIndexOf('&') : -1;
    if (last !== -1 && isUnfinishedReference(text, last)) {
      if (last > 0) this.sink.text(decodeEntities(text.slice(0, last)));
      this.held = text.slice(last);
    } else if (text !== '') this.sink.text(hasAmp || text !== run ? decodeEntities(text) : text);
  }

  /** Text up to a tag (or a hole), after what an earlier chunk held back. */
  private emitText(run: string, hasAmp: boolean): void {
    if (this.held !== '') {
      run = this.held + run;
      this.held = '';
      hasAmp = true;
    }
    if (run !== '') this.sink.text(hasAmp ? decodeEntities(run) : run);
  }

  /** Files a hole at the current position and says where it fell. */
  hole(hole: H): HoleKind {
    switch (this.state) {
      case State.DATA:
        // A held `&…` is not continued by an instruction's output: it is text as it stands.
        this.flushHeld();
        return 'data';
      case State.RAW: {
        // An end tag begun before the instruction (`</scr`): its output may finish it.
        const edge = this.carry !== '';
        // A held reference is text as it stands: an instruction's output does not continue it.
        this.flushCarry();
        this.flushHeld();
        return edge ? 'edge' : this.rcdata ? 'rcdata' : 'raw';
      }
      case State.COMMENT: {
        // Right after `<!--` (`>` would end it at once), or after a `-` or `!` that the
        // output and what follows it may make `-->` or `--!>` with.
        const last = this.pending.charCodeAt(this.pending.length - 1);
        return this.fresh || last === Char.HYPHEN || last === Char.BANG ? 'edge' : 'comment';
      }
      case State.BOGUS_COMMENT:
      case State.MARKUP_DECL:
        // The output may end a bogus comment (a `>`) or decide what `<!` begins.
        return 'edge';
      case State.ATTR_VALUE_DQ:
      case State.ATTR_VALUE_SQ:
      case State.ATTR_VALUE_UQ: {
        const attr = this.attr!;
        // The three value states are in the order of the three quotes.
        attr.quote ??= (this.state - State.ATTR_VALUE_DQ) as Quote;
        const parts = (attr.parts ??= []);
        if (this.buf !== '') parts.push(decodeEntities(this.buf, true));
        this.buf = '';
        parts.push(hole);
        this.holeInTag = hole;
        if (this.tag!.dynamic !== null) this.tag!.dynamic.push(hole);
        else (this.raw ??= []).push(hole);
        return 'attr';
      }
      case State.TAG_OPEN:
      case State.END_TAG_OPEN:
      case State.TAG_NAME:
        if (this.state !== State.TAG_NAME) {
          // Whether `<` begins a tag depends on the output: read on as a name, in a bad tag.
          this.state = State.TAG_NAME;
          this.buf = '';
        }
        this.tag!.bad = true;
        this.holeInTag = hole;
        return 'bad';
      default: {
        const tag = this.tag!;
        this.holeInTag = hole;
        if (tag.end) {
          tag.bad = true;
          return 'bad';
        }
        tag.dynamic ??= this.raw ??= [];
        tag.dynamic.push(hole);
        return 'tag';
      }
    }
  }

  /**
   * Files a hole among a tag's attributes as a block of attributes: `entry` (an attribute with
   * no name) takes its place in the attribute list, and `hole()` files the hole in the tag's
   * raw source, so that the tag can still be tokenized at run time should the structuring pass
   * give the block up (structure/structure.ts). Only where `hole()` would say 'tag'; false where it says
   * otherwise (an end tag: filing the hole there again changes nothing).
   */
  attributeBlock(hole: H, entry: AttrToken<H>): boolean {
    this.tag!.attrs.push(entry);
    return this.hole(hole) === 'tag';
  }

  /**
   * Ends a tag's name where the input stands, as a space would there (a block of attributes
   * right after the name whose every branch starts with one: structure/conditional-attributes.ts). An end
   * tag's block is then filed as it would be after a space: as a bad hole.
   */
  endTagName(): void {
    this.tag!.name = this.buf.toLowerCase();
    this.buf = '';
    this.raw = null;
    this.state = State.BEFORE_ATTR_NAME;
  }

  /**
   * Whether the last chunk ended in what may be a character reference (`&cop`), held back for
   * the next chunk's text: what follows may complete it.
   */
  get holdsReference(): boolean {
    return this.held !== '';
  }

  /** Whether the input so far ends in text or raw text: not inside a tag, comment or declaration. */
  endsInText(): boolean {
    return this.state === State.DATA || this.state === State.RAW;
  }

  /**
   * The tag the input ends in, with a hole filed in it, if it does: `end()` drops the tag, but
   * the output may finish it (a quote in a value, a `>`), and the browser then keeps it.
   */
  unfinishedTag(): { tag: TagToken<H>; hole: H } | null {
    const tag = this.tag;
    if (tag === null || this.holeInTag === null || this.state === State.DATA) return null;
    return { tag, hole: this.holeInTag };
  }

  /** End of input: a dangling `<` is text; an unfinished tag or comment is dropped (as HTML does). */
  end(): void {
    this.flushCarry();
    this.flushHeld();
    if (this.state === State.TAG_OPEN) this.sink.text('<');
    else if (this.state === State.END_TAG_OPEN) this.sink.text('</');
    this.state = State.DATA;
    this.tag = null;
    this.attr = null;
    this.pending = '';
  }

  private newTag(end: boolean, offset: number): TagToken<H> {
    this.holeInTag = null;
    return {
      name: '',
      end,
      attrs: [],
      selfClosing: false,
      dynamic: null,
      bad: false,
      chunk: this.chunk,
      offset,
      endChunk: -1,
      endOffset: -1,
    };
  }

  /** A name or value ending at `to`: `buf` (its part from earlier chunks) and this chunk's part. */
  private take(text: string, from: number, to: number): string {
    const part = text.slice(from, to);
    if (this.buf === '') return part;
    const whole = this.buf + part;
    this.buf = '';
    return whole;
  }

  /**
   * A tag or attribute name ending at `to`, lower-cased (`cased`: it has upper-case or
   * non-ASCII characters in this chunk; most names have neither, and are taken as they are).
   */
  private name(cased: boolean, text: string, from: number, to: number): string {
    const whole = cased || this.buf !== '';
    const name = this.take(text, from, to);
    return whole ? name.toLowerCase() : name;
  }

  private addAttr(lower: string): AttrToken<H> {
    const attr: AttrToken<H> = { name: lower, value: '', parts: null };
    // Duplicates: the first one wins; later ones are parsed and dropped.
    const attrs = this.tag!.attrs;
    for (let k = 0; k < attrs.length; k++) if (attrs[k]!.name === lower) return attr;
    attrs.push(attr);
    return attr;
  }

  /** Sets the value just read; `plain` when it is known to hold no `&`. */
  private finishValue(plain: boolean, source: string): void {
    const attr = this.attr!;
    const value = plain ? source : decodeEntities(source, true);
    if (attr.parts !== null) {
      if (value !== '') attr.parts.push(value);
    } else attr.value = value;
  }

  /** Emits the finished tag (its end at `next`); returns the state that follows it. */
  private emitTag(next: number, text: string): State {
    const tag = this.tag!;
    tag.endChunk = this.chunk;
    tag.endOffset = next;
    if (tag.dynamic !== null && this.rawFrom !== -1) {
      tag.dynamic.push(text.slice(this.rawFrom, next - 1));
    }
    this.tag = null;
    this.attr = null;
    this.rawFrom = -1;
    let state = State.DATA;
    const rcdata = tag.end || tag.bad ? undefined : TEXT_ONLY.get(tag.name);
    if (rcdata !== undefined) {
      state = State.RAW;
      this.rawTag = tag.name;
      this.rcdata = rcdata;
      this.pending = '';
    }
    if (this.sink.tag(tag) === false) return State.DATA;
    return state;
  }

  /** Raw text; RCDATA is decoded, a reference the chunk ends in held back when `last`. */
  private rawText(text: string, last: boolean): void {
    if (!this.rcdata) this.sink.text(text);
    else if (last) this.endText(text, text.indexOf('&') !== -1);
    else this.emitText(text, text.indexOf('&') !== -1);
  }

  private flushHeld(): void {
    if (this.held !== '') this.emitText('', false);
  }

  /** A held-back `</tex` that turned out not to be the end tag: it is raw text. */
  private flushCarry(): void {
    if (this.carry === '') return;
    const carry = this.carry;
    this.carry = '';
    this.rawText(carry, false);
  }
}
