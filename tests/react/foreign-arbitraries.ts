/**
 * Generators of markup in and around foreign content (SVG, MathML), where the HTML parser's
 * rules differ most from the HTML content around them: the elements whose content is raw text
 * in HTML (a comment or CDATA section opened in them is one in SVG or MathML, and hides
 * whatever follows up to its end), CDATA sections (text in foreign content, a bogus comment
 * in HTML content), the integration points (SVG foreignObject, desc, title; MathML mi, mo, mn,
 * ms, mtext and annotation-xml with an HTML encoding) and the HTML tags that end foreign
 * content. Shared by the parse5 property (html/foreign-content.test.ts), the jsdom hydration
 * property and the Chromium check (e2e/foreign-content.e2e.test.ts), with `covered`, which
 * names the states a value reaches so that a test can show every one is reached.
 */
import fc from 'fast-check';
import { html as html5, parse, type DefaultTreeAdapterMap } from 'parse5';
import { RAW_TEXT, RCDATA } from '../../react-renderer/html/tokens.js';
import { reactName } from '../../react-renderer/runtime/attribute-props.js';

export const FOREIGN_ROOTS = ['svg', 'math'] as const;

/** HTML's raw-text and RCDATA elements: raw text only as HTML elements. */
export const TEXT_TAGS: readonly string[] = [...RAW_TEXT, ...RCDATA];

/** What may open a stretch that hides markup in foreign content, and what ends it. */
export const OPENERS = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
] as const;

/** Start tags that end foreign content (`font` with one of its three attributes). */
export const BREAKOUTS = [
  ...(
    'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img ' +
    'li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var'
  )
    .split(' ')
    .map((tag) => `<${tag}>`),
  '<font color="red">',
  '<font face="serif">',
  '<font size="2">',
];

/** Integration points: where text and start tags go by the HTML rules again. */
export const INTEGRATION_POINTS = [
  ['svg', '<foreignObject>'],
  ['svg', '<desc>'],
  ['svg', '<title>'],
  ['math', '<mi>'],
  ['math', '<mo>'],
  ['math', '<mn>'],
  ['math', '<ms>'],
  ['math', '<mtext>'],
  ['math', '<annotation-xml encoding="text/html">'],
  ['math', '<annotation-xml encoding="Application/XHTML+XML">'],
] as const;

/**
 * Markup that runs script if it is live, and is inert inside a comment, a CDATA section or raw
 * text: it counts its runs in the page's `__xss`.
 */
export const PAYLOADS = [
  '<iframe srcdoc="<img src=x onerror=parent.__xss=(parent.__xss|0)+1>"></iframe>',
  '<img src="data:," onerror="window.__xss=(window.__xss|0)+1">',
];

/**
 * The shape of issue 24's excerpt: `<svg><style><!--</style></svg>PAYLOAD--></style></svg>`,
 * with an optional integration point or breakout tag before the text element (which then is
 * HTML's: raw text, so the payload is live in the browser too; the React tree must say so).
 */
const trap = fc
  .record({
    root: fc.constantFrom(...FOREIGN_ROOTS),
    before: fc.oneof(
      { weight: 4, arbitrary: fc.constant('') },
      fc.constantFrom(...INTEGRATION_POINTS.map(([, tag]) => tag)),
      fc.constantFrom(...BREAKOUTS),
      fc.constantFrom('<g>', '<mrow>', '<font>', '<clippath>', '<annotation-xml>', '<mglyph>'),
    ),
    tag: fc.constantFrom(...TEXT_TAGS),
    opener: fc.constantFrom(...OPENERS),
    payload: fc.constantFrom(...PAYLOADS),
    closeRoot: fc.boolean(),
  })
  .map(({ root, before, tag, opener: [open, close], payload, closeRoot }) => {
    const end = closeRoot ? `</${root}>` : '';
    return `<${root}>${before}<${tag}>${open}</${tag}>${end}${payload}${close}</${tag}></${root}>`;
  });

