/**
 * The local fallback (structure/local-regions.ts): an element whose content holds a value
 * whose markup did not stay where the structured tree put it is built again from its content
 * run to a string and parsed as the browser parses it, in the element, instead of the whole
 * page. Where that content does not stay inside the element either, the value is left
 * unbalanced for the next element out (or the whole page) to handle. Widgets stay live
 * components, as in a page rendered whole (runtime/whole-render.ts).
 *
 * The server entry installs a faster way (`usePieceFallback`, compile/piece-fallback.ts): from
 * the child holding the value on, the children before it kept structured. The browser runtime
 * re-parses the whole content: the same elements.
 */
import type { FormatterCall, Instruction } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import { blockCompiler, textBlock, type Exec } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Registry } from '../../engine/plugin.js';
import type { ComponentTable } from '../components/index.js';
import type { Props } from '../runtime/attribute-props.js';
import { pushAll, type host, type Kid } from '../runtime/host-elements.js';
import { UNBALANCED_LOCAL } from '../warning-texts.js';
import { pushValue, type Make } from '../runtime/node-makers.js';
import { ReactContext, type ParseSite } from '../runtime/react-context.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import { markedRender, replayBlock, type WidgetCall } from '../runtime/whole-render.js';
import type { LocalSplits, RNode } from '../structure/react-code.js';

/** Compiles React code for the element's content with another registry (closures). */
export type ContentCompiler = (registry: Registry, nodes: RNode[]) => Exec;

/** The compiler of the element's content (node-compiler.ts): a block of its children, or its last. */
export interface ContentSite extends ParseSite {
  block(nodes: RNode[]): Exec;
  body(nodes: RNode[]): Exec;
}

/** An element with a local fallback: what builds it, and the content a fallback re-parses. */
export class FallbackSite {
  /** Its warnings are located at its first instruction that is not text. */
  readonly origin: unknown;
  /** The formatters of the content's `{…}` tags (see `mayMarkWidgets`). */
  private formatters: string[] | null = null;

  constructor(
    readonly tag: string,
    readonly content: Instruction[],
    readonly inner: ContentSite,
    readonly compile: ContentCompiler,
    /** The element's fast maker, and its attributes' and the element's own makers. */
    readonly make: Make,
    readonly props: (ctx: ReactContext) => Props,
    readonly create: typeof host,
    /** Its children as React code, and where they start in `content` (react-code.ts). */
    readonly children: RNode[],
    readonly splits: LocalSplits | undefined,
  ) {
    this.origin = content.find((inst) => Array.isArray(inst) && inst[0] !== Op.TEXT) ?? content[0];
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
}

/** Builds an element from its site piece by piece (the server's: compile/piece-fallback.ts). */
export type PieceFallback = (site: FallbackSite) => Make;

let pieceFallback: PieceFallback | null = null;

/**
 * Installs (or, with null, removes) the piece-by-piece fallback for the elements compiled from
 * now on. Without it — the browser runtime, which renders a page once and whose size budget
 * does not carry it — an element whose content a value leaves has its whole content re-parsed:
 * the same elements, built slower.
 */
export function usePieceFallback(fallback: PieceFallback | null): void {
  pieceFallback = fallback;
}

/** The maker of the element at `site`: its fast maker, falling back where a value leaves it. */
export function withLocalFallback(site: FallbackSite): Make {
  return pieceFallback?.(site) ?? wholeContentFallback(site);
}

/**
 * `site.make` building the element, and where a value inside it leaves its element, built again:
 * its attributes run again (a value there is not the content's: it is left to the next element
 * out, or the page) and its whole content parsed.
 */
function wholeContentFallback(site: FallbackSite): Make {
  const { make, props, create } = site;
  return (ctx) => {
    const before = ctx.unbalancedAt;
    const errors = ctx.errors.length;
    const made = make(ctx);
    if (before !== undefined || ctx.unbalancedAt === undefined) return made;
    const warning = ctx.unbalancedAt;
    // Built again: its errors are the second run's.
    ctx.unbalancedAt = undefined;
    ctx.errors.length = errors;
    const own = props(ctx);
    if (ctx.unbalancedAt !== undefined) return made;
    const kids = ctx.kids;
    ctx.kids = newArray<Kid>();
    const fits = parsedRun(ctx, site, site.content, true);
    const content = ctx.kids;
    ctx.kids = kids;
    // Its markup leaves the element: the next element out, or the page, is built again.
    if (!fits) {
      ctx.unbalancedAt = warning;
      return made;
    }
    ctx.errors.push(localWarning(warning));
    return create(site.tag, own, content);
  };
}

/**
 * Runs `code` to a string and parses it into `ctx.kids` as content of the site's element
 * (`last`: up to its end); false where its markup does not stay inside the element.
 */
export function parsedRun(
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

/** The REACT_UNBALANCED_VALUE warning, saying what was parsed at render time. */
export function localWarning(warning: TemplateError): TemplateError {
  return { ...warning, message: UNBALANCED_LOCAL };
}
