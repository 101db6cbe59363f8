/**
 * Generators of pages for the local fallback (react-renderer/compile/local-fallback.ts):
 * elements it may re-parse (`<div>`, `<section>`, `<article>`, `<ul>`/`<li>`…) nested in one
 * another, each holding a few children — text, values printed straight in them or in a `<p>`,
 * a heading, a `<span>` or a `<b>`, sections and repeated sections, a widget — with values
 * that leave their element or not. A value that does not fit is re-parsed from the child that
 * holds it, alone or with the children after it, so that where a value stands among its
 * element's children, and what comes after it, both vary.
 */
import fc from 'fast-check';
import { INJECTED, item, UNBALANCED, VALUES } from './arbitraries.js';

/** The values' names: each is set at the top level, in `item` and in each of `list`. */
const NAMES = ['a', 'b', 'c'] as const;

const name = fc.constantFrom(...NAMES);

/** A child that prints a value, or none. */
const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('text ', ' ', 'a &amp; b', '\n'),
  name.map((n) => `{${n}}`),
  name.map((n) => `<p>{${n}}</p>`),
  name.map((n) => `<p class="x">{${n}}</p> tail`),
  name.map((n) => `<h2><a href="/x">{${n}}</a></h2>`),
  name.map((n) => `<span>{${n}}</span>`),
  name.map((n) => `<b>{${n}}</b> after`),
  fc.constant('<div class="buy">{item|add-to-cart-btn}</div>'),
  fc.constant('<hr>'),
);

const BOUNDARY = ['div', 'section', 'article', 'aside', 'main', 'blockquote'];

/** The content of an element: one to five children, elements nested `depth` more levels. */
const children = (depth: number): fc.Arbitrary<string> =>
  fc
    .array(depth > 0 ? fc.oneof(leaf, leaf, child(depth - 1)) : leaf, {
      minLength: 1,
      maxLength: 5,
    })
    .map((list) => list.join(''));

/** An element that may be re-parsed, a section around children, or a list of items. */
const child = (depth: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...BOUNDARY), children(depth))
      .map(([tag, content]) => `<${tag} class="k">${content}</${tag}>`),
    children(depth).map((content) => `{.section item}${content}{.end}`),
    children(depth).map((content) => `<ul>{.repeated section list}<li>${content}</li>{.end}</ul>`),
  );

/** A page: the elements above inside a site's wrapper, with a header and a footer after them. */
export const localPage: fc.Arbitrary<string> = children(2).map(
  (content) =>
    `<div class="site"><header><a href="/">{a}</a></header><main>${content}</main>` +
    '<footer><p>&copy; site</p></footer></div>',
);

/** Values: ordinary, leaving their element, or injected code; the same names at each level. */
const value = fc.constantFrom(...UNBALANCED, ...INJECTED, ...VALUES);

const values = fc.record({ a: value, b: value, c: value });

export const localPageData = fc
  .tuple(values, values, values, values)
  .map(([top, inItem, first, second]) => ({
    ...top,
    item: { ...(item as Record<string, unknown>), ...inItem },
    list: [first, second],
  }));
