/**
 * Prints template errors as `file:line:col severity: message [CODE]` with a code frame, using
 * the one shared `formatCodeFrame` (the preview overlay uses the same function).
 */
import { formatCodeFrame, type TemplateError } from '../index.js';
import type { CliIO } from './io.js';

/** A template text and the name to show for it (a file path as typed, or a partial name). */
export interface NamedSource {
  name: string;
  text: string;
}

/** Where the text of an error's template can be found. */
export interface SourceLookup {
  main: NamedSource;
  /** Partial name (TemplateError.source) -> its text, for errors raised inside partials. */
  partials?: ReadonlyMap<string, NamedSource>;
}

export interface ErrorCounts {
  errors: number;
  warnings: number;
}

/** Picks the source an error refers to: a known partial, else the main template. */
function sourceFor(error: TemplateError, lookup: SourceLookup): NamedSource | undefined {
  if (error.source === undefined || error.source === lookup.main.name) return lookup.main;
  return lookup.partials?.get(error.source);
}

/**
 * Formats one error. Errors without a location (code compiled elsewhere) or in a template whose
 * text is unknown get the header line only, without a meaningless `:0:0`.
 */
export function formatError(error: TemplateError, lookup: SourceLookup): string {
  const source = sourceFor(error, lookup);
  if (source && error.line > 0) return formatCodeFrame(error, source.text, source.name);
  const name = source?.name ?? error.source ?? '<template>';
  const where = error.line > 0 ? `:${error.line}:${error.column}` : '';
  const header = formatCodeFrame({ ...error, line: 0, column: 0 }, '', name);
  return header.replace(`${name}:0:0 `, `${name}${where} `);
}

/** Writes every error (each followed by a blank line) to stderr and counts them by severity. */
export function reportErrors(
  io: CliIO,
  errors: readonly TemplateError[],
  lookup: SourceLookup,
): ErrorCounts {
  const counts: ErrorCounts = { errors: 0, warnings: 0 };
  for (const error of errors) {
    if (error.severity === 'warning') counts.warnings++;
    else counts.errors++;
    io.stderr.write(`${formatError(error, lookup)}\n\n`);
  }
  return counts;
}

/** "1 error", "2 warnings" */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
