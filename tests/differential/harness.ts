/**
 * Runs one template + data through both engines the same way (expressions and includes on,
 * the same string partials, no locale data) and reports what differs: the HTML, or the number
 * and kind of errors (compile errors vs run-time errors; warnings are ours only and ignored).
 *
 * `@squarespace/template-engine` is a devDependency used only here and in bench/.
 */
import { Compiler } from '@squarespace/template-engine';
import { compile, render } from '../../index.js';
import type { Template } from '../../engine/template.js';

export interface EngineOutcome {
  html: string;
  /** Compile-time error messages (`SyntaxError: …`). */
  compileErrors: string[];
  /** Run-time error messages. */
  renderErrors: string[];
  /** Set when the engine threw instead of returning (a bug in either engine). */
  crashed?: string;
}

export interface CaseResult {
  source: string;
  data: unknown;
  ours: EngineOutcome;
  reference: EngineOutcome;
  /** Our compiled template (deviation classifiers inspect its code tree). */
  template: Template;
}

const referenceCompiler = new Compiler();

export function runReference(
  source: string,
  data: unknown,
  partials: Record<string, string>,
): EngineOutcome {
  try {
    const { code, errors } = referenceCompiler.parse(source);
    const { ctx } = referenceCompiler.execute({
      code,
      json: data,
      partials,
      enableExpr: true,
      enableInclude: true,
    });
    const html = ctx.render();
    return {
      html,
      compileErrors: errors.map((e) => e.message),
      renderErrors: ctx.errors.map((e) => e.message),
    };
  } catch (thrown) {
    return { html: '', compileErrors: [], renderErrors: [], crashed: String(thrown) };
  }
}

export function runOurs(
  template: Template,
  data: unknown,
  partials: Record<string, string>,
): EngineOutcome {
  try {
    const result = render(template, data, { partials });
    // render() lists the template's compile errors first, then the run-time ones.
    const compileCount = template.errors.length;
    return {
      html: result.html,
      compileErrors: template.errors.filter((e) => e.severity === 'error').map((e) => e.message),
      renderErrors: result.errors
        .slice(compileCount)
        .filter((e) => e.severity === 'error')
        .map((e) => e.message),
    };
  } catch (thrown) {
    return { html: '', compileErrors: [], renderErrors: [], crashed: String(thrown) };
  }
}

/** Renders a case with both engines. */
export function runCase(
  source: string,
  data: unknown,
  partials: Record<string, string>,
): CaseResult {
  const template = compile(source);
  return {
    source,
    data,
    template,
    ours: runOurs(template, data, partials),
    reference: runReference(source, data, partials),
  };
}

/** Error "kinds": the message with quoted names and numbers blanked, sorted. */
export function errorKinds(messages: string[]): string[] {
  return messages
    .map((m) =>
      m
        .replace(/'[^']*'|"[^"]*"/g, 'Q')
        .replace(/\d+/g, 'N')
        .slice(0, 60),
    )
    .sort();
}

/** What differs between the two outcomes, or [] when they agree. */
export function differences(result: CaseResult): string[] {
  const { ours, reference } = result;
  const found: string[] = [];
  if (ours.crashed) found.push(`ours crashed: ${ours.crashed}`);
  if (reference.crashed) found.push(`reference crashed: ${reference.crashed}`);
  if (ours.html !== reference.html) found.push('html');
  if (errorKinds(ours.compileErrors).join('\n') !== errorKinds(reference.compileErrors).join('\n'))
    found.push('compile-errors');
  if (errorKinds(ours.renderErrors).join('\n') !== errorKinds(reference.renderErrors).join('\n'))
    found.push('render-errors');
  return found;
}
