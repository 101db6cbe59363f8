/**
 * The executor's facade: `renderTemplate` runs a compiled template against data. It never
 * throws: runtime problems (and anything unexpected, down to a malformed code tree) are returned
 * as errors and rendering goes on as far as it can.
 */
import type { Code } from './code.js';
import { ExecContext } from './context.js';
import { ErrorCode, makeError } from './errors.js';
import { blockCompiler, compileCode } from './executor.js';
import type { Registry } from './plugin.js';
import type { ParseFunction, RenderOptions, RenderResult, Template } from './template.js';
import { NOT_A_TEMPLATE } from './error-texts.js';

const NO_ERRORS: readonly never[] = [];
const NO_OPTIONS: RenderOptions = Object.freeze({});

/**
 * Renders `template` (a compiled Template or a bare code tree) against `data`.
 * The result's errors are the template's own compile errors followed by the runtime errors,
 * each with the line and column of its instruction (0/0 for code without locations).
 * `parse` compiles string partials; without it, string partials are treated as missing.
 */
export function renderTemplate(
  template: Template | Code,
  data: unknown,
  options: RenderOptions | undefined,
  registry: Registry,
  parse?: ParseFunction,
): RenderResult {
  // A bare code tree is used as is: wrapping it in a Template would cost an allocation per render.
  let code: Code;
  let tpl: Template | null = null;
  if (Array.isArray(template)) code = template;
  else if (typeof template === 'object' && template !== null && Array.isArray(template.code)) {
    tpl = template;
    code = template.code;
  } else {
    return { html: '', errors: [makeError(ErrorCode.INVALID_CODE, NOT_A_TEMPLATE, undefined)] };
  }
  const opts = options ?? NO_OPTIONS;
  const ctx = new ExecContext(data, registry, blockCompiler(registry), opts, tpl, parse);
  let html = '';
  try {
    html = compileCode(code, registry)(ctx);
  } catch (thrown) {
    // Only reachable for pathological input (e.g. a tree nested deeper than the call stack).
    ctx.unexpected(thrown, code);
  }
  const compileErrors = tpl !== null && Array.isArray(tpl.errors) ? tpl.errors : NO_ERRORS;
  return {
    html,
    errors: compileErrors.length > 0 ? [...compileErrors, ...ctx.errors] : ctx.errors,
  };
}
