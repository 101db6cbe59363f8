/**
 * `{x|apply NAME}` on the React path: the partial's code is structured and rendered as React
 * code (no string, no parse), with the string path's semantics — the same DOM, the same errors
 * at the same locations — and the browser runtime (`renderPrepared`) builds the same tree, so
 * that pages using partials hydrate.
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  compile,
  prepareReact,
  render,
  renderToReact,
  type Code,
  type FormatterComponentProps,
} from '../../index.js';
import { renderPrepared } from '../../react-renderer/browser.js';
import { normalDom } from './dom-equal.js';

const CARD =
  '<article class="card {.if sold}sold{.end}" data-id="{id}">' +
  '<h3><a href="/p/{urlId}">{title}</a></h3>{.section excerpt}<p>{@}</p>{.end}' +
  '{.repeated section tags}<span class="tag">{@}</span>{.alternates with}, {.end}</article>';

const ITEMS = {
  items: [
    { id: 'a', urlId: 'one', title: 'One & only', sold: true, excerpt: 'Has <em>markup</em>' },
    { id: 'b', urlId: 'two', title: 'Two', tags: ['x', 'y'] },
  ],
};

const partialsOf = (sources: Record<string, string>): Record<string, Code> =>
  Object.fromEntries(Object.entries(sources).map(([name, src]) => [name, compile(src).code]));

/** Both paths with partials: normalised DOM of each, and each path's error messages/locations. */
function both(source: string, data: unknown, sources: Record<string, string>) {
  const partials = partialsOf(sources);
  const template = compile(source);
  const string = render(template, data, { partials });
  const react = renderToReact(template, data, { partials });
  const errors = (list: typeof string.errors) =>
    list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`);
  return {
    html: string.html,
    string: normalDom(string.html),
    react: normalDom(renderToString(react.element)),
    stringErrors: errors(string.errors),
    reactErrors: errors(react.errors),
  };
}

describe('partials on the React path', () => {
  it('renders an applied partial to the same DOM inside a repeated section', () => {
    const out = both(
      '<section class="grid">{.repeated section items}{@|apply card}{.end}</section>',
      ITEMS,
      { card: CARD },
    );
    expect(out.react).toBe(out.string);
    expect(out.html).toContain('<p>Has <em>markup</em></p>');
    expect(out.reactErrors).toEqual([]);
  });

  it('keeps private frames, @args and macros as the string path does', () => {
    const out = both(
      '{.macro badge}<b>{label}:{@args.tone}</b>{.end}' +
        '<div>{.section item}{@|apply badge tone=warm}{@|apply plain private}{.end}</div>',
      { label: 'outer', item: { name: 'n' } },
      { plain: '<i>{label}|{name}</i>' },
    );
    expect(out.react).toBe(out.string);
    // private: `label` does not resolve from outside the partial's node.
    expect(out.html).toContain('<i>|n</i>');
    expect(out.html).toContain('<b>outer:warm</b>');
  });

  it('records a missing partial and runaway recursion exactly as render does', () => {
    const missing = both('<p>{@|apply nowhere}</p>', {}, {});
    expect(missing.reactErrors).toEqual(missing.stringErrors);
    expect(missing.reactErrors[0]).toMatch(/could not be found/);

    const recursive = both(
      '<div>{@|apply loop}</div>',
      { a: 1 },
      { loop: '<i>{@|apply loop}</i>' },
    );
    expect(recursive.react).toBe(recursive.string);
    expect(recursive.reactErrors).toEqual(recursive.stringErrors);
    expect(recursive.reactErrors.join('\n')).toMatch(/maximum recursion depth/);
  });

  it('locates an error inside a partial at the partial instruction', () => {
    const out = both(
      '<div>{.section item}{@|apply bad}{.end}</div>',
      { item: { n: 'x' } },
      {
        bad: '<p>{.section n}{@|no-such-thing}{.end}</p>',
      },
    );
    expect(out.reactErrors).toEqual(out.stringErrors);
  });

  it('falls back to rendering and parsing a partial that leaves an element open', () => {
    const out = both('<ul>{.repeated section items}{@|apply open}{title}</li>{.end}</ul>', ITEMS, {
      open: '<li class="item">',
    });
    expect(out.react).toBe(out.string);
  });

  it('brings formatter-backed components inside partials to life', () => {
    const seen: string[] = [];
    const Spy = (props: FormatterComponentProps): ReactNode => {
      seen.push(props.name);
      return createElement('span', { className: 'spy' }, ...props.markup);
    };
    const partials = partialsOf({ card: '<div class="card">{@|product-price}</div>' });
    const item = {
      structuredContent: { productType: 1, variants: [{ price: 1500, onSale: false }] },
    };
    const { element } = renderToReact(
      '{.repeated section items}{@|apply card}{.end}',
      { items: [item, item] },
      { partials, components: { 'product-price': Spy } },
    );
    renderToString(element);
    expect(seen).toEqual(['product-price', 'product-price']);
  });

  it('builds the same tree in the browser runtime (what hydration needs)', () => {
    const template = compile('<main>{.repeated section items}{@|apply card}{.end}</main>');
    const partials = partialsOf({ card: CARD });
    const server = renderToString(renderToReact(template, ITEMS, { partials }).element);
    const prepared = prepareReact(template);
    const browser = renderToString(renderPrepared(prepared, ITEMS, { partials }).element);
    expect(browser).toBe(server);
  });
});

describe('values whose markup leaves their element', () => {
  it('renders the whole output parsed, with a located warning', () => {
    const source = '<div>\n  <p>{body}</p><span>after</span>\n</div>';
    const data = { body: '<p>one</p><p>two</p>' };
    const html = render(source, data).html;
    const result = renderToReact(source, data);
    expect(normalDom(renderToString(result.element))).toBe(normalDom(html));
    const warning = result.errors.find((e) => e.code === 'REACT_UNBALANCED_VALUE');
    expect(warning).toMatchObject({ severity: 'warning', line: 2, column: 6 });
  });

  it('keeps a value that ends its element structured when that end closes what it left open', () => {
    // A description with an unclosed paragraph, last in its div (whitespace after it included):
    // the div's end tag closes the paragraph in the browser too, so no fallback is needed.
    for (const source of [
      '<div class="d">{body}</div><p>after</p>',
      '<div class="d">\n  {body}\n</div><p>after</p>',
    ]) {
      const data = { body: '<p>one</p><p>unclosed' };
      const result = renderToReact(source, data);
      expect(result.errors).toEqual([]);
      expect(normalDom(renderToString(result.element))).toBe(normalDom(render(source, data).html));
    }
    // Not when the parent's end tag stops short: a span's end does not close a <p>.
    const source = '<div><span>{body}</span>text</div>';
    const data = { body: '<p>unclosed' };
    const result = renderToReact(source, data);
    expect(result.errors.map((e) => e.code)).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(normalDom(renderToString(result.element))).toBe(normalDom(render(source, data).html));
    // Nor for a formatting element left open, which the parser reopens in the text after the
    // div: the fallback is reported, and builds that DOM (the tree builder reopens it too).
    const bold = renderToReact('<div>{body}</div>after', { body: '<b>bold' });
    expect(bold.errors.map((e) => e.code)).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(normalDom(renderToString(bold.element))).toBe(
      normalDom(render('<div>{body}</div>after', { body: '<b>bold' }).html),
    );
    expect(renderToString(bold.element)).toContain('<b>after</b>');
  });

  it('keeps the structured render (no warning) for balanced markup', () => {
    const result = renderToReact('<div><p>{body}</p></div>', { body: 'a <em>b</em> &amp; c' });
    expect(result.errors).toEqual([]);
  });
});
