/**
 * Blocks of attributes, for the structuring pass (structure.ts): a control-flow instruction
 * among a tag's attributes (`<option value="{@}"{.equal? @ sel} selected{.end}>`) becomes an
 * attribute entry holding a shell whose blocks are attribute lists (react-code.ts
 * `RAttrBlock`), instead of making the whole attribute list dynamic (tokenized per render).
 *
 * A block qualifies when each of its branches, tokenized as attributes, holds whole attributes
 * only — literal names, holes inside values only, no `>`, nested blocks that qualify in turn —
 * and when the text after it reads the same whichever branch ran. The tokenizer does not see
 * the block's text, so that last part is checked as a "need": where a branch may end in the
 * middle of a name (` selected{.end}>`), the text after the block must end that name (space,
 * `/` or `>`) without giving it a value; the same holds for a branch that starts where a name
 * is pending, and for every branch of a block that follows. And no React name may be set by
 * two attributes of a list when one is in a block: which one wins (the first, in HTML) would
 * depend on the data. Where anything fails, the attribute list is dynamic, as it always was.
 *
 * The tree builder's view does not change: the tag still has attributes it cannot know (its
 * raw source is kept), so every tree-construction rule that reads attributes (an `<input
 * type=hidden>` in a table, Noah's Ark) decides as before; only the element's React code does
 * (structure.ts `convertElement`: a dynamic list that kept its blocks is structured).
 */
import { Char } from '../html/char-codes.js';
import type { Instruction } from '../../engine/code.js';
import { blockSlots, isControlFlow } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import { reactName } from '../runtime/attribute-props.js';
import { HtmlTokenizer } from '../html/tokenizer.js';
import { State, type AttrToken, type TagToken } from '../html/tokens.js';
import { SHELL_ORIGIN, type RAttr } from './react-code.js';
import { attributeCode, literalText } from './code-queries.js';

type Inst = Instruction;

/** What the text after a point of an attribute list must do for it to read as from anywhere. */
const enum Need {
  NONE = 0,
  /** Its first character other than a space is no `=` (which would give a name a value). */
  NO_EQUALS = 1,
  /** Its first character ends a name: a space, `/` or `>` (and NO_EQUALS). */
  END_NAME = 3,
  /** Its first character ends an unquoted value: a space or `>`. */
  END_VALUE = 4,
  /** Text that cannot meet the need. */
  UNMET = -1,
}

/**
 * The need where the tokenizer is, UNMET where no branch may end (inside a quoted value,
 * after `=` or `/`, after the tag). A block may start only where it is NONE or NO_EQUALS.
 */
function needAt(state: State): Need {
  switch (state) {
    case State.BEFORE_ATTR_NAME:
    case State.AFTER_ATTR_VALUE:
      return Need.NONE;
    case State.AFTER_ATTR_NAME:
      return Need.NO_EQUALS;
    case State.ATTR_NAME:
      return Need.END_NAME;
    case State.ATTR_VALUE_UQ:
      return Need.END_VALUE;
    default:
      return Need.UNMET;
  }
}

/** Whether the tokenizer is between attributes, where a block of attributes may start. */
function betweenAttributes(tokenizer: HtmlTokenizer<Inst>): boolean {
  const need = needAt(tokenizer.state);
  return need === Need.NONE || need === Need.NO_EQUALS;
}

/** The need left after `text`: NONE once met, UNMET if it cannot be. */
function meet(need: Need, text: string): Need {
  if (need === Need.NONE || text === '') return need;
  const rest = text.replace(/^[\t\n\f\r ]+/, '');
  const first = text.charCodeAt(0);
  const ends = rest !== text || first === Char.GREATER_THAN;
  if (need & Need.END_VALUE && !ends) return Need.UNMET;
  if ((need & Need.END_NAME) === Need.END_NAME && !ends && first !== Char.SLASH) {
    return Need.UNMET;
  }
  if (!(need & Need.NO_EQUALS)) return Need.NONE;
  if (rest === '') return Need.NO_EQUALS;
  return rest[0] === '=' ? Need.UNMET : Need.NONE;
}

/**
 * A control-flow instruction as a block of attributes, where the text before it leaves
 * `need`, and the need after it; null when it does not qualify. A repeated section does not:
 * its items would repeat their attributes, of which the first would win.
 */
function attributeShell(inst: unknown[], need: Need): [shell: unknown[], need: Need] | null {
  if (inst[0] === Op.REPEATED) return null;
  const shell = inst.slice();
  const { blocks, alternate } = blockSlots(inst[0] as number);
  // A block may print nothing: the text after it may then follow the text before it.
  let after = need;
  for (const slot of [...blocks, alternate]) {
    const part = inst[slot];
    if (!Array.isArray(part)) continue;
    const shaped = slot === alternate ? attributeShell(part, need) : attributeBranch(part, need);
    if (shaped === null) return null;
    shell[slot] = shaped[0];
    after |= shaped[1];
  }
  SHELL_ORIGIN.set(shell, inst);
  return [shell, after];
}

