/**
 * Local fallback regions: the content of an element that a value's markup may leave (an
 * excerpt's `<p>`s printed inside a `<p>`), kept as code next to its structured children. When
 * a value inside it does not stay where the structured tree puts it, that content alone is run
 * to a string and parsed as the browser parses it (compile/local-fallback.ts), not the whole
 * page. Recorded by the structuring pass for elements whose end tag in the template closes
 * them and that nothing can close short of it but markup the re-parse detects in turn.
 *
 * The server entry also has the content cut where its children start (`useLocalSplits`,
 * local-splits.ts), for its piece-by-piece re-parse; the browser runtime does without.
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

export interface Pos {
  item: number;
  offset: number;
}

export type El = HElement<Instruction, RNode>;

/** An element's content as code, and where its children start in it (react-code.ts). */
export interface LocalContent {
  code: Instruction[];
  splits?: LocalSplits | undefined;
}

/** The content of each boundary element of one block, from its start tag to its end tag. */
export class LocalContents {
  private readonly starts = new Map<El, Pos>();
  private readonly spans = new Map<El, [start: Pos, end: Pos]>();
  /** Converted elements holding output made at render time: see `levels`. */
  private readonly nearest = new WeakMap<object, number>();

  /** `block`: the instructions the positions are in. */
  constructor(protected readonly block: Instruction[]) {}

  /** A boundary element just opened; its content starts at `pos`. Whether it is read. */
  opened(el: El, name: string, clean: boolean, pos: Pos): boolean {
    const boundary = clean && el.tag === name && el.ns === Ns.HTML && BOUNDARY.has(name);
    if (boundary) this.starts.set(el, pos);
    return boundary;
  }

  /** Whether `el` is a boundary element whose content is being read. */
  reading(el: El): boolean {
    return this.starts.has(el);
  }

  /**
   * A child of `el` may start at `pos`, as its child `index`, with nothing open in `el` (the
   * server's pieces: local-splits.ts).
   */
  childAt(_el: El, _index: number, _pos: Pos): void {}

  /** `el`'s children from `index` on were taken out (a region starts there). */
  truncated(_el: El, _index: number): void {}

  /** `el` was closed by its own end tag at `end`. */
  closed(el: El, end: Pos): void {
    const start = this.starts.get(el);
    if (start === undefined) return;
    this.starts.delete(el);
    this.spans.set(el, [start, end]);
  }

  /** Its children were moved into another element: its content is no longer its source. */
  forget(el: El): void {
    this.starts.delete(el);
    this.spans.delete(el);
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
    const content = span === undefined ? undefined : this.cut(el, span, children);
    return content === undefined || binds(content.code) ? undefined : content;
  }

  /** The content of `el` between `span`'s positions (cut at its children: local-splits.ts). */
  protected cut(_el: El, span: [Pos, Pos], _children: RNode[]): LocalContent {
    return { code: sliceBlock(this.block, span[0], span[1]) };
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

let Contents: typeof LocalContents = LocalContents;

/**
 * Installs (or, with null, removes) the server's content records (local-splits.ts), for the
 * blocks structured from now on.
 */
export function useLocalSplits(contents: typeof LocalContents | null): void {
  Contents = contents ?? LocalContents;
}

/** The records of one block's boundary elements. */
export function localContents(block: Instruction[]): LocalContents {
  return new Contents(block);
}
