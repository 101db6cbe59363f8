/**
 * The structuring pass: a template's code tree to React code (react-code.ts), once per
 * template, so that rendering to React parses no template HTML.
 *
 * Each block is tokenized as one stream — its TEXT instructions are the chunks, every other
 * instruction a hole between them — and built into elements by the shared tree builder. A
 * hole lands in text (an output hole), in an attribute value (a value part), in a tag's
 * attribute list (the attribute source is kept and tokenized at run time), in raw text or in a
 * comment. A block instruction met between tags is structured recursively: each of its blocks
 * must leave the HTML as it found it (every element it opens closed, nothing outside closed).
 *
 * What cannot be structured — a tag opened in one block and closed in another, an instruction
 * in a tag name — becomes a REGION: the instructions from there up to the end of the enclosing
 * element (or block) are kept as code, run to a string and parsed at render time. Correct, just
 * slower; each region is reported as a REACT_UNSTRUCTURED warning at its first instruction.
 * `<head>` is always a raw region (see the note at `structureTemplate`).
 */
import type { Code, Instruction } from '../engine/code.js';
import { ErrorCode, makeError, type TemplateError } from '../engine/errors.js';
import { blockSlots, isControlFlow } from '../engine/fragments.js';
import { Op } from '../engine/opcodes.js';
import type { Template } from '../engine/template.js';
import { HtmlTokenizer, State, type TagToken, type TokenSink } from './html-tokenizer.js';
import { Ns, TreeBuilder, VOID, type HElement, type HNode } from './html-tree.js';
import { HoleMode, Kind, SHELL_ORIGIN, type Part, type RAttr, type RNode } from './react-code.js';

type Inst = Instruction;
type Builder = TreeBuilder<Inst, RNode>;

/** Literal instructions and the text they print. */
const LITERAL: Record<number, string> = {
  [Op.META_LEFT]: '{',
  [Op.META_RIGHT]: '}',
  [Op.NEWLINE]: '\n',
  [Op.SPACE]: ' ',
  [Op.TAB]: '\t',
};

/** Elements a block may leave open: the next sibling or the parent's end closes them anyway. */
const SELF_ENDING = new Set([
  'li',
  'dd',
  'dt',
  'option',
  'optgroup',
  'p',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
]);

interface Pos {
  item: number;
  offset: number;
}

interface Region {
  start: Pos;
  /** Elements opened minus closed since the start (an estimate across unstructured blocks). */
  depth: number;
  raw: boolean;
}

/** Collects warnings (one per instruction) with their locations. */
class Reporter {
  readonly warnings: TemplateError[] = [];
  private readonly seen = new Set<unknown>();
  constructor(private readonly template: Template) {}

  unstructured(inst: unknown, why: string): void {
    if (this.seen.has(inst)) return;
    this.seen.add(inst);
    const loc =
      typeof inst === 'object' && inst !== null ? this.template.locations?.get(inst) : undefined;
    this.warnings.push(
      makeError(
        ErrorCode.REACT_UNSTRUCTURED,
        `React: ${why}; this part of the template is parsed at render time`,
        loc,
        'warning',
        this.template.source,
      ),
    );
  }
}

/** The text a literal instruction prints, or null for any other instruction. */
function literalText(inst: Inst): string | null {
  if (typeof inst === 'number') return LITERAL[inst] ?? null;
  if (Array.isArray(inst) && inst[0] === Op.TEXT && typeof inst[1] === 'string') return inst[1];
  return null;
}

/**
 * Structures one block in the context of an open element. Returns null when the block does
 * not leave the HTML as it found it (the caller then makes the whole instruction a region).
 */
class BlockStructurer implements TokenSink<Inst> {
  private readonly builder: Builder;
  private readonly tokenizer: HtmlTokenizer<Inst>;
  /** Item index of each tokenizer chunk. */
  private readonly chunkItem: number[] = [];
  private region: Region | null = null;
  /** The instruction that made the current tag unstructurable. */
  private badHole: Inst | null = null;
  private item = 0;
  /** Why run() returned null: an element left open, or an outer element closed (which). */
  failure: { escape: string } | 'open' | null = null;
  /** Where each element opened in this block starts, for regions that must include it. */
  private readonly starts = new Map<object, Pos>();

  constructor(
    private readonly block: Inst[],
    context: string,
    ns: Ns,
    private readonly outer: string[],
    private readonly report: Reporter,
    private readonly nested: boolean,
  ) {
    this.builder = new TreeBuilder(context, ns, outer);
    this.tokenizer = new HtmlTokenizer(this);
  }

