/**
 * Holes ending in an HTML escape: the server runs them without the escape (unescaped.ts,
 * installed by the server entry); the browser runtime, without that code, escapes their output
 * and decodes it again where it lands (react-renderer/compile/escape-bypass.ts). Both must build
 * the same elements.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { renderToReact } from '../../../index.js';
import { escapeKeeps, unescapedStep, useEscapeBypass } from '../../../react-renderer/index.js';

const SOURCE =
  '<div><p title="{v|htmlattr}" data-j="{v|json|htmlattr}" lang=\'{v|html}\'>{v|html} {v|htmlattr}</p>' +
  '<a href={v|htmlattr}>x</a><textarea>{v|html}</textarea><span>{v|json|html}</span></div>';

const VALUES = [
  'plain',
  'a "quoted" & \'single\' <b>bold</b>',
  'x > y &amp; z &lt;',
  'line\r\nbreak\ttab\0nul',
  ' spaced value ',
  '"',
];

/** React's HTML and the errors' codes, rendered with a registry of its own (fresh compilers). */
function rendered(v: string): { html: string; codes: string[] } {
  const result = renderToReact(SOURCE, { v }, { formatters: {} });
  return { html: renderToString(result.element), codes: result.errors.map((e) => e.code) };
}

const SERVER = { step: unescapedStep, keeps: escapeKeeps };

describe('holes ending in an escape, with and without the server bypass', () => {
  afterEach(() => useEscapeBypass(SERVER));

  it.each(VALUES)('%j: the same elements and warnings', (v) => {
    let bypassed = 0;
    useEscapeBypass({
      step: (inst, registry) => {
        const step = unescapedStep(inst, registry);
        if (step !== null) bypassed++;
        return step;
      },
      keeps: escapeKeeps,
    });
    const server = rendered(v);
    useEscapeBypass(null);
    const browser = rendered(v);
    expect(bypassed).toBeGreaterThan(0);
    expect(browser).toEqual(server);
  });
});
