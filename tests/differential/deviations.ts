/**
 * Intended deviations from the TS reference (`@squarespace/template-engine`), each with its
 * reason. A generated case whose outputs differ must be explained by one of these or it fails
 * the differential suite. Keep this list short: every entry is behaviour published templates
 * could observe.
 *
 * Not listed because the suite does not compare them: error locations (ours carry line and
 * column on every error, the reference's carry none — docs/architecture.md, "Errors"), and our
 * `warning` records (arity hints the reference does not produce).
 */
import type { Instruction } from '../../engine/code.js';
import { Op } from '../../engine/opcodes.js';
import type { CaseResult } from './harness.js';

export interface Deviation {
  id: string;
  reason: string;
  /** True when this case exercises the deviating behaviour (so a difference is expected). */
  applies(result: CaseResult): boolean;
}

const BLOCK_OPENERS = new Set<number>([Op.SECTION, Op.REPEATED, Op.PREDICATE, Op.IF, Op.MACRO]);

/** Calls `visit` on every composite instruction of a code tree (iteratively). */
function someInstruction(root: unknown, test: (instruction: unknown[]) => boolean): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!Array.isArray(node)) continue;
    if (typeof node[0] === 'number' && test(node)) return true;
    for (const child of node) if (Array.isArray(child)) pending.push(child);
  }
  return false;
}

function opcode(instruction: Instruction): number {
  return typeof instruction === 'number' ? instruction : instruction[0];
}

/** True when a VARIABLE or BINDVAR in the tree calls one of the named formatters. */
function usesFormatter(code: unknown, names: ReadonlySet<string>): boolean {
  return someInstruction(code, (ins) => {
    const list = ins[0] === Op.VARIABLE ? ins[2] : ins[0] === Op.BINDVAR ? ins[3] : 0;
    return Array.isArray(list) && list.some((call) => names.has((call as [string])[0]));
  });
}

const LEGACY_FORMATTERS = new Set([
  'i18n-money-format',
  'datetimefield',
  'unit',
  'money-format',
  'moneyFormat',
  'money-string',
]);

const referenceErrors = (result: CaseResult): string[] => result.reference.renderErrors;

/** Formatters that turn a data string into a property name to look up. */
const NAME_LOOKUP_FORMATTERS = new Set(['lookup', 'get']);
const INHERITED_NAMES = /"(__proto__|constructor|prototype|toString|valueOf|hasOwnProperty)"/;

export const DEVIATIONS: Deviation[] = [
  {
    id: 'alternates-with-nesting',
    reason:
      'A block opened inside {.alternates with} nests inside the alternates block (Java behaviour, ' +
      'docs/language.md, "Nesting"). The TS reference appends it to the repeated ' +
      "section's main block and keeps appending there after its END, which silently moves " +
      'template text between blocks.',
    applies: (result) =>
      someInstruction(
        result.template.code,
        (ins) =>
          ins[0] === Op.REPEATED &&
          Array.isArray(ins[4]) &&
          (ins[4] as Instruction[]).some((child) => BLOCK_OPENERS.has(opcode(child))),
      ),
  },
  {
    id: 'formatter-throw-frame-leak',
    reason:
      'When a formatter throws, the TS reference never pops the frame it pushed for the variable, ' +
      'so everything after it in the enclosing block resolves against the wrong node. We record ' +
      'the same error and leave the frame stack intact ' +
      '(docs/language.md, "Deviations from the reference").',
    applies: (result) =>
      referenceErrors(result).some((m) => /Unexpected \w+ error when executing VARIABLE/.test(m)),
  },
  {
    id: 'failed-partial-depth-leak',
    reason:
      'When the TS reference refuses an apply/include at the recursion limit of 16, the failed ' +
      'entry is never exited, so each refusal permanently costs one level: a second ' +
      '`{@|apply rec}` of a self-applying partial stops at 15 levels, a third at 14. Each apply ' +
      'gets the full 16 levels with us (docs/language.md, "Deviations from the reference").',
    applies: (result) =>
      [...referenceErrors(result), ...result.ours.renderErrors].some((m) =>
        m.includes('exceeded maximum recursion depth'),
      ),
  },
  {
    id: 'legacy-java-formatters',
    reason:
      'i18n-money-format, datetimefield, unit, money-format, moneyFormat and money-string are ' +
      'registered no-ops in the TS reference (docs/language.md, "Java-era formatters"). We ' +
      'implement them as the Java original does (formatters/legacy.ts, ' +
      'formatters/commerce-price.ts), checked against the Java-era fixtures in ' +
      'tests/fixtures/conformance/legacy-i18n, because published templates use them.',
    applies: (result) => usesFormatter(result.template.code, LEGACY_FORMATTERS),
  },
  {
    id: 'inherited-names-never-resolve',
    reason:
      'When a data string names an inherited property (e.g. `{title|lookup k}` with k = ' +
      '"__proto__"), the TS reference reaches Object.prototype and prints it (`{}` through ' +
      '`json`). We resolve own properties only, so such a name is MISSING: a template must never ' +
      'reach JavaScript internals through data (issue "hardening against hostile input").',
    applies: (result) =>
      usesFormatter(result.template.code, NAME_LOOKUP_FORMATTERS) &&
      INHERITED_NAMES.test(JSON.stringify(result.data) ?? ''),
  },
];

/**
 * Differences that are bugs in a plugin (not intended), reported to the plugin's owner and
 * listed here only so the suite stays green until the fix lands. Remove an entry when its fix
 * lands: the suite then checks that behaviour again. Each reason carries a minimal repro.
 */
export const PENDING_PLUGIN_FIXES: Deviation[] = [];

/** The deviations that explain a differing case (empty = an unexplained difference). */
export function explain(result: CaseResult): Deviation[] {
  return [...DEVIATIONS, ...PENDING_PLUGIN_FIXES].filter((d) => d.applies(result));
}
