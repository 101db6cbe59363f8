/**
 * Tree construction outside formatting elements (react-renderer/html/tree-builder.ts,
 * react-renderer/html/insertion-modes.ts): heading end tags, buttons in buttons, captions, what a select holds, the
 * table modes, foster parenting (what is not a table part, met where only table parts go, goes
 * before the table) and the form element pointer. `parseMarkup` must build what parse5 (the
 * browser) builds for the same markup in the same context; on the React path, a value whose
 * markup or text the browser would foster out of its table, or that closes a heading, button,
 * caption or select around it, is reported and the page rendered whole; template text that
 * would be fostered is left to render time.
 *
 * DOMs are compared as serializations, not by parsing React's HTML again (a second parse would
 * foster text out of a table and repair a wrong tree). Whitespace-only text directly in table
 * parts is left out of the browser's side: the React tree has none there (react-renderer/runtime/host-elements.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HtmlTokenizer } from '../../../react-renderer/html/tokenizer.js';
import { TreeBuilder, VOID, type HNode } from '../../../react-renderer/html/tree-builder.js';
import { bothDoms, browserDom, hasRegion, ourDom, structured } from '../parse5-dom.js';

const SCALE = Number(process.env.JSONT_PROPERTY_SCALE ?? 1);

describe('parseMarkup builds the DOM the browser builds', () => {
  it.each([
    // Headings: an end tag closes whichever heading is open; a start tag closes the current one.
    ['a heading closed by another heading’s end tag', '<h1>a</h2>b', 'div'],
    ['with an element open in it', '<h1>a<span>b</h3>c', 'div'],
    ['a heading in a heading', '<h2>a<h3>b</h3>c</h2>d', 'div'],
    ['no heading open', '<div>a</h4>b</div>', 'div'],
    // Buttons do not nest (a table is a scope boundary: a button in its cell does).
    ['a button in a button', '<button>1<button>2</button>3', 'div'],
    ['in a block in a button', '<button>1<div>2<button>3</div>4', 'div'],
    ['in a cell in a button', '<button><table><tr><td><button>x</table>y', 'div'],
    // Captions: closed by a table part, their formatting elements with them.
    ['a row after a caption', '<table><caption>x<tr><td>y</table>', 'div'],
    ['formatting in a caption', '<table><caption><b>x<tr><td>y</table>z', 'div'],
    ['a caption after a caption', '<table><caption>1<caption>2</table>', 'div'],
    ['a caption closed by the table', '<table><caption>x</table>y', 'div'],
    ['a table in a caption', '<table><caption>1<table><tr><td>2</table>3</caption></table>', 'div'],
    // What a select holds.
    [
      'other tags in a select are ignored',
      '<select><option>1<div>2</div><option>3</select>',
      'div',
    ],
    ['optgroups and rules', '<select><option>1<optgroup><option>2<hr><b>x</b>y</select>z', 'div'],
    ['a select in a select ends it', '<select><p>x<select>y', 'div'],
    ['an input ends a select', '<select><option>a<input>x', 'div'],
    ['a textarea ends a select', '<select><textarea>x</textarea>y', 'div'],
    ['a rule in a select in a paragraph', '<p><select><hr></select>x', 'div'],
    ['an ignored raw-text tag leaves markup', '<select><style>a<b>c</style>d</select>', 'div'],
    ['a cell ends a select in a table', '<table><tr><td><select><option>1<td>2</table>', 'div'],
    ['a row ends it too', '<table><tr><td><select><tr>x', 'div'],
    ['select content as the context', '<b>x</b><option>y</select>z', 'select'],
    ['an optgroup’s end closes its option', '<optgroup><option>1</optgroup>2', 'select'],
    // The table modes.
    ['a table in a table ends the first', '<table><tr><table><tr><td>x</table>y', 'div'],
    ['a row after a column group', '<table><colgroup><col><tr><td>x</table>', 'div'],
    ['columns implied', '<table><col><col><caption>c</caption><td>1</table>', 'div'],
    [
      'rows and cells implied and closed',
      '<table><td>1<td>2<tr><th>3<tbody><tr><td>4</table>',
      'div',
    ],
    // Foster parenting.
    ['text in a table', '<table>x<tr>y<td>z</table>', 'div'],
    ['a block in a row', '<table><tr><div>a</div><td>b</table>', 'div'],
    ['formatting in a table, reopened', '<table><b>x<tr><td>y</td></tr>z</table>', 'div'],
    ['inside a formatting element', '<b>1<table>x<tr><td>2</table>3', 'div'],
    ['formatting reopened in fostered text', '<p><b>x</p><table>y<tr><td>z</table>', 'div'],
    [
      'a hidden input stays, another input does not',
      '<table><input type=hidden><input></table>',
      'div',
    ],
    ['a form in a table is empty', '<table><form><tr><td>x</table>', 'div'],
    ['the adoption agency across a table', '<table><b><div>x</b>y</table>', 'div'],
    ['end tags that insert', '<table></p></br></table>', 'div'],
    ['scripts and styles stay', '<table><script>1</script><style>2</style></table>', 'div'],
    ['whitespace with the text it runs into', '<table> <tr> x </tr></table>', 'div'],
    ['a link in a link across a table', '<a>x<table><a><i>y</table>', 'div'],
    // Table parts as the context (the fragment algorithm fosters into the context).
    ['text after a row in a table', '<tr>x', 'table'],
    ['a section closed by the table', '<tbody><div>a</div>b</tbody>c<tr>d', 'table'],
    ['a row in a row is ignored', '<td>1<tr>2', 'tr'],
    ['a caption closed by a cell', '<caption>c<td>x', 'table'],
    ['a cell as the context', '<b>1<td>2</td>3', 'td'],
    // The form element pointer.
    ['a form in a form is ignored', '<form>1<form>2</form>3', 'div'],
    ['a form’s end tag leaves what is open in it', '<form><div></form>x</div>y', 'div'],
    ['a form in a table sets the pointer', '<table><form><tr><td><form>x</table>', 'div'],
    // Text in raw-text elements reopens no formatting element; `</p>` ends SVG.
    ['text in a textarea', '<p><b>x</p><textarea>y</textarea>z', 'div'],
    ['a paragraph’s end tag in SVG', '<svg><g>x</p>y', 'div'],
  ])('%s', (_, markup, context) => {
    expect(ourDom(markup, context)).toBe(browserDom(markup, context));
  });

  // parse5 8 closes a row for `</tbody>` (`</thead>`, `</tfoot>`) when no such section is open;
  // the HTML standard and browsers ignore the tag (it must be in table scope), as we do.
  it('ignores a section’s end tag when no such section is open (parse5 does not)', () => {
    expect(ourDom('<table><tbody><tr></thead><td>x</table>', 'div')).toBe(
      '<table><tbody><tr><td>x</td></tr></tbody></table>',
    );
  });

  it('a builder that attaches elements as they open fosters in the same places', () => {
    for (const markup of [
      '<table>x<tr>y<td>z</table>',
      '<table><tr><div>a<b>b</div>c</table>d',
      '<b>1<table>x<tr><td>2</table>3',
      '<table><b><div>x</b>y</table>',
    ]) {
      const builder = new TreeBuilder<never, never>('div');
      const tokenizer = new HtmlTokenizer<never>(builder);
      tokenizer.write(markup);
      tokenizer.end();
      expect(serializeTree(builder.root.children)).toBe(browserDom(markup, 'div'));
    }
  });
});

/** The builder's own tree (no attributes in these cases), serialized as parse5 does. */
function serializeTree(nodes: Array<HNode<never, never>>): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      const inner = VOID.has(node.tag) ? '' : `${serializeTree(node.children)}</${node.tag}>`;
      return `<${node.tag}>${inner}`;
    })
    .join('');
}

