/**
 * Template holes in the HTML tokenizer (tokenizer.ts): the structuring pass feeds template
 * text chunk by chunk, with an instruction (a hole, of type H, opaque here) between chunks.
 * `hole()` files it where it falls — in text, in an attribute value, in a tag's attribute list
 * ("dynamic" attributes, tokenized again at run time, unless `attributeBlock` files it as a
 * block of attributes), in a tag name ("bad": the tag cannot be structured), or next to the
 * delimiters of a comment or raw text ('edge') — and says which.
 */
import { Char } from './char-codes.js';
import { Quote, State, type AttrToken, type HoleKind, type TagToken } from './tokens.js';
import { decodeEntities } from './entities.js';
import { TokenBuilder } from './tokenizer-tokens.js';

export abstract class HoleFiling<H> extends TokenBuilder<H> {
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
      case State.CDATA:
        // The output may end a bogus comment (a `>`) or a CDATA section (`]]>`), or decide
        // what `<!` begins.
        return 'edge';
      case State.ATTR_VALUE_DQ:
      case State.ATTR_VALUE_SQ:
      case State.ATTR_VALUE_UQ: {
        const attr = this.attr!;
        const attrs = this.tag!.attrs;
        // A repeated attribute is dropped (the first one wins), but its value still ends where
        // the browser finds its delimiter, which the output may hold: the whole attribute list
        // is tokenized at run time, as for a hole between attributes.
        if (attrs[attrs.length - 1] !== attr) return this.inAttributeList(hole);
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
      default:
        return this.inAttributeList(hole);
    }
  }

  /** A hole among a tag's attributes: the list is tokenized at run time (a bad end tag). */
  private inAttributeList(hole: H): HoleKind {
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

  /**
   * The tag the input ends in, with a hole filed in it, if it does: `end()` drops the tag, but
   * the output may finish it (a quote in a value, a `>`), and the browser then keeps it.
   */
  unfinishedTag(): { tag: TagToken<H>; hole: H } | null {
    const tag = this.tag;
    if (tag === null || this.holeInTag === null || this.state === State.DATA) return null;
    return { tag, hole: this.holeInTag };
  }
}
