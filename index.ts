/**
 * Public API of jsont-react (docs/architecture.md, "Public API"). This is the composition root for
 * the library: it joins the engine with the built-in formatter and predicate tables. The
 * rendering half lives in render-runtime.ts (which never loads the compiler); this module adds
 * the compiler: `compile`, and templates and partials given as source text.
 */
import type { Code } from './engine/code.js';
import { compileTemplate } from './engine/compile.js';
import type { Registry } from './engine/plugin.js';
import { renderTemplate } from './engine/render.js';
import type { ParseFunction, RenderOptions, RenderResult, Template } from './engine/template.js';
import {
  renderReactTemplate,
  type ReactRenderOptions,
  type ReactRenderResult,
  type ReactTemplate,
  type RenderHooks,
} from './react-renderer/index.js';
import { defaultRegistry, reactHooks, registryFor, type CompileOptions } from './render-runtime.js';

export {
  defaultRegistry,
  findUnescapedApiValues,
  findUnescapedRequestValues,
  prepareReact,
  registryFor,
  type CompileOptions,
} from './render-runtime.js';

export type { Code, Instruction, Path } from './engine/code.js';
export type { TemplateError, SourceLocation } from './engine/errors.js';
export { formatCodeFrame } from './engine/errors.js';
export type {
  Formatter,
  Predicate,
  FormatterTable,
  PredicateTable,
  RenderContext,
  Registry,
} from './engine/plugin.js';
export { Variable } from './engine/plugin.js';
export type { RenderOptions, RenderResult, Template } from './engine/template.js';
export { prettyJson } from './engine/pretty.js';
export type {
  ComponentTable,
  FormatterComponentProps,
  ReactRenderOptions,
  ReactRenderResult,
  ReactTemplate,
} from './react-renderer/index.js';

/** The string path's partial parser for a registry, made once per registry. */
const parsers = new WeakMap<Registry, ParseFunction>();

function parserFor(registry: Registry): ParseFunction {
  let parse = parsers.get(registry);
  if (parse === undefined) {
    parse = (source: string, name?: string): Template => compileTemplate(source, registry, name);
    parsers.set(registry, parse);
  }
  return parse;
}

/**
 * Compiles template source into the reference-compatible code tree. Never throws on template
 * input: problems are returned in `errors`, each with a line and column.
 */
export function compile(source: string, options?: CompileOptions & { name?: string }): Template {
  return compileTemplate(source, registryFor(options), options?.name);
}

/**
 * Renders a template (source, compiled Template or bare Code) against JSON data. Never throws on
 * data input: runtime problems are returned in `errors` and rendering goes on.
 */
export function render(
  template: Template | Code | string,
  data: unknown,
  options?: RenderOptions & CompileOptions,
): RenderResult {
  const registry = registryFor(options);
  // No lookup per call for the usual registry: a small render is short enough to notice.
  const parse = registry === defaultRegistry ? parseWithDefaults : parserFor(registry);
  const tpl = typeof template === 'string' ? parse(template) : template;
  return renderTemplate(tpl, data, options, registry, parse);
}

const parseWithDefaults = parserFor(defaultRegistry);

/**
 * Renders a template to a React element tree with the semantics of `render`:
 * `renderToString(renderToReact(t, d).element)` is DOM-equivalent to `render(t, d).html`.
 * Accepts what `render` accepts, or a template prepared by `prepareReact` (what a page ships).
 */
export function renderToReact(
  template: Template | Code | ReactTemplate | string,
  data: unknown,
  options: ReactRenderOptions & CompileOptions = {},
): ReactRenderResult {
  const registry = registryFor(options);
  // No lookup per call for the usual registry: a small render is short enough to notice.
  const hooks = registry === defaultRegistry ? defaultHooks : reactHooksFor(registry);
  const tpl = typeof template === 'string' ? hooks.parse!(template) : template;
  return renderReactTemplate(tpl, data, options, registry, hooks);
}

/** The React path's hooks for a registry, made once per registry. */
const hooksByRegistry = new WeakMap<Registry, RenderHooks>();

const defaultHooks = reactHooks(defaultRegistry, parseWithDefaults);

function reactHooksFor(registry: Registry): RenderHooks {
  let hooks = hooksByRegistry.get(registry);
  if (hooks === undefined) {
    hooks = reactHooks(registry, parserFor(registry));
    hooksByRegistry.set(registry, hooks);
  }
  return hooks;
}
