/**
 * The runtime HTML parser (react-renderer/html/tokenizer.ts, react-renderer/html/tree-builder.ts, react-renderer/runtime/host-elements.ts): the
 * tokenizer gives the same tokens however its input is cut into chunks (the structuring pass
 * feeds template text chunk by chunk, the runtime parse feeds whole values); `parseMarkup`,
 * which builds React elements as the tree builder closes them, gives the elements of the tree
 * the structuring pass builds with the same builder; and it builds the DOM parse5 builds.
 */
import fc from 'fast-check';
import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  foreignType,
  host,
  plainHost,
  parseMarkup,
  propsOf,
  pushAll,
  reactCanName,
  type Kid,
} from '../../../react-renderer/runtime/host-elements.js';
import { HtmlTokenizer } from '../../../react-renderer/html/tokenizer.js';
import { Quote, type TagToken } from '../../../react-renderer/html/tokens.js';
import {
  Ns,
  TreeBuilder,
  VOID,
  type HElement,
  type HNode,
} from '../../../react-renderer/html/tree-builder.js';
import { normalDom } from '../dom-equal.js';

// ---- generated markup -------------------------------------------------------------------------

const TAGS = [
  ...['div', 'DIV', 'Span', 'p', 'a', 'b', 'li', 'ul', 'dd', 'dt', 'h1', 'h2', 'pre', 'button'],
  ...['br', 'BR', 'img', 'input', 'hr', 'col', 'table', 'tr', 'td', 'th', 'tbody', 'caption'],
  ...['select', 'option', 'optgroup', 'textarea', 'title', 'script', 'style', 'noscript'],
  ...['svg', 'foreignObject', 'linearGradient', 'desc', 'path', 'math', 'éx', 'ÉX'],
];
const ATTR_NAMES = [
  ...['class', 'CLASS', 'id', 'data-x', 'data-Item-Id', 'viewBox', 'stroke-width', 'xlink:href'],
  ...['value', 'checked', 'selected', 'style', 'contenteditable', 'onclick', 'tabindex', 'for'],
  ...['key', '__self', 'constructor', 'x"y', '=a', 'É', 'a-long-attribute-name-here'],
];
const ATTR_VALUES = [
  ...['x', '', 'a b', '&quot;q&quot;', '&amp;', '&amp', '&copy', '&copy=2', '&#39;', '&#x110000;'],
  ...['&lt;b&gt;', 'é', '😀', 'color: red; --X: 1', 'a>b', '&quot;'.repeat(20) + 'x'.repeat(520)],
];
/** Text without `&`: a reference cut by a chunk boundary is not one (the pass never cuts one). */
const TEXTS = [
  ...[' ', '\n', 'hello', 'x < y', '<', '</', '</>', '<!-- c -->', '<!-->', '<!doctype html>'],
  ...['<?x ?>', 'ÿé', '</br>', '</p>', '</span>', '</svg>', '</SCRIPT >', '</table>'],
];