/** One branch as an attribute list, and the need after it; null if it is not one. */
function attributeBranch(block: Inst[], need: Need): [attrs: RAttr[], need: Need] | null {
  let tag: TagToken<Inst> | null = null;
  const tokenizer = new HtmlTokenizer<Inst>({
    text() {},
    tag(token) {
      tag = token;
    },
  });
  tokenizer.write('<x ');
  for (const item of block) {
    const text = literalText(item);
    if (text !== null) {
      need = meet(need, text);
      tokenizer.write(text);
      // (A `>` ends the tag inside the branch.)
      if (need === Need.UNMET || tag !== null) return null;
    } else if (isControlFlow(item) && betweenAttributes(tokenizer)) {
      const after = fileBlock(tokenizer, item, need);
      if (after === null) return null;
      need = after;
    } else if (
      typeof item !== 'number' &&
      item[0] !== Op.COMMENT &&
      item[0] !== Op.ATOM &&
      tokenizer.hole(item) !== 'attr'
    ) {
      return null;
    }
  }
  const end = needAt(tokenizer.state);
  tokenizer.write('>');
  return end === Need.UNMET ? null : [attributeList(tag!), need | end];
}

/**
 * Files a block met between attributes, where blocks before it left `need`, and returns the
 * need after it; null when it is no block of attributes (the tokenizer has not filed it).
 */
function fileBlock(
  tokenizer: HtmlTokenizer<Inst>,
  inst: unknown[],
  need: Need,
  atName = false,
): Need | null {
  const shaped = attributeShell(inst, atName ? need : need | needAt(tokenizer.state));
  if (shaped === null) return null;
  if (atName) tokenizer.endTagName();
  const entry: AttrToken<Inst> = { name: '', value: '', parts: shaped[0] as Inst[] };
  return tokenizer.attributeBlock(inst as Inst, entry) ? shaped[1] : null;
}

function attributeList(tag: TagToken<Inst>): RAttr[] {
  return tag.attrs.map(attributeCode);
}

/**
 * Adds the React names an attribute list sets to `names`; false when one is set twice in a
 * list that holds a block (each name is then set once per render, in order).
 */
function addNames(list: RAttr[], names: Set<string>): boolean {
  for (const [name, value] of list) {
    if (name === '') {
      if (!blockNames(value as unknown[], names)) return false;
      continue;
    }
    const prop = reactName(name);
    if (prop === null) continue;
    if (names.has(prop)) return false;
    names.add(prop);
  }
  return true;
}

/**
 * `addNames` for a block: each branch against the names before it (branches exclude each
 * other).
 */
function blockNames(shell: unknown[], names: Set<string>): boolean {
  const { blocks, alternate } = blockSlots(shell[0] as number);
  const all = new Set(names);
  // The alternate (`.or`) is one more branch: it too sees only the names before the block.
  for (const slot of [...blocks, alternate]) {
    const part = shell[slot];
    if (!Array.isArray(part)) continue;
    const branch = new Set(names);
    const ok = slot === alternate ? blockNames(part, branch) : addNames(part as RAttr[], branch);
    if (!ok) return false;
    branch.forEach((name) => all.add(name));
  }
  all.forEach((name) => names.add(name));
  return true;
}

/**
 * The blocks of attributes of the tag being tokenized, for one structuring stream: filed as
 * they come, checked against the text that follows, kept or given up as the tag ends.
 * `warn` reports a block given up (the tag's attribute list is dynamic after all).
 */
export class AttributeBlocks {
  /** Instructions filed as blocks in the current tag, in order. */
  private filed: unknown[] = [];
  /** The current tag's attribute list is dynamic (a hole that is no block, or a block given up). */
  private dynamic = false;
  private need = Need.NONE;
  /** A block filed right after the tag's name, if any. */
  private atName: Inst | null = null;

  constructor(private readonly warn: (inst: unknown) => void) {}

  /** Files a control-flow instruction met in a tag as a block of attributes, if it is one. */
  file(inst: unknown[], tokenizer: HtmlTokenizer<Inst>): boolean {
    // Right after a start tag's name (`<li{.if on} class="on"{.end}>`), each branch and the
    // text after the block must end the name, as a space there would.
    const atName = tokenizer.state === State.TAG_NAME;
    if (this.dynamic || !(atName || betweenAttributes(tokenizer))) return false;
    const need = fileBlock(tokenizer, inst, atName ? Need.END_NAME : this.need, atName);
    if (need === null) return false;
    if (atName) this.atName = inst as Inst;
    this.filed.push(inst);
    this.need = need;
    return true;
  }

  /** Template text, which must meet the need of the blocks before it in the tag. */
  text(text: string): void {
    this.need = meet(this.need, text);
    if (this.need === Need.UNMET) this.giveUp();
  }

  /**
   * The tag's attribute list is dynamic after all: its blocks are reported where they stand.
   * Unless one follows the tag's name: the whole tag is then left to render time (`end`), and
   * true is returned (nothing in its list is to be reported).
   */
  giveUp(): boolean {
    this.dynamic = true;
    this.need = Need.NONE;
    if (this.atName === null) for (const inst of this.filed) this.warn(inst);
    this.filed = [];
    return this.atName !== null;
  }

  /**
   * The tag is complete: its blocks stay structured, or leave its attribute list. Returns the
   * block after its name when the list is given up: the name might go on in the browser, so
   * the tag is bad (the structuring pass leaves it to render time, reported at that block).
   */
  end(tag: TagToken<Inst>): Inst | null {
    if (this.filed.length === 0 && !this.dynamic) return null;
    if (!this.dynamic && !addNames(attributeList(tag), new Set())) this.giveUp();
    const bad = this.dynamic ? this.atName : null;
    if (bad) tag.bad = true;
    // The structuring pass tells a list that stays structured by its blocks (structure.ts).
    if (this.dynamic) tag.attrs = tag.attrs.filter((attr) => attr.name !== '');
    this.filed = [];
    this.dynamic = false;
    this.need = Need.NONE;
    this.atName = null;
    return bad;
  }
}
