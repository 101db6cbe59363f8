/**
 * The hydration bench's floor hydrates the page with a static element tree written out as
 * `createElement` calls (bench/browser/static-tree.ts). The calls must build exactly the markup
 * they came from, or the floor would hydrate a different (or mismatching) tree.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { staticChildrenSource } from '../bench/browser/static-tree.js';

function rebuild(html: string): string {
  const build = new Function('h', `return ${staticChildrenSource(html)};`) as (
    h: typeof createElement,
  ) => ReactNode[];
  return renderToStaticMarkup(createElement(Fragment, null, ...build(createElement)));
}

describe('static tree of the hydration bench', () => {
  it('builds the markup it was made from: attributes, text with entities, void and SVG elements', () => {
    const html =
      '<div class="card sale" data-id="7" id="p7"><a href="/shop/p/x?a=1&amp;b=2" title="Tom &amp; &quot;Jerry&quot;">Tom &amp; Jerry &lt;3</a>' +
      '<img src="/x.png" alt="" loading="lazy"/><br/><label for="q">Qty</label>' +
      '<svg viewBox="0 0 10 10" aria-hidden="true"><path d="M0 0L10 10"></path></svg>' +
      '<ul><li>one</li><li>two</li></ul></div>tail text';
    expect(rebuild(html)).toBe(html);
  });

  it('keeps adjacent text one string and builds nothing for empty markup', () => {
    expect(rebuild('a &amp; b')).toBe('a &amp; b');
    expect(rebuild('')).toBe('');
  });
});
