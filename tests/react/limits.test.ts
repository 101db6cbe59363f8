/**
 * Templates beyond what the React path structures (absurd nesting): `renderToReact` still
 * returns an element and says why it fell back, and never throws.
 */
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { compile, prepareReact, renderToReact } from '../../index.js';

describe('limits', () => {
  it.each([1_500, 5_000])(
    'nested %i deep: rendered from its parsed output, with a warning',
    (depth) => {
      const template = compile('<div class="{c}">'.repeat(depth) + '{x}' + '</div>'.repeat(depth));
      const { element, errors } = renderToReact(template, { x: 'y', c: 'k' });
      expect(isValidElement(element)).toBe(true);
      // Beyond the compiler's recursion the render says so; beyond the structuring pass's,
      // `prepareReact` does (as for every REACT_UNSTRUCTURED warning: see below).
      if (depth < 2_000) {
        const warning = errors.find((e) => e.code === 'REACT_UNSTRUCTURED');
        expect(warning?.severity).toBe('warning');
        expect(warning?.message).toMatch(/could not be structured/);
      }
      expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
    },
  );

  it('prepareReact (what check --react and the preview use) does not throw either', () => {
    const depth = 5_000;
    const template = compile('<div>'.repeat(depth) + '{x}' + '</div>'.repeat(depth));
    const prepared = prepareReact(template);
    // Structured whole (the pass walks the tree with a loop, not recursion): one element.
    expect(prepared.warnings).toEqual([]);
    expect(prepared.react).toHaveLength(1);
    expect((prepared.react[0] as unknown[])[1]).toBe('div');
  });
});
