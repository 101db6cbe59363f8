/**
 * Formatting elements (react-renderer/html/formatting-list.ts, react-renderer/html/tree-builder.ts): the list of active
 * formatting elements, its markers, reopening ("reconstruct the active formatting elements")
 * and the adoption agency algorithm. `parseMarkup` must build the DOM parse5 (the browser)
 * builds for the same markup in the same context element; the structuring pass must either
 * build that DOM around instruction holes or leave the part it cannot to render time; and a
 * value's markup that leaves a formatting element to be reopened after it must be reported.
 *
 * DOMs are compared as serializations (React's `renderToString` against parse5's
 * `serialize`), not by parsing React's HTML again: the DOM the adoption agency builds does not
 * always survive a second parse (`<a>1<svg><foreignObject><a>2` nests links), and a second
 * parse could repair a wrong tree into the right one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Kind } from '../../../react-renderer/structure/react-code.js';
import { bothDoms, browserDom, hasRegion, ourDom, structured } from '../parse5-dom.js';

const SCALE = Number(process.env.JSONT_PROPERTY_SCALE ?? 1);

describe('parseMarkup builds the DOM the browser builds for formatting elements', () => {
  it.each([
    // The spec's own examples (HTML § "An introduction to error handling and strange cases").
    ['misnested, no blocks', '<p>1<b>2<i>3</b>4</i>5</p>', 'div'],
    ['misnested across a block', '<b>1<p>2</b>3</p>', 'div'],
    [
      'unclosed formatting elements (Noah’s Ark)',
      '<p><b class=x><b class=x><b><b class=x><b class=x><b>X<p>X<p><b><b class=x><b>X<p></b></b></b></b></b></b>X',
      'div',
    ],
    // Misnesting across blocks.
    ['a link across a block', '<a href=x>1<div>2</a>3</div>', 'div'],
    ['two formatting elements crossed', '<i>1<b>2</i>3</b>', 'div'],
    ['a <b> left open before a <p>', '<b>1<p>2</p>3', 'div'],
    ['a <b> closed by its paragraph', '<p><b>x</p>y<p>z</p>', 'div'],
    ['formatting reopened inside a block', '<p><b>x</p><div>y</div><ul><li>z</ul>', 'div'],
    ['reopened in order, attributes kept', '<p><b id=1><i class=c><u>x</p>y</i>z', 'div'],
    ['several rounds', '<b>1<div>2<div>3<div>4<div>5<div>6<div>7<div>8<div>9</b>0', 'div'],
    ['more than three between', '<a>1<b>2<i>3<u>4<s>5<em>6<div>7</a>8', 'div'],
    ['a block inside two', '<b>1<i>2<div>3<p>4</b>5</i>6', 'div'],
    ['end tags of nothing open', '</b>1<i>2</em>3</i></a>', 'div'],
    // More than three identical formatting elements: the Noah's Ark clause.
    ['Noah’s Ark', '<p><b><b><b><b>x</p>y', 'div'],
    ['Noah’s Ark counts attributes', '<p><b c=1><b c=2><b c=1><b c=1><b c=1>x</p>y', 'div'],
    [
      'attributes in any order match',
      '<p><i a=1 b=2><i b=2 a=1><i a=1 b=2><i b=2 a=1>x</p>y',
      'div',
    ],
    // `<a>` in `<a>`, `<nobr>` in `<nobr>`.
    ['a link in a link', '<a href=1>1<a href=2>2</a>3', 'div'],
    ['a link in a block in a link', '<a>1<div>2<a>3</a>4</div>5', 'div'],
    [
      'a link in a link, across SVG',
      '<a>x<svg><foreignObject><a>y</a></foreignObject></svg>z',
      'div',
    ],
    ['nobr in nobr', '<nobr>1<nobr>2</nobr>3', 'div'],
    ['nobr in a block in nobr', '<nobr>1<div>2<nobr>3', 'div'],
    // Markers: cells, captions, objects, marquees keep formatting inside them.
    ['formatting ends with its cell', '<table><tr><td><b>x</td><td>y</td></tr></table>z', 'div'],
    ['formatting around a table', '<b>1<table><tr><td>2</td></tr></table>3</b>4', 'div'],
    ['reopened after a table, not in it', '<p><b>x</p><table><tr><td>y</td></tr></table>z', 'div'],
    ['a cell keeps the marker of an object', '<table><tr><td><em><object>x</table>y', 'div'],
    ['a marquee', '<i>1<marquee>2<b>3</marquee>4</i>5', 'div'],
    ['an object ends its formatting', '<object><b>1</object>2', 'div'],
    ['an end tag stops at a marker', '<b>1<object>2</b>3</object>4', 'div'],
    ['misnested inside a cell', '<table><tr><td><b>1<p>2</b>3</td></tr></table>', 'div'],
    // Other contexts.
    ['in a cell', '<b>1<p>2</b>3</p><i>x', 'td'],
    ['in a list item', '<p><i>1</p>2<ul><li>3</ul>', 'li'],
    ['in a span', '<em>1<div>2</em>3</div>', 'span'],
  ])('%s', (_, markup, context) => {
    expect(ourDom(markup, context)).toBe(browserDom(markup, context));
  });
});

// ---- generated soups ---------------------------------------------------------------------------

const FORMATTING = ['a', 'b', 'i', 'em', 'strong', 'nobr', 'font', 'code', 'u', 's'];
const BLOCKS = ['div', 'p', 'blockquote', 'ul', 'li', 'span', 'section'];

const tagName = fc.constantFrom(...FORMATTING, ...BLOCKS);

/** Formatting and block tags, start and end, balanced or not, with text and line breaks. */
const soup: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc
        .tuple(tagName, fc.constantFrom('', '', ' class="c"', ' class="d"', ' id="x" class="c"'))
        .map(([tag, attrs]) => `<${tag}${attrs}>`),
      tagName.map((tag) => `</${tag}>`),
      fc.constantFrom('x', 'y', 'z ', '<br>'),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

