/**
 * The regions of the structuring pass (structure.ts): stretches of a block it cannot structure,
 * kept as code and parsed at render time. A region follows the elements open in it, so that it
 * ends with the element (or block) it started in, and is cut out of its block as instructions.
 */
import type { Instruction } from '../../engine/code.js';
import { blockSlots, isControlFlow } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import { HtmlTokenizer } from '../html/tokenizer.js';
import { Ns, VOID } from '../html/tree-builder.js';
import { BREAKOUT, namesIntegrationPoint } from '../html/tag-rules.js';
import { literalText } from './code-queries.js';
import type { Pos } from './template-tree.js';

type Inst = Instruction;

export interface Region {
  start: Pos;
  /**
   * Elements open in the region, innermost last (an estimate across unstructured blocks, whose
   * first branch counts; `?` for a tag whose name is an instruction, matching any end tag).
   */
  open: string[];
  raw: boolean;
}

/** A tag met inside a region; false when it is an end tag of no element open in the region. */
export function regionTag(
  open: string[],
  name: string,
  end: boolean,
  selfClosing: boolean,
): boolean {
  if (VOID.has(name)) return true;
  if (!end) {
    if (!selfClosing) open.push(name);
    return true;
  }
  for (let i = open.length - 1; i >= 0; i--) {
    if (open[i] === name || open[i] === '?') {
      open.length = i;
      return true;
    }
  }
  return false;
}

/**
 * The namespace of the content where a region stands, by the tags open in it (`foreign`: the
 * content the region started in is SVG or MathML): an estimate good enough to tell whether a
 * `<style>` there holds raw text or markup. (An `annotation-xml`'s encoding is not known: its
 * content counts as HTML.)
 */
export function regionNs(open: readonly string[], foreign: boolean): Ns {
  for (let i = open.length - 1; i >= 0; i--) {
    const tag = open[i]!;
    // An HTML tag that ends foreign content is an HTML element wherever it stands.
    if (BREAKOUT.has(tag)) return Ns.HTML;
    if (tag === 'svg') return Ns.SVG;
    if (tag === 'math') return Ns.MATH;
    if (namesIntegrationPoint(tag)) {
      // An HTML `<title>` is raw text: no tag is met inside it.
      return Ns.HTML;
    }
  }
  return foreign ? Ns.SVG : Ns.HTML;
}

/** The instructions of `block` from `start` to `end`, TEXT cut at the offsets. */
export function sliceBlock(block: Inst[], start: Pos, end: Pos): Inst[] {
  const out: Inst[] = [];
  for (let i = start.item; i < block.length && i <= end.item; i++) {
    const inst = block[i]!;
    const from = i === start.item ? start.offset : 0;
    const to = i === end.item ? end.offset : Infinity;
    if (to <= from) continue;
    if (Array.isArray(inst) && inst[0] === Op.TEXT) {
      const text = inst[1].slice(from, to);
      if (text !== '') out.push(from === 0 && to >= inst[1].length ? inst : [Op.TEXT, text]);
    } else if (from === 0) out.push(inst);
  }
  return out;
}

/**
 * The tags of a block instruction's first branch, nested blocks included: the estimate that
 * pairs `{.if a}<a …>{.end}` with a later `{.if a}</a>{.end}` inside a region.
 */
export function branchTags(
  inst: unknown[],
): Array<[name: string, end: boolean, selfClosing: boolean]> {
  const tags: Array<[string, boolean, boolean]> = [];
  const counter = new HtmlTokenizer<Inst>({
    text() {},
    tag(tag) {
      tags.push([tag.bad ? '?' : tag.name, tag.end, tag.selfClosing]);
    },
  });
  const walk = (block: unknown): void => {
    if (!Array.isArray(block)) return;
    for (const item of block as Inst[]) {
      const text = literalText(item);
      if (text !== null) counter.write(text);
      else if (isControlFlow(item)) {
        const { blocks } = blockSlots(item[0] as number);
        walk(item[blocks[0]!]);
      }
    }
  };
  walk(inst[blockSlots(inst[0] as number).blocks[0]!]);
  return tags;
}
