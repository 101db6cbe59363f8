/**
 * The local fallback (structure/local-regions.ts): an element whose content holds a value
 * whose markup did not stay where the structured tree put it is built again from its content
 * run to a string and parsed as the browser parses it, in the element, instead of the whole
 * page. Where that content does not stay inside the element either, the value is left
 * unbalanced for the next element out (or the whole page) to handle. Widgets stay live
 * components, as in a page rendered whole (runtime/whole-render.ts).
 */
import type { ReactElement } from 'react';
import type { Instruction } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import { blockCompiler, textBlock, type Exec } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Registry } from '../../engine/plugin.js';
import { plainHost, pushAll, type Kid } from '../runtime/host-elements.js';
import { pushValue, type Make } from '../runtime/node-makers.js';
import { ReactContext, type ParseSite } from '../runtime/react-context.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import { markedRender, replayBlock, type WidgetCall } from '../runtime/whole-render.js';
import type { RNode } from '../structure/react-code.js';

/** Compiles React code for the element's content with another registry (closures). */
export type ContentCompiler = (registry: Registry, nodes: RNode[]) => Exec;

/** Where a fallback re-parses: the content's site, and how to compile code made for it. */
interface FallbackSite {
  tag: string;
  content: Instruction[];
  inner: ParseSite;
  compile: ContentCompiler;
  /** Its warnings are located at its first instruction that is not text. */
  origin: unknown;
}

/**
 * `make` (a `tag` element's maker) falling back to its `content` parsed at `inner` (the site
 * of the element's content) when a value inside it leaves its element.
 */
export function withLocalFallback(
  make: Make,
  tag: string,
  content: Instruction[],
  inner: ParseSite,
  compile: ContentCompiler,
): Make {
  const origin = content.find((inst) => Array.isArray(inst) && inst[0] !== Op.TEXT) ?? content[0];
  const site: FallbackSite = { tag, content, inner, compile, origin };
  return (ctx) => {
    const before = ctx.unbalancedAt;
    const made = make(ctx);
    if (before !== undefined || ctx.unbalancedAt === undefined) return made;
    return reparsed(ctx, made as ReactElement, site) ?? made;
  };
}

/** The element again, its content parsed from its string render; null where that leaves it too. */
function reparsed(ctx: ReactContext, made: ReactElement, site: FallbackSite): ReactElement | null {
  const warning = ctx.unbalancedAt!;
  // The content ran once already: its errors are that run's (an `.eval` reports its parse
  // error once per render), not repeated.
  const errors = ctx.errors.length;
  const kids = ctx.kids;
  ctx.unbalancedAt = undefined;
  ctx.kids = newArray<Kid>();
  let content: Kid[];
  try {
    const { pieces, calls } = markedRender(ctx.registry, ctx.components, (marking) => ({
      html: textBlock(site.content, marking)(ctx.withRegistry(marking, blockCompiler(marking))),
    }));
    if (calls.length === 0 || !replayed(ctx, site, pieces, calls)) {
      const html = pieces.map((piece, i) => (i % 2 === 0 ? piece : calls[+piece]!.html)).join('');
      pushValue(ctx, site.inner, html, site.origin, true);
    }
  } finally {
    content = ctx.kids;
    ctx.kids = kids;
    ctx.errors.length = errors;
  }
  if (ctx.unbalancedAt !== undefined) {
    ctx.unbalancedAt = warning;
    return null;
  }
  ctx.errors.push(localWarning(warning));
  const props = Object.assign({}, made.props as Record<string, unknown>);
  props.children = undefined;
  return plainHost(site.tag, props, content);
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

/** The REACT_UNBALANCED_VALUE warning, saying what was parsed at render time. */
function localWarning(warning: TemplateError): TemplateError {
  return {
    ...warning,
    message: warning.message.replace(
      /the page was rendered whole/,
      'the element around it was parsed at render time',
    ),
  };
}
