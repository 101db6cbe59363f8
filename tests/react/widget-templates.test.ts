/**
 * Widgets whose formatter executes a built-in template (variants-select, add-to-cart-btn,
 * product-price…) are built on the React path from that template's React code, not rendered to
 * a string and parsed: the same DOM and errors as the string path, the same tree in the browser
 * runtime, and the string way again wherever a formatter does more with its template's output.
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  compile,
  prepareReact,
  render,
  renderToReact,
  type Formatter,
  type FormatterComponentProps,
} from '../../index.js';
import { renderPrepared } from '../../react-renderer/browser.js';
import { ITEM_COUNT, sitePartials, siteTemplate, storeData } from './demo-site.js';
import { normalDom } from './dom-equal.js';

const messages = (
  list: ReadonlyArray<{ code: string; line: number; column: number; message: string }>,
) => list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`);

/** A component that records what it was given and renders the markup in a marked span. */
function spy(seen: Array<{ name: string; html: string }>, markupOnly: boolean) {
  const Spy = (props: FormatterComponentProps): ReactNode => {
    seen.push({ name: props.name, html: props.html });
    return createElement('span', { 'data-spy': props.name }, ...props.markup);
  };
  if (markupOnly) Object.assign(Spy, { markupOnly: true });
  return Spy;
}

/** A formatter that fails at render time (an error recorded at its instruction). */
const BOOM: Formatter = {
  apply() {
    throw new Error('boom');
  },
};

describe('template-backed widgets on the React path', () => {
  it('renders every demo page, for every item, to the string path DOM and errors', () => {
    const partials = sitePartials();
    for (const page of ['product', 'shop', 'home']) {
      const template = compile(siteTemplate(`${page}.html`));
      for (let i = 0; i < ITEM_COUNT; i++) {
        const data = storeData(i);
        const string = render(template, data, { partials });
        const react = renderToReact(template, data, { partials });
        expect(normalDom(renderToString(react.element)), `${page} #${i}`).toBe(
          normalDom(string.html),
        );
        expect(messages(react.errors)).toEqual(messages(string.errors));
      }
    }
  });

  it('builds the same tree in the browser runtime (what hydration needs)', () => {
    const partials = sitePartials();
    for (let i = 0; i < ITEM_COUNT; i++) {
      const template = compile(siteTemplate('product.html'));
      const data = storeData(i);
      const server = renderToString(renderToReact(template, data, { partials }).element);
      const browser = renderToString(
        renderPrepared(prepareReact(template), data, { partials }).element,
      );
      expect(browser).toBe(server);
    }
  });

  it('gives a markup-only component the built nodes and no HTML string', () => {
    const seen: Array<{ name: string; html: string }> = [];
    const template = '<div class="buy">{item|variants-select}{item|add-to-cart-btn}</div>';
    const data = storeData(0);
    const components = {
      'variants-select': spy(seen, true),
      'add-to-cart-btn': spy(seen, true),
    };
    const out = renderToString(renderToReact(template, data, { components }).element);
    expect(seen.map((s) => s.name)).toEqual(['variants-select', 'add-to-cart-btn']);
    expect(seen.every((s) => s.html === '')).toBe(true);
    expect(out).toContain('<span data-spy="variants-select"><div class="product-variants"');
    expect(out).toContain(
      '<span data-spy="add-to-cart-btn"><div class="sqs-add-to-cart-button-wrapper"',
    );
  });

  it("gives any other component the formatter's HTML, as before", () => {
    const seen: Array<{ name: string; html: string }> = [];
    const data = storeData(0);
    const components = { 'variants-select': spy(seen, false) };
    renderToString(
      renderToReact('<div>{item|variants-select}</div>', data, { components }).element,
    );
    const html = render('{item|variants-select}', data).html.trim();
    expect(seen).toEqual([{ name: 'variants-select', html }]);
  });

  it('renders a formatter that wraps its template output the string way, errors once', () => {
    // Executes a template with an error in it, then wraps the output in markup of its own.
    const inner = compile('<b>{title|boom}</b><i>{title}</i>', { formatters: { boom: BOOM } }).code;
    const wrap: Formatter = {
      apply(_args, vars, ctx) {
        vars[0]!.set(`<p class="wrapped">${ctx.executeTemplate(inner, vars[0]!.value, false)}</p>`);
      },
    };
    const plain: Formatter = {
      apply(_args, vars, ctx) {
        vars[0]!.set(ctx.executeTemplate(inner, vars[0]!.value, false));
      },
    };
    const data = { item: { title: 'A & B' } };
    for (const source of ['<div>{item|wrap}</div>', '<div>{item|plain}</div>']) {
      const options = { formatters: { wrap, plain, boom: BOOM } };
      const string = render(source, data, options);
      const react = renderToReact(source, data, options);
      expect(normalDom(renderToString(react.element))).toBe(normalDom(string.html));
      expect(messages(react.errors)).toEqual(messages(string.errors));
      expect(react.errors).toHaveLength(1);
    }
  });

  it('keeps a template executed inside the widget template the string way', () => {
    // The outer formatter's template applies a formatter that executes another template.
    const leaf = compile('<em>{@}</em>').code;
    const outer = compile('<span class="o">{name|leaf}</span>').code;
    const formatters: Record<string, Formatter> = {
      leaf: {
        apply: (_a, vars, ctx) => vars[0]!.set(ctx.executeTemplate(leaf, vars[0]!.value, true)),
      },
      outer: {
        apply: (_a, vars, ctx) => vars[0]!.set(ctx.executeTemplate(outer, vars[0]!.value, true)),
      },
    };
    const source = '<ul>{.repeated section items}<li>{@|outer}</li>{.end}</ul>';
    const data = { items: [{ name: 'x <y>' }, { name: 'z' }] };
    const string = render(source, data, { formatters });
    const react = renderToReact(source, data, { formatters });
    expect(normalDom(renderToString(react.element))).toBe(normalDom(string.html));
    expect(react.errors).toEqual([]);
  });
});
