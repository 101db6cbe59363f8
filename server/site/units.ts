/**
 * A template file as the site renderer uses it: compiled (with its located problems) and,
 * once a page needs it in the browser, prepared for the React path. The preview compiles units
 * from text (compile-unit.ts); a built site carries them precompiled in its manifest.
 */
import type { ReactTemplate, Template, TemplateError } from '../../index.js';
import type { SiteProblem } from './problems.js';

export interface CompiledFile {
  file: string;
  text: string;
  template: Template;
  problems: SiteProblem[];
  /** The template prepared for the React path, made on first use and cached with the compile. */
  prepared?: ReactTemplate;
  /** What preparing it reported (REACT_UNSTRUCTURED, REACT_DROPPED_ATTRIBUTE), located. */
  structureWarnings?: TemplateError[];
  /**
   * Its UNESCAPED_REQUEST_VALUE and UNESCAPED_API_VALUE warnings, found on first use and cached
   * with the compile.
   */
  unescapedWarnings?: TemplateError[];
}

/** Makes the unit of the template file `file` whose text is `text`. */
export type UnitCompiler = (text: string, file: string) => CompiledFile;
