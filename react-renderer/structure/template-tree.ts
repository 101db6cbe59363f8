/**
 * The structuring pass's tree builder (structure.ts): the shared HTML tree builder, told what it
 * may not do to a template's instructions; the points where a region may start; and the built
 * tree as React code.
 */
import type { Instruction } from '../../engine/code.js';
import { Ns, TreeBuilder, type HElement, type HNode } from '../html/tree-builder.js';
import { isIntegrationPoint } from '../html/tag-rules.js';
import { foreignType, reactCanName } from '../runtime/host-elements.js';
import { attributeCode, hasAttributeBlocks } from './code-queries.js';
import { Kind, type Part, type RAttr, type RElement, type RNode } from './react-code.js';
import type { LocalContents } from './local-regions.js';

type Inst = Instruction;

/** A place in a block: an instruction's index and a character offset into its text. */
export interface Pos {
  item: number;
  offset: number;
}

/**
 * A point where a region may start: before a tag, in the element that was current there
 * (which then held `index` children, the last a text of `text` characters, or -1), with no
 * formatting element closed short of its end tag (html/tree-builder.ts: the list of active formatting
 * elements held open elements only). Parsed from there at render time, as that element's
 * content, the rest of the element gives what the browser builds.
 */
export interface Restart {
  pos: Pos;
  index: number;
  text: number;
}

/**
 * The pass's tree builder: it may not copy an element with instructions among its attributes
 * (they would run twice), move instruction nodes (their output was parsed where the template
 * put them) nor foster content out of a table (a value's output there, or what follows it, is
 * parsed by the table modes in the browser); where the HTML parser would, it stops short
 * (`tangled`). A template of text alone (`structureHtml`, the whole-output fallback) has no
 * instructions, and is built as the browser builds it, fostering included.
 */
export class TemplateTree extends TreeBuilder<Inst, RNode> {
  constructor(
    context: string,
    ns: Ns,
    outer: string[],
    private readonly restarts: Map<HElement<Inst, RNode>, Restart>,
    private readonly textOnly: boolean,
    private readonly locals: LocalContents,
  ) {
    super(context, ns, outer);
  }

  protected override textBreak: RNode = TEXT_BREAK;

  protected override rebuildable(el: HElement<Inst, RNode>): boolean {
    return el.dynamic === null && el.attrs.every((attr) => attr.parts === null);
  }

  protected override movable(el: HElement<Inst, RNode>): boolean {
    return !holdsInstructions(el);
  }

  protected override mayFoster(): boolean {
    return this.textOnly;
  }

  /**
   * An `annotation-xml` whose encoding is not known (an instruction in its attributes) cannot
   * be structured: whether its content is HTML or MathML is the render's. It is left to
   * render time, from the element holding this stretch of foreign content (a breakout tag in
   * what follows closes every foreign element up to it).
   */
  protected override openedForeign(el: HElement<Inst, RNode>): void {
    const unknownEncoding =
      el.tag === 'annotation-xml' &&
      (el.dynamic !== null ||
        el.attrs.some((attr) => attr.name === 'encoding' && attr.parts !== null));
    if (!unknownEncoding) return;
    const stack = this.stack;
    let at = stack.length - 2;
    while (at > 0 && stack[at]!.ns !== Ns.HTML && !isIntegrationPoint(stack[at]!)) at--;
    this.tangle(at);
    this.tangledByForeign = true;
  }

  /** The builder stopped short at a foreign element (`openedForeign`). */
  tangledByForeign = false;

  /** Its children moved into a new element: a region can no longer start among them. */
  protected override emptied(el: HElement<Inst, RNode>): void {
    this.restarts.delete(el);
    this.locals.forget(el);
  }
}

export const TEXT_BREAK: RNode = [Kind.TEXT_BREAK];

function holdsInstructions(el: HElement<Inst, RNode>): boolean {
  return el.children.some((child) =>
    Array.isArray(child)
      ? child !== TEXT_BREAK
      : typeof child === 'object' && holdsInstructions(child as HElement<Inst, RNode>),
  );
}

/**
 * The builder's tree as React code. A loop with its own stack, not recursion: a template nests
 * elements as deep as its author likes, deeper than the call stack goes.
 */
export function convertChildren(
  children: Array<HNode<Inst, RNode>>,
  locals: LocalContents | null = null,
): RNode[] {
  const result: RNode[] = [];
  // Elements being converted, innermost last: the children still to read, and the list their
  // code goes to (an element React cannot create, `<b<c>`, has its content stand in for it:
  // it goes to the list of the element holding it).
  const frames: ConvertFrame[] = [{ kids: children, at: 0, out: result, el: null }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.at === frame.kids.length) {
      frames.pop();
      if (frame.el !== null) {
        frames[frames.length - 1]!.out.push(elementCode(frame.el, frame.out, locals));
      }
      continue;
    }
    const child = frame.kids[frame.at++]!;
    if (typeof child !== 'object' || Array.isArray(child)) {
      frame.out.push(child as RNode);
      continue;
    }
    const el = child as HElement<Inst, RNode>;
    if (reactCanName(el.tag)) frames.push({ kids: el.children, at: 0, out: [], el });
    else frames.push({ kids: el.children, at: 0, out: frame.out, el: null });
  }
  return result;
}

interface ConvertFrame {
  kids: Array<HNode<Inst, RNode>>;
  at: number;
  out: RNode[];
  el: HElement<Inst, RNode> | null;
}

/**
 * An element's code, given the code of its children; with its content as code where it takes
 * one (local-regions.ts).
 */
function elementCode(
  el: HElement<Inst, RNode>,
  children: RNode[],
  locals: LocalContents | null,
): RNode {
  const attrs: RAttr[] = el.attrs.map(attributeCode);
  // Blocks of attributes given up have left the list (conditional-attributes.ts).
  const dynamic: Part[] | 0 = el.dynamic === null || hasAttributeBlocks(attrs) ? 0 : el.dynamic;
  if (el.tag === 'html') children = dropWhitespace(children);
  // An SVG or MathML element named as one React or `host` handles apart: its React type.
  const tag = el.ns === Ns.HTML ? el.tag : foreignType(el.tag);
  const node: RElement = [Kind.ELEMENT, tag, attrs, children, dynamic];
  if (locals === null) return node;
  const local = locals.contentOf(el, children);
  if (local !== undefined) {
    node.push(local.code);
    if (local.splits !== undefined) node.push(local.splits);
  }
  locals.converted(node, children, local);
  return node;
}

/**
 * Whitespace between the document-level tags: React cannot render text inside <html> (it
 * moves it into <body>), and the HTML parser ignores it or keeps it invisible there.
 */
export function dropWhitespace(nodes: RNode[]): RNode[] {
  return nodes.filter((node) => typeof node !== 'string' || node.trim() !== '');
}