  run(): RNode[] | null {
    const block = this.block;
    for (let i = 0; i < block.length; i++) {
      this.item = i;
      const inst = block[i]!;
      const text = literalText(inst);
      if (text !== null) {
        this.chunkItem.push(i);
        this.tokenizer.write(text);
      } else if (
        typeof inst === 'number' ||
        (Array.isArray(inst) && (inst[0] === Op.COMMENT || inst[0] === Op.ATOM))
      ) {
        // END/EOF and comments print nothing and have no effect.
        continue;
      } else this.instruction(inst);
      if (this.builder.escaped) {
        this.failure = { escape: this.builder.escapedBy };
        return null;
      }
      if (this.failure !== null) return null;
    }
    const end: Pos = { item: block.length, offset: 0 };
    if (this.nested) {
      const open = this.builder.stack.slice(1);
      if (
        this.tokenizer.state !== State.DATA ||
        (this.region !== null && this.region.depth !== 0) ||
        open.some((el) => !SELF_ENDING.has(el.tag))
      ) {
        this.failure = 'open';
        return null;
      }
      if (this.region !== null) this.endRegion(end);
    } else {
      this.tokenizer.end();
      if (this.region !== null) this.endRegion(end);
    }
    return convertChildren(this.builder.root.children);
  }

  // ---- TokenSink ----------------------------------------------------------------------------

  text(text: string): void {
    if (this.region === null) this.builder.text(text);
  }

  tag(tag: TagToken<Inst>): void {
    const region = this.region;
    if (region !== null) {
      this.badHole = null;
      if (tag.end) {
        if (VOID.has(tag.name)) return;
        if (region.depth > 0) {
          region.depth--;
          return;
        }
        // This end tag closes the element holding the region: the region ends before it.
        this.endRegion({ item: this.chunkItem[tag.chunk]!, offset: tag.offset });
      } else {
        if (!VOID.has(tag.name) && !tag.selfClosing) region.depth++;
        return;
      }
    }
    if (tag.bad) {
      this.report.unstructured(this.badHole, 'an instruction inside a tag name');
      this.badHole = null;
      this.region = {
        start: { item: this.chunkItem[tag.chunk]!, offset: tag.offset },
        depth: tag.end || VOID.has(tag.name) ? 0 : 1,
        raw: false,
      };
      return;
    }
    const before = this.builder.current;
    this.builder.tag(tag);
    const opened = this.builder.current;
    if (opened !== before && !tag.end) {
      this.starts.set(opened, { item: this.chunkItem[tag.chunk]!, offset: tag.offset });
    }
    if (tag.name === 'head' && !tag.end) {
      // React hoists and reorders <title>, <meta>, <link> and async scripts it renders; the
      // head's content goes in verbatim instead (dangerouslySetInnerHTML) so that it stays put.
      this.region = {
        start: { item: this.chunkItem[tag.endChunk]!, offset: tag.endOffset },
        depth: 0,
        raw: true,
      };
    }
  }

  // ---- instructions -------------------------------------------------------------------------

  private instruction(inst: Inst): void {
    const kind = this.tokenizer.hole(inst);
    const region = this.region;
    if (kind === 'bad') {
      this.badHole ??= inst;
      return;
    }
    if (region !== null) {
      if (kind === 'data' && isControlFlow(inst)) region.depth += netDepth(inst);
      return;
    }
    switch (kind) {
      case 'data':
        if (isControlFlow(inst)) this.controlFlow(inst);
        else this.builder.append([Kind.HOLE, inst, HoleMode.MARKUP]);
        break;
      case 'raw':
        this.builder.append([Kind.HOLE, inst, HoleMode.RAW]);
        break;
      case 'rcdata':
        this.builder.append([Kind.HOLE, inst, HoleMode.RCDATA]);
        break;
      case 'comment':
        this.builder.append([Kind.HOLE, inst, HoleMode.SILENT]);
        break;
      case 'tag':
        this.report.unstructured(inst, 'an instruction among the attributes of a tag');
        break;
      default:
        // 'attr': the tokenizer filed it as a part of the attribute value.
        break;
    }
  }

  private controlFlow(inst: unknown[]): void {
    const result = structureShell(inst, this.builder, this.outer, this.report);
    if (Array.isArray(result)) {
      this.builder.append([Kind.BLOCK, result]);
      return;
    }
    this.report.unstructured(inst, 'a tag opened and closed in different blocks');
    let start: Pos = { item: this.item, offset: 0 };
    let depth = netDepth(inst);
    if (result !== 'open') {
      // The block closes an element that is open here: the region must start at that
      // element's start tag (it is taken out of the tree and parsed with the rest).
      const stack = this.builder.stack;
      let k = stack.length - 1;
      while (k > 0 && stack[k]!.tag !== result.escape) k--;
      if (k === 0) {
        if (this.nested) {
          this.failure = result;
          return;
        }
      } else {
        const el = stack[k]!;
        start = this.starts.get(el) ?? start;
        stack[k - 1]!.children.pop();
        depth += stack.length - k;
        stack.length = k;
      }
    }
    this.region = { start, depth, raw: false };
  }

