/**
 * Blocks of whole attributes among a tag's attributes (`<option{.equal? @ x} selected{.end}>`)
 * stay structured on the React path (react-renderer/structure/conditional-attributes.ts, react-renderer/compile/block-props.ts)
 * instead of making the attribute list dynamic: the DOM must be the string path's for any data,
 * the errors the same at the same locations, no REACT_UNSTRUCTURED warning — while every shape
 * that does not qualify keeps the dynamic list, its warning and its DOM — and the browser
 * runtime must build the same tree (what hydration needs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  compile,
  prepareReact,
  render,
  renderToReact,
  type Formatter,
  type CompileOptions,
  type RenderOptions,
} from '../../../index.js';
import { blockSlots } from '../../../engine/fragments.js';
import { renderPrepared } from '../../../react-renderer/browser.js';
import { Ns } from '../../../react-renderer/html/tree-builder.js';
import { Kind, type RElement, type RNode } from '../../../react-renderer/structure/react-code.js';
import { structureBlock, structureBlockLean } from '../../../react-renderer/structure/structure.js';
import { normalDom } from '../dom-equal.js';
import { bothPaths, reactHtmlWith } from '../support.js';

const TEMPLATES = join(__dirname, '../../../formatters/templates');

const BOOM: Formatter = {
  apply() {
    throw new Error('boom');
  },
};

/** Truthy and falsy values of every kind the engine tells apart, and a missing one. */
const ODD_VALUES: unknown[] = [true, false, 0, 1, '', 'x', 'false', null, [], [0], {}, { a: 1 }];

function errorsOf(list: ReadonlyArray<{ code: string; line: number; column: number }>) {
  return list.map((e) => `${e.code} ${e.line}:${e.column}`);
}

/** Both paths for one render: normalised DOMs, errors with locations, React's dev warnings. */
function both(source: string, data: unknown, options: RenderOptions & CompileOptions = {}) {
  const string = render(source, data, options);
  const react = renderToReact(source, data, options);
  const plain = bothPaths(source, data);
  return {
    string: normalDom(string.html),
    react: normalDom(renderToString(react.element)),
    stringErrors: errorsOf(string.errors),
    reactErrors: errorsOf(react.errors),
    reactWarnings: options.formatters === undefined ? plain.warnings : [],
  };
}

/** Asserts DOM and errors equal to the string path's for each data, with no React warning. */
function expectSame(
  source: string,
  datas: unknown[],
  options: RenderOptions & CompileOptions = {},
): void {
  for (const data of datas) {
    const out = both(source, data, options);
    expect(out.react, `${source} with ${JSON.stringify(data)}`).toBe(out.string);
    expect(out.reactErrors).toEqual(out.stringErrors);
    expect(out.reactWarnings).toEqual([]);
  }
}

const unstructured = (source: string) =>
  prepareReact(compile(source)).warnings.filter((w) => w.code === 'REACT_UNSTRUCTURED');

/** The elements of React code, depth first (inside blocks' first branch too). */
function elementsOf(nodes: RNode[]): RElement[] {
  return nodes.flatMap((node): RElement[] => {
    if (!Array.isArray(node)) return [];
    if (node[0] === Kind.ELEMENT) return [node, ...elementsOf(node[3])];
    if (node[0] !== Kind.BLOCK) return [];
    const shell = node[1];
    return elementsOf(shell[blockSlots(shell[0] as number).blocks[0]!] as RNode[]);
  });
}

/** Structured without a warning, no attribute list dynamic, `blocks` entries in all. */
function expectStructured(source: string, blocks: number): void {
  expect(unstructured(source)).toEqual([]);
  const elements = elementsOf(prepareReact(compile(source)).react);
  expect(elements.filter((element) => element[4] !== 0)).toEqual([]);
  const entries = elements.flatMap((element) => element[2].filter(([name]) => name === ''));
  expect(entries).toHaveLength(blocks);
}

