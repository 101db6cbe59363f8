/**
 * Widgets of a page rendered whole (a value's markup left its element, REACT_UNBALANCED_VALUE):
 * the string path's HTML is structured as the browser parses it, and the widget formatters
 * whose output went straight into the page are components there too (react-renderer/runtime/whole-render.ts). Where a
 * widget's output went through another formatter, into an attribute, raw text or a comment, or
 * does not fit where it stands, it is markup. The DOM is the string path's in every case.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compile, render, renderToReact, type FormatterComponentProps } from '../../../index.js';
import { sitePartials, storeData } from '../demo-site.js';
import { dropImagePreloads, normalDom } from '../dom-equal.js';

/** A body whose paragraphs close the template's `<p>` around it: the page renders whole. */
const BROKEN_BODY = '<p>one</p><p>two</p>';

/** Renders with spy components for `names`; returns the calls, warnings and both DOMs. */
function renderWithSpies(
  source: string,
  data: Record<string, unknown>,
  names: string[],
  options: Record<string, unknown> = {},
) {
  const calls: FormatterComponentProps[] = [];
  const Spy = (props: FormatterComponentProps): ReactNode => {
    calls.push(props);
    return createElement(Fragment, null, ...props.markup);
  };
  const components = Object.fromEntries(names.map((name) => [name, Spy]));
  const template = compile(source);
  const result = renderToReact(template, data, { ...options, components });
  const stringHtml = render(template, data, options).html;
  const reactHtml = dropImagePreloads(renderToString(result.element), stringHtml);
  return {
    calls,
    codes: result.errors.map((e) => e.code),
    react: normalDom(reactHtml),
    string: normalDom(stringHtml),
  };
}

describe('widgets of a page rendered whole', () => {
  const data: Record<string, unknown> = { ...storeData(0), body: BROKEN_BODY };

  it('are components where their output went straight into the page', () => {
    const source =
      '<div class="post"><p>{body}</p>{.section item}<div class="buy">{@|add-to-cart-btn}</div>' +
      '<span class="p">{@|product-price}</span>{@|quantity-input 3}{.end}</div>';
    const out = renderWithSpies(source, data, [
      'add-to-cart-btn',
      'product-price',
      'quantity-input',
    ]);
    expect(out.codes).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(out.calls.map((c) => [c.name, c.args])).toEqual([
      ['add-to-cart-btn', []],
      ['product-price', []],
      ['quantity-input', ['3']],
    ]);
    // Each is given the value its formatter was applied to, and its markup.
    for (const call of out.calls) {
      expect(call.node).toBe(data.item);
      expect(call.markup.length).toBeGreaterThan(0);
    }
    expect(out.calls[1]!.html).toContain('class="product-price"');
    expect(out.react).toBe(out.string);
  });

  it('are components inside partials applied as values', () => {
    const source =
      '<p>{body}</p><div class="grid">{.repeated section items}{@|apply product-card.block}{.end}</div>';
    const out = renderWithSpies(source, data, ['product-quick-view'], { partials: sitePartials() });
    expect(out.codes).toEqual(['REACT_UNBALANCED_VALUE']);
    const items = data.items as unknown[];
    expect(out.calls.map((c) => c.node)).toEqual(items);
    expect(out.calls.every((c) => c.name === 'product-quick-view')).toBe(true);
    expect(out.react).toBe(out.string);
  });

  it.each([
    [
      'in attributes, raw text, comments, chains and bound variables',
      '<p>{body}</p>{.section item}<textarea>{@|product-price}</textarea><!-- {@|product-price} -->' +
        '<div>{@|product-price|safe}</div><div>{.var @p @|product-price}{@p}</div>' +
        "<div data-x='{@|like-button}'>x</div>{.end}",
    ],
    [
      // `truncate` counts the partial's text: a marker inside it would change where it cuts.
      'inside the output of a formatter that changes it (text cut exactly)',
      '{.macro m}<span>{@|product-price}</span>{.end}<p>{body}</p>{.section item}' +
        '<div>{@|apply m|truncate 45}</div>{.end}',
    ],
    [
      // The price's <div> closes the template's <p>: no tree with a component there matches.
      // The body's <p> and the section after it are parsed again in their <div>: one warning,
      // the first value's (react-renderer/compile/piece-fallback.ts).
      'when their own markup does not fit where it stands',
      '<div><p>{body}</p>{.section item}<p>{@|product-price}</p>{.end}</div>',
    ],
  ])('are markup %s', (_what, source, warnings = 1) => {
    const out = renderWithSpies(source, data, ['product-price', 'like-button']);
    expect(out.codes).toEqual(Array(warnings).fill('REACT_UNBALANCED_VALUE'));
    expect(out.calls).toEqual([]);
    expect(out.react).toBe(out.string);
  });

  it('are never `apply`, even when a component is registered under that name', () => {
    const source = '{.macro m}<b>{@|product-price}</b>{.end}<p>{body}</p><div>{item|apply m}</div>';
    const out = renderWithSpies(source, data, ['apply', 'product-price']);
    expect(out.calls.map((c) => c.name)).toEqual(['product-price']);
    expect(out.react).toBe(out.string);
  });

  it('leave text that looks like a marker alone', () => {
    const lookalike = '\uE001abc:0\uE001 and \uE0010:0\uE001';
    const source = '<p>{body}</p><i>{text}</i>{.section item}<div>{@|product-price}</div>{.end}';
    const out = renderWithSpies(source, { ...data, text: lookalike }, ['product-price']);
    expect(out.calls).toHaveLength(1);
    expect(out.react).toBe(out.string);
    expect(out.react).toContain(lookalike);
  });

  it('leave the renders after it as they were (no marking outside a whole render)', () => {
    const source = '<div>{.section item}{@|product-price}{.end}</div>';
    renderWithSpies('<p>{body}</p>' + source, data, ['product-price']);
    const after = renderWithSpies(source, data, ['product-price']);
    expect(after.codes).toEqual([]);
    expect(after.calls).toHaveLength(1);
    expect(render(source, data).html).not.toMatch(/\uE001/);
  });
});

describe('a widget whose output finishes a tag that a value leaves open', () => {
  // The body's `<a href='` takes the widget's markup into its value up to the `'` of the
  // title in the widget's data-title (the product-page hydration property's counterexample,
  // with `it's` for a title; here one whose rest, `title=t"`, is an attribute React can name).
  it("is the tag's markup, as in the browser", () => {
    const data = storeData(0);
    const item = { ...(data.item as object), title: "x' title=t", body: "<a href='" };
    const source = '{.section item}<div>{body}</div>{@|social-button}{.end}';
    const out = renderWithSpies(source, { ...data, item }, []);
    expect(out.react).toBe(out.string);
    expect(out.react).toMatch(/<a href=.*title="t/);
  });
});
