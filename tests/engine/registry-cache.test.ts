/**
 * Custom formatter and predicate tables do not defeat the caches: the registry joined from the
 * same tables is made once, so the executor's closures compiled for it are reused by every
 * render that passes those tables (issue 17 defect 10).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { compileCode } from '../../engine/executor.js';
import {
  compile,
  defaultRegistry,
  registryFor,
  render,
  renderToReact,
  type FormatterTable,
  type PredicateTable,
} from '../../index.js';

const shout: FormatterTable = {
  shout: { apply: (_args, vars) => vars[0]!.set(String(vars[0]!.value).toUpperCase()) },
};
const never: PredicateTable = { 'never?': { apply: () => false } };

describe('registryFor', () => {
  it('is the built-in registry when no table is passed', () => {
    expect(registryFor()).toBe(defaultRegistry);
    expect(registryFor({})).toBe(defaultRegistry);
  });

  it('joins the same tables into the same registry, and other tables into another', () => {
    const first = registryFor({ formatters: shout });
    expect(registryFor({ formatters: shout })).toBe(first);
    expect(first.formatters['shout']).toBe(shout['shout']);
    expect(first.formatters['html']).toBe(defaultRegistry.formatters['html']);
    const both = registryFor({ formatters: shout, predicates: never });
    expect(both).not.toBe(first);
    expect(registryFor({ formatters: shout, predicates: never })).toBe(both);
    expect(registryFor({ predicates: never })).not.toBe(both);
    expect(registryFor({ predicates: never })).toBe(registryFor({ predicates: never }));
    // An equal but distinct table is another table (identity, not contents).
    expect(registryFor({ formatters: { ...shout } })).not.toBe(first);
  });

  it('lets renders with the same tables reuse the compiled closures', () => {
    const { code } = compile('{a|shout}{.never?}x{.or}y{.end}', {
      formatters: shout,
      predicates: never,
    });
    const options = { formatters: shout, predicates: never };
    const first = compileCode(code, registryFor(options));
    expect(compileCode(code, registryFor({ formatters: shout, predicates: never }))).toBe(first);
    expect(render(code, { a: 'hi' }, options).html).toBe('HIy');
    expect(compileCode(code, registryFor(options))).toBe(first);
  });

  it('renders string templates and React trees with the custom tables', () => {
    const options = { formatters: shout, predicates: never };
    expect(render('{a|shout}', { a: 'x' }, options).html).toBe('X');
    const react = renderToReact('<b>{a|shout}</b>{.never?}n{.end}', { a: 'y' }, options);
    expect(react.errors).toEqual([]);
    expect(renderToStaticMarkup(react.element)).toBe('<b>Y</b>');
  });
});
