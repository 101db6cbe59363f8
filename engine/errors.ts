/**
 * Errors are data: a code, a message, and the 1-based line and column of the instruction in
 * its template. Compile never throws on template input and render never throws on data; both
 * return these records. Messages follow the reference's exact text (docs/language.md, "Errors")
 * where it defines one, so tools that match on messages keep working.
 */

export const enum ErrorCode {
  // compile time: parser
  FORMATTER_UNKNOWN = 'FORMATTER_UNKNOWN',
  PREDICATE_UNKNOWN = 'PREDICATE_UNKNOWN',
  FORMATTER_ARITY = 'FORMATTER_ARITY',
  PREDICATE_ARITY = 'PREDICATE_ARITY',
  // compile time: assembler
  DEAD_CODE_BLOCK = 'DEAD_CODE_BLOCK',
  EOF_IN_BLOCK = 'EOF_IN_BLOCK',
  NOT_ALLOWED_IN_BLOCK = 'NOT_ALLOWED_IN_BLOCK',
  NOT_ALLOWED_AT_ROOT = 'NOT_ALLOWED_AT_ROOT',
  TRANSITION_FROM_EOF = 'TRANSITION_FROM_EOF',
  NESTING_TOO_DEEP = 'NESTING_TOO_DEEP',
  // compile time: React structuring (warnings)
  REACT_UNSTRUCTURED = 'REACT_UNSTRUCTURED',
  REACT_UNBALANCED_VALUE = 'REACT_UNBALANCED_VALUE',
  REACT_DROPPED_ATTRIBUTE = 'REACT_DROPPED_ATTRIBUTE',
  /** `jsont check --react --json`: the React tree is not the browser's parse of the output. */
  REACT_DIVERGENT_TREE = 'REACT_DIVERGENT_TREE',
  REACT_TOO_DEEP = 'REACT_TOO_DEEP',
  // compile time: a request value printed without escaping (warning; unescaped-values.ts)
  UNESCAPED_REQUEST_VALUE = 'UNESCAPED_REQUEST_VALUE',
  // compile time: a value from an API response printed without escaping (warning; same file)
  UNESCAPED_API_VALUE = 'UNESCAPED_API_VALUE',
  // run time
  EXPRESSION_PARSE = 'EXPRESSION_PARSE',
  EXPRESSION_REDUCE = 'EXPRESSION_REDUCE',
  APPLY_PARTIAL_MISSING = 'APPLY_PARTIAL_MISSING',
  APPLY_PARTIAL_RECURSION_DEPTH = 'APPLY_PARTIAL_RECURSION_DEPTH',
  APPLY_PARTIAL_LIMIT = 'APPLY_PARTIAL_LIMIT',
  COMPILE_PARTIAL_SYNTAX = 'COMPILE_PARTIAL_SYNTAX',
  PLUGIN_ERROR = 'PLUGIN_ERROR',
  UNEXPECTED_ERROR = 'UNEXPECTED_ERROR',
  INVALID_CODE = 'INVALID_CODE',
}

export interface TemplateError {
  code: string;
  message: string;
  /** 1-based; 0 when the code carries no locations (e.g. precompiled JSON from elsewhere). */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
  severity: 'error' | 'warning';
  /** Name of the partial or file the location refers to, when not the main template. */
  source?: string;
}

/** 1-based line and column of an instruction in its source. */
export interface SourceLocation {
  line: number;
  column: number;
}

export function makeError(
  code: ErrorCode,
  message: string,
  loc: SourceLocation | undefined,
  severity: 'error' | 'warning' = 'error',
  source?: string,
): TemplateError {
  const err: TemplateError = {
    code,
    message,
    line: loc ? loc.line : 0,
    column: loc ? loc.column : 0,
    severity,
  };
  if (source !== undefined) err.source = source;
  return err;
}

/**
 * Converts offsets to 1-based line/column. Built once per source and only when an error or
 * location is actually needed, so the hot compile path stores bare offsets.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
    }
  }
  locate(offset: number): SourceLocation {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}

/**
 * Prints `file:line:col message`, two lines of context either side, a `>>` marker on the
 * error line and a caret under the column. Used by the CLI and the preview overlay.
 */
export function formatCodeFrame(error: TemplateError, source: string, fileName?: string): string {
  const name = fileName ?? error.source ?? '<template>';
  const header = `${name}:${error.line}:${error.column} ${error.severity}: ${error.message} [${error.code}]`;
  if (error.line < 1) return header;
  const lines = source.split('\n');
  // A final newline ends the last line; it does not start an empty one worth showing.
  if (lines.length > 1 && lines[lines.length - 1] === '' && error.line < lines.length) lines.pop();
  const first = Math.max(1, error.line - 2);
  const last = Math.min(lines.length, error.line + 2);
  const width = String(last).length;
  const out = [header];
  for (let n = first; n <= last; n++) {
    const marker = n === error.line ? '>>' : '  ';
    const text = (lines[n - 1] ?? '').replace(/\r$/, '');
    out.push(`${marker} ${String(n).padStart(width)} | ${text}`);
    if (n === error.line) {
      out.push(`   ${' '.repeat(width)} | ${' '.repeat(Math.max(0, error.column - 1))}^`);
    }
  }
  return out.join('\n');
}
