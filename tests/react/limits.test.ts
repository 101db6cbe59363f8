/**
 * Templates beyond what the React path structures (absurd nesting): `renderToReact` still
 * returns an element and says why it fell back, and never throws.
 */
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { compile, renderToReact } from '../../index.js';

describe('limits', () => {
  it.each([1_500, 20_000])(
    'nested %i deep: rendered from its parsed output, with a warning',
    (depth) => {
      const template = compile('<div class="{c}">'.repeat(depth) + '{x}' + '</div>'.repeat(depth));
      const { element, errors } = renderToReact(template, { x: 'y', c: 'k' });
      expect(isValidElement(element)).toBe(true);
      const warning = errors.find((e) => e.code === 'REACT_UNSTRUCTURED');
      expect(warning?.severity).toBe('warning');
      expect(warning?.message).toMatch(/could not be structured/);
      expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
    },
  );
});
