/**
 * A small streaming HTML tokenizer (the WHATWG tokenizer states a template can reach, without
 * the error-recovery corners that only matter for hostile markup). It is the one tokenizer of
 * the React path: the structuring pass feeds it template text chunk by chunk, with instruction
 * "holes" between chunks, and the runtime feeds it whole markup-bearing values, on the server
 * and in the browser alike, so both sides build the same tree.
 *
 * This module is its state machine (`write`), the hot loop of the runtime parser; the tokens
 * it builds and what it keeps between chunks are tokenizer-tokens.ts's, the filing of the
 * structuring pass's holes tokenizer-holes.ts's.
 */
import { Ascii, Char, isAsciiAlpha, isHtmlSpace } from './char-codes.js';
import { COMMENT_END, findRawEnd, nextAmp, startsEndTag } from './text-scans.js';
import { State } from './tokens.js';
import { HoleFiling } from './tokenizer-holes.js';

const CDATA_OPEN = '[CDATA[';

export class HtmlTokenizer<H = never> extends HoleFiling<H> {
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
          // Decide between a comment (`<!--`), a CDATA section in foreign content (its text is
          // text) and anything else (a doctype, a bogus comment: dropped).
          this.pending += text[i];
          i++;
          if (this.pending === '--') {
            state = State.COMMENT;
            this.fresh = true;
            this.pending = '';
            sink.comment?.();
          } else if (this.pending === CDATA_OPEN) {
            state = State.CDATA;
            this.pending = '';
            textFrom = i;
          } else if (
            this.pending !== '-' &&
            !(CDATA_OPEN.startsWith(this.pending) && sink.foreign?.() === true)
          ) {
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
        case State.CDATA: {
          // `]]>` may begin in the text held from the last chunk (`pending`).
          const seen = this.pending + text.slice(i);
          const close = seen.indexOf(']]>');
          const upTo = close === -1 ? Math.max(0, seen.length - 2) : close;
          if (upTo > 0) sink.text(seen.slice(0, upTo));
          if (close === -1) {
            this.pending = seen.slice(upTo);
            i = n;
          } else {
            i += close + 3 - this.pending.length;
            this.pending = '';
            state = State.DATA;
          }
          textFrom = i;
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

  /** Whether the input so far ends in text or raw text: not inside a tag, comment or declaration. */
  endsInText(): boolean {
    return this.state === State.DATA || this.state === State.RAW;
  }

  /** End of input: a dangling `<` is text; an unfinished tag or comment is dropped (as HTML does). */
  end(): void {
    this.flushCarry();
    this.flushHeld();
    // An unfinished CDATA section ends with the input; a `]` held back is its text.
    if (this.state === State.CDATA && this.pending !== '') this.sink.text(this.pending);
    if (this.state === State.TAG_OPEN) this.sink.text('<');
    else if (this.state === State.END_TAG_OPEN) this.sink.text('</');
    this.state = State.DATA;
    this.tag = null;
    this.attr = null;
    this.pending = '';
  }
}
