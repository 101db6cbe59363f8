/**
 * The server's local fallback (compile/local-fallback.ts), installed by the server entry
 * (`usePieceFallback`): where the content is cut at its children (`LocalSplits`), the children
 * before the one whose value did not fit keep their structured nodes, and that child is parsed
 * alone first: where its markup leaves nothing open (an excerpt's `<p>`s closed by the
 * template's `</p>`), the children after it are built structured again; otherwise they are
 * parsed with it. The browser runtime, without it, re-parses the whole content: the same
 * elements, slower (its size budget does not carry this).
 */
import type { Instruction } from '../../engine/code.js';
import { ErrorCode, type TemplateError } from '../../engine/errors.js';
import type { Exec } from '../../engine/fragments.js';
import type { Kid } from '../runtime/host-elements.js';
import type { Make } from '../runtime/node-makers.js';
import type { ReactContext } from '../runtime/react-context.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import { localWarning, parsedRun, type FallbackSite } from './local-fallback.js';

/** A fallback site's content cut into pieces, one per child that starts one. */
class Pieces {
  /** Where each piece of the content starts in `content` (the first at 0). */
  private readonly starts: number[] = [0];
  /** The code of piece k alone (`[2k]`) and from piece k on (`[2k + 1]`), made once. */
  private readonly codes: Array<Instruction[] | undefined> = [];
  /** Whether its latest run re-parsed a piece (see `pieceFallback`). */
  fellBack = false;

  constructor(readonly site: FallbackSite) {
    const splits = site.splits;
    for (let i = 1; splits !== undefined && i < splits.length; i += 2) this.starts.push(splits[i]!);
  }

  /** How many pieces the content is cut into. */
  get count(): number {
    return this.starts.length;
  }

  /** The code of piece `k`, alone or with the pieces after it (`onward`). */
  code(k: number, onward: boolean): Instruction[] {
    const at = 2 * k + (onward ? 1 : 0);
    let code = this.codes[at];
    if (code === undefined) {
      const content = this.site.content;
      const end = onward ? content.length : this.starts[k + 1];
      code = k === 0 && end === content.length ? content : content.slice(this.starts[k], end);
      this.codes[at] = code;
    }
    return code;
  }
}

/**
 * `site.make` (the element's fast maker) building it, and `segmentedElement` where a value
 * inside it leaves its element: built again, piece by piece. The element goes on with the
 * pieces while its latest run fell back (an excerpt in each entry of a list: the first
 * entry's pays the structured run twice, not every entry's).
 */
export function pieceFallback(site: FallbackSite): Make {
  const { inner, children, splits, make } = site;
  // The children of each piece, the last as the element's end (`tailHole`).
  const segments: Exec[] = [];
  for (let i = 0, from = 0; i <= (splits?.length ?? 0); i += 2) {
    const to = splits !== undefined && i < splits.length ? splits[i]! : children.length;
    const nodes = from === 0 && to === children.length ? children : children.slice(from, to);
    segments.push(to === children.length ? inner.body(nodes) : inner.block(nodes));
    from = to;
  }
  const pieces = new Pieces(site);
  const segmented = segmentedElement(pieces, segments);
  return (ctx) => {
    if (pieces.fellBack) return segmented(ctx);
    const before = ctx.unbalancedAt;
    const errors = ctx.errors.length;
    const made = make(ctx);
    if (before !== undefined || ctx.unbalancedAt === undefined) return made;
    // Built again: its errors are the second run's.
    ctx.unbalancedAt = undefined;
    ctx.errors.length = errors;
    return segmented(ctx);
  };
}

/**
 * The element whose content is cut into `pieces` (`segments`, the structured code of each
 * piece's children): each piece runs structured; the one where a value leaves its element is
 * parsed instead (`reparseFrom`), alone or with the pieces after it. A value in the element's
 * own attributes is not the content's: it is left to the next element out, or the page.
 */
function segmentedElement(pieces: Pieces, segments: Exec[]): Make {
  const { props, create, tag } = pieces.site;
  const n = segments.length;
  return (ctx) => {
    const before = ctx.unbalancedAt;
    const own = props(ctx);
    const saved = ctx.kids;
    const kids = (ctx.kids = newArray<Kid>());
    const local = before === undefined && ctx.unbalancedAt === undefined;
    const first = ctx.errors.length;
    // The first value that left its element: the one warning, as where the whole content is
    // parsed (the browser's way).
    let warning: TemplateError | undefined;
    let k = 0;
    while (k < n) {
      const count = kids.length;
      const text = textAt(kids, count - 1);
      const errors = ctx.errors.length;
      segments[k]!(ctx);
      if (!local || ctx.unbalancedAt === undefined) {
        k++;
        continue;
      }
      // This piece runs again: its nodes and errors are the second run's.
      warning ??= ctx.unbalancedAt;
      truncate(kids, count, text);
      if (ctx.errors.length !== errors) ctx.errors.length = errors;
      k = reparseFrom(ctx, pieces, k);
      if (k < 0) {
        // Its markup leaves the element: the next element out, or the page, is built again.
        ctx.unbalancedAt = warning;
        break;
      }
    }
    ctx.kids = saved;
    if (local) pieces.fellBack = warning !== undefined;
    if (warning !== undefined && k >= 0) {
      // The warnings of its content's own fallbacks are within this one (the browser, parsing
      // the whole content, reports only this one).
      dropUnbalanced(ctx.errors, first);
      ctx.errors.push(localWarning(warning));
    }
    return create(tag, own, kids);
  };
}

/** `errors` from `from` on without their REACT_UNBALANCED_VALUE warnings. */
function dropUnbalanced(errors: TemplateError[], from: number): void {
  let to = from;
  for (let i = from; i < errors.length; i++) {
    if (errors[i]!.code !== ErrorCode.REACT_UNBALANCED_VALUE) errors[to++] = errors[i]!;
  }
  while (errors.length > to) errors.pop();
}

/** The text at `kids[i]`, or null where none is. */
function textAt(kids: Kid[], i: number): string | null {
  const kid = i >= 0 ? kids[i] : undefined;
  return typeof kid === 'string' ? kid : null;
}

/**
 * `kids` back to their first `count`, the last of them the text `text` again where it was one
 * (text added after it was merged into it).
 */
function truncate(kids: Kid[], count: number, text: string | null): void {
  // Popped: setting an array's length is a call into V8's runtime (1% of a page of excerpts).
  while (kids.length > count) kids.pop();
  if (text !== null) kids[count - 1] = text;
}

/**
 * Parses piece `k` of the content into `ctx.kids` (the value at `ctx.unbalancedAt` is in it):
 * alone where it leaves nothing open, else with the pieces after it. The piece to go on with
 * structured (the count of pieces where none is left), or -1 where the content leaves the
 * element (the errors of these runs taken back).
 */
function reparseFrom(ctx: ReactContext, pieces: Pieces, k: number): number {
  const { site } = pieces;
  const n = pieces.count;
  const errors = ctx.errors.length;
  const kids = ctx.kids;
  const count = kids.length;
  const text = textAt(kids, count - 1);
  ctx.unbalancedAt = undefined;
  if (k < n - 1) {
    if (parsedRun(ctx, site, pieces.code(k, false), false)) return k + 1;
    ctx.unbalancedAt = undefined;
    truncate(kids, count, text);
    if (ctx.errors.length !== errors) ctx.errors.length = errors;
  }
  if (parsedRun(ctx, site, pieces.code(k, true), true)) return n;
  ctx.errors.length = errors;
  return -1;
}
