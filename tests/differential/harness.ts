/**
 * Runs one template + data through both engines the same way (expressions and includes on,
 * the same string partials, no locale data) and reports what differs: the HTML, or the
 * compile or run-time error messages, compared exactly and in order (warnings are ours only
 * and ignored).
 *
 * A run may carry deviations (deviations.ts): each gives one engine the other's behaviour on
 * exactly the point where they intentionally differ, so a case that differs only there agrees
 * once they are applied, and any other difference still shows.
 *
 * `@squarespace/template-engine` is a devDependency used only here and in bench/.
 */
import { Compiler } from '@squarespace/template-engine';
import { compile, render } from '../../index.js';
import type { FormatterTable } from '../../engine/plugin.js';
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
  /** Our compiled template. */
  template: Template;
}

/** Undoes what a reference patch installed. */
export type Undo = () => void;

/** What a deviation changes in one run of a case (see deviations.ts). */
export interface Adjustment {
  /** Installs our intended behaviour in the reference engine for one run; returns the undo. */
  patchReference?: (compiler: Compiler) => Undo;
  /** Formatters that give our engine the reference's behaviour for one run. */
  oursFormatters?: FormatterTable;
}

const referenceCompiler = new Compiler();

export function runReference(
  source: string,
  data: unknown,
  partials: Record<string, string>,
  adjustments: readonly Adjustment[] = [],
): EngineOutcome {
  const undos: Undo[] = [];
  try {
    for (const a of adjustments)
      if (a.patchReference) undos.push(a.patchReference(referenceCompiler));
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
  } finally {
    for (const undo of undos.reverse()) undo();
  }
}

export function runOurs(
  template: Template,
  data: unknown,
  partials: Record<string, string>,
  formatters?: FormatterTable,
): EngineOutcome {
  try {
    const result = render(template, data, { partials, ...(formatters ? { formatters } : {}) });
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

/** Our formatters overridden by every adjustment's, or undefined when none overrides any. */
function oursFormatters(adjustments: readonly Adjustment[]): FormatterTable | undefined {
  const tables = adjustments.flatMap((a) => (a.oursFormatters ? [a.oursFormatters] : []));
  return tables.length === 0 ? undefined : Object.assign({}, ...tables);
}

/** Renders a case with both engines, with `adjustments` applied (none: each engine as it is). */
export function runCase(
  source: string,
  data: unknown,
  partials: Record<string, string>,
  adjustments: readonly Adjustment[] = [],
): CaseResult {
  const formatters = tableFor(adjustments);
  const template = compile(source, formatters ? { formatters } : undefined);
  return {
    source,
    data,
    template,
    ours: runOurs(template, data, partials, formatters),
    reference: runReference(source, data, partials, adjustments),
  };
}

/** One merged table per set of adjustments (our registry is cached per table object). */
const tables = new Map<string, FormatterTable | undefined>();

function tableFor(adjustments: readonly Adjustment[]): FormatterTable | undefined {
  const withTable = adjustments.filter((a) => a.oursFormatters);
  const key = withTable.map((a) => Object.keys(a.oursFormatters!).join(',')).join('|');
  if (!tables.has(key)) tables.set(key, oursFormatters(withTable));
  return tables.get(key);
}

/** What differs between the two outcomes, or [] when they agree. */
export function differences(result: CaseResult): string[] {
  const { ours, reference } = result;
  const found: string[] = [];
  if (ours.crashed) found.push(`ours crashed: ${ours.crashed}`);
  if (reference.crashed) found.push(`reference crashed: ${reference.crashed}`);
  if (ours.html !== reference.html) found.push('html');
  if (ours.compileErrors.join('\n') !== reference.compileErrors.join('\n'))
    found.push('compile-errors');
  if (ours.renderErrors.join('\n') !== reference.renderErrors.join('\n'))
    found.push('render-errors');
  return found;
}
