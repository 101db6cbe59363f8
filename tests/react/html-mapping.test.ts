/**
 * HTML-to-React mapping: each template renders, through React, to the DOM the string path
 * gives, without React dev warnings (a warning means a prop React does not know: the mapping
 * is wrong even if the markup happens to match).
 */
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { parseStyle } from '../../react-renderer/runtime/attribute-props.js';
import { decodeEntities } from '../../react-renderer/html/entities.js';
import { normalDom } from './dom-equal.js';
import { bothPaths, reactHtmlWith } from './support.js';

function same(source: string, data: unknown = {}): string {
  const { string, react, warnings, reactHtml } = bothPaths(source, data);
  expect(react).toBe(string);
  expect(warnings).toEqual([]);
  return reactHtml;
}

/** The first host element of a render (depth-first). */
function firstElement(source: string, data: unknown = {}): ReactElement<Record<string, unknown>> {
  const root = renderToReact(source, data).element as ReactElement<{ children?: unknown }>;
  const find = (node: unknown): ReactElement<Record<string, unknown>> | null => {
    if (!isValidElement(node)) return null;
    if (typeof node.type === 'string') return node as ReactElement<Record<string, unknown>>;
    const children = (node.props as { children?: unknown }).children;
    for (const child of Array.isArray(children) ? children : [children]) {
      const hit = find(child);
      if (hit !== null) return hit;
    }
    return null;
  };
  return find(root)!;
}

describe('attribute names', () => {
  it.each([
    [
      '<label class="a" for="x" tabindex="1">L</label>',
      { className: 'a', htmlFor: 'x', tabIndex: '1' },
    ],
    [
      '<input maxlength="3" readonly autocomplete="off">',
      { maxLength: '3', readOnly: true, autoComplete: 'off' },
    ],
    ['<td colspan="2" rowspan="3">x</td>', {}],
    ['<meta http-equiv="refresh" content="5">', {}],
    [
      '<div data-Foo="1" aria-label="q" itemprop="name" contenteditable="true">x</div>',
      { 'data-foo': '1', itemProp: 'name' },
    ],
  ])('%s', (source, props) => {
    same(source);
    if (Object.keys(props).length > 0 && !source.startsWith('<td')) {
      expect(firstElement(source).props).toMatchObject(props);
    }
  });

  it('maps SVG and xlink names', () => {
    const source =
      '<svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"></linearGradient><clipPath id="c"></clipPath></defs>' +
      '<use xlink:href="#a" stroke-width="2" fill-opacity=".5"/><path d="M0 0" stroke-linecap="round"/><foreignObject><div class="x">y</div></foreignObject></svg>';
    same(source);
    expect(firstElement(source).props).toMatchObject({ viewBox: '0 0 10 10' });
  });

  it('drops inline event handler attributes (React cannot render them)', () => {
    expect(firstElement('<a href="#" onclick="go()">x</a>').props).not.toHaveProperty('onclick');
  });

  it('leaves out an empty src or href, as React does (but an anchor href), marking the element', () => {
    // React renders neither (and warns in development); generated code and closures agree.
    const source =
      '<img src="{e}" alt=""><img src="" alt=""><link rel="icon" href="{e}"><a href="{e}">a</a>';
    for (const generated of [true, false]) {
      expect(reactHtmlWith(generated, source, { e: '' })).toBe(
        '<img alt=""/><img alt=""/><link rel="icon"/><a href="">a</a>',
      );
      expect(reactHtmlWith(generated, source, { e: '/x' })).toContain('<img src="/x" alt=""/>');
    }
    const img = firstElement('<img src="{e}" alt="">', { e: '' });
    expect(img.props).toEqual({ alt: '', suppressHydrationWarning: true });
  });

  it('marks an element whose style is empty (React prints no style attribute)', () => {
    for (const source of ['<p style="">x</p>', '<p style="{s}">x</p>']) {
      expect(firstElement(source, { s: '' }).props).toMatchObject({
        suppressHydrationWarning: true,
      });
    }
    expect(firstElement('<p style="{s}">x</p>', { s: 'color:red' }).props).not.toHaveProperty(
      'suppressHydrationWarning',
    );
  });

  it('keeps the first of duplicate attributes', () => {
    same('<div id="a" id="b" class="x" class="y">z</div>');
  });

  it("ends a dropped duplicate attribute's value where the browser does (at a quote in a value)", () => {
    // The second `title` is dropped, but a quote in its value ends it early in the browser.
    const source = '<p title="t" title="{v}">x</p><b class="k">y</b>';
    for (const v of ['plain', 'a"><i>in</i', 'a" data-x="1']) {
      const { string, react } = bothPaths(source, { v });
      expect(react, v).toBe(string);
    }
  });
});

