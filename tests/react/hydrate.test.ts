/**
 * Hydration (jsdom): the string path's HTML in a container, hydrated with the React path's
 * element tree for the same template and data, must hydrate cleanly — no console error or
 * warning from React, no recoverable error — and the formatter-backed components must be
 * React-owned afterwards (their click handlers fire).
 *
 * @vitest-environment jsdom
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  act,
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import { describe, expect, it } from 'vitest';
import { compile, prepareReact, render, type FormatterComponentProps } from '../../index.js';
import { hydrateTemplate } from '../../react-renderer/browser.js';
import { readJson, SITE, storeData } from './demo-site.js';
import { hydrate, logged } from './hydration-harness.js';

/** The product page's data for item `index` (as the preview server assembles it). */
const productData = storeData;

describe('hydration of server HTML with the React path', () => {
  it('hydrates the demo product page without a warning', async () => {
    const source = readFileSync(join(SITE, 'templates', 'product.html'), 'utf8');
    for (const index of [0, 1, 2, 3]) {
      const { recoverable } = await hydrate(source, productData(index));
      expect(recoverable).toEqual([]);
      expect(logged).toEqual([]);
    }
  });

  it('hydrates templates with regions, dynamic attributes, styles and forms', async () => {
    const source =
      '<div class="a {x}" style="color: red; margin : 0">{.if on}<a href="/{x}">{.end}link{.if on}</a>{.end}' +
      '<img src="/i.png" alt="" {@|image-meta}><h{n} id="h">t</h{n}><p>Hello {name}, {html}</p>' +
      '<form><input name="q" value="{x}" disabled><textarea name="t">{x}</textarea>' +
      '<select name="s"><option>a</option><option selected>b</option></select></form></div>';
    const data = { x: 'v', on: true, n: 2, name: 'Ann', html: '<b>bold</b> &amp; more' };
    const { recoverable } = await hydrate(source, data);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('hydrates values whose markup closes their element or leaves one open', async () => {
    // `<p>{body}</p>` with paragraphs in the body: the browser closes the template's <p> at the
    // body's first <p>; an unclosed <li> in a value takes the template's text after it.
    const cases: Array<[string, unknown]> = [
      ['<div class="post"><p>{body}</p><span>after</span></div>', { body: '<p>one</p><p>two</p>' }],
      [
        '<ul>{.repeated section items}{open}{title}</li>{.end}</ul>',
        {
          items: [
            { open: '<li class="i">', title: 'A' },
            { open: '<li class="i">', title: 'B' },
          ],
        },
      ],
      ['<section><div>{html}</div><p>tail</p></section>', { html: '</div><div class="x">moved' }],
    ];
    for (const [source, data] of cases) {
      const { container, recoverable } = await hydrate(source, data);
      expect(recoverable).toEqual([]);
      expect(logged).toEqual([]);
      expect(container.innerHTML).toBe(
        Object.assign(document.createElement('div'), { innerHTML: render(source, data).html })
          .innerHTML,
      );
    }
  });

  it("hands the React render's warnings to onErrors before hydrating", async () => {
    const source = '<div class="post">\n<p>{body}</p><span>after</span></div>';
    const data = { body: '<p>one</p><p>two</p>' };
    const template = compile(source);
    const container = document.createElement('div');
    container.innerHTML = render(template, data).html;
    document.body.appendChild(container);
    const seen: string[] = [];
    await act(async () => {
      hydrateTemplate(container, prepareReact(template), data, {
        onErrors: (errors) => seen.push(...errors.map((e) => e.code)),
      });
    });
    // A prepared template carries no source locations: the code is what the browser can name.
    expect(seen).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(logged).toEqual([]);
  });

  it('hydrates tables with whitespace between their parts (React dev build stays quiet)', async () => {
    const source = `<table class="t">
  <caption> Rows </caption>
  <colgroup> <col> </colgroup>
  <thead><tr><th>Name</th> <th>Qty</th></tr></thead>
  <tbody>
    {.repeated section rows}
    <tr data-id="{id}">
      <td>{name}</td>
      <td> {qty} </td>
    </tr>
    {.end}
  </tbody>
</table>`;
    const data = {
      rows: [
        { id: 1, name: 'a', qty: 2 },
        { id: 2, name: 'b &amp; c', qty: 3 },
      ],
    };
    const { container, recoverable } = await hydrate(source, data);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    // Only the unrendered whitespace between table parts is gone; cell text is intact.
    const rows = container.querySelectorAll('tbody > tr');
    expect(rows).toHaveLength(2);
    expect(
      [...container.querySelectorAll('tbody, tr')]
        .flatMap((el) => [...el.childNodes])
        .filter((n) => n.nodeType === 3),
    ).toEqual([]);
    expect(rows[1]!.textContent).toBe('b & c 3 ');
    expect(container.querySelector('caption')!.textContent).toBe(' Rows ');
  });

  it('hydrates the demo cart page with entries (a table)', async () => {
    const source = readFileSync(join(SITE, 'templates', 'cart.html'), 'utf8');
    const shop = readJson('data/collections/shop.json') as { items: Array<{ id: string }> };
    const entry = {
      id: 'e1',
      itemId: shop.items[0]!.id,
      title: 'Linen Work Apron',
      quantity: 2,
      chosenVariant: { sku: 'JP-APR-SAG-SM' },
      subTotal: { decimalValue: '96.00', currencyCode: 'USD' },
    };
    const data = {
      ...readJson('data/website.json'),
      ...readJson('data/localized-strings.json'),
      ...readJson('data/pages/cart.json'),
      cart: {
        id: 'c1',
        totalQuantity: 2,
        entries: [entry, { ...entry, id: 'e2', quantity: 1 }],
        subtotalAmount: { decimalValue: '144.00', currencyCode: 'USD' },
        requiresShipping: true,
      },
    };
    const { container, recoverable } = await hydrate(source, data);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.querySelectorAll('tr.cart-entry')).toHaveLength(2);
  });

  it('formatter-backed components are React-owned: their click handler fires', async () => {
    const source = '<div class="buy">{.section item}{@|add-to-cart-btn}{.end}</div>';
    const data = productData(0);
    const { container } = await hydrate(source, data);
    expect(logged).toEqual([]);
    const seen: CustomEvent[] = [];
    container.addEventListener('jsont:add-to-cart-btn', (event) => seen.push(event as CustomEvent));
    const button = container.querySelector('.sqs-add-to-cart-button-inner') as HTMLElement;
    expect(button).not.toBeNull();
    await act(async () => {
      button.click();
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toMatchObject({ name: 'add-to-cart-btn' });
  });

  it('widgets of a page rendered whole (a value left its element) are React-owned too', async () => {
    const source =
      '<div class="post"><p>{body}</p></div><div class="buy">{.section item}{@|add-to-cart-btn}{.end}</div>';
    const data = { ...productData(0), body: '<p>one</p><p>two</p>' };
    const { container, recoverable, codes } = await hydrate(source, data);
    expect(codes).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    const seen: CustomEvent[] = [];
    container.addEventListener('jsont:add-to-cart-btn', (event) => seen.push(event as CustomEvent));
    await act(async () => {
      (container.querySelector('.sqs-add-to-cart-button-inner') as HTMLElement).click();
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toMatchObject({ name: 'add-to-cart-btn' });
  });

  it('keeps attributes React cannot render (inline handlers, key, ref, empty src) without a warning', async () => {
    // React takes `key` and `ref` for itself (a `ref` string used to stop the render) and
    // cannot render `onclick`: the elements leave them out and are marked for hydration, which
    // keeps the server's attributes.
    const source =
      '<a href="#" onclick="go()">y</a><div key="k" ref="r" class="{c}">z</div>' +
      '<p>{h}</p><img src="/i.png" alt="" onload="{c}"><img src="{e}" alt=""><img src="" alt="">';
    // An empty src too: React leaves it out (and warns in development).
    const data = { c: 'v', e: '', h: '<span onclick="x()" key="q">s</span><img src="">' };
    const { container, recoverable, codes } = await hydrate(source, data);
    expect(codes).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.innerHTML).toBe(render(source, data).html);
  });

  it("keeps a <template>'s content, which the browser does not make its children", async () => {
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      [
        '<div><template id="t"><template><i>{x}</i></template><b class="{x}">{x}</b></template></div>',
        { x: 'v' },
        [],
      ],
      // In a value's markup: the page is rendered whole, where the content is kept as well.
      [
        '<div>{h}</div><p>after</p>',
        { h: '<template><p>in</p></template>' },
        ['REACT_UNBALANCED_VALUE'],
      ],
    ];
    for (const [source, data, expected] of cases) {
      const { container, recoverable, codes } = await hydrate(source, data);
      expect(codes, source).toEqual(expected);
      expect(recoverable, source).toEqual([]);
      expect(logged, source).toEqual([]);
      expect(container.innerHTML, source).toBe(render(source, data).html);
      expect(container.querySelector('template')!.content.childNodes.length).toBeGreaterThan(0);
    }
  });

  it('components can be overridden by name', async () => {
    const template = compile('{.section item}{@|add-to-cart-btn}{.end}');
    const data = productData(0);
    const container = document.createElement('div');
    container.innerHTML = render(template, data).html;
    document.body.appendChild(container);
    const clicks: string[] = [];
    const Custom = (props: FormatterComponentProps): ReactNode =>
      createElement(
        Fragment,
        null,
        ...props.markup.map((node) =>
          isValidElement(node)
            ? cloneElement(node as ReactElement<{ onClick?: () => void }>, {
                onClick: () => clicks.push(props.name),
              })
            : node,
        ),
      );
    await act(async () => {
      hydrateTemplate(container, prepareReact(template), data, {
        components: { 'add-to-cart-btn': Custom },
      });
    });
    expect(logged).toEqual([]);
    await act(async () => {
      (container.querySelector('.sqs-add-to-cart-button') as HTMLElement).click();
    });
    expect(clicks).toEqual(['add-to-cart-btn']);
  });
});
