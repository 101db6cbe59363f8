/**
 * The local fallback (structure/local-regions.ts): an element whose content holds a value
 * whose markup did not stay where the structured tree put it is built again from its content
 * run to a string and parsed as the browser parses it, in the element, instead of the whole
 * page. Where that content does not stay inside the element either, the value is left
 * unbalanced for the next element out (or the whole page) to handle. Widgets stay live
 * components, as in a page rendered whole (runtime/whole-render.ts).
 *
 * Where the content is cut at its children (`LocalSplits`), the children before the one whose
 * value did not fit keep their structured nodes, and that child is parsed alone first: where
 * its markup leaves nothing open (an excerpt's `<p>`s closed by the template's `</p>`), the
 * children after it are built structured again; otherwise they are parsed with it.
 */
import type { FormatterCall, Instruction } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import { blockCompiler, textBlock, type Exec } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Registry } from '../../engine/plugin.js';
import type { ComponentTable } from '../components/index.js';
import type { Props } from '../runtime/attribute-props.js';
import { pushAll, type host, type Kid } from '../runtime/host-elements.js';
import { pushValue, type Make } from '../runtime/node-makers.js';
import { ReactContext, type ParseSite } from '../runtime/react-context.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import { markedRender, replayBlock, type WidgetCall } from '../runtime/whole-render.js';
import type { LocalSplits, RNode } from '../structure/react-code.js';

/** Compiles React code for the element's content with another registry (closures). */
export type ContentCompiler = (registry: Registry, nodes: RNode[]) => Exec;

/** Where a fallback re-parses: the content's site, and how to compile code made for it. */
export class FallbackSite {
  /** Where each piece of the content starts in `content` (the first at 0). */
  private readonly starts: number[];
  /** The code of piece k alone (`[2k]`) and from piece k on (`[2k + 1]`), made once. */
  private readonly codes: Array<Instruction[] | undefined> = [];
  /** Its warnings are located at its first instruction that is not text. */
  readonly origin: unknown;
  /** Whether its latest run re-parsed a piece (see `withLocalFallback`). */
  fellBack = false;
  /** The formatters of the content's `{…}` tags (see `mayMarkWidgets`). */
  private formatters: string[] | null = null;

  constructor(
    readonly tag: string,
    private readonly content: Instruction[],
    splits: LocalSplits | undefined,
    readonly inner: ParseSite,
    readonly compile: ContentCompiler,
  ) {
    this.starts = [0];
    for (let i = 1; splits !== undefined && i < splits.length; i += 2) this.starts.push(splits[i]!);
    this.origin = content.find((inst) => Array.isArray(inst) && inst[0] !== Op.TEXT) ?? content[0];
  }

  /** How many pieces the content is cut into. */
  get pieces(): number {
    return this.starts.length;
  }

  /**
   * Whether running the content with widgets marked (whole-render.ts `markedRender`) may mark
   * one: only a `{…}` tag whose formatter is a widget, or `apply` (a partial's tags), is marked.
   */
  mayMarkWidgets(components: ComponentTable): boolean {
    this.formatters ??= tagFormatters(this.content, []);
    for (const name of this.formatters)
      if (name === 'apply' || components[name] !== undefined) return true;
    return false;
  }

  /** The code of piece `k`, alone or with the pieces after it (`onward`). */
  code(k: number, onward: boolean): Instruction[] {
    const at = 2 * k + (onward ? 1 : 0);
    let code = this.codes[at];
    if (code === undefined) {
      const end = onward ? this.content.length : this.starts[k + 1];
      code =
        k === 0 && end === this.content.length
          ? this.content
          : this.content.slice(this.starts[k], end);
      this.codes[at] = code;
    }
    return code;
  }
}

/**
 * `make` (the element's fast maker) building it, and `segmented` (`segmentedElement`) where
 * a value inside it leaves its element: built again, piece by piece. The element goes on with
 * `segmented` while its latest run fell back (an excerpt in each entry of a list: the first
 * entry's pays the structured run twice, not every entry's).
 */
