/**
 * Generators of HTML-bearing templates and their data, shared by the React path's properties:
 * DOM equivalence with the string path (property.test.ts) and clean hydration of the string
 * path's HTML (hydrate-property.test.ts).
 *
 * The generator keeps to well-formed content models (block elements are not put inside <p>,
 * values carry phrasing markup only): where the HTML itself is malformed, the browser's
 * repairs depend on the whole document, and the React path documents that it does not model
 * every one of them.
 */
import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { reactName } from '../../react-renderer/runtime/attribute-props.js';
import { storeData } from './demo-site.js';
import { ENTITY_NAMES } from './entity-names.js';

/** A product of the demo store, for the widget formatters. */
export const item = storeData(0).item;

export const VALUES = [
  'plain',
  'a &amp; b',
  'AT&T',
  '<b>bold</b> and <i>it</i>',
  '<a href="/x?a=1&amp;b=2">link</a>',
  'x &lt; y',
  '',
  '42',
  '<span class="s">s</span><br>t',
  // Pasted from a word processor: conditional comments, a namespaced tag, a self-closed br.
  'Hi<o:p></o:p> <!--[if gte mso 9]><xml>x</xml><![endif]-->there<br/>&nbsp;',
  'x<!-- note -->y',
  // Ends the raw text, textarea or comment it may be printed in.
  'a</script></textarea> --> b',
];

/**
 * Markup that does not stay inside its element: the React path falls back to the whole output
 * parsed (REACT_UNBALANCED_VALUE) and must still give the same DOM. Formatting elements (`a`,
 * `b`, `em`…) left open, closed by a block, or ending one around the value included: the
 * tree builder reopens them and runs the adoption agency as the browser does (react-renderer/html/tree-builder.ts).
 */
export const UNBALANCED = [
  '<p>one</p><p>two</p>',
  '<li class="i">open',
  '</div><div class="x">moved',
  '<div>block</div>',
  '<p>unclosed',
  '</p>',
  '<td>cell',
  '<b>bold',
  '</b>after',
  '<p><em>x</p>y',
  '<i>1<p>2</i>3',
  '<a href="/y">inner',
];

/**
 * A character reference, its name drawn from the whole table (2,231 references): a name with
 * its `;`; one of the legacy names without it, alone or glued to what may follow (a letter or
 * digit, which in an attribute keeps it literal, `=`, or a `;` that makes a longer name); or a
 * numeric one (remapped, replaced or out of range).
 */
export const reference: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ENTITY_NAMES).map(({ name }) => `&${name};`),
  fc
    .tuple(
      fc.constantFrom(...ENTITY_NAMES.filter((entity) => entity.legacy)),
      fc.constantFrom('', ' ', 'x', '1', '=', 'in;'),
    )
    .map(([{ name }, after]) => `&${name}${after}`),
  fc.constantFrom('&#233;', '&#x2014;', '&#128;', '&#xD800;', '&#0;', '&#1114112;', '&unknown;'),
);

/**
 * References ended by their `;` (or numeric), for a template's attribute values: a legacy
 * name without one right before an instruction (`title="&copy{a}"`) is decoded or not by the
 * browser depending on the output's first character, which the React path does not follow
 * (it decodes it as if the value ended there: docs/react-path.md).
 */
const closedReference: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ENTITY_NAMES).map(({ name }) => `&${name};`),
  fc.constantFrom('&#233;', '&#x2014;', '&#128;', '&#xD800;', '&#0;', '&#1114112;', '&unknown;'),
);

/** A value of text and references (printed raw, so its references are decoded by the parser). */
const referenceValue = fc
  .array(fc.oneof(reference, fc.constantFrom('a ', ' b', 'x')), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''));

const KEYS = ['a', 'b', 'c'] as const;
const key = fc.constantFrom(...KEYS);

/** Text with holes: literal words, `{a}`, entities. */
const text: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('Hello', ' ', 'world ', '&amp;', '&copy;', '\n  ', 'x'),
      reference,
      key.map((k) => `{${k}}`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''));

