/**
 * Property: for generated HTML-bearing templates — nested elements with attributes, holes in
 * text and in attribute values, sections, repeated sections and `.if` blocks around markup,
 * tags opened in one block and closed in another, instructions among attributes and in tag
 * names — the React path is DOM-equivalent to the string path, on data whose values carry
 * inline markup and entities (the generators are arbitraries.ts').
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render, renderToReact } from '../../index.js';
import {
  appliedMacro,
  data,
  flow,
  fragmentTemplate,
  fragmentValue,
  outsideReact,
  phrasing,
  sitePage,
  sitePageData,
  UNBALANCED,
  VALUES,
  wholePage,
  wholePageData,
  widgetPageData,
} from './arbitraries.js';
import { dropImagePreloads, normalDom } from './dom-equal.js';
import { localPage, localPageData } from './local-arbitraries.js';
import { bothPaths, reactHtmlWith, renderElsewhere } from './support.js';

describe('React path = string path (generated templates)', () => {
  it('renderToString(renderToReact) is DOM-equivalent to render', () => {
    fc.assert(
      fc.property(flow, data, (template, values) => {
        const { string, react } = bothPaths(template, values);
        expect(react).toBe(string);
      }),
      { numRuns: 300 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  it('generated element code and closures give the same HTML, byte for byte', () => {
    fc.assert(
      fc.property(flow, data, (template, values) => {
        expect(reactHtmlWith(true, template, values)).toBe(reactHtmlWith(false, template, values));
      }),
      { numRuns: 200 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  it("React's production build (elements written as literals) gives the same HTML", () => {
    // Vitest runs React's development build, where generated code calls jsx: the literals are
    // checked in a process of their own, on a sample of the same generated templates.
    const cases = fc.sample(
      fc.tuple(flow, data),
      300 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1),
    );
    const { literal, html } = renderElsewhere(cases, [], { NODE_ENV: 'production' });
    expect(literal).toBe(true);
    cases.forEach(([template, values], i) => {
      expect(html[i], template).toBe(reactHtmlWith(false, template, values));
    });
  });

  it('values whose markup leaves their element, in any context', () => {
    const holder = fc.constantFrom(
      (x: string) => `<div class="d">${x}<span>after</span></div>`,
      (x: string) => `<p>${x} tail</p><p>next</p>`,
      (x: string) => `<ul><li>${x}</li><li>second</li></ul>`,
      (x: string) => `<section><div>${x}</div><p>tail</p></section>`,
      (x: string) => `<div><span>${x}</span>text</div>`,
      (x: string) => `<table><tr><td>${x}</td><td>b</td></tr></table>`,
      (x: string) => `{.section a}<div>${x}</div>{.end}<p>after</p>`,
      (x: string) => `<p><a href="/h">${x} tail</a> next</p>`,
      (x: string) => `<div><b class="b">${x}</b><p>block</p>after</div>`,
    );
    const values = fc.record({ a: fc.constantFrom(...UNBALANCED, ...VALUES) });
    fc.assert(
      fc.property(holder, values, (wrap, data) => {
        const { string, react } = bothPaths(wrap('{a}'), data);
        expect(react).toBe(string);
      }),
      { numRuns: 200 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  // Both parsed as a standards-mode page: in quirks mode (no doctype) a <table> does not close
  // an open <p>, and the React path follows the standards-mode rules.
  it.each([
    ['pages rendered whole, with widgets in any context', wholePage, wholePageData, 100],
    ['pages with widgets in any context, structured', wholePage, widgetPageData, 100],
    ['a macro applied in two contexts', appliedMacro, data, 200],
    ['site pages: navigation, excerpts, bodies, injected code', sitePage, sitePageData, 150],
    ['values among the children of elements re-parsed locally', localPage, localPageData, 300],
  ] as Array<[string, fc.Arbitrary<string>, fc.Arbitrary<unknown>, number]>)(
    '%s: the DOM of a standards-mode page',
    (_, templates, values, runs) => {
      fc.assert(
        fc.property(templates, values, (template, data) => {
          const html = render(template, data).html;
          // A tag a value leaves open may take in markup as attributes React cannot name.
          fc.pre(!outsideReact(html));
          const reactHtml = dropImagePreloads(
            renderToString(renderToReact(template, data).element),
            html,
          );
          expect(normalDom(`<!DOCTYPE html>${reactHtml}`)).toBe(
            normalDom(`<!DOCTYPE html>${html}`),
          );
          // No widget marker of a page rendered whole is left (react-renderer/runtime/whole-render.ts).
          expect(reactHtml).not.toMatch(/\uE001/);
        }),
        { numRuns: runs * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
      );
    },
  );

  it('values of HTML fragments cut anywhere, as text and in an attribute', () => {
    fc.assert(
      fc.property(fragmentTemplate, fragmentValue, fragmentValue, (template, a, b) => {
        fc.pre(!outsideReact(render(template, { a, b }).html));
        const { string, react } = bothPaths(template, { a, b });
        expect(react).toBe(string);
      }),
      { numRuns: 500 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  it('phrasing content alone, many runs', () => {
    fc.assert(
      fc.property(phrasing, data, (template, values) => {
        const { string, react } = bothPaths(`<p>${template}</p>`, values);
        expect(react).toBe(string);
      }),
      { numRuns: 300 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });
});
