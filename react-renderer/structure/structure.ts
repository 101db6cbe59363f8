/**
 * The structuring pass: a template's code tree to React code (react-code.ts), once per
 * template, so that rendering to React parses no template HTML.
 *
 * Each block is tokenized as one stream — its TEXT instructions are the chunks, every other
 * instruction a hole between them — and built into elements by the shared tree builder. A
 * hole lands in text (an output hole), in an attribute value (a value part), in a tag's
 * attribute list (a block of whole attributes stays structured, conditional-attributes.ts;
 * otherwise the attribute source is kept and tokenized at run time), in raw text or in a
 * comment. A block instruction met between tags is structured recursively: each of its blocks
 * must leave the HTML as it found it (every element it opens closed, nothing outside closed).
 *
 * What cannot be structured — a tag opened in one block and closed in another, an instruction
 * in a tag name — becomes a REGION: the instructions from there up to the end of the enclosing
 * element (or block) are kept as code, run to a string and parsed at render time. Correct, just
 * slower; each region is reported as a REACT_UNSTRUCTURED warning at its first instruction.
 * `<head>` is always a raw region (see the note at `structureTemplate`).
 */
import type { Code, Instruction } from '../../engine/code.js';
import { ErrorCode, makeError, type TemplateError } from '../../engine/errors.js';
import { blockSlots, isControlFlow } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Template } from '../../engine/template.js';
import { AttributeBlocks } from './conditional-attributes.js';
import { HtmlTokenizer } from '../html/tokenizer.js';
import { State, type TagToken, type TokenSink } from '../html/tokens.js';
import { Ns, TreeBuilder, VOID, type HElement } from '../html/tree-builder.js';
import { HoleMode, Kind, SHELL_ORIGIN, type RNode } from './react-code.js';
import { literalText } from './code-queries.js';
import { localContents, type LocalContents } from './local-regions.js';
import {
  quiet,
  Reporter,
  unstructurableWarning,
  Why,
  type BlocksOf,
  type Report,
  tooDeepValue,
} from './reporter.js';
import { branchTags, regionNs, regionTag, sliceBlock, type Region } from './regions.js';
import { isIntegrationPoint } from '../html/tag-rules.js';
import {
  convertChildren,
  dropWhitespace,
  TemplateTree,
  type Pos,
  type Restart,
} from './template-tree.js';

type Inst = Instruction;
type Builder = TreeBuilder<Inst, RNode>;

/** A pass that keeps blocks of attributes structured (conditional-attributes.ts). */
const withBlocks: BlocksOf = (warn) => new AttributeBlocks(warn);

/** Whether an instruction is literal text or prints nothing (see `BlockStructurer.run`). */
function printsOnlyText(inst: Inst): boolean {
  return (
    literalText(inst) !== null ||
    typeof inst === 'number' ||
    (Array.isArray(inst) && (inst[0] === Op.COMMENT || inst[0] === Op.ATOM))
  );
}

/**
 * Structures one block in the context of an open element. Returns null when the block does
 * not leave the HTML as it found it (the caller then makes the whole instruction a region).
 */
class BlockStructurer implements TokenSink<Inst> {
  private readonly builder: TemplateTree;
  private readonly tokenizer: HtmlTokenizer<Inst>;
  /** Item index of each tokenizer chunk. */
  private readonly chunkItem: number[] = [];
  private region: Region | null = null;
  /** The instruction that made the current tag unstructurable. */
  private badHole: Inst | null = null;
  private item = 0;
  /** Why run() returned null: an element left open, or an outer element closed (which). */
  failure: { escape: string } | 'open' | null = null;
  /** The latest restart point in each open element (see `Restart`). */
  private readonly restarts = new Map<HElement<Inst, RNode>, Restart>();
  /** The content of boundary elements, for local fallbacks (local-regions.ts). */
  private readonly locals: LocalContents;
  /** Blocks of attributes in the tag being read. */
  private readonly attributeBlocks: AttributeBlocks | null;