const attrValue = fc
  .array(
    fc.oneof(
      fc.constantFrom('btn', ' ', 'x-1', '&amp;'),
      closedReference,
      key.map((k) => `{${k}|htmlattr}`),
    ),
    {
      maxLength: 3,
    },
  )
  .map((parts) => parts.join(''));

const attrs = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom('class', 'id', 'title', 'data-x', 'style'), attrValue)
        .map(([name, value]) =>
          name === 'style' ? ` style="color: red; --v: ${value}"` : ` ${name}="${value}"`,
        ),
      fc.constantFrom(' hidden', ' tabindex="0"', ' {.if a}data-on="1"{.end}'),
    ),
    { maxLength: 2 },
  )
  .map((list) => list.join(''));

/** Wraps node lists in control flow (each branch balanced). */
function blocks(inner: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(key, inner, inner).map(([k, x, y]) => `{.section ${k}}${x}{.or}${y}{.end}`),
    fc.tuple(inner).map(([x]) => `{.repeated section list}${x}{.alternates with}, {.end}`),
    fc.tuple(key, key, inner).map(([k, l, x]) => `{.if ${k} || ${l}}${x}{.end}`),
  );
}

export const { phrasing, flow } = fc.letrec<{ phrasing: string; flow: string }>((tie) => ({
  phrasing: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.constantFrom('<br>', '<img src="/i.png" alt="">', '<input value="{a|htmlattr}">'),
    fc
      .tuple(fc.constantFrom('span', 'b', 'em', 'a'), attrs, tie('phrasing'))
      .map(([tag, at, body]) => `<${tag}${at}>${body}</${tag}>`),
    fc.tuple(tie('phrasing'), tie('phrasing')).map(([x, y]) => x + y),
    blocks(tie('phrasing')),
    // A tag opened and closed in different blocks.
    fc
      .tuple(key, tie('phrasing'))
      .map(
        ([k, body]) => `{.if ${k}}<a href="/{${k}|url-encode}">{.end}${body}{.if ${k}}</a>{.end}`,
      ),
  ),
  flow: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('phrasing'),
    fc
      .tuple(fc.constantFrom('div', 'section'), attrs, tie('flow'))
      .map(([tag, at, body]) => `<${tag}${at}>${body}</${tag}>`),
    fc.tuple(attrs, tie('phrasing')).map(([at, body]) => `<p${at}>${body}</p>`),
    fc
      .tuple(tie('phrasing'), tie('phrasing'))
      .map(([x, y]) => `<ul><li>${x}</li>{.repeated section list}<li>${y}{.end}</ul>`),
    fc
      .tuple(tie('phrasing'))
      .map(
        ([x]) =>
          `<table>\n<tr><th>h</th></tr>{.repeated section list}<tr><td>${x}</td></tr>{.end}\n</table>`,
      ),
    fc
      .tuple(fc.integer({ min: 1, max: 6 }), tie('phrasing'))
      .map(([n, x]) => `<h{n${n}}>${x}</h{n${n}}>`),
    fc.tuple(tie('flow'), tie('flow')).map(([x, y]) => x + y),
    blocks(tie('flow')),
    fc.constantFrom(
      '<select name="s"><option>a</option>{.if a}<option selected>b</option>{.end}</select>',
      '<pre>\n{a}</pre>',
      '<textarea>{a}</textarea>',
      '<script>var x = "{a|json}" < 1;</script>',
      '<!-- {a} -->',
      // Blocks leaving an element with an optional end tag open (structured as a region).
      '<ul>{.repeated section list}<li>{@}{.end}</ul>',
      '<div>{.section a}<p>{a}{.end}<span>t</span></div>',
    ),
  ),
}));

const value = fc.oneof(fc.constantFrom(...VALUES), referenceValue);

export const data = fc.record({
  a: value,
  b: value,
  c: value,
  list: fc.array(fc.constantFrom('x', '<b>y</b>', 'z &amp; w'), { maxLength: 3 }),
  n1: fc.constant(1),
  n2: fc.constant(2),
  n3: fc.constant(3),
  n4: fc.constant(4),
  n5: fc.constant(5),
  n6: fc.constant(6),
});

