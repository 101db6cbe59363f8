/**
 * A problem with the site as the preview reports it: in the terminal, in the 500 page and in the
 * browser overlay. Template errors keep their line and column; JSON and config problems get one
 * too when the text pinpoints it. `frame` is the shared code frame (engine formatCodeFrame).
 */
import { formatCodeFrame, type TemplateError } from '../../engine/errors.js';

export interface SiteProblem {
  /** Path relative to the site folder, with forward slashes (`templates/product.html`). */
  file: string;
  /** 1-based; 0 when the problem has no position (a missing file). */
  line: number;
  column: number;
  message: string;
  code: string;
  /** `file:line:col severity: message [CODE]` plus the lines around it and a caret. */
  frame: string;
}

/** Turns an engine error in `file` (whose text is `source`) into a site problem. */
export function problemFromError(error: TemplateError, file: string, source: string): SiteProblem {
  return {
    file,
    line: error.line,
    column: error.column,
    message: error.message,
    code: error.code,
    frame: formatCodeFrame(error, source, file),
  };
}

/** A problem that is not a template error (bad JSON, missing file, invalid site.json). */
export function siteProblem(
  file: string,
  code: string,
  message: string,
  source = '',
  line = 0,
  column = 0,
): SiteProblem {
  const error: TemplateError = { code, message, line, column, severity: 'error' };
  return { file, line, column, message, code, frame: formatCodeFrame(error, source, file) };
}

/** One text block for the terminal: every frame, separated by blank lines. */
export function formatProblems(problems: readonly SiteProblem[]): string {
  return problems.map((p) => p.frame).join('\n\n');
}
