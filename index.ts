/**
 * Public API of jsont-react (docs/architecture.md, "Public API"). This is the composition root for
 * the library: it joins the engine with the built-in formatter and predicate tables.
 */
import type { Code, Path } from './engine/code.js';
import { compileTemplate } from './engine/compile.js';
import type { FormatterTable, PredicateTable, Registry } from './engine/plugin.js';
import { renderTemplate } from './engine/render.js';
import type { ParseFunction, RenderOptions, RenderResult, Template } from './engine/template.js';
import type { TemplateError } from './engine/errors.js';
import { findUnescapedValues, type ValueOrigin } from './engine/unescaped-values.js';
import { ARGUMENT_INSERTING_FORMATTERS, ESCAPING_FORMATTERS } from './formatters/index.js';
import { bufferedEncodeSpace, bufferedSlugify } from './formatters/char-buffer.js';
import { useCharBuffer } from './formatters/char-scan.js';
import { SERVER_FORMATTERS } from './formatters/json-attribute.js';
import { useAmountWriter } from './formatters/money.js';
import { writeAmountDigits } from './formatters/money-digits.js';
import { ALL_PREDICATES } from './predicates/index.js';
import { jsx } from 'react/jsx-runtime';
import {
  commonReferenceLength,
  elementGenerator,
  elementWriter,
  inlineElementTag,
  slotCached,
  decodeEscapedAscii,
  escapeKeeps,
  simpleMarkupAt,
  renderReactTemplate,
  structureBlock,
  structureHtmlWarning,
  warnTooDeep,
  structureTemplate,
  type ReactRenderOptions,
  type ReactRenderResult,
  type ReactTemplate,
  type RenderHooks,
  unescapedStep,
  useAttributeRuleCache,
  useCommonReferences,
  useDenseDecoder,
  useEscapeBypass,
  useInlineElements,
  usePieceFallback,
  pieceFallback,
  SplitContents,
  useLocalSplits,
} from './react-renderer/index.js';

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

export interface CompileOptions {
  /** Extra formatters, added to (and overriding) the built-in ones by name. */
  formatters?: FormatterTable;
  /** Extra predicates (names end in `?`), added to (and overriding) the built-in ones. */
  predicates?: PredicateTable;
}

// Server-only fast paths the browser runtime does without (same output, slower; its size
// budget does not carry them): formatters/money.ts `useAmountWriter`, formatters/char-buffer.ts,
// react-renderer/compile/escape-bypass.ts, react-renderer/html/escaped-ascii.ts,
// react-renderer/html/common-references.ts,
// react-renderer/runtime/inline-elements.ts (elements written by hand),
// react-renderer/runtime/attribute-rule-cache.ts,
// react-renderer/compile/local-fallback.ts (`usePieceFallback`, with structure/local-regions.ts
// `useLocalSplits`).
useAmountWriter(writeAmountDigits);
useEscapeBypass({ step: unescapedStep, keeps: escapeKeeps });
useDenseDecoder(decodeEscapedAscii);
useCommonReferences(commonReferenceLength);
useCharBuffer({ slugify: bufferedSlugify, encodeSpace: bufferedEncodeSpace });
useAttributeRuleCache(slotCached);
const elementTag = inlineElementTag(jsx as Parameters<typeof inlineElementTag>[0]);
useInlineElements(elementTag === null ? null : elementWriter(elementTag));
usePieceFallback(pieceFallback);
useLocalSplits(SplitContents);

/** Every built-in formatter and predicate. */
export const defaultRegistry: Registry = {
  formatters: SERVER_FORMATTERS,
  predicates: ALL_PREDICATES,
};

/** Stands for "no table passed" in the registry cache's keys. */
const NO_TABLE = {};
/** formatters table -> predicates table -> the joined registry (see registryFor). */
const joinedRegistries = new WeakMap<object, WeakMap<object, Registry>>();

/**
 * The registry compile and render use for `options`: the built-in one, or the built-ins joined
 * with the tables passed. A joined registry is made once per pair of tables (by identity), so
 * every render with the same tables reuses the closures compiled for the first one (the
 * executor caches them per registry). A table is read when first seen: to change a custom
 * formatter, pass a new table object.
 */
export function registryFor(options?: CompileOptions): Registry {
  if (!options || (!options.formatters && !options.predicates)) return defaultRegistry;
  const formatters = options.formatters ?? NO_TABLE;
  const predicates = options.predicates ?? NO_TABLE;
  let byPredicates = joinedRegistries.get(formatters);
  if (byPredicates === undefined) {
    byPredicates = new WeakMap();
    joinedRegistries.set(formatters, byPredicates);
  }
  let registry = byPredicates.get(predicates);
  if (registry === undefined) {
    registry = {
      formatters: { ...SERVER_FORMATTERS, ...options.formatters },
      predicates: { ...ALL_PREDICATES, ...options.predicates },
    };
    byPredicates.set(predicates, registry);
  }
  return registry;
}

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
  const hooks = registry === defaultRegistry ? defaultHooks : reactHooksFor(registry);
  const tpl = typeof template === 'string' ? hooks.parse!(template) : template;
  return renderReactTemplate(tpl, data, options, registry, hooks);
}

/** The React path's hooks for a registry, made once per registry. */
const hooksByRegistry = new WeakMap<Registry, RenderHooks>();

function reactHooksFor(registry: Registry): RenderHooks {
  let hooks = hooksByRegistry.get(registry);
  if (hooks === undefined) {
    hooks = reactHooks(registry);
    hooksByRegistry.set(registry, hooks);
  }
  return hooks;
}

/** The server entry's hooks for the React path. */
function reactHooks(registry: Registry): RenderHooks {
  return {
    parse: parserFor(registry),
    structure: structureTemplate,
    structureBlock,
    structureHtml: structureHtmlWarning,
    elementGenerator: elementGenerator(),
    simpleMarkup: simpleMarkupAt,
    tooDeep: warnTooDeep,
  };
}
const defaultHooks = reactHooks(defaultRegistry);

/**
 * Prepares a compiled template for the browser: its code plus the React code, both plain JSON,
 * and the REACT_UNSTRUCTURED warnings (`jsont check --react`).
 */
export function prepareReact(template: Template): ReactTemplate & { warnings: TemplateError[] } {
  const { react, warnings } = structureTemplate(template);
  return { code: template.code, react, warnings };
}

/**
 * UNESCAPED_REQUEST_VALUE warnings: the tags of `template` that may print a value found under one
 * of `sources` (data paths filled from the request, e.g. `[['search', 'query']]`) into the HTML
 * without an escaping formatter, directly or as an argument of `message`/`plural`/`format`. A
 * static check over the compiled code; see engine/unescaped-values.ts for what it follows.
 */
export function findUnescapedRequestValues(
  template: Template,
  sources: readonly Path[],
): TemplateError[] {
  return unescapedValues(template, sources, 'request');
}

/**
 * UNESCAPED_API_VALUE warnings: as findUnescapedRequestValues, for `sources` whose values come
 * from API responses (e.g. `[['cartStatus', 'notice']]`, a server's error text).
 */
export function findUnescapedApiValues(
  template: Template,
  sources: readonly Path[],
): TemplateError[] {
  return unescapedValues(template, sources, 'API response');
}

function unescapedValues(template: Template, sources: readonly Path[], origin: ValueOrigin) {
  return findUnescapedValues(template, {
    sources,
    origin,
    escapers: ESCAPING_FORMATTERS,
    inserters: ARGUMENT_INSERTING_FORMATTERS,
  });
}