/**
 * A page that renders whole: widgets among generated content, in a value's place, in raw text,
 * comments, a chain and a partial, in a `<div id="root">` (as a page's output is: a stray `</p>`
 * first in a document is ignored by the parser, before <html>; in the body it makes an empty
 * paragraph), with `{b}` a value that leaves its element (react-renderer/runtime/whole-render.ts).
 */
const widget = fc.constantFrom(
  '{item|product-price}',
  '<div class="buy">{item|add-to-cart-btn}</div>',
  '<textarea>{item|product-price}</textarea>',
  '<!-- {item|like-button} -->',
  '<span>{item|product-price|truncate 40}</span>',
  '{item|apply w}',
  '<ul><li>{item|like-button}</li></ul>',
  '<table><tr><td>{item|product-price}</td></tr></table>',
  // In attribute values (text there; an unquoted one ended by the output's spaces) and a script.
  "<a title='{item|add-to-cart-btn}'>t</a>",
  '<a title={item|product-price}>t</a>',
  "<script>var w = '{item|product-price}';</script>",
);
export const wholePage = fc
  .tuple(flow, widget, flow, widget)
  .map(
    ([x, w, y, v]) =>
      `{.macro w}<p>{@|product-price}</p>{.end}<div id="root">${x}${w}<div>{b}</div>${y}${v}</div>`,
  );
export const wholePageData = data.map((d) => ({
  ...d,
  // Or a tag left open in a value, which takes in the page after it, widgets and all.
  b: [...UNBALANCED, "<a href='"][d.a.length % (UNBALANCED.length + 1)]!,
  item,
}));
/** The same pages with `{b}` a value that stays in its element: structured, widgets and all. */
export const widgetPageData = data.map((d) => ({ ...d, item }));

/** Where a partial's output may land: phrasing, block and table contexts, blocks around it. */
const applyContext = fc.constantFrom(
  (x: string) => `<div class="w">${x}</div>`,
  (x: string) => `<p>a ${x} b</p>`,
  (x: string) => `<ul><li>${x}</li></ul>`,
  (x: string) => `<table><tr><td>${x}</td></tr></table>`,
  (x: string) => `<section>{.section a}${x}{.end}</section>`,
  (x: string) => `<div>{.repeated section list}${x}{.alternates with}<hr>{.end}</div>`,
  (x: string) => `${x}<p>after</p>`,
);

/**
 * A macro of generated content applied twice, in two contexts (a macro is a partial the
 * template defines). Block content may land in a `<p>`, which the browser then closes: only a
 * standards-mode page (a doctype, as the hydration tests' document has) is modelled.
 */
export const appliedMacro = fc
  .tuple(fc.oneof(flow, phrasing), applyContext, applyContext)
  .map(
    ([body, first, second]) =>
      `{.macro m}${body}{.end}<div id="root">${first('{@|apply m}')}${second('{a|apply m}')}</div>`,
  );

/**
 * Values made of HTML fragments cut anywhere (tags, end tags, comment delimiters, references),
 * and templates printing two of them as text and in an attribute.
 */
const fragment = fc.constantFrom(
  ...['<', '>', '&', '"', "'", 'a', ' ', '/', '=', '-', '!', '\n', 'b', 'p', '#', ';', 'amp'],
  ...['lt', '<b>', '</b>', '<i>', '<br>', '<!--', '-->', '<p>', '</p>', 'x', '&amp;', '<a href='],
  ...['td', 'li', '<li>'],
);
export const fragmentValue = fc
  .array(fc.oneof({ weight: 4, arbitrary: fragment }, { weight: 1, arbitrary: reference }), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));
export const fragmentTemplate = fc.constantFrom(
  '<div id="root"><p>{a}</p><span title="{b|htmlattr}">{b}</span></div>',
  '<div id="root"><ul><li>{a}</li><li>{b}</li></ul></div>',
  '<div id="root"><div class="d">{a}<em>x</em>{b}</div>tail</div>',
  '<div id="root"><table><tr><td>{a}</td></tr></table><p>{b}</p></div>',
  '<div id="root"><a href="/x">{a}</a> {b}</div>',
);

