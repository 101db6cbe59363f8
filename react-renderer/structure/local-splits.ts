/**
 * The server's records of boundary elements' content (local-regions.ts), installed by the
 * server entry (`useLocalSplits`): the content cut where the element's children start
 * (`LocalContent.splits`). A value's markup changes nothing before the child it is in, so the
 * server's re-parse (compile/piece-fallback.ts) runs again only that child and what follows
 * it (an excerpt's `<p>` and the link after it, not the entry's title and date).
 */
import type { Instruction } from '../../engine/code.js';
import type { RNode } from './react-code.js';
import { LocalContents, type El, type LocalContent, type Pos } from './local-regions.js';
import { sliceBlock } from './regions.js';

/** Where a child of a boundary element starts: `index` among its children, at `pos`. */
interface Split {
  index: number;
  pos: Pos;
}

/** `LocalContents` cutting each element's content where its children start. */
export class SplitContents extends LocalContents {
  /** Where the children of an element being read start, after its first. */
  private readonly splits = new Map<El, Split[]>();
  /** The same for elements read to their end tag, the end last. */
  private readonly read = new Map<El, Split[]>();

  override opened(el: El, name: string, clean: boolean, pos: Pos): boolean {
    const boundary = super.opened(el, name, clean, pos);
    if (boundary) this.splits.set(el, []);
    return boundary;
  }

  /**
   * A child of `el` (a boundary element being read) starts at `pos`, as its child `index`, with
   * nothing open in `el` and no formatting element to reopen: parsed from there, in `el`, what
   * follows gives what the browser builds. Only where that child is its last, just added, and
   * not text.
   */
  override childAt(el: El, index: number, pos: Pos): void {
    const splits = this.splits.get(el);
    const kids = el.children;
    if (
      splits !== undefined &&
      index > 0 &&
      kids.length === index + 1 &&
      typeof kids[index] === 'object'
    ) {
      splits.push({ index, pos });
    }
  }

  override truncated(el: El, index: number): void {
    const splits = this.splits.get(el);
    if (splits === undefined) return;
    while (splits.length > 0 && splits[splits.length - 1]!.index >= index) splits.pop();
  }

  override closed(el: El, end: Pos): void {
    super.closed(el, end);
    const splits = this.splits.get(el);
    if (splits === undefined || this.reading(el)) return;
    this.splits.delete(el);
    // Its children as the builder holds them: checked again against the converted ones.
    splits.push({ index: el.children.length, pos: end });
    this.read.set(el, splits);
  }

  override forget(el: El): void {
    super.forget(el);
    this.splits.delete(el);
    this.read.delete(el);
  }

  protected override cut(el: El, span: [Pos, Pos], children: RNode[]): LocalContent {
    const all = [{ index: 0, pos: span[0] }, ...this.read.get(el)!];
    // Cut where each child starts (one piece per child that starts one), so that a child and
    // what follows it is a plain slice of the code. Where the converted children are not the
    // builder's (an element React cannot name stands for its content), uncut.
    const cuts =
      children.length === all[all.length - 1]!.index && all.every((s) => s.index <= children.length)
        ? all
        : [all[0]!, all[all.length - 1]!];
    const code: Instruction[] = [];
    const splits: number[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      if (i > 0) splits.push(cuts[i]!.index, code.length);
      for (const inst of sliceBlock(this.block, cuts[i]!.pos, cuts[i + 1]!.pos)) code.push(inst);
    }
    return { code, splits: splits.length === 0 ? undefined : splits };
  }
}
