/**
 * The reference engine (@squarespace/template-engine, a devDependency used only by the bench and
 * tests) set up as the page benchmark runs it: all built-in plugins, expressions and includes on,
 * an English CLDR (without one its money, datetime and message formatters do nothing, which
 * would make its pages cheaper than any real site's), partials parsed once ahead of the timed
 * runs (it accepts parsed code as well as text), and a fixed `now`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { CLDRFramework, type CLDR } from '@phensley/cldr';
import { Compiler, type Partials } from '@squarespace/template-engine';

export const referenceCompiler = new Compiler();

let cldr: CLDR | undefined;

/** The en-US CLDR, loaded once from the package's resource packs. */
export function referenceCldr(): CLDR {
  if (cldr === undefined) {
    const require = createRequire(import.meta.url);
    const packs = require.resolve('@phensley/cldr/packs/en.json');
    const framework = new CLDRFramework({
      loader: () => JSON.parse(readFileSync(packs, 'utf8')) as unknown,
    });
    cldr = framework.get('en-US');
  }
  return cldr;
}

export interface ReferenceTemplate {
  code: ReturnType<Compiler['parse']>['code'];
  /** Parsed partials (a parse returns root code, which `Partials` accepts). */
  partials: Partials;
}

/** Parses a template and its partials with the reference compiler. */
export function referenceTemplate(
  source: string,
  partials: Record<string, string>,
): ReferenceTemplate {
  return {
    code: referenceCompiler.parse(source).code,
    partials: Object.fromEntries(
      Object.entries(partials).map(([name, text]) => [
        name,
        referenceCompiler.parse(text).code as Partials[string],
      ]),
    ),
  };
}

/** Renders parsed reference code; `now` fixes the clock of timesince and relative times. */
export function referenceRender(template: ReferenceTemplate, json: unknown, now: number): string {
  const { ctx } = referenceCompiler.execute({
    code: template.code,
    json,
    partials: template.partials,
    cldr: referenceCldr(),
    now,
    enableExpr: true,
    enableInclude: true,
  });
  return ctx.render();
}
