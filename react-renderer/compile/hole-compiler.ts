/**
 * Holes compiled for the React path (node-compiler.ts): where a hole's output goes depends on
 * where it stands (its `HoleMode`) and on what its last formatter is (an escape, `apply`, a
 * formatter-backed component, a widget executing a built-in template).
 */
import type { Instruction, Path, VariableCode } from '../../engine/code.js';
import { partialArgs, textStep, type Emit, type Exec } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import { markupOnly } from '../components/index.js';
import { decodeEntities } from '../html/entities.js';
import { pushAll, pushText } from '../runtime/host-elements.js';
import {
  pushComponent,
  pushPlainText,
  pushValue,
  pushWidgetNodes,
} from '../runtime/node-makers.js';
import type { ReactContext, TemplateSite } from '../runtime/react-context.js';
import {
  appliedPartial,
  componentName,
  formatterArgs,
  mayExecuteTemplate,
} from '../structure/code-queries.js';
import { HoleMode, Kind, type RNode } from '../structure/react-code.js';
import { unescapedStep } from './escape-bypass.js';

/** The element position a hole is compiled for (a node compiler). */
export interface HoleSite extends TemplateSite {
  readonly registry: Registry;
}

/**
 * A hole among elements: its output as text (raw text, RCDATA, comments), or as markup parsed
 * where the hole stands, a formatter-backed component, a widget built from its template's
 * React code, or an applied partial run as React code.
 */
export function compiledHole(
  site: HoleSite,
  inst: Instruction,
  mode: HoleMode,
  next?: RNode,
): Exec {
  const run: Emit = textStep(inst, site.registry);
  const plain = mode === HoleMode.RAW ? null : unescapedStep(inst, site.registry);
  if (mode !== HoleMode.MARKUP) {
    // Output that ends the element's text or the comment early (`</script>`, `-->`), or
    // may with the template text after it (`</scr` before `ipt>`, `--` before `>`): the rest
    // is markup in the browser, so the page renders whole. (Escaped output ends nothing:
    // `plain` is the text of a hole ending in an escape. What precedes the hole cannot begin
    // a delimiter: the structuring pass leaves such holes to render time, a tokenizer 'edge'.
    // The text after a comment's hole is not in the tree: any end in `-` counts.)
    const ends = mode === HoleMode.SILENT ? /--!?>|-!?$/ : rawTextEnd(site.parent, next);
    return (ctx) => {
      let out: string;
      if (mode === HoleMode.RCDATA && plain !== null) out = plain(ctx);
      else {
        out = run(ctx);
        if (ends.test(out)) (ctx as ReactContext).unbalanced(inst);
        if (mode === HoleMode.RCDATA) out = decodeEntities(out);
      }
      if (mode !== HoleMode.SILENT) pushText((ctx as ReactContext).kids, out);
    };
  }
  if (plain !== null) return textHole(site, inst, plain, run);
  const partial = appliedPartial(inst);
  if (partial !== null) return applyHole(site, inst as VariableCode, partial, run);
  const component = componentName(inst);
  if (component === null) return (ctx) => pushValue(ctx as ReactContext, site, run(ctx), inst);
  const path = (inst as [number, Path[], unknown])[1][0]!;
  const args = formatterArgs(inst);
  const widget = mayExecuteTemplate(inst, site.registry);
  return (ctx) => {
    const rc = ctx as ReactContext;
    const Component = rc.components[component];
    const node = Component === undefined ? undefined : ctx.resolve(path);
    // Without a structurer (never in practice: the browser ships one) markup is parsed.
    const built =
      widget &&
      rc.structureBlock !== undefined &&
      (Component === undefined || markupOnly(Component));
    const out = built ? rc.renderWidget(site, inst, run) : run(ctx);
    if (typeof out !== 'string') {
      if (Component === undefined) pushAll(rc.kids, out);
      else pushWidgetNodes(rc, Component, component, out, node, args);
    } else if (Component === undefined) pushValue(rc, site, out, inst);
    else pushComponent(rc, site, Component, component, out, node, args, inst);
  };
}

/**
 * A hole ending in an escape (`{title|html}`): its text without the escape, which is what
 * parsing the escaped output would give (unescaped.ts). A component registered under the
 * escape's name (absurd, but allowed) gets the escaped HTML, as any widget does.
 */
function textHole(site: HoleSite, inst: Instruction, plain: Emit, escaped: Emit): Exec {
  const name = componentName(inst)!;
  const args = formatterArgs(inst);
  const path = (inst as [number, Path[], unknown])[1][0]!;
  return (ctx) => {
    const rc = ctx as ReactContext;
    const Component = rc.components[name];
    if (Component === undefined) pushPlainText(rc, site, plain(ctx), inst);
    else pushComponent(rc, site, Component, name, escaped(ctx), ctx.resolve(path), args, inst);
  };
}

/**
 * `{x|apply NAME …}`: the partial's code is structured for site parent element once and run
 * as React code, like the template's own, instead of rendering it to a string and parsing
 * that. The frame, `@args`, recursion limit and errors are the engine's (`applyPartialBlock`).
 * A partial that cannot be structured here goes the string way (`text`, the hole as compiled).
 */
function applyHole(site: HoleSite, inst: VariableCode, args: string[], text: Emit): Exec {
  const path = inst[1][0]!;
  const name = args[0]!;
  const { isPrivate, bound } = partialArgs(args);
  const asString = (ctx: ReactContext): void => pushValue(ctx, site, text(ctx), inst);
  return (ctx) => {
    const rc = ctx as ReactContext;
    if (rc.structureBlock === undefined) {
      asString(rc);
      return;
    }
    const kids = rc.kids;
    try {
      ctx.inst = inst;
      const node = ctx.resolve(path);
      rc.applyPartialBlock(name, node, isPrivate, bound, (block) =>
        site.runBlock(rc, block as Instruction[], inst),
      );
    } catch (thrown) {
      rc.kids = kids;
      ctx.unexpected(thrown, inst);
    }
  };
}

/**
 * What in a raw text hole's output ends its element (`parent`): its end tag (`</script`), or
 * the start of one that the text after it (`next`) finishes (`</scr` before `ipt>`); any such
 * start before another hole.
 */
function rawTextEnd(parent: string, next: RNode | undefined): RegExp {
  const end = `</${parent}`;
  const starts: string[] = [];
  for (let k = 1; k <= end.length; k++) {
    const rest = end.slice(k);
    const finishes =
      typeof next === 'string'
        ? next.slice(0, rest.length).toLowerCase() === rest &&
          /^[\t\n\f\r />]/.test(next.slice(rest.length))
        : Array.isArray(next) && next[0] === Kind.HOLE;
    if (finishes) starts.push(end.slice(0, k));
  }
  return new RegExp(`${end}${starts.map((s) => `|${s}$`).join('')}`, 'i');
}
