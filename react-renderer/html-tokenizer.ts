/**
 * A small streaming HTML tokenizer (the WHATWG tokenizer states a template can reach, without
 * the error-recovery corners that only matter for hostile markup). It is the one tokenizer of
 * the React path: the structuring pass feeds it template text chunk by chunk, with instruction
 * "holes" between chunks, and the runtime feeds it whole markup-bearing values, on the server
 * and in the browser alike, so both sides build the same tree.
 *
 * Holes (type H) are opaque to the tokenizer: `hole()` files them where they fall — in text, in
 * an attribute value, in a tag's attribute list ("dynamic" attributes, tokenized again at run
 * time), or in a tag name ("bad": the tag cannot be structured) — and says which.
 */
import { decodeEntities } from './entities.js';

export const enum State {
  DATA,
  TAG_OPEN,
  END_TAG_OPEN,
  TAG_NAME,
  BEFORE_ATTR_NAME,
  ATTR_NAME,
  AFTER_ATTR_NAME,
  BEFORE_ATTR_VALUE,
  ATTR_VALUE_DQ,
  ATTR_VALUE_SQ,
  ATTR_VALUE_UQ,
  AFTER_ATTR_VALUE,
  SELF_CLOSING,
  MARKUP_DECL,
  COMMENT,
  BOGUS_COMMENT,
  RAW,
}

/** Where a hole fell. */
export type HoleKind = 'data' | 'raw' | 'rcdata' | 'comment' | 'attr' | 'tag' | 'bad';

export interface AttrToken<H> {
  name: string;
  /** Decoded static value (parts === null) */
  value: string;
  /** Set when the value has holes: decoded static strings and holes, in order. */
  parts: Array<string | H> | null;
}

export interface TagToken<H> {
  name: string;
  end: boolean;
  attrs: AttrToken<H>[];
  selfClosing: boolean;
  /** Raw attribute source (strings and holes) when a hole sits outside an attribute value. */
  dynamic: Array<string | H> | null;
  /** A hole in the tag name: the tag cannot be structured. */
  bad: boolean;
  /** Chunk number and offset of the `<`, for cutting fallback regions out of template text. */
  chunk: number;
  offset: number;
  /** Chunk number and offset just after the `>`. */
  endChunk: number;
  endOffset: number;
}

export interface TokenSink<H> {
  text(text: string): void;
  tag(tag: TagToken<H>): void;
}

/** Elements whose content is raw text up to their end tag; the second set decodes entities. */
export const RAW_TEXT = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
export const RCDATA = new Set(['textarea', 'title']);

const isAlpha = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;

export class HtmlTokenizer<H = never> {
  state = State.DATA;
  private tag: TagToken<H> | null = null;
  private attr: AttrToken<H> | null = null;
  /** Name being read (tag or attribute) and value being read, across chunk boundaries. */
  private buf = '';
  /** Raw source of the current tag after its name, kept while the tag may turn dynamic. */
  private raw: Array<string | H> = [];
  private rawFrom = -1;
  /** In RAW state: the element whose end tag ends it, and whether entities are decoded. */
  private rawTag = '';
  private rcdata = false;
  /** Text carried over from the previous chunk in COMMENT/MARKUP_DECL/RAW lookahead. */
  private pending = '';
  private fresh = false;
  private chunk = -1;

  constructor(private readonly sink: TokenSink<H>) {}