/** Soups around and inside table cells (whose markers stop what formatting reaches). */
const withCells: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      soup,
      fc.tuple(soup, soup).map(([a, b]) => `<table><tr><td>${a}</td><td>${b}</td></tr></table>`),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(''));

describe('generated formatting soups', () => {
  it('parseMarkup builds the DOM parse5 builds', () => {
    fc.assert(
      fc.property(withCells, fc.constantFrom('div', 'td', 'li', 'section'), (markup, context) => {
        expect(ourDom(markup, context)).toBe(browserDom(markup, context));
      }),
      { numRuns: 500 * SCALE },
    );
  });
});

// ---- templates ---------------------------------------------------------------------------------

describe('the structuring pass', () => {
  it('structures static misnesting as the browser parses it', () => {
    for (const source of [
      '<b>1<p>2</b>3</p>{x}',
      '<p><b>x</p>y{x}',
      '<a href="/h">1<div>2</a>3</div><i>{x}</i>',
      '<table><tr><td><b>{x}</td><td>{x}</td></tr></table>',
    ]) {
      const { react, warnings } = structured(source);
      expect(warnings).toEqual([]);
      expect(hasRegion(react)).toBe(false);
      const { browser, react: ours, codes } = bothDoms(source, { x: 'X <em>e</em>' });
      expect(codes).toEqual([]);
      expect(ours).toBe(browser);
    }
  });

  it('keeps a hole where a reopened formatting element holds it', () => {
    // `<b>` reopens before `y`, so the value goes in the reopened `<b>`, in the browser too.
    const { react } = structured('<p><b>x</p>y{x}');
    expect(JSON.stringify(react)).toBe(
      JSON.stringify([
        [Kind.ELEMENT, 'p', [], [[Kind.ELEMENT, 'b', [], ['x'], 0]], 0],
        [Kind.ELEMENT, 'b', [], ['y', [Kind.HOLE, [1, [['x']], 0], 0]], 0],
      ]),
    );
  });

  it.each([
    // The browser reopens `<b>` around the value's output, unless the output is empty.
    ['a hole where a formatting element would reopen', '<div><p><b>x</p>{x}</div>after'],
    ['a block where a formatting element would reopen', '<p><i>x</p>{.if x}<div>y</div>{.end}z'],
    // What follows the block would reopen the `<b>` the block's `</p>` closed.
    ['a block that leaves a formatting element to reopen', '<div>{.if x}<p><b>1</p>{.end}y</div>'],
    // The adoption agency would move the hole (its output was parsed inside `<p>` in `<b>`).
    ['a hole the adoption agency would move', '<div><b>1<p>{x}</b>3</p></div>'],
    ['a block the adoption agency would move', '<b>1<p>{.if x}{x}{.end}</b>3</p>'],
    // It would copy attributes that hold instructions (they would run twice).
    ['attribute holes to copy', '<div><a href="/{x}">1<div>2</a>3</div></div>'],
    ['attribute holes to reopen', '<p><b title="{x}">1</p>2'],
    // A second `<a>` in a block ends the first, outside the block.
    ['a link opened in a block inside a link', '<a href="/">{.if x}<a href="/x">in</a>{.end}</a>'],
    ['a formatting end tag in a block', '<b>1{.if x}<p>2</b>3</p>{.end}</b>'],
  ])('leaves %s to render time', (_, source) => {
    const { react, warnings } = structured(source);
    expect(warnings).toContain('REACT_UNSTRUCTURED');
    expect(hasRegion(react)).toBe(true);
    for (const x of ['X', '', '<i>i</i>', '</b>', '<p>p']) {
      const { browser, react: ours } = bothDoms(source, { x });
      expect(ours).toBe(browser);
    }
  });

  it('keeps the part before the misnesting structured', () => {
    const { react } = structured('<div><span>{x}</span><p><b>x</p>{x}</div>');
    const div = react[0] as unknown[];
    const kids = div[3] as unknown[][];
    expect(kids.map((kid) => (kid[0] === Kind.ELEMENT ? kid[1] : kid[0]))).toEqual([
      'span',
      Kind.REGION,
    ]);
  });
});