// ---- generated soups ---------------------------------------------------------------------------

const TAGS = [
  ...['a', 'b', 'i', 'nobr', 'span', 'div', 'p', 'ul', 'li', 'h1', 'h2', 'h3', 'button', 'br'],
  ...['table', 'caption', 'colgroup', 'col', 'tbody', 'thead', 'tr', 'td', 'th', 'form'],
  ...['select', 'option', 'optgroup', 'hr', 'input', 'textarea'],
];
/** Section end tags: see the parse5 deviation above. */
const NO_END = new Set(['tbody', 'thead']);

const tagName = fc.constantFrom(...TAGS);

/** Table, select, heading, button and formatting tags, start and end, with text and spaces. */
const soup: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc
        // (Unquoted: React writes quotes in a textarea's text as references, parse5 does not.)
        .tuple(tagName, fc.constantFrom('', '', ' class=c', ' type=hidden'))
        .map(([tag, attrs]) => `<${tag}${attrs}>`),
      tagName.filter((tag) => !NO_END.has(tag)).map((tag) => `</${tag}>`),
      fc.constantFrom('x', 'y', ' ', ' z '),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

describe('generated table and select soups', () => {
  it('parseMarkup builds the DOM parse5 builds', () => {
    fc.assert(
      fc.property(
        soup,
        fc.constantFrom('div', 'td', 'li', 'section', 'select', 'table', 'tr', 'tbody', 'caption'),
        (markup, context) => {
          expect(ourDom(markup, context)).toBe(browserDom(markup, context));
        },
      ),
      { numRuns: 600 * SCALE },
    );
  });
});