  constructor(
    private readonly block: Inst[],
    context: string,
    ns: Ns,
    private readonly outer: string[],
    private readonly report: Report,
    private readonly nested: boolean,
  ) {
    const textOnly = !nested && block.every(printsOnlyText);
    this.locals = localContents(block);
    this.builder = new TemplateTree(context, ns, outer, this.restarts, textOnly, this.locals);
    this.tokenizer = new HtmlTokenizer(this);
    this.attributeBlocks = report.blocks?.((inst) => this.dynamicAttributes(inst)) ?? null;
  }

  run(): RNode[] | null {
    const block = this.block;
    for (let i = 0; i < block.length; i++) {
      this.item = i;
      const inst = block[i]!;
      const text = literalText(inst);
      if (text !== null) {
        this.chunkItem.push(i);
        this.attributeBlocks?.text(text);
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
      if (
        this.tokenizer.state !== State.DATA ||
        // `x&copy` at the end: what follows the block may go on with the name.
        this.tokenizer.holdsReference ||
        (this.region !== null && this.region.open.length !== 0) ||
        // Even an element whose end tag may be omitted (li, p, td…): in the browser, what
        // follows the block goes inside it until something closes it, which the tree built
        // here cannot follow across the block's edge. So with a formatting element closed
        // short of its end tag: the browser reopens it in what follows.
        this.builder.leftOpen() !== null
      ) {
        this.failure = 'open';
        return null;
      }
      if (this.region !== null) this.endRegion(end);
    } else {
      const unfinished = this.region === null ? this.tokenizer.unfinishedTag() : null;
      if (unfinished !== null) {
        // The template ends inside a tag holding an instruction: the tag is dropped unless
        // the output finishes it, which only the render can tell.
        this.report.unstructured(unfinished.hole, Why.UNFINISHED_TAG);
        const { tag } = unfinished;
        this.regionHere({ item: this.chunkItem[tag.chunk]!, offset: tag.offset });
      }
      this.tokenizer.end();
      if (this.region !== null) this.endRegion(end);
    }
    return convertChildren(this.builder.root.children, this.locals);
  }

  // ---- TokenSink ----------------------------------------------------------------------------

  text(text: string): void {
    if (this.region !== null) return;
    this.builder.text(text);
    if (this.builder.tangled) this.giveUp(this.builder.tangledDepth, this.block[this.item]);
  }

  comment(): void {
    if (this.region === null) this.builder.comment();
  }

  foreign(): boolean {
    const region = this.region;
    if (region === null) return this.builder.foreign();
    const ns = regionNs(region.open, this.builder.foreign());
    return ns !== Ns.HTML;
  }

  /** False when the builder ignored a start tag (see `TokenSink`). */
  tag(tag: TagToken<Inst>): boolean | void {
    if (!tag.end) this.report.attributes?.(tag, this.block[this.chunkItem[tag.chunk]!], tag.offset);
    this.badHole ??= this.attributeBlocks?.end(tag) ?? null;
    const region = this.region;
    if (region !== null) {
      this.badHole = null;
      const name = tag.bad ? '?' : tag.name;
      // In SVG or MathML, a `<style>` (…) holds markup, not raw text.
      const markup = !tag.end && regionNs(region.open, this.builder.foreign()) !== Ns.HTML;
      if (regionTag(region.open, name, tag.end, tag.selfClosing)) return !markup;
      // An end tag of no element open in the region: if it closes the element holding the
      // region (or one further out), the region ends before it — whatever it left open (an
      // `<li>` without `</li>`) the browser closes there too. Otherwise it is ignored.
      const stack = this.builder.stack;
      if (!stack.some((el) => el.tag === name) && !this.outer.includes(name)) return;
      this.endRegion({ item: this.chunkItem[tag.chunk]!, offset: tag.offset });
    }
    const builder = this.builder;
    const pos: Pos = { item: this.chunkItem[tag.chunk]!, offset: tag.offset };
    if (tag.bad) {
      this.report.unstructured(this.badHole, Why.TAG_NAME);
      this.badHole = null;
      const open = tag.end || VOID.has(tag.name) ? [] : ['?'];
      if (builder.isClean()) this.region = { start: pos, open, raw: false };
      else {
        this.giveUp(builder.stack.length - 1);
        this.region!.open.push(...open);
      }
      return;
    }
    const clean = builder.isClean();
    if (clean) this.markRestart(pos);
    const closing = tag.end && this.locals.reading(builder.current) ? builder.current : null;
    // A start tag, nothing open in the current element: a child of it may start here.
    const holder = builder.current;
    const index = holder.children.length;
    // Where `closing` sits now: after the tag it is still open only if it is still there
    // (a scan of the whole stack per end tag made deep nesting quadratic).
    const closingIndex = builder.stack.length - 1;
    const flattened = builder.flattened;
    const inserted = builder.tag(tag);
    if (builder.flattened && !flattened) {
      this.report.tooDeep?.(this.block[pos.item], tag.offset);
    }
    if (builder.tangled) {
      this.giveUp(builder.tangledDepth, this.block[pos.item]);
      regionTag(this.region!.open, tag.name, tag.end, tag.selfClosing);
      return inserted;
    }
    if (!tag.end && clean) this.locals.childAt(holder, index, pos);
    if (!tag.end) {
      const at = { item: this.chunkItem[tag.endChunk]!, offset: tag.endOffset };
      this.locals.opened(builder.current, tag.name, clean, at);
    } else if (
      closing !== null &&
      closing.tag === tag.name &&
      !stillOpen(builder.stack, closing, closingIndex)
    ) {
      this.locals.closed(closing, pos);
    }
    if ((tag.name === 'head' || tag.name === 'template') && !tag.end && inserted) {
      // React hoists and reorders <title>, <meta>, <link> and async scripts it renders; the
      // head's content goes in verbatim instead (dangerouslySetInnerHTML) so that it stays put.
      // A template's content is not its children in the browser (it is a separate fragment,
      // which hydration would not find): verbatim too.
      this.region = {
        start: { item: this.chunkItem[tag.endChunk]!, offset: tag.endOffset },
        open: [],
        raw: true,
      };
    }
    return inserted;
  }

  // ---- instructions -------------------------------------------------------------------------

  private instruction(inst: Inst): void {
    if (
      this.region === null &&
      isControlFlow(inst) &&
      this.attributeBlocks?.file(inst, this.tokenizer)
    ) {
      return;
    }
    // A reference held before the instruction is text as it stands (`hole`): the content from
    // here on, parsed alone, would not see it.
    const held = this.tokenizer.holdsReference;
    const kind = this.tokenizer.hole(inst);
    const region = this.region;
    if (kind === 'bad') {
      this.badHole ??= inst;
      return;
    }
    if (region === null && kind === 'edge') {
      // From the element holding the comment or raw text (a raw text's element is the
      // current one: from its parent).
      this.report.unstructured(inst, Why.DELIMITER);
      const stack = this.builder.stack;
      this.giveUp(stack.length - (this.tokenizer.state === State.RAW ? 2 : 1));
    }
    if (region === null && kind === 'data' && !this.builder.isClean()) {
      // The browser would reopen a formatting element around the instruction's output, or not
      // (an empty output): its element is parsed at render time, from before that element.
      this.giveUp(this.builder.stack.length - 1, inst);
    }
    if (this.region !== null) {
      if (kind === 'data' && isControlFlow(inst)) {
        for (const [name, end, selfClosing] of branchTags(inst)) {
          regionTag(this.region.open, name, end, selfClosing);
        }
      }
      return;
    }
    switch (kind) {
      case 'data': {
        const holder = this.builder.current;
        const index = holder.children.length;
        if (isControlFlow(inst)) this.controlFlow(inst);
        else this.appendDynamic([Kind.HOLE, inst, HoleMode.MARKUP]);
        if (!held && this.region === null) {
          this.locals.childAt(holder, index, { item: this.item, offset: 0 });
        }
        break;
      }
      case 'raw':
        this.appendDynamic([Kind.HOLE, inst, HoleMode.RAW]);
        break;
      case 'rcdata':
        this.appendDynamic([Kind.HOLE, inst, HoleMode.RCDATA]);
        break;
      case 'comment':
        this.appendDynamic([Kind.HOLE, inst, HoleMode.SILENT]);
        break;
      case 'tag':
        if (this.attributeBlocks?.giveUp() !== true) this.dynamicAttributes(inst);
        break;
      default:
        // 'attr': the tokenizer filed it as a part of the attribute value.
        break;
    }
  }

  /** The element is still structured; only its attribute list is tokenized per render. */
  private dynamicAttributes(inst: unknown): void {
    this.report.unstructured(inst, Why.ATTRIBUTE_LIST);
  }

  /** Appends a node whose output is made at render time (see Kind.DROPS_NEWLINE). */
  private appendDynamic(node: RNode): void {
    if (this.builder.newlinePending) this.builder.append([Kind.DROPS_NEWLINE]);
    this.builder.append(node);
  }

  private controlFlow(inst: unknown[]): void {
    const result = structureShell(inst, this.builder, this.outer, this.report);
    if (Array.isArray(result)) {
      this.appendDynamic([Kind.BLOCK, result]);
      return;
    }
    this.report.unstructured(inst, Why.SPLIT_TAG);
    if (result !== 'open') {
      // The block closes an element that is open here: the region must start at that
      // element's start tag, or before (it is taken out of the tree and parsed with the rest).
      const stack = this.builder.stack;
      let k = stack.length - 1;
      while (k > 0 && stack[k]!.tag !== result.escape) k--;
      if (k > 0) this.giveUp(k - 1);
      else if (this.nested) {
        this.failure = result;
        return;
      }
    }
    this.region ??= { start: { item: this.item, offset: 0 }, open: [], raw: false };
    for (const [name, end, selfClosing] of branchTags(inst)) {
      regionTag(this.region.open, name, end, selfClosing);
    }
  }

  /**
   * Leaves the template from `pos` (in the current element, where nothing was built since) to
   * render time; from the latest restart point instead where the browser would reopen a
   * formatting element there.
   */
  private regionHere(pos: Pos): void {
    if (this.builder.isClean()) this.region = { start: pos, open: [], raw: false };
    else this.giveUp(this.builder.stack.length - 1);
  }

  /** Records a restart point before a tag, in the current element (see `Restart`). */
  private markRestart(pos: Pos): void {
    const holder = this.builder.current;
    const kids = holder.children;
    const last = kids[kids.length - 1];
    this.restarts.set(holder, {
      pos,
      index: kids.length,
      text: typeof last === 'string' ? last.length : -1,
    });
  }

  /**
   * Leaves the rest of an element to render time, from its latest restart point: in the
   * deepest open element at or below `depth` that has one (the block's start is one). What was
   * built since is taken out of the tree, and a region starts there. `inst`: where to report
   * it, for a reason other than an escape.
   */
  private giveUp(depth: number, inst?: unknown): void {
    const stack = this.builder.stack;
    let at = Math.min(depth, stack.length - 1);
    while (at > 0 && !this.restarts.has(stack[at]!)) at--;
    const holder = stack[at]!;
    const restart = this.restarts.get(holder) ?? {
      pos: { item: 0, offset: 0 },
      index: 0,
      text: -1,
    };
    if (inst !== undefined) {
      const builder = this.builder;
      const why = builder.tangledByFoster
        ? Why.FOSTERED
        : builder.tangledByForeign
          ? Why.FOREIGN
          : Why.MISNESTED;
      this.report.unstructured(inst, why);
    }
    this.builder.tangledByForeign = false;
    const open = stack.slice(at + 1).map((el) => el.tag);
    const kids = holder.children;
    kids.length = restart.index;
    this.locals.truncated(holder, restart.index);
    if (restart.text >= 0) {
      kids[restart.index - 1] = (kids[restart.index - 1] as string).slice(0, restart.text);
    }
    this.builder.dropAbove(at);
    this.region = { start: restart.pos, open, raw: false };
  }

  private endRegion(end: Pos): void {
    const region = this.region!;
    this.region = null;
    const code = sliceBlock(this.block, region.start, end);
    if (code.length > 0 || region.raw) {
      // The builder's current element holds the region (nothing was built since it started).
      this.appendDynamic([Kind.REGION, code, region.raw ? 1 : 0]);
    }
  }
}

/** A control-flow instruction with every nested block structured, or why it cannot be. */
function structureShell(
  inst: unknown[],
  builder: Builder,
  outer: string[],
  report: Report,
): unknown[] | { escape: string } | 'open' {
  const shell = inst.slice();
  SHELL_ORIGIN.set(shell, inst);
  const { blocks, alternate } = blockSlots(inst[0] as number);
  const current = builder.current;
  const context = current.tag;
  // The block's content: HTML in an integration point (the root stands for the element).
  const ns = current.ns !== Ns.HTML && isIntegrationPoint(current) ? Ns.HTML : current.ns;
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

export interface StructureResult {
  react: RNode[];
  warnings: TemplateError[];
}

/**
 * Structures a compiled template for the React path. Never throws on template input: what
 * cannot be structured is left to runtime parsing and reported as a warning.
 */
export function structureTemplate(template: Template): StructureResult {
  const report = new Reporter(template, withBlocks);
  const code: Code = template.code;
  const block = Array.isArray(code) && Array.isArray(code[2]) ? (code[2] as Inst[]) : [];
  try {
    return { react: structureRoot(block, report), warnings: report.warnings };
  } catch (thrown) {
    // Beyond what the pass can do (nesting deeper than its recursion allows): the whole
    // template is one region, parsed at render time.
    return { react: [[Kind.REGION, block, 0]], warnings: [unstructurableWarning(thrown)] };
  }
}

/** A template's block as React code (throws where the pass cannot go: see above). */
function structureRoot(block: Inst[], report: Report): RNode[] {
  const react = new BlockStructurer(block, '#root', Ns.HTML, [], report, false).run() ?? [];
  const isPage = react.some(
    (node) => Array.isArray(node) && node[0] === Kind.ELEMENT && node[1] === 'html',
  );
  return isPage ? dropWhitespace(react) : react;
}

/** Structures a block for rendering inside an open element (see `structureBlock`). */
export type BlockStructure = (
  block: Instruction[],
  context: string,
  ns: Ns,
  outer: readonly string[],
) => RNode[] | null;

/**
 * Structures a partial's code for the React path, as the content of an open `context` element
 * (inside the `outer` elements, outermost first).
 * Null when it cannot be structured as a whole there (it leaves an element open or closes one
 * outside): the caller then renders it to a string and parses that, as for any value.
 */
export const structureBlock: BlockStructure = (block, context, ns, outer) =>
  new BlockStructurer(block, context, ns, [...outer], quiet(withBlocks), true).run();

/**
 * `structureBlock` leaving the attribute lists of blocks of attributes dynamic: the same
 * elements (their props are the same), for the browser runtime, which then need not carry
 * the analysis (conditional-attributes.ts).
 */
export const structureBlockLean: BlockStructure = (block, context, ns, outer) =>
  new BlockStructurer(block, context, ns, [...outer], quiet(null), true).run();

/**
 * HTML (a whole render's output) as React code, structured as a template of that one text
 * would be: the React path's answer when a value's markup did not stay inside its element.
 * Given a block instead (the HTML as TEXT instructions with widget holes between them,
 * runtime/whole-render.ts), it is structured as a template of those instructions.
 */
export function structureHtml(html: string | Inst[], report: Report = quiet(null)): RNode[] {
  const block: Inst[] = typeof html === 'string' ? [[Op.TEXT, html]] : html;
  try {
    return structureRoot(block, report);
  } catch {
    return [[Kind.REGION, block, 0]];
  }
}

/**
 * `structureHtml` on the server: where elements nest past the depth limit, adds a REACT_TOO_DEEP
 * warning to `errors`, once, at the value whose markup made the page render whole (the last of
 * `errors`). The browser runtime builds the same tree and does not warn.
 */
export function structureHtmlWarning(html: string | Inst[], errors: TemplateError[]): RNode[] {
  const at = errors[errors.length - 1]!;
  const tooDeep = (): void => {
    if (errors.some((e) => e.code === ErrorCode.REACT_TOO_DEEP)) return;
    errors.push(makeError(ErrorCode.REACT_TOO_DEEP, tooDeepValue(), at, 'warning', at.source));
  };
  return structureHtml(html, { ...quiet(null), tooDeep });
}

/** Whether `el`, at `index` of the open-element stack before a tag, is still on it after. */
function stillOpen(stack: readonly unknown[], el: unknown, index: number): boolean {
  if (stack.length <= index) return false;
  // Usually where it was; the adoption agency may have moved it (rare): search then.
  return stack[index] === el || stack.includes(el);
}
