/**
 * A small registry for the compiler tests: the formatter and predicate names the core fixtures
 * use. The compiler only checks names (and arity when declared), so the plugins do nothing.
 */
import type { Formatter, Predicate, Registry } from '../../engine/plugin.js';

const noopFormatter: Formatter = { apply: () => undefined };
const falsePredicate: Predicate = { apply: () => false };

export const testRegistry: Registry = {
  formatters: Object.fromEntries(
    ['apply', 'capitalize', 'html', 'json', 'json-pretty', 'truncate', 'date'].map((n) => [
      n,
      noopFormatter,
    ]),
  ),
  predicates: Object.fromEntries(
    ['equal?', 'even?', 'odd?', 'plural?'].map((n) => [n, falsePredicate]),
  ),
};
