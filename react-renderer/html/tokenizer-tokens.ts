/**
 * What the HTML tokenizer (tokenizer.ts) keeps between chunks and the tokens it builds from
 * them: tags and attributes whose names and values may run across chunk boundaries, and text,
 * decoded, with a character reference a chunk ends in held back for the next. The state
 * machine (tokenizer.ts) and the filing of template holes (tokenizer-holes.ts) extend it; only
 * `HtmlTokenizer` is ever made, so its objects have one shape.
 */
import { addAttribute } from './attribute-names.js';
import { decodeEntities } from './entities.js';
import { isUnfinishedReference } from './text-scans.js';
import { State, TEXT_ONLY, type AttrToken, type TagToken, type TokenSink } from './tokens.js';

export abstract class TokenBuilder<H> {
  state = State.DATA;
  protected tag: TagToken<H> | null = null;
  protected attr: AttrToken<H> | null = null;
  /** Name being read (tag or attribute) and value being read, across chunk boundaries. */
  protected buf = '';
  /** Raw source of the current tag after its name, kept while the tag may turn dynamic. */
  protected raw: Array<string | H> | null = null;
  protected rawFrom = -1;
  /** In RAW state: the element whose end tag ends it, and whether entities are decoded. */
  protected rawTag = '';
  protected rcdata = false;
  /** Text carried over from the previous chunk in COMMENT/MARKUP_DECL/RAW lookahead. */
  protected pending = '';
  /**
   * In RAW state: the start of a possible end tag (`</tex`) that ended the last chunk, held
   * back until the next chunk says whether it ends the element; where its `<` was.
   */
  protected carry = '';
  protected carryChunk = -1;
  protected carryOffset = -1;
  /** An unfinished character reference at the end of the last chunk's text (see endText). */
  protected held = '';
  protected fresh = false;
  protected chunk = -1;
  /** The latest hole filed in a tag (see `unfinishedTag`). */
  protected holeInTag: H | null = null;

  constructor(protected readonly sink: TokenSink<H>) {}

  /**
   * Text ending a chunk: a character reference it ends in the middle of (`&am`) is held back
   * and decoded with the next chunk's text, so that text decodes the same however it is cut.
   */
  protected endText(run: string, hasAmp: boolean): void {
    const text = this.held + run;
    this.held = '';
    const last = hasAmp || text !== run ? text.lastIndexOf('&') : -1;
    if (last !== -1 && isUnfinishedReference(text, last)) {
      if (last > 0) this.sink.text(decodeEntities(text.slice(0, last)));
      this.held = text.slice(last);
    } else if (text !== '') this.sink.text(hasAmp || text !== run ? decodeEntities(text) : text);
  }

  /** Text up to a tag (or a hole), after what an earlier chunk held back. */
  protected emitText(run: string, hasAmp: boolean): void {
    if (this.held !== '') {
      run = this.held + run;
      this.held = '';
      hasAmp = true;
    }
    if (run !== '') this.sink.text(hasAmp ? decodeEntities(run) : run);
  }

  protected newTag(end: boolean, offset: number): TagToken<H> {
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
  protected take(text: string, from: number, to: number): string {
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
  protected name(cased: boolean, text: string, from: number, to: number): string {
    const whole = cased || this.buf !== '';
    const name = this.take(text, from, to);
    return whole ? name.toLowerCase() : name;
  }

  protected addAttr(lower: string): AttrToken<H> {
    const attr: AttrToken<H> = { name: lower, value: '', parts: null };
    // Duplicates: the first one wins; later ones are parsed and dropped.
    addAttribute(this.tag!.attrs, attr);
    return attr;
  }

  /** Sets the value just read; `plain` when it is known to hold no `&`. */
  protected finishValue(plain: boolean, source: string): void {
    const attr = this.attr!;
    const value = plain ? source : decodeEntities(source, true);
    if (attr.parts !== null) {
      if (value !== '') attr.parts.push(value);
    } else attr.value = value;
  }

  /** Emits the finished tag (its end at `next`); returns the state that follows it. */
  protected emitTag(next: number, text: string): State {
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
  protected rawText(text: string, last: boolean): void {
    if (!this.rcdata) this.sink.text(text);
    else if (last) this.endText(text, text.indexOf('&') !== -1);
    else this.emitText(text, text.indexOf('&') !== -1);
  }

  protected flushHeld(): void {
    if (this.held !== '') this.emitText('', false);
  }

  /** A held-back `</tex` that turned out not to be the end tag: it is raw text. */
  protected flushCarry(): void {
    if (this.carry === '') return;
    const carry = this.carry;
    this.carry = '';
    this.rawText(carry, false);
  }
}
