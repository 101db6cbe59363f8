/**
 * `renderToReact`'s entry: a template (compiled, prepared, or bare code) and data to a React
 * element, with `render`'s semantics and errors. The work is compile/node-compiler.ts's; this module
 * finds the template's React code, runs it, and falls back to the whole output structured
 * when a value's markup does not fit its element (react-context.ts `parseIn`).
 */
import type { ReactElement } from 'react';
import type { Code, Instruction } from '../../engine/code.js';
import { ErrorCode, makeError, type TemplateError } from '../../engine/errors.js';
import { blockCompiler, type Exec } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import { renderTemplate } from '../../engine/render.js';
import type { ParseFunction, RenderOptions, Template } from '../../engine/template.js';
import { DEFAULT_COMPONENTS, type ComponentTable } from '../components/index.js';
import type { ElementGenerator } from '../codegen/element-source.js';
import { rootCompiler } from '../compile/node-compiler.js';
import { ReactContext } from './react-context.js';
import { Kind, type ReactTemplate, type RNode } from '../structure/react-code.js';
import { unstructurableWarning } from '../structure/reporter.js';
import type { BlockStructure } from '../structure/structure.js';
import { fragment } from './unpretenured-objects.js';
import { markedRender, replayBlock } from './whole-render.js';
import type { SimpleMarkupParser } from './simple-markup.js';
import { NOT_A_TEMPLATE } from '../../engine/error-texts.js';

/**
 * Makes React code from a compiled template (structure/structure.ts). Injected, as the other hooks are:
 * the browser renders templates prepared on the server and passes none.
 */
export type Structurer = (template: Template) => { react: RNode[] };

/**
 * What the React path is given besides the runtime: partial compilation, and the structuring
 * pass (structure/structure.ts) for templates, partials and whole-output fallbacks. The browser runtime
 * brings no compiler (`parse`) and ships templates structured (`structure` unused).
 */
export interface RenderHooks {
  parse?: ParseFunction | undefined;
  structure?: Structurer | undefined;
  structureBlock?: BlockStructure | undefined;
  /** Structures a whole render's output: its HTML, or its HTML with widget holes. */
  /**
   * Structures a whole render's output: its HTML, or its HTML with widget holes; on the server
   * adding to `errors` a warning about elements nested past the depth limit.
   */
  structureHtml?: ((html: string | Instruction[], errors: TemplateError[]) => RNode[]) | undefined;
  /**
   * Compiles elements to generated code (codegen/element-source.ts `elementGenerator()`: where eval
   * works). The server entry passes it; the browser does not (it renders a template once or
   * twice, fewer times than generating code pays for, a strict CSP would log an error for the
   * attempt, and the runtime does not carry the generator): closures.
   */
  elementGenerator?: ElementGenerator | null | undefined;
  /** Builds simple markup values without the tree builder (simple-markup.ts); server only. */
  simpleMarkup?: SimpleMarkupParser | undefined;
  /** Warns of values nesting elements past the depth limit (too-deep.ts); server only. */
  tooDeep?: ReactContext['tooDeep'];
}

/** Render options of the React path: the string path's, plus the component overrides. */
export interface ReactRenderOptions extends RenderOptions {
  /** Formatter name -> component rendering that formatter's widget (overrides the defaults). */
  components?: ComponentTable;
}

export interface ReactRenderResult {
  element: ReactElement;
  errors: import('../../engine/errors.js').TemplateError[];
}

/** Structured React code per code tree: a template is structured once, however often rendered. */
const structured = new WeakMap<object, RNode[]>();

function isReactTemplate(value: unknown): value is ReactTemplate {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ReactTemplate).code) &&
    Array.isArray((value as ReactTemplate).react)
  );
}

/** Templates the structuring pass failed on (a bug or a limit of ours): why, as a warning. */
const unstructurable = new WeakMap<object, TemplateError>();

/**
 * The React code of a template: shipped with it, or structured here (once per code tree).
 * Without a structurer (the browser runtime), or when structuring fails, the template renders
 * as one region: its output parsed at render time, correct and slower.
 */
function reactCodeOf(
  template: Template | ReactTemplate,
  structure: Structurer | undefined,
): RNode[] {
  if (isReactTemplate(template)) return template.react;
  let react = structured.get(template.code);
  if (react === undefined) {
    const whole: RNode[] = [[Kind.REGION, template.code[2] ?? [], 0]];
    try {
      react = structure ? structure(template).react : whole;
    } catch (thrown) {
      react = whole;
      unstructurable.set(template.code, unstructurableWarning(thrown));
    }
    structured.set(template.code, react);
  }
  return react;
}

/**
 * The template's React code compiled (compile/node-compiler.ts). Where compiling fails (nesting deeper
 * than the compiler's recursion allows), the template is compiled as one region instead.
 */
