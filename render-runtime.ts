/**
 * The rendering half of the public API, without the template compiler: what a server needs to
 * render templates compiled elsewhere (`jsont build`'s precompiled units, the site handler that
 * `jsont serve` and an edge runtime run). Nothing here loads the compiler (engine/compile.ts and
 * chevrotain); a template given as source text, or a partial given as source text, cannot be
 * rendered here (index.ts joins this with the compiler for the full API).
 */
import type { Code, Path } from './engine/code.js';
import type { FormatterTable, PredicateTable, Registry } from './engine/plugin.js';
import { renderTemplate } from './engine/render.js';
import type { ParseFunction, RenderOptions, RenderResult, Template } from './engine/template.js';
import type { TemplateError } from './engine/errors.js';
import { findUnescapedValues, type ValueOrigin } from './engine/unescaped-values.js';
import { ARGUMENT_INSERTING_FORMATTERS, ESCAPING_FORMATTERS } from './formatters/index.js';
import { useMappedChains } from './engine/exec-vars.js';
import { useOneStepBlocks } from './engine/executor.js';
import { oneStepBlock } from './engine/one-step-blocks.js';
import { MAPPED_CHAINS } from './engine/mapped-chains.js';
import { bufferedEncodeSpace, bufferedSlugify } from './formatters/char-buffer.js';
import { useCharBuffer } from './formatters/char-scan.js';
import { SERVER_FORMATTERS } from './formatters/server-formatters.js';
import { useAmountWriter, useFormatText } from './formatters/money.js';
import { keptFormatText, keptPlurals } from './formatters/kept-results.js';
import { usePluralsMaker } from './formatters/i18n-options.js';
import { useFieldsIn } from './formatters/strftime.js';
import { arithmeticFields } from './formatters/calendar-arithmetic.js';
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

export interface CompileOptions {
  /** Extra formatters, added to (and overriding) the built-in ones by name. */
  formatters?: FormatterTable;
  /** Extra predicates (names end in `?`), added to (and overriding) the built-in ones. */
  predicates?: PredicateTable;
}

// Server-only fast paths the browser runtime does without (same output, slower; its size
// budget does not carry them): formatters/money.ts `useAmountWriter`, formatters/char-buffer.ts,
// formatters/calendar-arithmetic.ts (`useFieldsIn`), formatters/kept-results.ts (`useFormatText`,
// `usePluralsMaker`),
// formatters/server-formatters.ts,
// react-renderer/compile/escape-bypass.ts, react-renderer/html/escaped-ascii.ts,
// react-renderer/html/common-references.ts,
// react-renderer/runtime/inline-elements.ts (elements written by hand),
// react-renderer/runtime/attribute-rule-cache.ts,
// react-renderer/compile/local-fallback.ts (`usePieceFallback`, with structure/local-regions.ts
// `useLocalSplits`), engine/mapped-chains.ts (`useMappedChains`), engine/one-step-blocks.ts (`useOneStepBlocks`).
useAmountWriter(writeAmountDigits);
useFieldsIn(arithmeticFields);
useFormatText(keptFormatText);
usePluralsMaker(keptPlurals);
useEscapeBypass({ step: unescapedStep, keeps: escapeKeeps });
useDenseDecoder(decodeEscapedAscii);
useCommonReferences(commonReferenceLength);
useCharBuffer({ slugify: bufferedSlugify, encodeSpace: bufferedEncodeSpace });
useAttributeRuleCache(slotCached);
const elementTag = inlineElementTag(jsx as Parameters<typeof inlineElementTag>[0]);
useInlineElements(elementTag === null ? null : elementWriter(elementTag));
usePieceFallback(pieceFallback);
useLocalSplits(SplitContents);
useMappedChains(MAPPED_CHAINS);
useOneStepBlocks(oneStepBlock);

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

/**
 * Renders a compiled template (a Template or bare Code; partials compiled too) against JSON
 * data, as `render` does, without the compiler.
 */
export function renderCompiled(
  template: Template | Code,
  data: unknown,
  options?: RenderOptions & CompileOptions,
): RenderResult {
  return renderTemplate(template, data, options, registryFor(options));
}

/** `renderToReact` for compiled templates (or prepared ones), without the compiler. */
export function renderCompiledToReact(
  template: Template | Code | ReactTemplate,
  data: unknown,
  options: ReactRenderOptions & CompileOptions = {},
): ReactRenderResult {
  const registry = registryFor(options);
  const hooks = registry === defaultRegistry ? compiledHooks : reactHooks(registry);
  return renderReactTemplate(template, data, options, registry, hooks);
}

/** The server's hooks for the React path; `parse` compiles templates given as text. */
export /** The server entry's hooks for the React path. */
function reactHooks(registry: Registry, parse?: ParseFunction): RenderHooks {
  return {
    ...(parse && { parse }),
    structure: structureTemplate,
    structureBlock,
    structureHtml: structureHtmlWarning,
    elementGenerator: elementGenerator(),
    simpleMarkup: simpleMarkupAt,
    tooDeep: warnTooDeep,
  };
}
const compiledHooks = reactHooks(defaultRegistry);

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
