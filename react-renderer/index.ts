/**
 * The React renderer (docs/architecture.md, "The three render paths"): templates to React element
 * trees with the semantics of `render`, formatter-backed components, and the precompiled React code
 * a page ships for hydration.
 */
export {
  renderReactTemplate,
  type ReactRenderOptions,
  type ReactRenderResult,
  type RenderHooks,
  type Structurer,
} from './runtime/render.js';
export {
  structureBlock,
  structureHtml,
  structureHtmlWarning,
  structureTemplate,
  type BlockStructure,
  type StructureResult,
} from './structure/structure.js';
export type { ReactTemplate, RNode } from './structure/react-code.js';
export { elementGenerator } from './codegen/element-source.js';
export { parseSimpleMarkup, simpleMarkupAt } from './runtime/simple-markup.js';
export { useEscapeBypass } from './compile/escape-bypass.js';
export { useCommonReferences, useDenseDecoder } from './html/entities.js';
export { commonReferenceLength } from './html/common-references.js';
export { slotCached } from './runtime/attribute-rule-cache.js';
export { useAttributeRuleCache } from './runtime/attribute-props.js';
export { elementWriter } from './runtime/inline-elements.js';
export { inlineElementTag, useInlineElements } from './runtime/react-element-shape.js';
export { usePieceFallback } from './compile/local-fallback.js';
export { pieceFallback } from './compile/piece-fallback.js';
export { useLocalSplits } from './structure/local-regions.js';
export { SplitContents } from './structure/local-splits.js';
export { decodeEscapedAscii } from './html/escaped-ascii.js';
export { escapeKeeps, unescapedStep } from './compile/unescaped.js';
export {
  COMPONENT_FORMATTERS,
  DEFAULT_COMPONENTS,
  FormatterWidget,
  type ComponentTable,
  type FormatterComponentProps,
} from './components/index.js';
export { parseMarkup } from './runtime/host-elements.js';
export { warnTooDeep } from './runtime/too-deep.js';