  /** Feeds one chunk of markup. */
  write(text: string): void {
    this.chunk++;
    const n = text.length;
    let i = 0;
    let textFrom = 0;
    // A tag spanning chunks keeps collecting its raw attribute source.
    if (this.tag !== null && this.state > State.TAG_NAME) this.rawFrom = 0;
    const sink = this.sink;
    while (i < n) {
      switch (this.state) {
        case State.DATA: {
          const lt = text.indexOf('<', i);
          if (lt === -1) {
            i = n;
            break;
          }
          i = lt + 1;
          if (lt > textFrom) sink.text(decodeEntities(text.slice(textFrom, lt)));
          textFrom = lt;
          this.state = State.TAG_OPEN;
          this.tag = this.newTag(false, lt);
          break;
        }
        case State.TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (isAlpha(c)) {
            this.state = State.TAG_NAME;
            this.buf = '';
          } else if (c === 47 /* / */) {
            this.state = State.END_TAG_OPEN;
            this.tag!.end = true;
            i++;
          } else if (c === 33 /* ! */) {
            this.state = State.MARKUP_DECL;
            this.pending = '';
            this.tag = null;
            i++;
          } else if (c === 63 /* ? */) {
            this.state = State.BOGUS_COMMENT;
            this.tag = null;
          } else {
            // `a < b`: the `<` is text (already in this chunk's text unless it ended the last).
            if (this.tag!.chunk !== this.chunk) sink.text('<');
            this.state = State.DATA;
            this.tag = null;
          }
          break;
        }
        case State.END_TAG_OPEN: {
          const c = text.charCodeAt(i);
          if (isAlpha(c)) {
            this.state = State.TAG_NAME;
            this.buf = '';
          } else if (c === 62 /* > */) {
            this.state = State.DATA;
            this.tag = null;
            textFrom = ++i;
          } else {
            this.state = State.BOGUS_COMMENT;
            this.tag = null;
          }
          break;
        }
        case State.TAG_NAME: {
          const start = i;
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (isSpace(c) || c === 47 || c === 62) break;
            i++;
          }
          this.buf += text.slice(start, i);
          if (i === n) break;
          this.tag!.name = this.buf.toLowerCase();
          this.raw = [];
          this.rawFrom = i;
          if (c === 62) {
            textFrom = this.emitTag(++i, text);
          } else {
            this.state = c === 47 ? State.SELF_CLOSING : State.BEFORE_ATTR_NAME;
            i++;
          }
          break;
        }
        case State.BEFORE_ATTR_NAME: {
          const c = text.charCodeAt(i);
          if (isSpace(c)) i++;
          else if (c === 47) {
            this.state = State.SELF_CLOSING;
            i++;
          } else if (c === 62) textFrom = this.emitTag(++i, text);
          else {
            this.state = State.ATTR_NAME;
            this.buf = text[i]!;
            i++;
          }
          break;
        }
        case State.ATTR_NAME: {
          const start = i;
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (isSpace(c) || c === 47 || c === 62 || c === 61) break;
            i++;
          }
          this.buf += text.slice(start, i);
          if (i === n) break;
          this.attr = this.addAttr(this.buf);
          this.buf = '';
          if (c === 61) {
            this.state = State.BEFORE_ATTR_VALUE;
            i++;
          } else this.state = State.AFTER_ATTR_NAME;
          break;
        }
        case State.AFTER_ATTR_NAME: {
          const c = text.charCodeAt(i);
          if (isSpace(c)) i++;
          else if (c === 61) {
            this.state = State.BEFORE_ATTR_VALUE;
            i++;
          } else if (c === 47) {
            this.state = State.SELF_CLOSING;
            i++;
          } else if (c === 62) textFrom = this.emitTag(++i, text);
          else {
            this.state = State.ATTR_NAME;
            this.buf = '';
          }
          break;
        }
        case State.BEFORE_ATTR_VALUE: {
          const c = text.charCodeAt(i);
          if (isSpace(c)) i++;
          else if (c === 34) {
            this.state = State.ATTR_VALUE_DQ;
            i++;
          } else if (c === 39) {
            this.state = State.ATTR_VALUE_SQ;
            i++;
          } else if (c === 62) textFrom = this.emitTag(++i, text);
          else this.state = State.ATTR_VALUE_UQ;
          break;
        }
        case State.ATTR_VALUE_DQ:
        case State.ATTR_VALUE_SQ: {
          const quote = this.state === State.ATTR_VALUE_DQ ? '"' : "'";
          const q = text.indexOf(quote, i);
          const end = q === -1 ? n : q;
          this.buf += text.slice(i, end);
          i = end;
          if (q !== -1) {
            this.finishValue();
            this.state = State.AFTER_ATTR_VALUE;
            i++;
          }
          break;
        }
        case State.ATTR_VALUE_UQ: {
          const start = i;
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (isSpace(c) || c === 62) break;
            i++;
          }
          this.buf += text.slice(start, i);
          if (i === n) break;
          this.finishValue();
          if (c === 62) textFrom = this.emitTag(++i, text);
          else {
            this.state = State.BEFORE_ATTR_NAME;
            i++;
          }
          break;
        }
        case State.AFTER_ATTR_VALUE: {
          const c = text.charCodeAt(i);
          if (isSpace(c)) {
            this.state = State.BEFORE_ATTR_NAME;
            i++;
          } else if (c === 47) {
            this.state = State.SELF_CLOSING;
            i++;
          } else if (c === 62) textFrom = this.emitTag(++i, text);
          else this.state = State.BEFORE_ATTR_NAME;
          break;
        }
        case State.SELF_CLOSING: {
          const c = text.charCodeAt(i);
          if (c === 62) {
            this.tag!.selfClosing = true;
            textFrom = this.emitTag(++i, text);
          } else this.state = State.BEFORE_ATTR_NAME;
          break;
        }
        case State.MARKUP_DECL: {
          // Decide between a comment (`<!--`) and anything else (doctype, CDATA: dropped).
          this.pending += text[i];
          i++;
          if (this.pending === '--') {
            this.state = State.COMMENT;
            this.fresh = true;
            this.pending = '';
          } else if (this.pending !== '-') this.state = State.BOGUS_COMMENT;
          break;
        }
        case State.COMMENT: {
          if (this.fresh) {
            // `<!-->` and `<!--->` end at once, as in the spec.
            this.fresh = false;
            const abrupt = text.startsWith('>', i) ? 1 : text.startsWith('->', i) ? 2 : 0;
            if (abrupt > 0) {
              i += abrupt;
              this.state = State.DATA;
              textFrom = i;
              break;
            }
          }
          const seen = this.pending + text.slice(i);
          const close = seen.indexOf('-->');
          if (close === -1) {
            this.pending = seen.slice(-2);
            i = n;
          } else {
            i += close + 3 - this.pending.length;
            this.pending = '';
            this.state = State.DATA;
            textFrom = i;
          }
          break;
        }
        case State.BOGUS_COMMENT: {
          const gt = text.indexOf('>', i);
          if (gt === -1) i = n;
          else {
            i = gt + 1;
            this.state = State.DATA;
            textFrom = i;
          }
          break;
        }
        case State.RAW: {
          const end = this.findRawEnd(text, i);
          if (end === -1) {
            if (n > textFrom) this.rawText(text.slice(textFrom, n));
            textFrom = n;
            i = n;
          } else {
            if (end > textFrom) this.rawText(text.slice(textFrom, end));
            this.pending = '';
            this.state = State.TAG_NAME;
            this.tag = this.newTag(true, end);
            this.buf = '';
            i = end + 2;
            textFrom = end;
          }
          break;
        }
      }
    }
    if (this.state === State.DATA && n > textFrom) sink.text(decodeEntities(text.slice(textFrom)));
    if (this.tag !== null && this.rawFrom !== -1 && this.rawFrom < n) {
      this.raw.push(text.slice(this.rawFrom));
    }
    this.rawFrom = -1;
  }

  /** Files a hole at the current position and says where it fell. */
  hole(hole: H): HoleKind {
    switch (this.state) {
      case State.DATA:
        return 'data';
      case State.RAW:
        this.pending = '';
        return this.rcdata ? 'rcdata' : 'raw';
      case State.COMMENT:
      case State.BOGUS_COMMENT:
      case State.MARKUP_DECL:
        return 'comment';
      case State.ATTR_VALUE_DQ:
      case State.ATTR_VALUE_SQ:
      case State.ATTR_VALUE_UQ: {
        const attr = this.attr!;
        const parts = (attr.parts ??= []);
        if (this.buf !== '') parts.push(decodeEntities(this.buf, true));
        this.buf = '';
        parts.push(hole);
        if (this.tag!.dynamic !== null) this.tag!.dynamic.push(hole);
        else this.raw.push(hole);
        return 'attr';
      }
      case State.TAG_OPEN:
      case State.END_TAG_OPEN:
      case State.TAG_NAME:
        this.tag!.bad = true;
        return 'bad';
      default: {
        const tag = this.tag!;
        if (tag.end) {
          tag.bad = true;
          return 'bad';
        }
        if (tag.dynamic === null) tag.dynamic = this.raw;
        tag.dynamic.push(hole);
        return 'tag';
      }
    }
  }

  /** End of input: a dangling `<` is text; an unfinished tag or comment is dropped (as HTML does). */
  end(): void {
    if (this.state === State.TAG_OPEN) this.sink.text('<');
    else if (this.state === State.END_TAG_OPEN) this.sink.text('</');
    this.state = State.DATA;
    this.tag = null;
    this.attr = null;
    this.pending = '';
  }

  private newTag(end: boolean, offset: number): TagToken<H> {
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

  private addAttr(name: string): AttrToken<H> {
    const lower = name.toLowerCase();
    const attr: AttrToken<H> = { name: lower, value: '', parts: null };
    // Duplicates: the first one wins; later ones are parsed and dropped.
    if (!this.tag!.attrs.some((a) => a.name === lower)) this.tag!.attrs.push(attr);
    return attr;
  }

  private finishValue(): void {
    const attr = this.attr!;
    const value = decodeEntities(this.buf, true);
    if (attr.parts !== null) {
      if (value !== '') attr.parts.push(value);
    } else attr.value = value;
    this.buf = '';
  }

  /** Emits the finished tag; returns where text starts again. */
  private emitTag(next: number, text: string): number {
    const tag = this.tag!;
    tag.endChunk = this.chunk;
    tag.endOffset = next;
    if (tag.dynamic !== null && this.rawFrom !== -1) {
      tag.dynamic.push(text.slice(this.rawFrom, next - 1));
    }
    this.tag = null;
    this.attr = null;
    this.rawFrom = -1;
    this.state = State.DATA;
    if (!tag.end && !tag.bad && (RAW_TEXT.has(tag.name) || RCDATA.has(tag.name))) {
      this.state = State.RAW;
      this.rawTag = tag.name;
      this.rcdata = RCDATA.has(tag.name);
      this.pending = '';
    }
    this.sink.tag(tag);
    return next;
  }

  private rawText(text: string): void {
    this.sink.text(this.rcdata ? decodeEntities(text) : text);
  }

  /** Offset of `</rawTag` followed by space, `/` or `>` (case-insensitive), or -1. */
  private findRawEnd(text: string, from: number): number {
    const name = this.rawTag;
    for (let i = text.indexOf('</', from); i !== -1; i = text.indexOf('</', i + 2)) {
      if (text.slice(i + 2, i + 2 + name.length).toLowerCase() !== name) continue;
      const c = text.charCodeAt(i + 2 + name.length);
      if (isSpace(c) || c === 47 || c === 62) return i;
    }
    return -1;
  }
}
