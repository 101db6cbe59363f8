/**
 * A client render (`createRoot`, as a navigation renders the next page in the browser) makes
 * the DOM the string path's HTML gives — not only hydration, which keeps the server's
 * attributes whatever the props say.
 *
 * @vitest-environment jsdom
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { useGeneratedCode } from '../../react-renderer/codegen/generated-function.js';
import { normalDom } from './dom-equal.js';

function clientDom(source: string, data: unknown, generated: boolean): string {
  useGeneratedCode(generated);
  const container = document.createElement('div');
  const root = createRoot(container);
  try {
    flushSync(() => root.render(renderToReact(source, data).element));
    return normalDom(container.innerHTML);
  } finally {
    root.unmount();
    useGeneratedCode(undefined);
  }
}

describe('client render of form inputs', () => {
  it.each([
    ['<form><input type="submit" value="Notify Me"></form>', {}],
    ['<input class="b" type="SUBMIT" value="{label}">', { label: 'Send' }],
    ['<input type="reset" value="Start over">', {}],
    ['<input type="text" name="q" value="{q}">', { q: 'linen' }],
    ['<input type="button" value="Open">', {}],
  ])('%s keeps its value attribute', (source, data) => {
    const expected = normalDom(render(source, data).html);
    expect(expected).toContain('value=');
    for (const generated of [true, false])
      expect(clientDom(source, data, generated)).toBe(expected);
  });
});
