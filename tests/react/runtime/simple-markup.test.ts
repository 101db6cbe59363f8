import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseValue } from '../../../react-renderer/runtime/host-elements.js';
import { Ns } from '../../../react-renderer/html/tree-builder.js';
import {
  parseSimpleMarkup,
  SimpleContext,
  simpleContext,
} from '../../../react-renderer/runtime/simple-markup.js';

/** Parent, namespace and the elements open around it (parent last), as node compilers have. */
const CONTEXTS: Array<[string, Ns, string[]]> = [
  ['div', Ns.HTML, ['div']],
  ['a', Ns.HTML, ['div', 'a']],
  ['span', Ns.HTML, ['p', 'span']],
  ['button', Ns.HTML, ['p', 'button']],
  ['p', Ns.HTML, ['div', 'p']],
  ['td', Ns.HTML, ['table', 'tbody', 'tr', 'td']],
  ['b', Ns.HTML, ['p', 'b']],
  ['span', Ns.HTML, ['a', 'span']],
  ['li', Ns.HTML, ['ul', 'li']],
  ['#root', Ns.HTML, ['#root']],
  ['tr', Ns.HTML, ['table', 'tbody', 'tr']],
  ['option', Ns.HTML, ['select', 'option']],
  ['g', Ns.SVG, ['svg', 'g']],
];

const piece = fc.oneof(
  fc.constantFrom(
    '38.00',
    'from ',
    ' every month',
    'a &amp; b',
    '&lt;i&gt;',
    'x &copy y',
    ' ',
    '\n',
  ),
  fc.constantFrom('<span', '<em', '<b', '<strong', '<sup', '<code', '<p', '<a', '<div', '<li'),
  fc.constantFrom('<p>', '</p>', '<div class="product-mark">', '</div>', '<h2>', '</h2>'),
  fc.constantFrom('>', ' class="sqs-money-native">', ' data-a="1&amp;2" title="x>y">', '/>'),
  fc.constantFrom(' style="color: red">', ' key="k">', ' class="a" class="b">', " id='q'>"),
  fc.constantFrom('</span>', '</em>', '</b>', '</strong>', '</sup>', '</code>', '</p>', '</a>'),
  fc.constantFrom('<br>', '<br/>', '</br>', '<wbr>', '<!-- c -->', '<SPAN>', '</span >', '<'),
);

describe('simple markup', () => {
  it('builds what the tree builder builds, wherever it takes the markup', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.constantFrom(...CONTEXTS),
        (pieces, [parent, ns, enclosing]) => {
          const html = pieces.join('');
          const simple = parseSimpleMarkup(html, simpleContext(parent, ns, enclosing));
          if (simple === null) return;
          taken++;
          const full = parseValue(html, parent, ns, enclosing);
          expect(full.escaped || full.leftOpen !== null, html).toBe(false);
          expect(simple, html).toEqual(full.kids);
        },
      ),
      { numRuns: 2000 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
    // The generator must reach the fast path often enough for the comparison to mean something.
    expect(taken).toBeGreaterThan(200);
  });

  it('takes the storefront price and sale-mark markup', () => {
    for (const html of [
      'from <span class="sqs-money-native">38.00</span>',
      '<span class="sqs-money-native">36.00</span> every 3 months for 1 year',
      'Has <em>markup</em> &amp; entities<br>',
      '<div class="product-mark sale">Sale</div>',
      '<p>Cut from <strong>heavyweight</strong> linen.</p>\n<p>Second.</p>',
      // An excerpt's paragraphs in a template's <p>, re-parsed in the element around it.
      '<p class="excerpt"><p>One, <a href="/x">a link</a>.</p><p>Two.</p></p>',
      '<p>a<p>b</p></p>',
      '<p><div>x</div></p>',
      '<a href="/x">link</a> <div>block</div>',
    ]) {
      const kids = parseSimpleMarkup(html, SimpleContext.BLOCKS | SimpleContext.ANCHORS);
      expect(kids, html).not.toBeNull();
      expect(kids).toEqual(parseValue(html, 'div', Ns.HTML, ['div']).kids);
    }
  });

  it('leaves everything else to the tree builder', () => {
    for (const html of [
      '<h2>heading</h2>',
      '<p><span>a<p>b</p></span>',
      '<p><a>x</p>',
      '<span>left open',
      'stray</span>',
      '<b><i>x</b></i>',
      '<a href="/x">a <a href="/y">b</a></a>',
      "<span class='single'>x</span>",
      '<span key="k">x</span>',
      '<span/>',
      '<!-- comment -->',
      '</br>',
      'line\r\nbreak<br>',
    ]) {
      expect(
        parseSimpleMarkup(html, SimpleContext.BLOCKS | SimpleContext.ANCHORS),
        html,
      ).toBeNull();
    }
    // A paragraph open around the markup would be closed by a block in it, or by `</p>`.
    expect(parseSimpleMarkup('<div>x</div>', SimpleContext.PHRASING)).toBeNull();
    expect(parseSimpleMarkup('x</p>', SimpleContext.PHRASING | SimpleContext.ANCHORS)).toBeNull();
    // A link open around the markup would be closed by a link in it.
    expect(parseSimpleMarkup('<a href="/x">x</a>', SimpleContext.BLOCKS)).toBeNull();
    expect(parseSimpleMarkup('<span>x</span>', SimpleContext.NONE)).toBeNull();
    expect(simpleContext('tr', Ns.HTML, ['table', 'tbody', 'tr'])).toBe(SimpleContext.NONE);
    expect(simpleContext('option', Ns.HTML, ['select', 'option'])).toBe(SimpleContext.NONE);
    expect(simpleContext('span', Ns.HTML, ['select', 'span'])).toBe(SimpleContext.NONE);
    expect(simpleContext('g', Ns.SVG, ['svg', 'g'])).toBe(SimpleContext.NONE);
    expect(simpleContext('b', Ns.HTML, ['p', 'b'])).toBe(
      SimpleContext.PHRASING | SimpleContext.ANCHORS,
    );
    expect(simpleContext('li', Ns.HTML, ['ul', 'li'])).toBe(
      SimpleContext.BLOCKS | SimpleContext.ANCHORS,
    );
    expect(simpleContext('span', Ns.HTML, ['a', 'span'])).toBe(SimpleContext.BLOCKS);
  });
});
