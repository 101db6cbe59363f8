/**
 * Two server-only fast paths of the React path, installed by the server entry, and the browser
 * runtime's simpler path without them: both must build the same elements.
 * - Elements written by hand (react-renderer/runtime/inline-elements.ts, `useInlineElements`;
 *   docs/react-path.md, "Young objects"): the browser has React make them.
 * - The attribute-rule cache (react-renderer/runtime/attribute-rule-cache.ts): the browser works
 *   each attribute name's rule out again.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { renderToReact } from '../../../index.js';
import { slotCached, useAttributeRuleCache } from '../../../react-renderer/index.js';
import { runElsewhere } from '../support.js';
import { siteTemplate, sitePartials, storeData } from '../demo-site.js';
import { resolve } from 'node:path';

const SOURCE =
  '<div class="a" id=x data-n="{n}" aria-label=\'{t}\' tabindex=2 constructor=c toString=s>' +
  '<label for=f style="color: red; margin:0">{t}</label>' +
  '<input id=f type=checkbox checked value="{t}" readonly disabled class=b class=c>' +
  '<p contenteditable hidden onclick="go()" ONCLICK=x>{.repeated section items}' +
  '<a href="/p/{@}" src=x title="{@}" data-{@}=1>{@}</a>{.end}</p>' +
  '<img src="{t}" srcset="a 1x" crossorigin alt="">' +
  '<select><option value=1 selected>{n}</option></select><textarea rows=2>{t}</textarea>' +
  '<svg viewBox="0 0 1 1" xlink:href=x stroke-width=2><path d="M0 0"/></svg></div>' +
  '<>{.section nothing}x{.end}';

const DATA = { n: 3, t: 'say "hi" & <go>', items: ['one', 'two', 'three', 'one'] };

/** The elements, React's HTML and the errors' codes, with a registry of its own. */
function rendered(): { element: unknown; html: string; codes: string[] } {
  const result = renderToReact(SOURCE, DATA, { formatters: {} });
  return {
    element: result.element,
    html: renderToString(result.element),
    codes: result.errors.map((e) => e.code),
  };
}

describe('attribute names, with and without the server cache of their rules', () => {
  afterEach(() => useAttributeRuleCache(slotCached));

  it('builds the same elements', () => {
    let computed = 0;
    useAttributeRuleCache((compute) =>
      slotCached((name) => {
        computed++;
        return compute(name);
      }),
    );
    const server = [rendered(), rendered()];
    const seen = computed;
    useAttributeRuleCache(null);
    const browser = [rendered(), rendered()];
    // The cache worked each name out once: the second render took every rule from it.
    expect(seen).toBeGreaterThan(10);
    expect(computed).toBe(seen);
    expect(browser).toEqual(server);
  });
});

describe('elements written by hand (production React) or made by React', () => {
  it('prints the same HTML', () => {
    const here = (path: string): string => JSON.stringify(resolve(__dirname, path));
    const source =
      `import { renderToString } from 'react-dom/server';\n` +
      `import { renderToReact } from ${here('../../../index.ts')};\n` +
      `import { reactElementTag, useInlineElements } from ${here('../../../react-renderer/runtime/react-element-shape.ts')};\n` +
      `const render = () => renderToString(renderToReact(${JSON.stringify(SOURCE)}, ${JSON.stringify(DATA)}, { formatters: {} }).element);\n` +
      `const tag = reactElementTag();\n` +
      `const server = render();\n` +
      `useInlineElements(null);\n` +
      `const browser = render();\n` +
      `process.stdout.write(JSON.stringify({ installed: tag !== null, server, browser }));\n`;
    const { installed, server, browser } = JSON.parse(
      runElsewhere(source, [], { NODE_ENV: 'production' }),
    ) as { installed: boolean; server: string; browser: string };
    expect(installed).toBe(true);
    expect(server).toContain('<label for="f"');
    expect(browser).toBe(server);
  });
});

describe('default widgets where there is no DOM', () => {
  // The demo store's product and shop pages (built-in widget templates: price, variants, quick
  // view…), and widgets whose formatter's HTML is parsed: one element, several nodes, and a
  // lone text (`<>`, which stays a component: in the children it would merge with the text
  // after it).
  it('are rendered as their markup, with the HTML React prints for the component', () => {
    const here = (path: string): string => JSON.stringify(resolve(__dirname, path));
    const pages = JSON.stringify([
      [siteTemplate('product.html'), storeData(0), { partials: sitePartials() }],
      [siteTemplate('shop.html'), storeData(0), { partials: sitePartials() }],
      ['x{@|like-button}y{@|comments}z{@|social-button}w', {}, {}],
    ]);
    const source =
      `import { renderToString } from 'react-dom/server';\n` +
      `import { renderToReact } from ${here('../../../index.ts')};\n` +
      `import { FormatterWidget } from ${here('../../../react-renderer/index.ts')};\n` +
      `import { useInlineElements } from ${here('../../../react-renderer/runtime/react-element-shape.ts')};\n` +
      `const html = (out) => ({ apply(_a, vars) { vars[0].set(out); } });\n` +
      `const formatters = { 'like-button': html('<b>1</b>'), comments: html('<i>2</i> <b>3</b>'),\n` +
      `  'social-button': html('<>') };\n` +
      `const pages = ${pages};\n` +
      `pages[2][2].formatters = formatters;\n` +
      `const widgets = (node) => Array.isArray(node) ? node.reduce((n, k) => n + widgets(k), 0)\n` +
      `  : node === null || typeof node !== 'object' || node.props === undefined ? 0\n` +
      `  : (node.type === FormatterWidget ? 1 : 0) + widgets(node.props.children ?? null);\n` +
      `const render = () => pages.map(([t, d, o]) => {\n` +
      `  const { element } = renderToReact(t, d, o);\n` +
      `  return { html: renderToString(element), widgets: widgets(element) };\n` +
      `});\n` +
      `const server = render();\n` +
      `useInlineElements(null);\n` +
      `const browser = render();\n` +
      `process.stdout.write(JSON.stringify({ server, browser }));\n`;
    const { server, browser } = JSON.parse(
      runElsewhere(source, [], { NODE_ENV: 'production' }),
    ) as Record<'server' | 'browser', Array<{ html: string; widgets: number }>>;
    expect(server.map((page) => page.html)).toEqual(browser.map((page) => page.html));
    expect(browser.map((page) => page.widgets)).toEqual([6, 18, 3]);
    // Only the lone text is left to its component.
    expect(server.map((page) => page.widgets)).toEqual([0, 0, 1]);
    expect(server[2]!.html).toBe('x<b>1</b>y<i>2</i> <b>3</b>z<!-- -->&lt;&gt;<!-- -->w');
  });
});