describe('style', () => {
  it('parses declarations into an object, keeping custom properties', () => {
    expect(
      parseStyle(
        'color: red; --brand-Color: #fff; background-image:url("a;b.png"); -ms-transform: none; -webkit-box-flex: 1',
      ),
    ).toEqual({
      color: 'red',
      '--brand-Color': '#fff',
      backgroundImage: 'url("a;b.png")',
      msTransform: 'none',
      WebkitBoxFlex: '1',
    });
  });

  it('tolerates bad CSS', () => {
    expect(parseStyle('color; : red; width: ; ;;height:1px')).toEqual({ height: '1px' });
    same('<div style="color: red;; nonsense ; width: 10px">x</div>');
  });

  it('styles with holes', () => {
    same('<div style="width: {w}px; --x: {c}">x</div>', { w: 10, c: 'a' });
  });

  it('marks elements whose style React prints differently, so hydration does not warn', () => {
    expect(firstElement('<div style="color: red;">x</div>').props.suppressHydrationWarning).toBe(
      true,
    );
    expect(
      firstElement('<div style="color:red">x</div>').props.suppressHydrationWarning,
    ).toBeUndefined();
  });
});

describe('boolean and form attributes', () => {
  it('boolean attributes are true whatever their value', () => {
    same(
      '<input type="checkbox" disabled checked="checked" required=""><video autoplay muted loop playsinline controls></video><details open><summary>s</summary></details><div hidden>h</div>',
    );
    expect(firstElement('<button disabled="">b</button>').props.disabled).toBe(true);
  });

  it('value and checked become defaults', () => {
    expect(firstElement('<input value="v" checked type="radio">').props).toMatchObject({
      defaultValue: 'v',
      defaultChecked: true,
    });
    same('<input value="{v|htmlattr}" name="q"><input type="checkbox" checked>', { v: 'a "b"' });
  });

  it('textarea text becomes its default value', () => {
    same('<textarea name="t">\nline &amp; {v}</textarea>', { v: '<b>' });
    expect(firstElement('<textarea>x</textarea>').props.defaultValue).toBe('x');
  });

  it('selected options become the select default', () => {
    same(
      '<select name="s"><option value="a">A</option><option value="b">B</option><optgroup label="g"><option selected>C</option></optgroup></select>',
    );
    same(
      '<select multiple><option selected>A</option><option>B</option><option selected>C</option></select>',
    );
  });
});

