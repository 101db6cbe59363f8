/**
 * Local fallback regions: the content of an element that a value's markup may leave (an
 * excerpt's `<p>`s printed inside a `<p>`), kept as code next to its structured children. When
 * a value inside it does not stay where the structured tree puts it, that content alone is run
 * to a string and parsed as the browser parses it (compile/local-fallback.ts), not the whole
 * page. Recorded by the structuring pass for elements whose end tag in the template closes
 * them and that nothing can close short of it but markup the re-parse detects in turn.
 *
 * The content is kept cut where its children start (`LocalContent.splits`): a value's markup
 * changes nothing before the child it is in, so only that child and what follows it are run
 * again (an excerpt's `<p>` and the link after it, not the entry's title and date).
 */
import type { Instruction } from '../../engine/code.js';
import { Op } from '../../engine/opcodes.js';
import { Ns, type HElement } from '../html/tree-builder.js';
import { Kind, type LocalSplits, type RNode } from './react-code.js';
import { sliceBlock } from './regions.js';

/**
 * Elements whose content can be re-parsed alone, as their own fragment: ones whose end tag
 * pops what is open inside them (no formatting, table, select, raw-text or form element, whose
 * content the parser treats by modes or lists of its own).
 */
const BOUNDARY = new Set(
  (
    'address article aside blockquote body dd details div dl dt figcaption figure footer ' +
    'header li main nav ol section ul'
  ).split(' '),
);

/**
 * Instructions that bind variables or macros on the current frame: content holding one is not
 * run a second time (its effects would be seen twice).
 */
const BINDS = new Set<unknown>([Op.BINDVAR, Op.MACRO, Op.CTXVAR, Op.EVAL, Op.INJECT]);

function binds(code: unknown): boolean {
  if (!Array.isArray(code)) return false;
  if (BINDS.has(code[0])) return true;
  return code.some(binds);
}

/**
 * How many elements around a value keep their content: the nearest re-parses it, the next
 * one what leaves the nearest (a `<div>` left open in a `<div>`); beyond, the page renders
 * whole.
 */
const LEVELS = 2;

interface Pos {
  item: number;
  offset: number;
}

type El = HElement<Instruction, RNode>;

/** Where a child of a boundary element starts: `index` among its children, at `pos`. */
interface Split {
  index: number;
  pos: Pos;
}

/** An element's content as code, and where its children start in it (react-code.ts). */
export interface LocalContent {
  code: Instruction[];
  splits: LocalSplits | undefined;
}

/** The content of each boundary element of one block, from its start tag to its end tag. */
export class LocalContents {
  private readonly starts = new Map<El, Pos>();
  private readonly spans = new Map<El, Split[]>();
  /** Where the children of an element being read start, after its first. */
  private readonly splits = new Map<El, Split[]>();
  /** Converted elements holding output made at render time: see `levels`. */
  private readonly nearest = new WeakMap<object, number>();

  /** `block`: the instructions the positions are in. */
  constructor(private readonly block: Instruction[]) {}

  /** A boundary element just opened; its content starts at `pos`. */
  opened(el: El, name: string, clean: boolean, pos: Pos): void {
    if (clean && el.tag === name && el.ns === Ns.HTML && BOUNDARY.has(name)) {
      this.starts.set(el, pos);
      this.splits.set(el, []);
    }
  }

  /** Whether `el` is a boundary element whose content is being read. */
  reading(el: El): boolean {
    return this.starts.has(el);
  }

  /**
   * A child of `el` (a boundary element being read) starts at `pos`, as its child `index`, with
   * nothing open in `el` and no formatting element to reopen: parsed from there, in `el`, what
   * follows gives what the browser builds.
   */
  childAt(el: El, index: number, pos: Pos): void {
    const splits = this.splits.get(el);
    if (splits !== undefined && index > 0) splits.push({ index, pos });
  }

  /** `el`'s children from `index` on were taken out (a region starts there). */
  truncated(el: El, index: number): void {
    const splits = this.splits.get(el);
    if (splits === undefined) return;
    while (splits.length > 0 && splits[splits.length - 1]!.index >= index) splits.pop();
  }

  /** `el` was closed by its own end tag at `end`. */
  closed(el: El, end: Pos): void {
    const start = this.starts.get(el);
    if (start === undefined) return;
    this.starts.delete(el);
    const splits = this.splits.get(el)!;
    this.splits.delete(el);
    // Its children as the builder holds them: checked again against the converted ones.
    splits.push({ index: el.children.length, pos: end });
    this.spans.set(el, [{ index: 0, pos: start }, ...splits]);
  }

  /** Its children were moved into another element: its content is no longer its source. */
  forget(el: El): void {
    this.starts.delete(el);
    this.spans.delete(el);
    this.splits.delete(el);
  }

  /**
   * The content code of `el`, given its children as React code: only where a value among them
   * has fewer than `LEVELS` elements with content code between it and `el` (each level's code
   * holds the levels below it: keeping only the nearest keeps a page's React code from growing
   * with its depth). Called once per element, children first (see `converted`).
   */
  contentOf(el: El, children: RNode[]): LocalContent | undefined {
    if (this.levels(children) >= LEVELS) return undefined;
    const span = this.spans.get(el);
    if (span === undefined) return undefined;
    // Cut where each child starts (one piece per child that starts one), so that a child and
    // what follows it is a plain slice of the code. Where the converted children are not the
    // builder's (an element React cannot name stands for its content), uncut.
    const cuts =
      children.length === span[span.length - 1]!.index &&
      span.every((s) => s.index <= children.length)
        ? span
        : [span[0]!, span[span.length - 1]!];
    const code: Instruction[] = [];
    const splits: number[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      if (i > 0) splits.push(cuts[i]!.index, code.length);
      for (const inst of sliceBlock(this.block, cuts[i]!.pos, cuts[i + 1]!.pos)) code.push(inst);
    }
    if (binds(code)) return undefined;
    return { code, splits: splits.length === 0 ? undefined : splits };
  }

  /** An element converted, with its content code or none. */
  converted(node: RNode, children: RNode[], local: LocalContent | undefined): void {
    const levels = this.levels(children) + (local === undefined ? 0 : 1);
    if (levels < LEVELS) this.nearest.set(node as object, levels);
  }

  /**
   * The fewest elements with content code between output made at render time among
   * `children` and their parent (Infinity: none within `LEVELS`). Attribute values are not
   * counted: a value that ends one early, its quote unescaped, is rare, and falls back to an
   * element further out that has content code.
   */
  private levels(children: RNode[]): number {
    let fewest = Infinity;
    for (const node of children) {
      if (typeof node === 'string') continue;
      if (node[0] === Kind.ELEMENT) fewest = Math.min(fewest, this.nearest.get(node) ?? Infinity);
      else if (node[0] !== Kind.TEXT_BREAK && node[0] !== Kind.DROPS_NEWLINE) return 0;
    }
    return fewest;
  }
}