function compiledCode(
  tpl: Template | ReactTemplate,
  react: RNode[],
  registry: Registry,
  generator: ElementGenerator | null,
): Exec {
  const root = rootCompiler(registry, generator);
  const instead = compiledWhole.get(react);
  if (instead !== undefined) return root.block(instead);
  try {
    return root.block(react);
  } catch (thrown) {
    const whole: RNode[] = [[Kind.REGION, tpl.code[2] ?? [], 0]];
    // Remembered, so that later renders do not fail the same way first.
    compiledWhole.set(react, whole);
    unstructurable.set(tpl.code, unstructurableWarning(thrown));
    return root.block(whole);
  }
}

/** React code that failed to compile, and the one region compiled instead. */
const compiledWhole = new WeakMap<RNode[], RNode[]>();

/**
 * Renders a template to a React element with the semantics of `render`: the same output DOM,
 * the same errors. Never throws on data input.
 */
export function renderReactTemplate(
  template: Template | ReactTemplate | Code,
  data: unknown,
  options: ReactRenderOptions | undefined,
  registry: Registry,
  hooks: RenderHooks = {},
): ReactRenderResult {
  const { parse, structure, structureBlock } = hooks;
  let tpl: Template | ReactTemplate;
  if (Array.isArray(template)) tpl = { code: template, errors: [] };
  else if (typeof template === 'object' && template !== null && Array.isArray(template.code)) {
    tpl = template;
  } else {
    return {
      element: fragment([]),
      errors: [makeError(ErrorCode.INVALID_CODE, NOT_A_TEMPLATE, undefined)],
    };
  }
  const react = reactCodeOf(tpl, structure);
  // Errors at shells are located at the instructions they were made from (ReactContext.record).
  const base: Template = { code: tpl.code, errors: [] };
  const locations = (tpl as Template).locations;
  if (locations !== undefined) base.locations = locations;
  if ((tpl as Template).source !== undefined) base.source = (tpl as Template).source!;
  const opts = options ?? {};
  const ctx = new ReactContext(data, registry, blockCompiler(registry), opts, base, parse);
  if (opts.components !== undefined) ctx.components = { ...DEFAULT_COMPONENTS, ...opts.components };
  ctx.structureBlock = structureBlock;
  ctx.simpleMarkup = hooks.simpleMarkup ?? null;
  ctx.tooDeep = hooks.tooDeep;
  const run = compiledCode(tpl, react, registry, hooks.elementGenerator ?? null);
  const kids = ctx.kids;
  try {
    run(ctx);
  } catch (thrown) {
    ctx.kids = kids;
    ctx.unexpected(thrown, tpl.code);
  }
  if (ctx.unbalancedAt !== undefined && hooks.structureHtml !== undefined) {
    return renderWhole(tpl, data, opts, registry, hooks, ctx.components, ctx.unbalancedAt);
  }
  const failed = unstructurable.get(tpl.code);
  const compileErrors = [
    ...('errors' in tpl && Array.isArray(tpl.errors) ? tpl.errors : []),
    ...(failed === undefined ? [] : [failed]),
  ];
  return {
    element: fragment(ctx.kids),
    errors: compileErrors.length > 0 ? [...compileErrors, ...ctx.errors] : ctx.errors,
  };
}

/**
 * The render when a value's markup left its element (closed it, or left an element open for
 * the template text after it): the string path's HTML, structured whole, as the browser would
 * parse it. Correct, and slower. Its widgets stay components where their output went straight
 * into the page and fits where it stands (whole-render.ts); otherwise the page is plain markup.
 * Reported as a warning at the value's instruction, with the string path's errors.
 */
function renderWhole(
  tpl: Template | ReactTemplate,
  data: unknown,
  options: ReactRenderOptions,
  registry: Registry,
  hooks: RenderHooks,
  components: ComponentTable,
  warning: TemplateError,
): ReactRenderResult {
  const { result, pieces, calls } = markedRender(registry, components, (marking) =>
    renderTemplate(tpl as Template, data, options, marking, hooks.parse),
  );
  const errors = [...result.errors, warning];
  if (calls.length > 0) {
    const replay = replayBlock(pieces, calls);
    const nodes = hooks.structureHtml!(replay.block, errors);
    const ctx = runWhole(nodes, replay.data, replay.registry);
    // A widget's markup that does not fit where it stands: the plain HTML, below.
    if (ctx.unbalancedAt === undefined) return { element: fragment(ctx.kids), errors };
  }
  // The string path's HTML, each marker replaced by its call's output (made only when needed).
  const html =
    calls.length > 0
      ? pieces.map((piece, i) => (i % 2 === 0 ? piece : calls[+piece]!.html)).join('')
      : result.html;
  const nodes = hooks.structureHtml!(html, errors);
  return { element: fragment(runWhole(nodes, data, registry).kids), errors };

  /**
   * React code made for this render only, run with closures (generating code for it would not
   * pay).
   */
  function runWhole(nodes: RNode[], data: unknown, registry: Registry): ReactContext {
    const ctx = new ReactContext(data, registry, blockCompiler(registry), options, null, undefined);
    ctx.components = components;
    rootCompiler(registry, null).block(nodes)(ctx);
    return ctx;
  }
}
