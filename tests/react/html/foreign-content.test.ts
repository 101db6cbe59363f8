/**
 * Foreign content (SVG, MathML) against parse5, the HTML standard's parser in JavaScript and
 * jsdom's: the React path's tokenizer and tree builder build the tree parse5 builds for markup
 * in and around SVG and MathML (foreign-arbitraries.ts), and the excerpt of issue 24 — a
 * comment or CDATA section in an SVG or MathML `<style>` (…) hiding an `<iframe>` — gives a
 * React tree without that iframe, on every path a value takes.
 */
import fc from 'fast-check';
import '../../support/property-seed.js';
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToReact } from '../../../index.js';
import { parseMarkup } from '../../../react-renderer/runtime/host-elements.js';
import { Ns } from '../../../react-renderer/html/tree-builder.js';
import {
  ALL_STATES,
  BREAKOUTS,
  covered,
  INTEGRATION_POINTS,
  FOREIGN_ROOTS,
  foreignValue,
  OPENERS,
  TEXT_TAGS,
} from '../foreign-arbitraries.js';
import { browserTree, ourTree } from '../parse5-dom.js';

const SCALE = Number(process.env.JSONT_PROPERTY_SCALE ?? 1);

/** The tag names of the host elements in a React tree, in document order. */
function hostTags(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) hostTags(child, into);
  else if (isValidElement(node)) {
    if (typeof node.type === 'string') into.push(node.type);
    hostTags((node.props as { children?: ReactNode }).children, into);
  }
  return into;
}

/** Whether a React tree has an element with a `srcdoc` (the excerpt's iframe, live). */
function hasSrcdoc(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasSrcdoc);
  if (!isValidElement(node)) return false;
  const props = node.props as { srcDoc?: unknown; children?: ReactNode };
  return props.srcDoc !== undefined || hasSrcdoc(props.children);
}

/** Issue 24's excerpt, for each root, text element and opener. */
const EXCERPTS = FOREIGN_ROOTS.flatMap((root) =>
  TEXT_TAGS.flatMap((tag) =>
    OPENERS.map(
      ([open, close]) =>
        `<${root}><${tag}>${open}</${tag}></${root}>` +
        `<iframe srcdoc="<img src=x onerror=parent.x=1>"></iframe>${close}</${tag}></${root}>`,
    ),
  ),
);

describe('foreign content, against parse5', () => {
  it('the generators reach every state of the issue: roots × text elements × openers, integration points, breakouts', () => {
    const counts = new Map(ALL_STATES.map((state) => [state, 0]));
    for (const value of fc.sample(foreignValue, { numRuns: 20_000, seed: 24 })) {
      for (const state of covered(value)) counts.set(state, counts.get(state)! + 1);
    }
    const missed = [...counts].filter(([, count]) => count === 0).map(([state]) => state);
    expect(missed).toEqual([]);
    const breakouts = FOREIGN_ROOTS.length * BREAKOUTS.length;
    expect(counts.size).toBe(2 * 10 * 2 + INTEGRATION_POINTS.length + breakouts + 1);
  });

  it('builds the tree parse5 builds, for generated markup in and around SVG and MathML', () => {
    // Contexts whose end tag no value holds: a value that closes its context leaves the region.
    const contexts = fc.constantFrom('section', 'span');
    fc.assert(
      fc.property(foreignValue, contexts, (value, context) => {
        expect(ourTree(value, context)).toEqual(browserTree(value, context));
      }),
      { numRuns: 1_000 * SCALE },
    );
  });

  it('regression: the React tree has a live iframe from the excerpt exactly where the browser has', () => {
    // In the browser the iframe is inside a comment or is the text of a CDATA section, but for
    // `<svg><title><![CDATA[` (an integration point: a bogus comment, ended by the first `>`).
    const live = EXCERPTS.filter((excerpt) =>
      JSON.stringify(browserTree(excerpt, 'div')).includes('"srcdoc"'),
    );
    expect(live.map((excerpt) => excerpt.slice(0, 21))).toEqual(['<svg><title><![CDATA[']);
    for (const excerpt of EXCERPTS) {
      expect(ourTree(excerpt, 'div'), excerpt).toEqual(browserTree(excerpt, 'div'));
      const inTree = hasSrcdoc(parseMarkup(excerpt, 'div', Ns.HTML));
      // Through a template, as an excerpt printed unescaped.
      const { element } = renderToReact('<div class="excerpt">{excerpt}</div><p>after</p>', {
        excerpt,
      });
      expect([inTree, hasSrcdoc(element)], excerpt).toEqual(
        live.includes(excerpt) ? [true, true] : [false, false],
      );
    }
  });

  it.each([
    // The integration points hold HTML: raw text again, so the iframe is live in both.
    ['<svg><foreignObject><style><!--</style><iframe></iframe>--></style></foreignObject></svg>'],
    ['<svg><desc><textarea><!--</textarea><iframe></iframe>--></textarea></desc></svg>'],
    ['<svg><title><xmp><!--</xmp><iframe></iframe>--></xmp></title></svg>'],
    ['<math><mi><noembed><!--</noembed><iframe></iframe>--></noembed></mi></math>'],
    ['<math><annotation-xml encoding="text/html"><style><!--</style><iframe></iframe>-->'],
    // A breakout tag ends foreign content: HTML's style again.
    ['<svg><p><style><!--</style><iframe></iframe>--></style></svg>'],
    ['<math><font size=2><script><!--</script><iframe></iframe>--></script></math>'],
  ])('a live iframe where the browser makes one too, %s', (value) => {
    expect(JSON.stringify(browserTree(value, 'div'))).toContain('"iframe"');
    expect(ourTree(value, 'div')).toEqual(browserTree(value, 'div'));
    expect(hostTags(parseMarkup(value, 'div', Ns.HTML))).toContain('iframe');
  });

  it.each([
    // CDATA: text in foreign content, a bogus comment in HTML content and integration points.
    ['<svg><![CDATA[a<b>c]]>d</svg>'],
    ['<![CDATA[a<b>c]]>d'],
    ['<svg><foreignObject><![CDATA[a<b>c]]>d</foreignObject></svg>'],
    ['<math><![CDATA[x]]'],
    // Tag case: SVG names camel-cased, MathML's not; end tags match in any case.
    [
      '<svg><clippath><lineargradient/></clippath><foreignobject><div>x</div></FOREIGNOBJECT></svg>',
    ],
    ['<math><mi><mglyph><b>x</b></mglyph></mi><annotation-xml><svg><desc>d</desc></svg></math>'],
    // Scopes: an integration point bounds the search for an open p; `</svg>` in HTML is ignored.
    ['<p><svg><foreignObject><p>x</p></foreignObject></svg>y</p>'],
    ['<svg><foreignObject><span></svg>after'],
    // Only MathML's `ms` (…) bounds a scope: an SVG element of that name does not.
    ['<div><svg><ms></div><p>after</p>'],
    ['<svg><font color=red>x</font></svg><svg><font>y</font></svg>'],
    // A `<plaintext>` never ends, and its text reopens formatting elements as body text does.
    ['<plaintext></plaintext><iframe srcdoc="<img src=x onerror=parent.x=1>"></iframe>'],
    ['<p><b><plaintext>x</b>y'],
  ])('builds the tree parse5 builds for %s', (value) => {
    expect(ourTree(value, 'div')).toEqual(browserTree(value, 'div'));
  });
});