  private endRegion(end: Pos): void {
    const region = this.region!;
    this.region = null;
    const code = sliceBlock(this.block, region.start, end);
    if (code.length > 0 || region.raw) {
      // The builder's current element holds the region (nothing was built since it started).
      this.builder.append([Kind.REGION, code, region.raw ? 1 : 0]);
    }
  }
}

/** A control-flow instruction with every nested block structured, or why it cannot be. */
function structureShell(
  inst: unknown[],
  builder: Builder,
  outer: string[],
  report: Reporter,
): unknown[] | { escape: string } | 'open' {
  const shell = inst.slice();
  SHELL_ORIGIN.set(shell, inst);
  const { blocks, alternate } = blockSlots(inst[0] as number);
  const current = builder.current;
  const context = current.tag;
  const ns = current.ns === Ns.SVG && context === 'foreignObject' ? Ns.HTML : current.ns;
  const inner = [...outer, ...builder.stack.map((el) => el.tag)];
  for (const slot of blocks) {
    const block = inst[slot];
    if (!Array.isArray(block)) continue;
    const sub = new BlockStructurer(block as Inst[], context, ns, inner, report, true);
    const nodes = sub.run();
    if (nodes === null) return sub.failure ?? 'open';
    shell[slot] = nodes;
  }
  const alt = inst[alternate];
  if (Array.isArray(alt)) {
    const altShell = structureShell(alt, builder, outer, report);
    if (!Array.isArray(altShell)) return altShell;
    shell[alternate] = altShell;
  }
  return shell;
}

/** The instructions of `block` from `start` to `end`, TEXT cut at the offsets. */
function sliceBlock(block: Inst[], start: Pos, end: Pos): Inst[] {
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
 * Elements a block instruction's first branch opens minus those it closes: the estimate that
 * pairs `{.if a}<a …>{.end}` with a later `{.if a}</a>{.end}` inside a region.
 */
function netDepth(inst: unknown[]): number {
  const { blocks } = blockSlots(inst[0] as number);
  let depth = 0;
  const counter = new HtmlTokenizer<Inst>({
    text() {},
    tag(tag) {
      if (VOID.has(tag.name)) return;
      if (tag.end) depth--;
      else if (!tag.selfClosing) depth++;
    },
  });
  const walk = (block: unknown): void => {
    if (!Array.isArray(block)) return;
    for (const item of block as Inst[]) {
      const text = literalText(item);
      if (text !== null) counter.write(text);
      else if (isControlFlow(item)) depth += netDepth(item);
    }
  };
  walk(inst[blocks[0]!]);
  return depth;
}

function convertChildren(children: Array<HNode<Inst, RNode>>): RNode[] {
  return children.map((child) =>
    typeof child === 'object' && !Array.isArray(child)
      ? convertElement(child as HElement<Inst, RNode>)
      : (child as RNode),
  );
}

function convertElement(el: HElement<Inst, RNode>): RNode {
  const attrs: RAttr[] = el.attrs.map((a) => [a.name, a.parts ?? a.value]);
  const dynamic: Part[] | 0 = el.dynamic ?? 0;
  let children = convertChildren(el.children);
  if (el.tag === 'html') children = dropWhitespace(children);
  return [Kind.ELEMENT, el.tag, attrs, children, dynamic];
}

/**
 * Whitespace between the document-level tags: React cannot render text inside <html> (it
 * moves it into <body>), and the HTML parser ignores it or keeps it invisible there.
 */
function dropWhitespace(nodes: RNode[]): RNode[] {
  return nodes.filter((node) => typeof node !== 'string' || node.trim() !== '');
}

export interface StructureResult {
  react: RNode[];
  warnings: TemplateError[];
}

/**
 * Structures a compiled template for the React path. Never throws on template input: what
 * cannot be structured is left to runtime parsing and reported as a warning.
 */
export function structureTemplate(template: Template): StructureResult {
  const report = new Reporter(template);
  const code: Code = template.code;
  const block = Array.isArray(code) && Array.isArray(code[2]) ? (code[2] as Inst[]) : [];
  let react = new BlockStructurer(block, '#root', Ns.HTML, [], report, false).run() ?? [];
  if (react.some((node) => Array.isArray(node) && node[0] === Kind.ELEMENT && node[1] === 'html')) {
    react = dropWhitespace(react);
  }
  return { react, warnings: report.warnings };
}
