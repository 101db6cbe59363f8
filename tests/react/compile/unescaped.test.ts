/**
 * Holes ending in an HTML escape (`html`, `htmlattr`, `htmltag`) run on the React path without
 * the escape, since their output would be decoded again (react-renderer/compile/unescaped.ts): the DOM
 * must be the string path's for any text, the errors the same, and a registry's own formatter
 * under an escape's name must be used as written.
 */
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render, renderToReact, type Formatter } from '../../../index.js';
import { normalDom } from '../dom-equal.js';

// `html` leaves quotes as they are: in an attribute value it is a template bug (see docs/cli.md).
const TEMPLATE =
  '<div title="{v|htmlattr}" data-a="x {v|htmltag} y" data-j="{v|json|htmlattr}">{v|html}<p>{v|htmltag}</p>' +
  '<textarea>{v|html}</textarea><table><tr><td>{v|htmlattr}</td></tr></table></div>';

function both(source: string, data: unknown, formatters?: Record<string, Formatter>) {
  const options = formatters === undefined ? {} : { formatters };
  const string = render(source, data, options);
  const react = renderToReact(source, data, options);
  const errors = (list: typeof string.errors) =>
    list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`);
  return {
    string: normalDom(string.html),
    react: normalDom(renderToString(react.element)),
    stringErrors: errors(string.errors),
    reactErrors: errors(react.errors),
  };
}

describe('escapes on the React path', () => {
  it('renders escaped values as the string path does, for any text', () => {
    const value = fc.oneof(
      fc.string({
        unit: fc.constantFrom('a', '&', '<', '>', '"', "'", ';', 'amp', '#', '\r', ' ', 'é'),
      }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        const out = both(TEMPLATE, { v });
        expect(out.react).toBe(out.string);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the errors of the formatters before the escape, at their location', () => {
    const boom: Formatter = {
      apply() {
        throw new Error('boom');
      },
    };
    const out = both(
      '<p>\n  <a href="{v|boom|htmlattr}">{v|boom|html}</a></p>',
      { v: 'x' },
      { boom },
    );
    expect(out.reactErrors).toEqual(out.stringErrors);
    expect(out.reactErrors).toHaveLength(2);
    expect(out.react).toBe(out.string);
  });

  it("uses a registry's own formatter under an escape's name", () => {
    const shout: Formatter = {
      apply(_args, vars) {
        vars[0]!.set(String(vars[0]!.value).toUpperCase() + ' &amp; more');
      },
    };
    const out = both(
      '<p title="{v|htmlattr}">{v|html}</p>',
      { v: 'ab' },
      { html: shout, htmlattr: shout },
    );
    expect(out.react).toBe(out.string);
    // Decoded once, as the browser reads the override's output (not the escape's input).
    expect(out.react).toContain('"AB & more"');
    expect(out.react).toContain('title="AB & more"');
  });
});