// ---- templates ---------------------------------------------------------------------------------

describe("a value's markup or text", () => {
  it.each([
    ['text directly in a table', '<table>{x}<tr><td>1</td></tr></table>', 'hello'],
    ['text and markup in a row', '<table><tr>{x}</tr></table>', 'a <b>b</b>'],
    ['a block in a row', '<table><tr>{x}<td>1</td></tr></table>', '<div>a</div>'],
    ['text in a column group', '<table><colgroup>{x}</colgroup></table>', 'x'],
    ['a row in a caption', '<table><caption>{x}</caption></table>', '<tr><td>1'],
    ['a row in a cell', '<table><tr><td>{x}</td></tr></table>', '<tr><td>b'],
    ['a table in a table', '<table><tbody>{x}</tbody></table>', '<table><tr><td>1</table>'],
    ['a heading in a heading', '<h2>{x}</h2>', '<h3>y</h3>'],
    ['a heading’s end tag', '<h2>{x} after</h2>', 'a</h1>b'],
    ['a button in a button', '<button>{x}</button>', '<button>y</button>'],
    ['an input in a select', '<select>{x}</select>', '<option>a<input>'],
    ['an option in an option', '<select><option>{x}</option></select>', '<option>two'],
  ])('is reported when it closes or leaves its element: %s', (_, source, x) => {
    const { browser, react, codes } = bothDoms(source, { x });
    expect(codes).toEqual(['REACT_UNBALANCED_VALUE']);
    expect(react).toBe(browser);
  });

  it.each([
    ['rows in a table body', '<table><tbody>{x}</tbody></table>', '<tr><td>1</td></tr>'],
    ['cells in a row', '<table><tr>{x}</tr></table>', '<td>a</td><td>b</td>'],
    ['whitespace in a table', '<table>{x}<tr><td>a</td></tr></table>', ' \n '],
    ['options in a select', '<select>{x}</select>', '<option>a</option><option>b</option>'],
    ['what a select ignores', '<select><option>{x}</option></select>', '<b>bold</b> <div>x</div>'],
    ['a table in a cell', '<table><tr><td>{x}</td></tr></table>', '<table><tr><td>in</table>'],
    ['its own headings', '<div>{x}</div>', '<h1>a</h2>b<h3>c</h3>'],
    ['a table with fostered text', '<div>{x}</div>', '<table>a<tr><td>b</td></tr></table>'],
  ])('stays structured: %s', (_, source, x) => {
    const { browser, react, codes } = bothDoms(source, { x });
    expect(codes).toEqual([]);
    expect(react).toBe(browser);
  });
});

