/**
 * Values whose output does not stay where the structured tree puts it, beyond markup that
 * closes or leaves open an element: a quote ending an attribute value early, a space ending an
 * unquoted one, a `>` ending a tag, markup ending inside a tag or comment, text ending the
 * script, textarea or comment it is printed in. The browser reads the
 * template around such a value differently, so the React path renders the page whole (the
 * string path's HTML, structured) with a located REACT_UNBALANCED_VALUE warning — and never
 * throws, even where the browser makes elements React cannot create.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { normalDom } from './dom-equal.js';

function react(source: string, data: unknown) {
  const result = renderToReact(source, data);
  return {
    html: renderToString(result.element),
    dom: normalDom(renderToString(result.element)),
    warnings: result.errors.map((e) => `${e.code} ${e.line}:${e.column}`),
  };
}

const stringDom = (source: string, data: unknown): string => normalDom(render(source, data).html);

describe('values that end their attribute value or tag early', () => {
  const cases: Array<[what: string, source: string, value: string, expected: string]> = [
    [
      'a `"` in a double-quoted value',
      '<p>\n <img alt="{t}" src="x.png"></p>',
      '12" LP',
      'alt="12"',
    ],
    ["a `'` in a single-quoted value", "<p>\n <a title='{t}'>x</a></p>", "it's", 'title="it"'],
    ['a `"` kept by `html`', '<p>\n <a title="{t|html}">x</a></p>', 'a"b', 'title="a"'],
    ["a `'` kept by `htmlattr`", "<p>\n <a title='{t|htmlattr}'>x</a></p>", "a'b", 'title="a"'],
    ['a space in an unquoted value', '<p>\n <a title=x{t}>y</a></p>', 'a b', 'title="xa"'],
    ['a `>` in an unquoted value', '<p>\n <a title={t}>y</a></p>', 'a>b', 'title="a"'],
  ];
  for (const [what, source, t, expected] of cases) {
    it(`${what}: rendered whole, with a warning at the value`, () => {
      const out = react(source, { t });
      expect(out.warnings).toEqual([expect.stringMatching(/^REACT_UNBALANCED_VALUE 2:/)]);
      expect(out.html).toContain(expected);
    });
  }

  it('keeps structured a value whose escape covers its quotes', () => {
    const source = '<a title="{t|htmlattr}" href="/p?q={t|url-encode}">x</a>';
    const out = react(source, { t: 'say "hi" & <go>' });
    expect(out.warnings).toEqual([]);
    expect(out.dom).toBe(stringDom(source, { t: 'say "hi" & <go>' }));
  });

  it('renders the text after a tag the value ended (the browser shows it)', () => {
    const source = '<a title={t}>y</a>';
    const out = react(source, { t: 'a b>c' });
    expect(out.dom).toBe(stringDom(source, { t: 'a b>c' }));
    expect(out.html).toContain('c&gt;y');
  });
});

describe('values whose markup ends inside a tag or comment', () => {
  const source = '<p><span>{x}</span> after</p>';
  for (const x of ['a <!-- c', 'a <']) {
    it(`${JSON.stringify(x)}: rendered whole, with a warning`, () => {
      const out = react(source, { x });
      expect(out.warnings).toEqual(['REACT_UNBALANCED_VALUE 1:10']);
      expect(out.dom).toBe(stringDom(source, { x }));
    });
  }

  it('"a <b": rendered whole, with a warning, without throwing (React cannot name `b<`)', () => {
    const out = react(source, { x: 'a <b' });
    expect(out.warnings).toEqual(['REACT_UNBALANCED_VALUE 1:10']);
    // The browser makes an element `b<` holding " after"; React gets its content only.
    expect(out.html).toBe('<p><span>a  after</span></p>');
  });
});

describe('values that end the raw text, textarea or comment they are printed in', () => {
  const cases: Array<[what: string, source: string, value: string]> = [
    ['a script', '<div>\n<script>var x = "{x}";</script><p>after</p></div>', '</script><b>y</b>'],
    ['a style (any case)', '<div>\n<style>a {x}</style><p>after</p></div>', '{}</STYLE><i>y</i>'],
    ['a textarea', '<div>\n<textarea>{x}</textarea><p>after</p></div>', 'a</textarea><b>y</b>'],
    ['a comment', '<div>\n<!-- {x} --><p>after</p></div>', 'a --> <b>y</b>'],
    ['a comment with --!>', '<div>\n<!-- {x} --><p>after</p></div>', 'a --!> <b>y</b>'],
  ];
  for (const [what, source, x] of cases) {
    it(`${what}: rendered whole, with a warning at the value`, () => {
      const out = react(source, { x });
      expect(out.warnings).toEqual([expect.stringMatching(/^REACT_UNBALANCED_VALUE 2:/)]);
      expect(out.dom).toBe(stringDom(source, { x }));
    });
  }

  it('keeps structured what does not end them', () => {
    const source = '<script>var x = "{x}";</script><textarea>{x}</textarea><!-- {x} -->';
    const x = '<b>a</b> -- > </scrip &lt;/textarea>';
    const out = react(source, { x });
    expect(out.warnings).toEqual([]);
    expect(out.dom).toBe(stringDom(source, { x }));
  });
});

describe('elements React cannot create', () => {
  it('renders their content in their place, from template text and from values', () => {
    for (const [source, data] of [
      ['<p>x <a<b>y</a<b> z</p>', {}],
      ['<p>{v}</p>', { v: 'x <a<b>y</a<b> z' }],
    ] as Array<[string, unknown]>) {
      const out = react(source, data);
      expect(out.html).toBe('<p>x y z</p>');
    }
  });
});

describe('values that leave open the element their parent ends at', () => {
  // The template's `</div>` closes the `<div>` the value left open, not the one around it,
  // which takes in what follows (the tree may not keep the value structured there).
  it.each([
    ['<section><div>{x}</div><p>after</p></section>', '<div>open'],
    ['<ul><li>{x}</li><li>next</li></ul>', '<ul><li>inner'],
    ['<div><h2>{x}</h2><p>after</p></div>', '<h3>sub'],
  ])('%s with %s: the DOM of the string path', (source, x) => {
    const out = react(source, { x });
    expect(out.dom).toBe(stringDom(source, { x }));
    expect(out.warnings).toEqual([expect.stringMatching(/^REACT_UNBALANCED_VALUE /)]);
  });
});

describe('instructions whose output decides what the template text around them is', () => {
  // The template text alone leaves it open: the output may finish a tag the template ends in
  // (the tag is dropped without it), make `<` a tag or text, or make a comment or raw text
  // end with the text next to it. The React path parses such a part at render time.
  it.each([
    ['a quote finishing a single-quoted value at the end', "<div><a href='{x}</div>", "y'>z"],
    ['a quote finishing a double-quoted value at the end', '<div><a href="{x}</div>', 'y">z'],
    ['a `>` finishing a tag name at the end', '<div><a{x}</div>', ' title=t>z'],
    ['a digit making `<` text', '<div>a <{x} b</div>', '1'],
    ['a name making `</` an end tag', '<div>a </{x}>b</div><p>c</p>', 'div'],
    ['`--` making `<!` a comment', '<div>a <!{x} b</div><p>c</p>', '--'],
    ['a `-` ending a comment with the text before and after', '<div>a <!--x-{x}>b</div>', '-'],
    ['a `>` ending a comment at once', '<div>\n<!--{x}--><p>after</p></div>', '>shown'],
    ['a text keeping a comment open', '<div>a <!--x-{x}>b</div>', 'x'],
    ['`--` ending a comment with the `>` after', '<div>a <!-- x {x}>b --></div>', '--'],
    ['a name finishing `</` in a textarea', '<div><textarea>a</{x}>b</textarea></div>', 'textarea'],
  ])('%s: the DOM of the string path', (_what, source, x) => {
    expect(react(source, { x }).dom).toBe(stringDom(source, { x }));
  });

  it('a `<` beginning `</script` with the text after it: rendered whole, with a warning', () => {
    // React prints a script's text unescaped, so its HTML parses alike either way: the
    // warning shows the tree was built as the browser reads the page.
    const source = '<div><script>a {x}/script>b</script></div>';
    const out = react(source, { x: '<' });
    expect(out.warnings).toEqual([expect.stringMatching(/^REACT_UNBALANCED_VALUE 1:/)]);
    expect(out.dom).toBe(stringDom(source, { x: '<' }));
  });
});