/**
 * What the React path documents it cannot follow in such output (docs/react-path.md): an
 * element whose name React cannot create (`x<y</p>` makes one named `y<`), an attribute it
 * cannot render (`<a href=< </p>` has one named `<`: left out, the element marked for
 * hydration), and a comment whose text is one of React's own hydration markers (`<!--$-->`,
 * `<!--&-->`…). Attributes left out do not stop hydration (`attributes` false: not counted).
 */
export function outsideReact(html: string, attributes = true): boolean {
  const unnamable = (node: DefaultTreeAdapterMap['node']): boolean =>
    ('tagName' in node &&
      (!/^[a-zA-Z][\w:.-]*$/.test(node.tagName) ||
        (attributes && node.attrs.some((attr) => reactName(attr.name) === null)))) ||
    ('data' in node && node.nodeName === '#comment' && REACT_MARKERS.has(node.data)) ||
    ('childNodes' in node && node.childNodes.some(unnamable));
  return unnamable(parse(`<!DOCTYPE html>${html}`));
}

/**
 * The comment texts React's hydration reads as its own markers (Suspense and Activity
 * boundaries, form state). Checked on the parsed comments, not the markup: bogus comments
 * (`<!&>`, `</&>`) and `<!--&--!>` also make comments whose text is a marker.
 */
const REACT_MARKERS = new Set(['$', '/$', '$?', '$!', '$~', '&', '/&', 'F!', 'F']);

/**
 * Code a site injects into its pages (header or footer injection): markup as it comes, often
 * not balanced — scripts, styles, a wrapper left open, a stray end tag.
 */
export const INJECTED = [
  '<script>window.a = "</div>";</script><style>p > a { color: red }</style>',
  '<div class="banner"><p>Sale',
  '</div><div class="moved">after</div>',
  '<!-- tracking --><noscript><img src="/t.gif"></noscript>',
];

/**
 * Pages of a site's shape: a header with navigation, regions holding an item's excerpt in a
 * `<p>` and its body in `<div>`s, a sidebar, code injected in the footer. Values whose markup
 * leaves its element are re-parsed in the nearest element their markup cannot close
 * (react-renderer/compile/local-fallback.ts), or the page renders whole.
 */
export const sitePage = fc
  .tuple(
    fc.constantFrom(
      '<p class="excerpt">{excerpt}</p>',
      '<div class="excerpt"><p>{excerpt}</p></div>',
      '<p><span class="lead">{excerpt}</span> more</p>',
    ),
    fc.constantFrom(
      '<div class="body">{body}</div>',
      '<div class="entry"><div class="body">{body}</div><p class="meta">{date}</p></div>',
      '<section><div>{body}</div><p>tail</p></section>',
    ),
    fc.constantFrom(
      '<footer>{injected}</footer>',
      '<footer><div class="code">{injected}</div></footer>',
    ),
    fc.boolean(),
  )
  .map(
    ([excerpt, body, footer, widget]) =>
      '<div class="site"><header><nav><ul>{.repeated section nav}<li><a href="{url}">{title}</a>' +
      '</li>{.end}</ul></nav></header><main><article>{.section item}<h1>{title}</h1>' +
      `${excerpt}${body}${widget ? '<div class="buy">{@|add-to-cart-btn}</div>' : ''}{.end}` +
      `</article><aside><ul>{.repeated section nav}<li>{title}</li>{.end}</ul></aside></main>${footer}</div>`,
  );

/** Data for `sitePage`: values among ordinary, unbalanced and injected markup. */
export const sitePageData = fc
  .tuple(
    fc.constantFrom(...UNBALANCED, ...VALUES),
    fc.constantFrom(...UNBALANCED, ...VALUES),
    fc.constantFrom(...INJECTED, ...VALUES),
    fc.constantFrom(...VALUES.slice(0, 4)),
  )
  .map(([excerpt, body, injected, title]) => ({
    nav: [
      { url: '/a', title },
      { url: '/b', title: 'B' },
    ],
    item: {
      ...(storeData(0) as { item: Record<string, unknown> }).item,
      title,
      excerpt,
      body,
      date: 'May 1',
    },
    injected,
  }));