describe('blocks of attributes: structured', () => {
  it('leaves no attribute list of the built-in widget templates dynamic', () => {
    for (const name of [
      'add-to-cart-btn',
      'product-restock-notification',
      'product-scarcity',
      'variants-select',
    ]) {
      const source = readFileSync(join(TEMPLATES, `${name}.html`), 'utf8');
      expect(unstructured(source), name).toEqual([]);
    }
  });

  it('IF over true, false, missing and odd values, with attributes before and after', () => {
    const source = '<input type="checkbox" name="x"{.if checked} checked{.end} id="c">';
    expectStructured(source, 1);
    expectSame(source, [{}, ...ODD_VALUES.map((checked) => ({ checked }))]);
    expect(render(source, { checked: 1 }).html).toContain(' checked id="c"');
  });

  it('IF with operators, and a block at the very start of the list', () => {
    const source = '<p {.if a || b}data-either="{a}{b}"{.end} {.if a && b}data-both{.end}>t</p>';
    expectStructured(source, 2);
    const values = [undefined, 0, 'x'];
    expectSame(
      source,
      values.flatMap((a) => values.map((b) => ({ a, b }))),
    );
  });

  it('a block right after the tag name whose branches start with a space', () => {
    // As if a space ended the name there: each branch starts with one, the text after ends it.
    const sources = [
      '<ul><li{.if on} class="on"{.end}>x</li></ul>',
      '<ul>\n<LI{.equal? n 1} class="one"{.or} class="other" title="{n}"{.end} id="i">x</LI></ul>',
      '<input{.if c}\tchecked{.end}/><p{.section plan} data-plan="{id}"{.end}>t</p>',
    ];
    for (const source of sources) {
      expectStructured(source, source.startsWith('<input') ? 2 : 1);
      expectSame(source, [{ on: 1, n: 1, c: true, plan: { id: 3 } }, { n: 2 }, {}]);
    }
  });

  it('one name set by each branch of a .or chain (the branches exclude each other)', () => {
    const source =
      '<p {.if a}class="a"{.or equal? b 1}class="b"{.or}class="c" lang="x"{.end}>t</p>';
    expectStructured(source, 1);
    expectSame(source, [{ a: 1 }, { b: 1 }, {}]);
  });

  it('predicates with .or chains select among options (selected → the select default)', () => {
    const source =
      '<select name="s">{.repeated section options}<option value="{@|htmlattr}"' +
      '{.equal? @ pick} selected{.or equal? @ "off"} disabled{.or} data-other="{@|htmlattr}"{.end}' +
      '>{@}</option>{.end}</select>';
    expectStructured(source, 1);
    const options = ['a', 'b', 'off', '<&">'];
    expectSame(source, [{ options }, { options, pick: 'b' }, { options, pick: 'zz' }]);
    const html = renderToString(renderToReact(source, { options, pick: 'b' }).element);
    expect(html).toMatch(/<option value="b" selected="">/);
  });

  it('a section block runs its values in the section frame, its .or in the outer one', () => {
    const source =
      '<div class="variants"{.section plan} data-plan="{id}" data-name="{name|htmlattr}"' +
      '{.or} data-none="{label}"{.end} data-animation-role="content"></div>';
    expectStructured(source, 1);
    expectSame(source, [
      { plan: { id: 7, name: 'A "plan" & more' }, label: 'L' },
      { plan: {}, label: 'L' },
      { plan: false, label: 'L' },
      { label: 'L' },
      { plan: { id: 0, label: 'inner' }, label: 'outer' },
    ]);
  });

  it('several groups, nested blocks and unquoted values', () => {
    const source =
      '<div class="a"{.if a} data-a {.if b} data-b="{b}"{.end}{.end}' +
      '{.if c} title=t{c}{.end} id="z"{.if d}data-d{.end}></div>';
    expectStructured(source, 3);
    const bits = [0, 1].flatMap((a) => [0, 1].flatMap((b) => [0, 1].map((c) => [a, b, c])));
    expectSame(
      source,
      bits.flatMap(([a, b, c]) => [
        { a, b: b ? 'B' : '', c: c ? 'C' : '', d: true },
        { a, b: b ? 'B' : '', c: c ? 'C' : '' },
      ]),
    );
  });

  it('a name ended by `/>` or by whitespace, and a branch of whitespace only', () => {
    for (const source of [
      '<input type="checkbox"{.if c} checked{.end}/>',
      '<input {.if c}checked{.end} disabled>',
      '<input value="v"{.if c} {.or} readonly{.end} >',
    ]) {
      expectStructured(source, 1);
      expectSame(source, [{ c: true }, { c: false }]);
    }
  });

  it('boolean attributes and form defaults: checked, selected, disabled, value, multiple', () => {
    const source =
      '<form><input type="text"{.if v} value="{v}"{.end}{.if off} disabled{.end}>' +
      '<input type="radio" name="r" value="1"{.if on} checked{.end}>' +
      '<select name="s"{.if many} multiple{.end}>{.repeated section xs}' +
      '<option value="{n}"{.if sel} selected{.end}>{n}</option>{.end}</select>' +
      '<textarea name="t"{.if ro} readonly{.end}>{v}</textarea></form>';
    expectStructured(source, 6);
    const xs = [
      { n: 'one', sel: true },
      { n: 'two', sel: false },
      { n: 'three', sel: true },
    ];
    // One option selected in a single select: React selects through the select's default value,
    // which holds one (the DOM's selectedness is the same, not its attributes).
    const one = [{ n: 'one' }, { n: 'two', sel: 1 }];
    expectSame(source, [
      { v: 'hello', off: true, on: true, many: true, xs, ro: true },
      { v: '', off: false, on: false, many: false, xs: one },
      { xs: [] },
    ]);
    const html = renderToString(renderToReact(source, { v: 'x', on: true }).element);
    expect(html).toContain('value="x"');
    expect(html).toMatch(/<input type="radio"[^>]* checked=""/);
  });

  it('maps class, for and style, and inline styles as objects', () => {
    const source =
      '<label id="l"{.if f} for="{f}" class="lbl {f}" style="color: {col}; margin-top:1px"{.end}>' +
      'L</label><div {.if s} style="{s}"{.end}></div>';
    expectStructured(source, 2);
    expectSame(source, [{ f: 'in', col: 'red', s: 'a:b;;c:d' }, { f: '', s: '' }, {}]);
    const html = renderToString(renderToReact(source, { f: 'in', col: 'red' }).element);
    expect(html).toContain('id="l" for="in" class="lbl in" style="color:red;margin-top:1px"');
  });

  it('keeps the string path’s attribute order in the React markup', () => {
    const source = '<div id="a"{.if x} title="t" data-x="{x}"{.end} lang="en"></div>';
    const html = renderToString(renderToReact(source, { x: 1 }).element);
    expect(html).toBe('<div id="a" title="t" data-x="1" lang="en"></div>');
  });

  it('renders the same with elements as generated code and as closures', () => {
    const source =
      '<ul>{.repeated section xs}<li class="i"{.if on} data-on="{n}"{.end}><b>{n}</b></li>{.end}</ul>';
    const data = { xs: [{ n: 1, on: true }, { n: 2 }] };
    expect(reactHtmlWith(true, source, data)).toBe(reactHtmlWith(false, source, data));
    expectSame(source, [data]);
  });

  it('reports errors inside the block as the string path does, at the same line:column', () => {
    const formatters = { boom: BOOM };
    const source =
      '<div>\n  <p class="x"{.section plan}\n   data-x="{id|boom}"{.or} data-y="{label|boom}"{.end}>' +
      '{.if on}<i{.if on} title="{t|boom}"{.end}>i</i>{.end}</p></div>';
    const datas = [
      { plan: { id: 1 }, on: true, t: 'T' },
      { label: 'l', on: false },
    ];
    for (const data of datas) {
      const out = both(source, data, { formatters });
      expect(out.react).toBe(out.string);
      expect(out.reactErrors).toEqual(out.stringErrors);
      expect(out.reactErrors.length).toBeGreaterThan(0);
    }
    expect(both(source, datas[0], { formatters }).reactErrors).toContain('UNEXPECTED_ERROR 3:12');
  });

  it('records what throws in a block (a hostile getter) as the string path does', () => {
    const source = '<p>\n <i id="x"{.section plan} data-x="{id}"{.end} lang="en">i</i></p>';
    const data = {
      get plan(): unknown {
        throw new Error('hostile');
      },
    };
    const out = both(source, data);
    expect(out.react).toBe(out.string);
    expect(out.reactErrors).toEqual(out.stringErrors);
    expect(out.reactErrors).toEqual(['UNEXPECTED_ERROR 2:11']);
  });

  it('matches the string path for arbitrary values', () => {
    const source =
      '<a href="/p/{id|htmlattr}"{.if ext} target="_blank" rel="noopener"{.end}' +
      '{.equal? kind "sale"} class="sale" data-price="{price|htmlattr}"{.or} class="{kind|htmlattr}"{.end}>' +
      '{title|html}</a>';
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', '&', '<', '"', "'", ' ', 'sale', 'é') }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.record({ id: value, ext: value, kind: value, price: value, title: value }),
        (data) => {
          const out = both(source, data);
          expect(out.react).toBe(out.string);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('builds the same tree in the browser runtime (what hydration needs)', () => {
    const source =
      '<div class="product-variants" data-variants="{variants|json|htmlattr}"' +
      '{.if sub} data-is-subscribable="true" data-plan="{plan|json|htmlattr}"{.end}' +
      ' data-animation-role="content">{.repeated section xs}' +
      '<option value="{@}"{.equal? @ pick} selected{.end}>{@}</option>{.end}</div>';
    const template = compile(source);
    const prepared = JSON.parse(JSON.stringify(prepareReact(template))) as ReturnType<
      typeof prepareReact
    >;
    for (const data of [
      { variants: [{ a: '"x"' }], sub: true, plan: { p: 1 }, xs: ['a', 'b'], pick: 'b' },
      { variants: [], xs: ['a'] },
    ]) {
      const server = renderToString(renderToReact(template, data).element);
      expect(renderToString(renderPrepared(prepared, data).element)).toBe(server);
    }
  });
});

describe('the browser runtime', () => {
  it('structures partials without the analysis (lean), to the same elements', () => {
    const block = compile('<option value="{@}"{.equal? @ "b"} selected{.end}>{@}</option>').code[2];
    const [full] = elementsOf(structureBlock(block, 'select', Ns.HTML, ['body'])!);
    const [lean] = elementsOf(structureBlockLean(block, 'select', Ns.HTML, ['body'])!);
    expect(full![4]).toBe(0);
    expect(full![2].map(([name]) => name)).toEqual(['value', '']);
    expect(lean![4]).not.toBe(0);
    expect(lean![2].map(([name]) => name)).toEqual(['value']);
  });

  it('renders partials with blocks of attributes as the server does', () => {
    const partials = {
      option: compile(
        '<option value="{@}"{.equal? @ "b"} selected{.or} data-n="{@}"{.end}>{@}</option>',
      ).code,
    };
    const template = compile(
      '<select name="s">{.repeated section xs}{@|apply option}{.end}</select>',
    );
    const data = { xs: ['a', 'b', 'c'] };
    const server = renderToString(renderToReact(template, data, { partials }).element);
    const browser = renderToString(
      renderPrepared(prepareReact(template), data, { partials }).element,
    );
    expect(browser).toBe(server);
    expect(normalDom(server)).toBe(normalDom(render(template, data, { partials }).html));
  });
});

describe('shapes that stay dynamic', () => {
  /**
   * What, template, data. Each renders the string path's DOM through the runtime attribute
   * parse, except for data noted in `unequal` with the reason (limits of that parse, unchanged
   * here): there the tag is only checked to be left dynamic.
   */
  const cases: Array<[string, string, unknown[], unknown[]?]> = [
    ['a variable in tag position', '<img {@|image-meta}>', [{}]],
    [
      'a repeated section',
      '<div id="r"{.repeated section xs} data-x{@}="1"{.end}>',
      [{ xs: ['a', 'b', 'a'] }, {}],
    ],
    [
      'a branch ending inside a value',
      '<div id="v"{.if x} title="a{.end} b">',
      [{ x: 1 }],
      // Without x, the HTML has an attribute named `b"`, which React cannot render.
      [{}],
    ],
    [
      'a name given a value after the block',
      '<input type="checkbox"{.if a} checked{.end}="x">',
      [{ a: 1 }],
      // Without a, the HTML has an attribute named `="x"`, which React cannot render.
      [{}],
    ],
    ['a name continued after the block', '<input name="n"{.if a} check{.end}ed>', [{ a: 1 }, {}]],
    ['a block in the middle of a name', '<input checked{.if a} disabled{.end}>', [{ a: 1 }, {}]],
    ['a hole in an attribute name', '<p class="x"{.if a} data-{a}="1"{.end}>', [{ a: 'n' }, {}]],
    ['a static attribute of the same name', '<p class="a"{.if b} class="b"{.end}>', [{ b: 1 }, {}]],
    [
      'two blocks setting one name',
      '<p id="p"{.if a} title="a"{.end}{.if b} title="b"{.end}>',
      [{ a: 1, b: 1 }, { b: 1 }, {}],
    ],
    [
      'one React name, two spellings',
      '<svg id="s"{.if a} stroke-width="1"{.end} strokeWidth="2"></svg>',
      [],
      // `strokewidth` and `stroke-width` in the HTML, one prop (strokeWidth) in React.
      [{ a: 1 }, {}],
    ],
    [
      'a block after a variable in tag position',
      '<img {@|image-meta}{.if a} alt="x"{.end}>',
      [{ a: 1 }, {}],
    ],
  ];

  for (const [what, source, datas, unequal = []] of cases) {
    it(`${what}: warned and parsed at render time, with the string path's DOM`, () => {
      const warnings = unstructured(source);
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings[0]!.message).toMatch(/among the attributes of a tag/);
      const [element] = elementsOf(prepareReact(compile(source)).react);
      expect(element![4]).not.toBe(0);
      expect(element![2].filter(([name]) => name === '')).toEqual([]);
      expectSame(source, datas);
      for (const data of unequal) {
        const out = both(source, data);
        expect(out.react).not.toBe(out.string);
        expect(out.reactErrors).toEqual(out.stringErrors);
      }
    });
  }

  it('renders a branch holding `>` (the tag ends inside the block) whole, with a warning', () => {
    // The text after the block is content in the browser; the attribute list cannot hold it.
    const source = '<div {.if x}class="x">{.or}class="y">{.end}t</div>';
    expect(unstructured(source).length).toBeGreaterThan(0);
    for (const data of [{ x: 1 }, {}]) {
      const out = both(source, data);
      expect(out.react).toBe(out.string);
      expect(out.react).toContain('"t"');
      expect(out.reactErrors).toEqual(['REACT_UNBALANCED_VALUE 1:6']);
    }
  });

  it('warns at each instruction of a dynamic list, blocks before it included', () => {
    const source = '<div>\n<p {.if a}title="a"{.end} {@|image-meta} {.if b}lang="b"{.end}>';
    expect(unstructured(source).map((w) => `${w.line}:${w.column}`)).toEqual([
      '2:4',
      '2:27',
      '2:42',
    ]);
  });

  it('keeps the blocks of one tag structured when another tag is dynamic', () => {
    const source = '<p {.if a}title="a"{.end}></p><img {@|image-meta}>';
    expect(unstructured(source)).toHaveLength(1);
    const [p, img] = elementsOf(prepareReact(compile(source)).react);
    expect(p![4]).toBe(0);
    expect(img![4]).not.toBe(0);
  });

  it('leaves a block after a tag name to a region where the name may go on', () => {
    const sources = [
      // A branch that does not end the name, text after the block that does not end it.
      '<ul><li{.if on}x{.end}>x</li></ul>',
      '<ul><li{.if on} a{.end}b>x</li></ul>',
      // An instruction among the attributes after it (the list would be tokenized per render).
      '<ul><li{.if on} a="1"{.end} {x}>x</li></ul>',
      // An end tag's.
      '<ul><li>x</li{.if on} a{.end}></ul>',
    ];
    for (const source of sources) {
      // One warning: the tag is left to render time whole.
      const warnings = unstructured(source).map((w) => w.message);
      expect(warnings, source).toHaveLength(1);
      expect(warnings[0], source).toMatch(/inside a tag name/);
      // The DOM is the string path's (where the name went on, `<lix>`, the page is rendered
      // whole: REACT_UNBALANCED_VALUE, as before blocks after a name were structured).
      for (const data of [{ on: 1, x: 'z' }, {}]) {
        const out = both(source, data);
        expect(out.react, `${source} with ${JSON.stringify(data)}`).toBe(out.string);
        // Located at the region's first instruction, never at 0:0.
        for (const error of out.reactErrors) expect(error).not.toMatch(/ 0:0$/);
      }
    }
    expect(both(sources[0]!, { on: 1 }).reactErrors).toEqual(['REACT_UNBALANCED_VALUE 1:8']);
  });
});
