/**
 * A partial given as template text, parsed on first use with the render's parse function (once
 * per source across renders: partial-templates.ts). The
 * browser runtime has no parser (pages ship compiled code), so it bundles
 * string-partial.browser.ts instead (package.json "browser"), which finds no such partial, as
 * this module does without a parse function.
 */
import { ErrorCode, makeError, type TemplateError } from './errors.js';
import { partialSyntax } from './error-texts.js';
import { Op } from './opcodes.js';
import { parsePartial } from './partial-templates.js';
import type { ParseFunction, Template } from './template.js';

/** What a partial that failed to parse renders: nothing (its errors are recorded). */
const UNPARSED: Template = { code: [Op.ROOT, 1, [], Op.EOF], errors: [] };

/**
 * The parsed partial `name`; one that renders nothing when it failed to parse (its errors are
 * pushed to `errors`); `undefined` without a parse function.
 */
export function parseStringPartial(
  parse: ParseFunction | undefined,
  source: string,
  name: string,
  errors: TemplateError[],
): Template | undefined {
  if (parse === undefined) return undefined;
  const template = parsePartial(parse, source, name);
  const failures = template.errors.filter((e) => e.severity === 'error');
  for (const e of failures) {
    errors.push(
      makeError(ErrorCode.COMPILE_PARTIAL_SYNTAX, partialSyntax(name, e.message), e, 'error', name),
    );
  }
  return failures.length > 0 ? UNPARSED : template;
}