/** Tokens of markup soup: tags of every kind above, their ends, openers and closers, text. */
const TOKENS = [
  ...FOREIGN_ROOTS.flatMap((root) => [`<${root}>`, `</${root}>`]),
  ...TEXT_TAGS.flatMap((tag) => [`<${tag}>`, `</${tag}>`, `<${tag}/>`]),
  ...OPENERS.flat(),
  ...INTEGRATION_POINTS.map(([, tag]) => tag),
  '</foreignObject>',
  '</desc>',
  '</mi>',
  '</mtext>',
  '</annotation-xml>',
  '<annotation-xml>',
  '<mglyph>',
  '<malignmark>',
  ...BREAKOUTS.filter((tag) => !/<(table|body|head)>/.test(tag)),
  '</p>',
  '</br>',
  '</b>',
  '</div>',
  '<font>',
  '</font>',
  '<g>',
  '</g>',
  '<clippath>',
  '<path d="M0 0"/>',
  '<circle r="1"></circle>',
  'text',
  'a &amp; b',
  ' ',
  '>',
  '<',
];

const soup = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.constantFrom(...PAYLOADS)), {
    minLength: 1,
    maxLength: 14,
  })
  .map((parts) => parts.join(''));

/** A value of markup in and around foreign content (see the header). */
export const foreignValue: fc.Arbitrary<string> = fc.oneof(trap, soup);

/**
 * The states of issue 24's defect 1 a value reaches, by name: each root, text element and
 * opener directly in foreign content (`svg style <!--`), an integration point and breakout
 * tag in foreign content, a CDATA section in HTML content.
 */
export function covered(value: string): string[] {
  const states: string[] = [];
  for (const root of FOREIGN_ROOTS) {
    for (const tag of TEXT_TAGS) {
      for (const [open] of OPENERS) {
        if (value.includes(`<${root}><${tag}>${open}`)) states.push(`${root} ${tag} ${open}`);
      }
    }
    for (const [ns, point] of INTEGRATION_POINTS) {
      if (ns === root && value.includes(`<${root}>${point}`)) states.push(`${root} ${point}`);
    }
    for (const tag of BREAKOUTS) {
      if (value.includes(`<${root}>${tag}`)) states.push(`${root} ${tag}`);
    }
  }
  if (/^(?:(?!<svg>|<math>).)*<!\[CDATA\[/s.test(value)) states.push('CDATA in HTML');
  return states;
}

/** Every state `covered` names. */
export const ALL_STATES: string[] = [
  ...FOREIGN_ROOTS.flatMap((root) => [
    ...TEXT_TAGS.flatMap((tag) => OPENERS.map(([open]) => `${root} ${tag} ${open}`)),
    ...INTEGRATION_POINTS.filter(([ns]) => ns === root).map(([, point]) => `${root} ${point}`),
    ...BREAKOUTS.map((tag) => `${root} ${tag}`),
  ]),
  'CDATA in HTML',
];

/**
 * Whether the browser's DOM of a page's HTML has an HTML element React moves into the
 * document's head when it renders it (a `<title>`, `<meta>` or `<link>`), which no hydration of
 * it in place can keep: a limit of React, not of the parse. (SVG and MathML elements so named
 * have another React type: react-renderer/runtime/host-elements.ts `foreignType`.)
 */
export function hoistedByReact(html: string): boolean {
  const hoists = (node: DefaultTreeAdapterMap['node']): boolean =>
    ('tagName' in node &&
      node.namespaceURI === html5.NS.HTML &&
      (node.tagName === 'title' || node.tagName === 'meta' || node.tagName === 'link')) ||
    ('childNodes' in node && node.childNodes.some(hoists));
  return hoists(parse(`<!DOCTYPE html><body>${html}`));
}

/**
 * Whether the browser's DOM has an element with an attribute React renames (`srcdoc` as
 * `srcDoc`) where React takes the element for SVG or MathML: React sets such an attribute as it
 * names it there, another attribute in those namespaces. React's namespace is not the parser's:
 * only a `foreignObject` holds HTML for React, not the other integration points.
 */
export function foreignRenamedAttribute(html: string): boolean {
  const renamed = (node: DefaultTreeAdapterMap['node'], foreign: boolean): boolean => {
    let inside = foreign;
    if ('tagName' in node) {
      if (node.tagName === 'svg' || node.tagName === 'math') inside = true;
      else if (node.tagName === 'foreignObject') inside = false;
      const renames = node.attrs.some((attr) => {
        const prop = reactName(attr.name);
        return prop !== null && prop !== attr.name && prop.toLowerCase() === attr.name;
      });
      if (inside && renames) return true;
    }
    return 'childNodes' in node && node.childNodes.some((child) => renamed(child, inside));
  };
  return renamed(parse(`<!DOCTYPE html><body>${html}`), false);
}
