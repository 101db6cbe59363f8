/** Rendering and markup probes shared by the formatter unit tests (commerce widgets, merchandising). */
import { expect } from 'vitest';

import { render } from '../../index.js';

/** Renders `TEMPLATE` (default `{item|NAME}`) over `data`; fails on any recorded error. */
export function html(name: string, data: unknown, template = `{item|${name}}`): string {
  const result = render(template, data);
  expect(result.errors).toEqual([]);
  return result.html;
}

/** The value of the first `name="…"` attribute, or undefined when absent. */
export function attr(markup: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(markup);
  return m ? m[1] : undefined;
}