describe('the structuring pass', () => {
  it.each([
    ['text directly in a table', '<table>oops<tr><td>{x}</td></tr></table>'],
    ['formatting in a table', '<div><table><tr><td>a</td></tr><b>{x}</b></table></div>'],
    ['a block in a table', '<table><tr><td>1</td></tr><div>{x}</div></table>'],
    ['after the instruction', '<table><tr><td>{x}</td></tr>oops</table>'],
  ])('leaves what a table fosters to render time: %s', (_, source) => {
    const { react, warnings } = structured(source);
    expect(warnings).toContain('REACT_UNSTRUCTURED');
    expect(hasRegion(react)).toBe(true);
    for (const x of ['X', '', '<i>i</i>', '<tr><td>r']) {
      const { browser, react: ours } = bothDoms(source, { x });
      expect(ours).toBe(browser);
    }
  });

  it.each([
    ['a table with whitespace', '<table>\n <tr>\n  <td>{x}</td>\n </tr>\n</table>'],
    ['a caption and cells', '<table><caption>{x}</caption><tr><td>{x}</td></tr></table>'],
    ['options', '<select><option>{x}</option><optgroup><option>b</option></optgroup></select>'],
    ['ignored tags in a select', '<select><div><option>{x}</option></div></select>'],
    ['headings', '<h1>a</h2><h2>{x}</h2>'],
    ['buttons', '<button>a<button>{x}</button>'],
  ])('structures table, select, heading and button rules: %s', (_, source) => {
    const { react, warnings } = structured(source);
    expect(warnings).toEqual([]);
    expect(hasRegion(react)).toBe(false);
    for (const x of ['X', '<i>i</i>']) {
      const { browser, react: ours, codes } = bothDoms(source, { x });
      expect(codes).toEqual([]);
      expect(ours).toBe(browser);
    }
  });
});

// ---- generated templates -----------------------------------------------------------------------

const VALUES = [
  'v',
  ' ',
  '',
  '<td>c</td>',
  '<tr><td>r</td></tr>',
  '<div>d</div>',
  '<b>b</b>',
  '<option>o</option>',
  '<h3>h</h3>',
  '<table><tr><td>t</td></tr></table>',
];

const TEMPLATE_TAGS = ['table', 'tr', 'td', 'caption', 'tbody', 'select', 'option', 'h2', 'button'];
const templateTag = fc.constantFrom(...TEMPLATE_TAGS, 'b', 'div', 'p');

const templateSoup: fc.Arbitrary<string> = fc.letrec<{ part: string; soup: string }>((tie) => ({
  part: fc.oneof(
    { depthSize: 'small' },
    templateTag.map((tag) => `<${tag}>`),
    templateTag.map((tag) => `</${tag}>`),
    fc.constantFrom('x', ' ', '{k}', '{m}'),
    fc.tuple(tie('soup'), tie('soup')).map(([a, b]) => `{.if k}${a}{.or}${b}{.end}`),
  ),
  soup: fc.array(tie('part'), { maxLength: 8 }).map((parts) => parts.join('')),
})).soup;

describe('generated templates with tables, selects, headings and buttons', () => {
  it('render the browser’s DOM on the React path (structured, left to render time, or whole)', () => {
    fc.assert(
      fc.property(
        templateSoup,
        fc.constantFrom(...VALUES),
        fc.constantFrom(...VALUES),
        (source, k, m) => {
          const { browser, react } = bothDoms(source, { k, m });
          expect(react).toBe(browser);
        },
      ),
      { numRuns: 300 * SCALE },
    );
  });
});
