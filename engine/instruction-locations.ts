/**
 * Where an instruction of a render is, for its runtime errors: in the rendered template, or in a
 * partial with locations used in the render (then `source` names it). The browser runtime
 * bundles instruction-locations.browser.ts instead (package.json "browser"): a page's code is
 * precompiled JSON and carries no locations, and partials are parsed only on the server.
 */
import type { SourceLocation } from './errors.js';
import type { Template } from './template.js';

/** A source of locations for runtime errors: a template or a parsed partial. */
export interface LocationUnit {
  locations: WeakMap<object, SourceLocation> | undefined;
  source: string | undefined;
}

export interface InstructionLocation {
  loc: SourceLocation | undefined;
  source: string | undefined;
}

export function locateInstruction(
  template: Template | null,
  partials: readonly LocationUnit[] | null,
  inst: unknown,
): InstructionLocation {
  let loc: SourceLocation | undefined;
  let source: string | undefined;
  if (typeof inst === 'object' && inst !== null) {
    loc = template?.locations?.get(inst);
    if (loc !== undefined) source = template?.source;
    else if (partials !== null) {
      for (const unit of partials) {
        loc = unit.locations?.get(inst);
        if (loc !== undefined) {
          source = unit.source;
          break;
        }
      }
    }
  }
  return { loc, source };
}
