/**
 * The hydration properties (hydrate-property.test.ts) again with React's production build,
 * which the site server ships by default: there the React path writes its elements itself
 * (react-renderer/runtime/unpretenured-objects.ts) instead of calling `jsx`. The production build logs no mismatch; a failed
 * hydration still shows as a recoverable error and replaced server nodes, which the properties
 * check.
 *
 * @vitest-environment jsdom
 */
import { expect, it, vi } from 'vitest';

// Before React loads (imports are hoisted below this): it picks its build when first required.
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

import { reactElementTag } from '../../react-renderer/runtime/react-element-shape.js';
import './hydrate-property.test.js';

it('runs with the production build, whose elements the React path writes itself', () => {
  expect(reactElementTag()).not.toBeNull();
});
