/**
 * The React renderer (DESIGN.md "The three render paths"): templates to React element trees
 * with the semantics of `render`, formatter-backed components, and the precompiled React code
 * a page ships for hydration.
 */
export {
  renderReactTemplate,
  type ReactRenderOptions,
  type ReactRenderResult,
  type RenderHooks,
  type Structurer,
} from './render.js';
export {
  structureBlock,
  structureHtml,
  structureTemplate,
  type BlockStructure,
  type StructureResult,
} from './structure.js';
export type { ReactTemplate, RNode } from './react-code.js';
export { elementGenerator } from './element-generator.js';
export { parseSimpleMarkup } from './simple-markup.js';
export {
  COMPONENT_FORMATTERS,
  DEFAULT_COMPONENTS,
  FormatterWidget,
  type ComponentTable,
  type FormatterComponentProps,
} from './components/index.js';
export { parseMarkup } from './elements.js';