export function withLocalFallback(make: Make, site: FallbackSite, segmented: Make): Make {
  return (ctx) => {
    if (site.fellBack) return segmented(ctx);
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
 * A `tag` element whose content is cut into pieces (`segments`, the structured code of each
 * piece's children): each piece runs structured; the one where a value leaves its element is
 * parsed instead (`reparseFrom`), alone or with the pieces after it. A value in the element's
 * own attributes is not the content's: it is left to the next element out, or the page.
 */
export function segmentedElement(
  site: FallbackSite,
  props: (ctx: ReactContext) => Props,
  create: typeof host,
  segments: Exec[],
): Make {
  const n = segments.length;
  return (ctx) => {
    const before = ctx.unbalancedAt;
    const own = props(ctx);
    const saved = ctx.kids;
    const kids = (ctx.kids = newArray<Kid>());
    const local = before === undefined && ctx.unbalancedAt === undefined;
    let fellBack = false;
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
      truncate(kids, count, text);
      if (ctx.errors.length !== errors) ctx.errors.length = errors;
      fellBack = true;
      k = reparseFrom(ctx, site, k);
      // Its markup leaves the element: the next element out, or the page, is built again.
      if (k < 0) break;
    }
    ctx.kids = saved;
    if (local) site.fellBack = fellBack;
    return create(site.tag, own, kids);
  };
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
 * element (the warning is put back, and the errors of these runs taken back).
 */
function reparseFrom(ctx: ReactContext, site: FallbackSite, k: number): number {
  const warning = ctx.unbalancedAt!;
  const n = site.pieces;
  const errors = ctx.errors.length;
  const kids = ctx.kids;
  const count = kids.length;
  const text = textAt(kids, count - 1);
  ctx.unbalancedAt = undefined;
  if (k < n - 1) {
    if (parsedRun(ctx, site, site.code(k, false), false)) {
      ctx.errors.push(localWarning(warning));
      return k + 1;
    }
    ctx.unbalancedAt = undefined;
    truncate(kids, count, text);
    if (ctx.errors.length !== errors) ctx.errors.length = errors;
  }
  if (parsedRun(ctx, site, site.code(k, true), true)) {
    ctx.errors.push(localWarning(warning));
    return n;
  }
  ctx.unbalancedAt = warning;
  ctx.errors.length = errors;
  return -1;
}

/**
 * Runs `code` to a string and parses it into `ctx.kids` as content of the site's element
 * (`last`: up to its end); false where its markup does not stay inside the element.
 */
function parsedRun(
  ctx: ReactContext,
  site: FallbackSite,
  code: Instruction[],
  last: boolean,
): boolean {
  if (!site.mayMarkWidgets(ctx.components)) {
    // No widget to keep live: the content's plain string render, in this render's context.
    pushValue(ctx, site.inner, textBlock(code, ctx.registry)(ctx), site.origin, last);
    return ctx.unbalancedAt === undefined;
  }
  const { pieces, calls } = markedRender(ctx.registry, ctx.components, (marking) => {
    const run = ctx.withRegistry(marking, blockCompiler(marking));
    const html = textBlock(code, marking)(run);
    // Its errors are the content's (its structured run's were taken back).
    for (const error of run.errors) ctx.errors.push(error);
    return { html };
  });
  if (calls.length === 0 || !replayed(ctx, site, pieces, calls)) {
    const html =
      calls.length === 0
        ? pieces[0]!
        : pieces.map((piece, i) => (i % 2 === 0 ? piece : calls[+piece]!.html)).join('');
    pushValue(ctx, site.inner, html, site.origin, last);
  }
  return ctx.unbalancedAt === undefined;
}

/**
 * The content's HTML with its widgets as components (whole-render.ts `replayBlock`),
 * structured for the element; false where it cannot be (the caller parses the plain HTML).
 */
function replayed(
  ctx: ReactContext,
  site: FallbackSite,
  pieces: string[],
  calls: WidgetCall[],
): boolean {
  const replay = replayBlock(pieces, calls);
  const { parent, ns, enclosing } = site.inner;
  // `enclosing`, not `outer`: the structuring pass takes the context element's own end tag
  // for one it may ignore unless that element is listed among those open around the block.
  const nodes = ctx.structureBlock?.(replay.block, parent, ns, enclosing) ?? null;
  if (nodes === null) return false;
  const registry = replay.registry;
  const sub = new ReactContext(
    replay.data,
    registry,
    blockCompiler(registry),
    ctx.renderOptions,
    null,
    undefined,
  );
  sub.components = ctx.components;
  sub.simpleMarkup = ctx.simpleMarkup;
  site.compile(registry, nodes)(sub);
  if (sub.unbalancedAt !== undefined) return false;
  pushAll(ctx.kids, sub.kids);
  return true;
}

/** The formatter names of the `{…}` tags in `code`, blocks included, into `names`. */
function tagFormatters(code: unknown, names: string[]): string[] {
  if (!Array.isArray(code)) return names;
  if (code[0] === Op.VARIABLE && Array.isArray(code[2])) {
    for (const call of code[2] as FormatterCall[]) names.push(call[0]);
  } else for (const part of code) tagFormatters(part, names);
  return names;
}

/** Warning messages saying the page was rendered whole, as said of a local fallback. */
const localMessages = new Map<string, string>();

/** The REACT_UNBALANCED_VALUE warning, saying what was parsed at render time. */
function localWarning(warning: TemplateError): TemplateError {
  let message = localMessages.get(warning.message);
  if (message === undefined) {
    message = warning.message.replace(
      /the page was rendered whole/,
      'the element around it was parsed at render time',
    );
    localMessages.set(warning.message, message);
  }
  return { ...warning, message };
}