const attribute = fc
  .tuple(
    fc.constantFrom(...ATTR_NAMES),
    fc.constantFrom(...ATTR_VALUES),
    fc.constantFrom('"', "'", '', 'none'),
  )
  .map(([name, value, quote]) => {
    if (quote === 'none') return name;
    if (quote === '') return `${name}=${value.replace(/[\s>"'`=<]/g, '') || 'v'}`;
    return `${name}=${quote}${value.split(quote).join(quote === '"' ? '&quot;' : '&#39;')}${quote}`;
  });

const startTag = fc
  .tuple(
    fc.constantFrom(...TAGS),
    fc.array(attribute, { maxLength: 3 }),
    fc.constantFrom(' ', '\n', '/', '  '),
    fc.boolean(),
  )
  .map(([tag, attrs, gap, selfClosing]) => {
    const list = attrs.length > 0 ? gap + attrs.join(' ') : '';
    return `<${tag}${list}${selfClosing ? '/' : ''}>`;
  });

const markup: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...TEXTS),
      startTag,
      fc.constantFrom(...TAGS).map((tag) => `</${tag}>`),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

/** Cut points into a string (sorted, repeats allowed: an empty chunk is a chunk too). */
function chunksOf(text: string, cuts: number[]): string[] {
  const at = cuts.map((cut) => Math.floor(cut * (text.length + 1))).sort((x, y) => x - y);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of at) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}

// ---- tokenizer ----------------------------------------------------------------------------------

/** The tokens of chunks written one after the other (adjacent text merged). */
function tokens(chunks: string[]): unknown[] {
  const out: unknown[] = [];
  const tokenizer = new HtmlTokenizer<never>({
    text(text) {
      if (typeof out[out.length - 1] === 'string') out[out.length - 1] += text;
      else out.push(text);
    },
    tag(tag: TagToken<never>) {
      const { name, end, attrs, selfClosing, dynamic, bad } = tag;
      out.push({ name, end, attrs, selfClosing, dynamic, bad });
    },
  });
  for (const chunk of chunks) tokenizer.write(chunk);
  tokenizer.end();
  return out;
}

describe('html-tokenizer', () => {
  it('gives the same tokens for markup written whole or in chunks', () => {
    fc.assert(
      fc.property(markup, fc.array(fc.double({ min: 0, max: 1, noNaN: true })), (html, cuts) => {
        expect(tokens(chunksOf(html, cuts))).toEqual(tokens([html]));
      }),
      { numRuns: 400 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  it('decodes a character reference cut between chunks as if written whole', () => {
    // A cut right after `&` once slipped through the property above (found by it, rarely).
    for (const text of ['a &quot;b&quot; c', 'x &#x41;y', '&copy2024 &', 'AT&T &amp more']) {
      for (let cut = 0; cut <= text.length; cut++) {
        expect(tokens([text.slice(0, cut), text.slice(cut)]), `${text} cut at ${cut}`).toEqual(
          tokens([text]),
        );
      }
    }
  });

  it('reads raw and escapable text cut between chunks as if written whole', () => {
    // A cut inside a reference or an end tag in <textarea> once slipped through the property
    // above (found by it, rarely).
    const texts = [
      '<textarea>&lt;b&gt;</textarea>x',
      '<title>a&amp;b</TITLE >y',
      '<script>a</scr</script>z',
      '<style>&lt</style',
      '<textarea>&lt</textarea>',
    ];
    for (const text of texts) {
      const whole = tokens([text]);
      expect(whole.length, text).toBeGreaterThan(1);
      for (let cut = 0; cut <= text.length; cut++) {
        expect(tokens([text.slice(0, cut), text.slice(cut)]), `${text} cut at ${cut}`).toEqual(
          whole,
        );
        const third = text.slice(cut);
        expect(tokens([text.slice(0, cut), third.slice(0, 1), third.slice(1)])).toEqual(whole);
      }
    }
  });

  it('lower-cases tag and attribute names, ASCII and beyond, across chunks', () => {
    const expected = [
      {
        name: 'svg',
        end: false,
        attrs: [
          { name: 'viewbox', value: '0 0 1 1', parts: null },
          { name: 'é-x', value: 'A', parts: null },
        ],
        selfClosing: false,
        dynamic: null,
        bad: false,
      },
    ];
    expect(tokens(['<SVG viewBox="0 0 1 1" É-x=A>'])).toEqual(expected);
    expect(tokens(['<SV', 'G vie', 'wBox="0 0 1 1" É', '-x=A>'])).toEqual(expected);
    expect(tokens(['<svg v', 'iewBox="0 0 1 1" ', 'É-x=A>'])).toEqual(expected);
  });

  it('decodes text and attribute values that have references, and only those', () => {
    const [text, tag, rest] = tokens([
      'a &amp; b<p title="x &quot;y&quot;" lang="en" data-a="&copy=1" data-b="&copy;">AT&T',
    ]) as [string, { attrs: Array<{ value: string }> }, string];
    expect(text).toBe('a & b');
    expect(tag.attrs.map((a) => a.value)).toEqual(['x "y"', 'en', '&copy=1', '©']);
    expect(rest).toBe('AT&T');
  });

  it('files holes in attribute values with the decoded parts around them', () => {
    const tags: Array<TagToken<string>> = [];
    const tokenizer = new HtmlTokenizer<string>({ text() {}, tag: (tag) => void tags.push(tag) });
    tokenizer.write('<a title="x &amp; ');
    expect(tokenizer.hole('H')).toBe('attr');
    tokenizer.write(' y&quot;" href=/z>');
    tokenizer.end();
    expect(tags[0]!.attrs).toEqual([
      { name: 'title', value: '', parts: ['x & ', 'H', ' y"'], quote: Quote.DOUBLE },
      { name: 'href', value: '/z', parts: null },
    ]);
  });
});

// ---- tree construction ------------------------------------------------------------------------

/** The tree the structuring pass builds (elements attached as they open), as React nodes. */
function viaTree(html: string, parent: string, ns: Ns): unknown {
  const builder = new TreeBuilder<never, never>(parent, ns);
  const tokenizer = new HtmlTokenizer<never>(builder);
  tokenizer.write(html);
  tokenizer.end();
  // An element React cannot name (`<hello<div>`) is left out, its content in its place, as
  // the structuring pass does.
  const convert = (nodes: Array<HNode<never, never>>): Kid[] =>
    nodes.reduce<Kid[]>((kids, node) => {
      if (typeof node === 'string') pushAll(kids, [node]);
      else if (node === null)
        kids.push(null); // a comment's text break
      else if (reactCanName(node.tag)) kids.push(element(node));
      else pushAll(kids, convert(node.children));
      return kids;
    }, []);
  // SVG and MathML elements get none of `host`'s HTML adjustments (`<svg><style>` holds nodes),
  // and those named as elements React handles apart their React type (`STYLE`).
  const element = (el: HElement<never, never>): ReactElement => {
    const kids = VOID.has(el.tag) ? [] : convert(el.children);
    const props = propsOf(el.tag, el.attrs);
    return el.ns === Ns.HTML
      ? host(el.tag, props, kids)
      : plainHost(foreignType(el.tag), props, kids);
  };
  return shape(convert(builder.root.children));
}

/** What React makes of a node: type, key and props, children included. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (isValidElement(node)) return { type: node.type, key: node.key, props: shape(node.props) };
  if (typeof node === 'function') return 'function';
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, shape(v)]));
  }
  return node;
}

const CONTEXTS: Array<[string, Ns]> = [
  ['div', Ns.HTML],
  ['p', Ns.HTML],
  ['table', Ns.HTML],
  ['svg', Ns.SVG],
  ['foreignObject', Ns.SVG],
  ['math', Ns.MATH],
];

describe('parseMarkup', () => {
  it('builds the elements of the tree the structuring pass builds', () => {
    fc.assert(
      fc.property(markup, fc.constantFrom(...CONTEXTS), (html, [parent, ns]) => {
        expect(shape(parseMarkup(html, parent, ns))).toEqual(viaTree(html, parent, ns));
      }),
      { numRuns: 400 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
  });

  it.each([
    ['<svg><input>x<b>y</b></input><circle><title>t</title></circle></svg>z', 'div', Ns.HTML],
    ['<p>a<div>b</div>c</p><li>d<li>e', 'p', Ns.HTML],
    ['<tr><td>a<td>b</tr><tbody><tr><th>c', 'table', Ns.HTML],
    ['<foreignObject><div>x</div></foreignObject><desc><p>y</p></desc>', 'svg', Ns.SVG],
  ])('builds the same elements as the tree for %s', (html, parent, ns) => {
    expect(shape(parseMarkup(html, parent, ns))).toEqual(viaTree(html, parent, ns));
  });

  it('keeps attribute order, and children as React takes them', () => {
    const [el] = parseMarkup('<a title="t" class="c" href="/h">x<b>y</b></a>', 'div', Ns.HTML);
    const props = (el as ReactElement<Record<string, unknown>>).props;
    expect(Object.keys(props)).toEqual(['title', 'className', 'href', 'children']);
    expect(shape(props.children)).toEqual([
      'x',
      { type: 'b', key: null, props: { children: 'y' } },
    ]);
    const [single] = parseMarkup('<i>only</i>', 'div', Ns.HTML);
    expect((single as ReactElement<{ children: unknown }>).props.children).toBe('only');
  });

  it('leaves out attributes named key and ref (React takes them), marking the element', () => {
    // The browser keeps them: hydration leaves the server's attribute, React need not report it.
    const [el] = parseMarkup('<b key="k" ref="r" __self="s" class="c">x</b>', 'div', Ns.HTML);
    expect(shape(el)).toEqual({
      type: 'b',
      key: null,
      props: { className: 'c', suppressHydrationWarning: true, children: 'x' },
    });
  });
});

// ---- the browser's DOM --------------------------------------------------------------------------

/** The DOM parse5 builds from markup as body content, and the one React renders from ours. */
function bothDoms(html: string): { browser: string; react: string } {
  // A first element keeps head-only tags (title, meta, script…) in the body for parse5 too.
  const body = `<span></span>${html}`;
  const nodes = parseMarkup(body, 'body', Ns.HTML) as ReactNode[];
  const react = renderToString(createElement(Fragment, null, ...nodes));
  return { browser: normalDom(body), react: normalDom(react) };
}

describe('parseMarkup builds the DOM a browser builds', () => {
  it.each([
    [
      'case in names',
      '<DIV Class="a" DATA-X="1"><SPAN>x</SPAN></DIV><Svg viewBox="0 0 1 1"></Svg>',
    ],
    ['SVG names', '<svg><linearGradient id="g"/><foreignObject><p>x</p></foreignObject></svg>'],
    ['HTML tags that end SVG', '<svg><g><br>z<svg><circle/><p>y'],
    ['implied ends', '<ul><li>a<li>b</ul><p>x<div>y</div><dl><dt>t<dd>d</dl><h1>a<h2>b</h2>'],
    ['tables', '<table><tr><td>a<td>b</table><table><col><caption>c</caption></table>'],
    ['stray end tags', '<div>a</span>b</p>c</br>d</div></svg>'],
    ['raw and escapable text', '<textarea>\na &amp; <b></textarea><pre>\n\nx</pre>'],
    ['forms', '<select><option value="1">a<option selected>b</select><input value="v" checked>'],
    ['comments and doctypes', '<p>a<!-- x -->b<!---->c<!-->d<!doctype x>e<?pi?>f</p>'],
    ['a comment ended by --!>', '<p>a<!-- x --!>b<!-- y --!-->c --> d</p>'],
    ['empty bogus comments', '<p>a<!>b<!->c<!x>d</p><p>e</p>'],
    // A comment is a token: the whitespace before it stays in the table, the newline after it
    // does not begin the <pre>.
    ['a comment in table text', '<table> <!-- c -->x<tr><td>y</td></tr></table>'],
    ['a comment first in a pre', '<pre><!-- c -->\nx</pre>'],
    ['a lone <', '<p>a < b <3 </ c</p>'],
  ])('%s', (_, html) => {
    const { browser, react } = bothDoms(html);
    expect(react).toBe(browser);
  });

  it("ignores a document's tags in the body, as the browser does", () => {
    // (The browser moves a stray body's or html's attributes onto the page's own elements,
    // outside any tree a value is part of.)
    const nodes = parseMarkup(
      '<p>a<body class="b">b<html lang="x">c<head>d<frameset>e<frame>f</p>',
      'div',
      Ns.HTML,
    );
    expect(renderToString(createElement(Fragment, null, ...(nodes as ReactNode[])))).toBe(
      '<p>abcdef</p>',
    );
  });

  it('makes the rest of the markup the text of a <plaintext>, as the browser does', () => {
    const [p, plaintext] = parseMarkup('<p>a<plaintext>b</p><div>c</div>&amp;', 'div', Ns.HTML);
    expect(shape(p)).toEqual({ type: 'p', key: null, props: { children: 'a' } });
    expect(shape(plaintext)).toEqual({
      type: 'plaintext',
      key: null,
      props: { dangerouslySetInnerHTML: { __html: 'b</p><div>c</div>&amp;' } },
    });
  });

  it('decodes long attribute values thick with references (JSON), with and without others', () => {
    const json = JSON.stringify(
      Array.from({ length: 40 }, (_, i) => ({ id: `v${i}`, name: `Size ${i} <S/M> & "x"` })),
    );
    const escaped = json
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    for (const value of [
      escaped,
      `${escaped}&copy;&#233;`,
      `${escaped.slice(0, 800)}é&nbsp;${escaped.slice(800)}`,
      `${escaped}&quot`,
    ]) {
      const { browser, react } = bothDoms(`<div data-variants="${value}">x</div>`);
      expect(react).toBe(browser);
    }
    const [el] = parseMarkup(`<div data-variants="${escaped}"></div>`, 'div', Ns.HTML);
    expect((el as ReactElement<Record<string, unknown>>).props['data-variants']).toBe(json);
  });
});
