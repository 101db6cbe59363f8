/**
 * Holes whose last formatter is an HTML escape (`{title|htmlattr}`, `{x|json|htmlattr}`,
 * `{name|html}`): the React path decodes the references in their output again (an attribute
 * value, or text), which gives back the escape's input. Such a hole runs with the escape
 * replaced by its `unescaped` declaration (engine/plugin.ts): neither escaped nor decoded, the
 * same text. On JSON in attributes (`data-variants`) the two passes cost more than the JSON.
 */
import type { Instruction, VariableCode } from '../../engine/code.js';
import { textStep, type Emit } from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Formatter, FormatterTable, Registry } from '../../engine/plugin.js';
import { Quote } from '../html/tokens.js';
import { SHELL_ORIGIN } from '../structure/react-code.js';

/** The name under which a registry's escape `name` is registered unescaped (not writable in a template). */
const unescapedName = (name: string): string => `${name}\u0000unescaped`;

/** Each registry with its escapes registered unescaped as well. */
const derived = new WeakMap<Registry, Registry>();

function withUnescaped(registry: Registry): Registry {
  let out = derived.get(registry);
  if (out === undefined) {
    const formatters: FormatterTable = { ...registry.formatters };
    for (const [name, formatter] of Object.entries(registry.formatters)) {
      const unescaped = formatter.unescaped;
      if (unescaped === undefined) continue;
      const plain: Formatter = {
        apply(_args, vars) {
          vars[0]!.set(unescaped(vars[0]!.value));
        },
        map: unescaped,
      };
      formatters[unescapedName(name)] = plain;
    }
    out = { formatters, predicates: registry.predicates };
    derived.set(registry, out);
  }
  return out;
}

/**
 * The text of `inst` with its final escape left out, or null when it does not end in an escape
 * (declared `unescaped`) given no arguments. Errors inside keep `inst`'s location.
 */
export function unescapedStep(inst: Instruction, registry: Registry): Emit | null {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE) return null;
  const [op, paths, formatters] = inst as VariableCode;
  if (!Array.isArray(formatters) || formatters.length === 0) return null;
  const last = formatters[formatters.length - 1]!;
  const [name, args] = last;
  if (registry.formatters[name]?.unescaped === undefined) return null;
  if (Array.isArray(args) && Array.isArray(args[0]) && args[0].length > 0) return null;
  const copy = [op, paths, [...formatters.slice(0, -1), [unescapedName(name)]]];
  SHELL_ORIGIN.set(copy, inst);
  return textStep(copy as unknown as Instruction, withUnescaped(registry));
}

/**
 * Whether the escape ending `inst` leaves an attribute value's delimiter as it is (`html` keeps
 * `"`, no escape here touches `'` or spaces): the unescaped text must then be checked for it.
 * Asked of the escape itself, on the delimiter.
 */
export function escapeKeeps(inst: Instruction, registry: Registry, quote: Quote): boolean {
  const formatters = (inst as VariableCode)[2] as Array<[string, unknown?]>;
  const escape = registry.formatters[formatters[formatters.length - 1]![0]]!;
  if (quote === Quote.NONE || escape.map === undefined) return true;
  const delimiter = quote === Quote.DOUBLE ? '"' : "'";
  return String(escape.map(delimiter)).includes(delimiter);
}
