/**
 * The local fallback: a value whose markup leaves its element (an excerpt's `<p>`s printed in
 * a `<p>`) makes the React path re-parse the content of the nearest element its markup cannot
 * close — a `<div>`, `<section>`, `<li>`… whose end tag is in the template — not the whole
 * page (react-renderer/compile/local-fallback.ts). The DOM is the string path's.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compile, prepareReact, render, renderToReact } from '../../index.js';
import { normalDom } from './dom-equal.js';

const EXCERPT = '<p>one</p><p>two</p>';

/** Data whose `nav` titles count their reads (a page rendered whole reads them again). */
function counted(values: Record<string, unknown>) {
  let reads = 0;
  const link = { url: '/a' };
  Object.defineProperty(link, 'title', {
    enumerable: true,
    get: () => {
      reads++;
      return 'A';
    },
  });
  return { data: { ...values, nav: [link] }, reads: () => reads };
}

function both(source: string, data: unknown) {
  const template = compile(source);
  const result = renderToReact(template, data);
  return {
    react: normalDom(renderToString(result.element)),
    string: normalDom(render(template, data).html),
    warnings: result.errors.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`),
  };
}

const PAGE =
  '<div class="site"><nav>{.repeated section nav}<a href="{url}">{title}</a>{.end}</nav>\n' +
  '<main><div class="post"><p class="excerpt">{excerpt}</p></div></main></div>';

describe('local fallback', () => {
  it('re-parses only the element around the value: the rest of the page runs once', () => {
    const { data, reads } = counted({ excerpt: EXCERPT });
    const out = both(PAGE, data);
    expect(out.react).toBe(out.string);
    // One read by the React render and one by the string render of `both`: none again.
    expect(reads()).toBe(2);
    expect(out.warnings).toEqual([
      "REACT_UNBALANCED_VALUE 2:44 React: this value's markup does not stay where the template " +
        'puts it; the element around it was parsed at render time (slower)',
    ]);
  });

  it('re-parses from the child holding the value: the children before it are not run again', () => {
    const source =
      '<div class="list">{.repeated section items}<article><h2>{title}</h2>' +
      '<p class="excerpt">{excerpt}</p><a href="/more">More</a></article>{.end}</div>';
    let reads = 0;
    const items = Array.from({ length: 3 }, () => {
      const entry = { excerpt: EXCERPT };
      Object.defineProperty(entry, 'title', { enumerable: true, get: () => `T${++reads}` });
      return entry;
    });
    const template = compile(source);
    const result = renderToReact(template, { items });
    // The first entry's title twice (its article is built again once its excerpt does not
    // fit), the others' once: their articles are built piece by piece from the start, and
    // the title's piece is never parsed.
    expect(reads).toBe(4);
    expect(result.errors.map((e) => `${e.code} ${e.line}:${e.column}`)).toEqual(
      Array(3).fill(`REACT_UNBALANCED_VALUE 1:${source.indexOf('{excerpt}') + 1}`),
    );
    reads = 0;
    const html = render(template, { items }).html;
    reads = 0;
    const again = renderToString(renderToReact(template, { items }).element);
    expect(reads).toBe(3);
    reads = 0;
    expect(normalDom(again)).toBe(normalDom(html));
  });

  it('goes to the next element out when the content leaves its element too', () => {
    // The `<div>` left open takes div.post's end tag: div.post stays open up to main's end.
    const out = both(PAGE, counted({ excerpt: '<div>open' }).data);
    expect(out.react).toBe(out.string);
    expect(out.warnings).toEqual([expect.stringContaining('element around it')]);
  });

  it('renders the page whole when no element around the value holds it', () => {
    // `</main>` closes every element the template opened around the value.
    const out = both(PAGE, counted({ excerpt: '</div></main></div><p>out</p>' }).data);
    expect(out.react).toBe(out.string);
    expect(out.warnings).toEqual([expect.stringContaining('the page was rendered whole')]);
  });

  it('keeps structured the elements around the region', () => {
    const source = '<section><h2>{t}</h2><div class="b">{body}</div></section>';
    const data = { t: 'T', body: '<div>open' };
    const out = both(source, data);
    expect(out.react).toBe(out.string);
    expect(out.warnings).toEqual([expect.stringContaining('element around it')]);
  });

  it('stores the content of the nearest element only (the React code does not grow with depth)', () => {
    const depth = 20;
    const source = '<div>'.repeat(depth) + '<p>{x}</p>' + '</div>'.repeat(depth);
    const prepared = prepareReact(compile(source));
    const json = JSON.stringify(prepared.react);
    // The instruction `{x}` appears in the tree and in two elements' content, no more.
    expect(json.split('"x"').length - 1).toBe(3);
    const out = both(source, { x: EXCERPT });
    expect(out.react).toBe(out.string);
  });

  it('runs the content once more without repeating its errors', () => {
    const source = '<div><p>{excerpt}</p>{missing|nosuchformatter}</div>';
    const template = compile(source);
    const result = renderToReact(template, { excerpt: EXCERPT });
    const string = render(template, { excerpt: EXCERPT });
    expect(result.errors.filter((e) => e.severity === 'error')).toEqual(
      string.errors.filter((e) => e.severity === 'error'),
    );
  });

  it("leaves a value in the element's own attributes to the next element out", () => {
    // The quote ends the title early in the browser (`data-x` becomes an attribute): the
    // element itself does not match, whatever its content.
    const t = 'a" data-x="1" y="';
    const out = both('<section><div title="{t}">{x}</div></section>', { t, x: 'y' });
    expect(out.react).toBe(out.string);
    expect(out.warnings).toEqual([expect.stringContaining('element around it')]);
  });

  it('does not run twice content that binds variables', () => {
    const source = '<div>{.var @n excerpt}<p>{@n}</p></div><p>after</p>';
    const out = both(source, { excerpt: EXCERPT });
    expect(out.react).toBe(out.string);
    expect(out.warnings).toEqual([expect.stringContaining('the page was rendered whole')]);
  });
});