describe("a value's markup", () => {
  it.each([
    ['closes a formatting element it did not open', '<b>{x}</b>y', '1</b>2'],
    ['leaves a formatting element to be reopened', '<div>{x}</div>after', '<p><i>x</p>'],
    ['opens a link inside a link', '<a href="/">{x}</a>', '<a href="/x">in</a>'],
    ['misnests across the template', '<div><i>{x}</i></div>', '<p>1</i>2</p>'],
    ['leaves a formatting element open', '<div>{x}</div>after', '<b>bold'],
  ])('is reported when it %s, and the fallback builds the browser’s DOM', (_, source, x) => {
    const { browser, react, codes } = bothDoms(source, { x });
    expect(codes).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(react).toBe(browser);
  });

  it.each([
    ['balanced formatting in formatting', '<b>{x}</b>', '<i>1</i> <b>2</b>'],
    ['its own misnesting, resolved inside it', '<div>{x}</div>', '<b>1<p>2</b>3</p>'],
    ['formatting ended in a cell', '<div>{x}</div>t', '<table><tr><td><b>x</td></tr></table>'],
    ['a link beside a link', '<p><a href="/">a</a>{x}</p>', '<a href="/x">b</a>'],
  ])('stays structured: %s', (_, source, x) => {
    const { browser, react, codes } = bothDoms(source, { x });
    expect(codes).toEqual([]);
    expect(react).toBe(browser);
  });
});

// ---- generated templates -----------------------------------------------------------------------

const VALUES = [
  'v',
  '<b>B</b>',
  '<i>I',
  '</b>',
  '<p><i>x</p>',
  '',
  '<b>1<p>2</b>3',
  '<a href="/h">L</a>',
];

const templateSoup: fc.Arbitrary<string> = fc.letrec<{ part: string; soup: string }>((tie) => ({
  part: fc.oneof(
    { depthSize: 'small' },
    fc
      .tuple(tagName, fc.constantFrom('', '', ' class="c"', ' title="{t}"'))
      .map(([t, a]) => `<${t}${a}>`),
    tagName.map((tag) => `</${tag}>`),
    fc.constantFrom('x', 'y', '{k}', '{m}'),
    fc.tuple(tie('soup'), tie('soup')).map(([a, b]) => `{.if k}${a}{.or}${b}{.end}`),
  ),
  soup: fc.array(tie('part'), { maxLength: 8 }).map((parts) => parts.join('')),
})).soup;

describe('generated templates', () => {
  it('render the browser’s DOM on the React path (structured, left to render time, or whole)', () => {
    fc.assert(
      fc.property(
        templateSoup,
        fc.constantFrom(...VALUES),
        fc.constantFrom(...VALUES),
        (source, k, m) => {
          const { browser, react } = bothDoms(source, { k, m, t: 'T' });
          expect(react).toBe(browser);
        },
      ),
      { numRuns: 300 * SCALE },
    );
  });
});
