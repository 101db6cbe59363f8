/**
 * Built-in templates (docs/language.md, "Built-in templates") as formatters use them: their
 * compiled code by name, and the formatter that renders one with its value as the node.
 */
import type { Code } from '../engine/code.js';
import type { Formatter, RenderContext, Variable } from '../engine/plugin.js';
import { TEMPLATES } from './templates/compiled.js';
import { templateMissing } from './error-texts.js';

/** A built-in template's code. */
export function template(name: string): Code {
  const code = TEMPLATES[name];
  // Only when compiled.ts was generated without this template (npm run gen:templates): the
  // render records the error and goes on.
  if (code === undefined) throw new Error(templateMissing(name));
  return code;
}

/** A formatter that renders a built-in template with its value as the node. */
export function templateFormatter(name: string, isPrivate = false): Formatter {
  return {
    apply(_args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      first.set(ctx.executeTemplate(template(name), first.value, isPrivate));
    },
  };
}