describe('elements', () => {
  it('void elements', () => {
    same(
      '<p>a<br>b<hr><img src="x.png" alt=""><input><wbr>c</p><area><embed src="e"><source src="s"><track src="t"><col>',
    );
  });

  it('implied end tags and table sections', () => {
    same(
      '<ul><li>a<li>b</ul><dl><dt>t<dd>d</dl><p>x<div>y</div><select><option>1<option>2</select>',
    );
    same(
      '<table><tr><td>a<td>b<tr><th>c</table><table><col width="1"><thead><tr><td>h<tbody><tr><td>b</table>',
    );
  });

  it('whitespace inside tables is kept as the HTML has it', () => {
    same('<table>\n  <tbody>\n    <tr>\n      <td>{x}</td>\n    </tr>\n  </tbody>\n</table>', {
      x: 1,
    });
  });

  it('stray end tags, </p> and </br>', () => {
    same('<div>a</span>b</p>c</br>d</div>');
  });

  it('entities in text and attributes', () => {
    same(
      '<p title="a &amp; b &quot;c&quot; &copy=1">&lt;tag&gt; &amp;&nbsp;&eacute;&#233;&#x2014;&mdash; &copy2024 &unknown; AT&T</p>',
    );
    expect(decodeEntities('&#0;&#x80;&#x110000;')).toBe('\ufffd€\ufffd');
  });

  it('script and style content stays raw', () => {
    const html = same(
      '<style>a > b { color: red }</style><script>if (a < b && c) { x("</p>") }</script><script type="application/ld+json">{json}</script>',
      { json: '{"a":"<b>"}' },
    );
    expect(html).toContain('if (a < b && c)');
  });

  it('comments are dropped, including instructions inside them', () => {
    same('<p>a<!-- {x} --->b<!---->c<!-->d</p><!DOCTYPE html>', { x: 1 });
    // Whitespace then a comment ending the page: the comparison drops the comment first, so
    // that whitespace ends the body on both sides (a flaky property counterexample).
    same('Hello{a}\n  <!-- {a} -->', { a: '<span>s</span>' });
  });

  it('a comment keeps the texts around it apart, as the DOM does (hydration pairs text nodes)', () => {
    // React hydrates text node by text node, skipping comments: merged into one string, the
    // texts on either side of a comment would not match the server's two text nodes.
    const data = { x: '<b>z</b>x<!-- c -->y<?pi?>w<!DOCTYPE html>v', n: 1 };
    const html = same('<div><b>x</b>a<!-- {n} -->b</div><p>{x}</p>', data);
    expect(html).toBe('<div><b>x</b>a<!-- -->b</div><p><b>z</b>x<!-- -->y<!-- -->wv</p>');
    // After an instruction's text, first in a block or in a value: what comes before is
    // known only when the page renders.
    const later = { list: [1, 2], n: 'n', y: '<!-- c -->y' };
    expect(same('<p><br>{n}<!-- c -->b</p>', later)).toBe('<p><br/>n<!-- -->b</p>');
    expect(
      same('<p><br>a{.repeated section list}<!-- {@} -->{.alternates with}, {.end}</p>', later),
    ).toBe('<p><br/>a<!-- -->, </p>');
    expect(same('<p><br>a{y}</p>', later)).toBe('<p><br/>a<!-- -->y</p>');
  });

  it('pre drops its first newline', () => {
    same('<pre>\n\nindented\n</pre>');
  });

  it("a template's content is kept as it is written (verbatim, not as elements)", () => {
    same(
      '<div><template id="t"><p class="a">{x}</p><template><i>{x}</i></template></template></div>',
      {
        x: 'v',
      },
    );
    same('<table><tr><td><template><tr><td>{x}</td></tr></template></td></tr></table>', { x: 'v' });
    same('<div>{h}</div>', { h: '<template><li>in</li></template>' });
  });

  it('a pre, listing or textarea whose content begins with a value drops its first newline', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['<pre>{x}</pre>', { x: '\nabc' }],
      ['<pre>{x}</pre>', { x: '\n' }],
      ['<div><pre>{x}<b>y</b></pre></div>', { x: '\nabc' }],
      ['<p>a</p><textarea name="t">{x}</textarea>', { x: '\nabc' }],
      ['<listing>{x}</listing>', { x: '\n\nabc' }],
      ['<pre>{.section x}{@}{.end}</pre>', { x: '\nabc' }],
      // An empty value first: the template text after it begins the content.
      ['<pre>{y}\nq</pre>', { y: '' }],
      ['<pre>{y}{x}</pre>', { y: '', x: '\n\nz' }],
      // The template's own newline was the one dropped: the value's stays.
      ['<pre>\n{x}</pre>', { x: '\nabc' }],
      ['<textarea>\n{x}</textarea>', { x: '\nabc' }],
    ];
    for (const [source, data] of cases) {
      same(source, data);
      // The closures (the browser's way) as well as generated code.
      expect(normalDom(reactHtmlWith(false, source, data)), source).toBe(
        normalDom(render(source, data).html),
      );
    }
  });

  it('markup-bearing values are parsed; plain values are not', () => {
    same('<div>{a}|{b}|{c}</div>', { a: 'x <b>y</b> &amp; z', b: 'plain', c: 'AT&T' });
    same('<ul>{html}</ul><table>{rows}</table>', {
      html: '<li>a<li>b',
      rows: '<tr><td>1</td></tr>',
    });
  });

  it('a document with head and body', () => {
    same(
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{t}</title>\n<link rel="icon" href="/f.ico">\n<script async src="/a.js"></script>\n</head>\n<body class="b">\n<p>{t}</p>\n</body>\n</html>',
      { t: 'Title' },
    );
  });
});

describe('unstructurable regions fall back to runtime parsing', () => {
  it('a tag opened in one block and closed in another', () => {
    same('<p>{.if a}<a href="{u}">{.end}link{.if a}</a>{.end} after</p>', { a: true, u: '/x' });
    same('<p>{.if a}<a href="{u}">{.end}link{.if a}</a>{.end} after</p>', { a: false });
  });

  it('an instruction in a tag name', () => {
    same('<div><h{n} class="t">x</h{n}>y</div>', { n: 3 });
  });

  it('instructions among attributes', () => {
    same('<img src="a.png" {attrs}><div {.if on}class="on"{.end} id="d">x</div>', {
      attrs: 'alt="A" width=10',
      on: true,
    });
  });

  it('a block that closes an element opened outside it', () => {
    same(
      '<div>{.repeated section items}<span>{@}</span>{.alternates with}</div><div>{.end}</div>',
      { items: [1, 2, 3] },
    );
  });
});
