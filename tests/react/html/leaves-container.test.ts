/**
 * `leavesContainer` (issue 24): hydration covers a container's content only, so a root whose
 * HTML the browser does not keep inside its container must not be hydrated. Checked against
 * parse5 on whole documents: wherever `leavesContainer` says the HTML stays, the container's
 * content in the document parse is the fragment parse of the HTML in the container's context
 * (the tree the React path builds).
 */
import fc from 'fast-check';
import { parse, parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { leavesContainer } from '../../../react-renderer/runtime/host-elements.js';
import { flow, UNBALANCED } from '../arbitraries.js';
import { foreignValue } from '../foreign-arbitraries.js';

type P5Element = DefaultTreeAdapterMap['element'];
type P5Node = DefaultTreeAdapterMap['node'];

/** The layout around the demo store's page root: `<main>` holding the container. */
const OUTER = ['html', 'body', 'main'];

function findById(node: P5Node, id: string): P5Element | undefined {
  if ('attrs' in node && node.attrs.some((a) => a.name === 'id' && a.value === id)) return node;
  if (!('childNodes' in node)) return undefined;
  for (const child of node.childNodes) {
    const found = findById(child, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The container's content as the browser builds it from the whole page. */
function inDocument(html: string): string {
  const doc = parse(
    `<!DOCTYPE html><html><head></head><body><main><div id="c">${html}</div>` +
      `<p id="after">after</p></main></body></html>`,
  );
  return serialize(findById(doc, 'c')!);
}

/** The content parsed as a `<div>`'s (the fragment algorithm: what the React tree holds). */
function asFragment(html: string): string {
  const context = findById(parse('<div id="ctx"></div>'), 'ctx')!;
  return serialize(parseFragment(context, html, {}));
}

describe('leavesContainer', () => {
  it.each([
    ['<p>text</p><ul><li>a<li>b</ul>', null],
    ['<p>left open', null],
    ['<b>bold <i>both</b> italic', null],
    ['<svg><circle r="1"></circle>', null],
    ['</main>', 'it closes <main>, which it did not open'],
    ['</div>', 'it closes <div>, which it did not open'],
    ['<div>left open', 'it leaves <div> open'],
    ['<table><tr><td>cell', 'it leaves <table> open'],
    ['<textarea>left open', 'it leaves <textarea> open'],
    ['<select><option>a', 'it leaves <select> open'],
    ['x <!-- comment', 'it ends inside a tag or comment'],
    ['x <b', 'it ends inside a tag or comment'],
  ])('%j → %j', (html, expected) => {
    expect(leavesContainer(html, 'div', OUTER)).toBe(expected);
  });

  it('is null for a stray end tag of an element that is not open around the container', () => {
    expect(leavesContainer('</section><p>x</p>', 'div', OUTER)).toBeNull();
    expect(inDocument('</section><p>x</p>')).toBe(asFragment('</section><p>x</p>'));
  });

  it("finds issue 24's pair: the excerpt closes the template's element, the template the root", () => {
    const page =
      '<div class="summary"><div class="excerpt"><clippath><ul></div><math>x--></div>' +
      '<form></form></div><p class="meta">after the template\'s own end tag</p>';
    expect(leavesContainer(page, 'div', OUTER)).toBe('it closes <div>, which it did not open');
    expect(inDocument(page)).not.toBe(asFragment(page));
  });

  it('where it says the markup stays, the document keeps the fragment parse in the container', () => {
    const value = fc.oneof(foreignValue, flow, fc.constantFrom(...UNBALANCED));
    const markup = fc.array(value, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
    let stays = 0;
    let leaves = 0;
    fc.assert(
      fc.property(markup, (html) => {
        if (leavesContainer(html, 'div', OUTER) !== null) {
          leaves++;
          return;
        }
        stays++;
        expect(inDocument(html), html).toBe(asFragment(html));
      }),
      { numRuns: 600 },
    );
    // Both answers are exercised: the property is not vacuous on either side.
    expect(stays).toBeGreaterThan(100);
    expect(leaves).toBeGreaterThan(20);
  });
});
