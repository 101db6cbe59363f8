/**
 * The local fallback re-parses, on the server, from the child holding the value that left its
 * element (react-renderer/compile/piece-fallback.ts, react-renderer/structure/local-splits.ts, installed by the server entry);
 * the browser runtime, without that code, re-parses the element's whole content
 * (react-renderer/compile/local-fallback.ts). Both must build the same elements and report the same warnings.
 */
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { compile, prepareReact, renderToReact, type ReactTemplate } from '../../../index.js';
import {
  pieceFallback,
  SplitContents,
  useLocalSplits,
  usePieceFallback,
} from '../../../react-renderer/index.js';
import { localPage, localPageData } from '../local-arbitraries.js';

/** React's HTML and the errors, with a registry of its own (fresh compilers). */
function rendered(template: ReactTemplate | ReturnType<typeof compile>, data: unknown) {
  const result = renderToReact(template, data, { formatters: {} });
  return {
    html: renderToString(result.element),
    errors: result.errors.map((e) => [e.code, e.severity, e.line, e.column, e.message]),
  };
}

/** Elements the server's fallback was installed on since the last `server()`. */
let pieceSites = 0;

function server(): void {
  pieceSites = 0;
  usePieceFallback((site) => {
    pieceSites++;
    return pieceFallback(site);
  });
  useLocalSplits(SplitContents);
}

function browser(): void {
  usePieceFallback(null);
  useLocalSplits(null);
}

/** A source rendered with the server's code, then the browser's (each structured afresh). */
function both(source: string, data: unknown) {
  server();
  const fromServer = rendered(compile(source), data);
  const sites = pieceSites;
  browser();
  const fromBrowser = rendered(compile(source), data);
  return { fromServer, fromBrowser, sites };
}

const EXCERPT = '<p>one</p><p>two</p>';
const LIST =
  '<div class="list">{.repeated section items}<article><h2>{title}</h2>' +
  '<p class="excerpt">{excerpt}</p><a href="/more">More</a></article>{.end}</div>';

const CASES: Array<[string, string, unknown]> = [
  ['an excerpt among an entry’s children', LIST, { items: [{ title: 'T', excerpt: EXCERPT }] }],
  [
    'excerpts in every entry of a list',
    LIST,
    { items: [1, 2, 3].map((i) => ({ title: `T${i}`, excerpt: EXCERPT })) },
  ],
  ['content that leaves its element too', LIST, { items: [{ title: 'T', excerpt: '<div>x' }] }],
  [
    'markup that leaves every element around it',
    LIST,
    { items: [{ title: 'T', excerpt: '</article></div><p>out</p>' }] },
  ],
  [
    "a value in the element's own attributes",
    '<section><div title="{t}"><p>{x}</p><p>b</p></div></section>',
    { t: 'a" data-x="1" y="', x: EXCERPT },
  ],
  [
    'errors in the content, before and after the value',
    '<div><p>{a|nosuch}</p><p>{excerpt}</p>{b|nosuch}</div>',
    { a: 1, b: 2, excerpt: EXCERPT },
  ],
  [
    'a widget after the value',
    '<div><p>{excerpt}</p><div class="buy">{item|add-to-cart-btn}</div></div>',
    { excerpt: EXCERPT, item: { id: 'p1', title: 'Mug', variants: [{ price: 1000 }] } },
  ],
];

describe('local fallback, with and without the server’s piece-by-piece re-parse', () => {
  afterEach(() => {
    usePieceFallback(pieceFallback);
    useLocalSplits(SplitContents);
  });

  it.each(CASES)('%s: the same elements and warnings', (_, source, data) => {
    const { fromServer, fromBrowser, sites } = both(source, data);
    expect(sites).toBeGreaterThan(0);
    expect(fromServer.errors.some((e) => e[0] === 'REACT_UNBALANCED_VALUE')).toBe(true);
    expect(fromBrowser).toEqual(fromServer);
  });

  it('the browser runs an entry’s children again where the server does not', () => {
    // Each read of a title counted: the server parses an entry from its excerpt on, the
    // browser its whole content (the titles run once more per entry).
    let reads = 0;
    const items = [1, 2, 3].map(() => {
      const entry = { excerpt: EXCERPT };
      Object.defineProperty(entry, 'title', { enumerable: true, get: () => `T${++reads}` });
      return entry;
    });
    server();
    const fromServer = rendered(compile(LIST), { items });
    const serverReads = reads;
    reads = 0;
    browser();
    const fromBrowser = rendered(compile(LIST), { items });
    expect([serverReads, reads]).toEqual([4, 6]);
    // The titles differ (each read counts), not the warnings.
    expect(fromBrowser.errors).toEqual(fromServer.errors);
  });

  it('renders a template prepared on the server (its content cut) the same in the browser', () => {
    server();
    const prepared = prepareReact(compile(LIST));
    // The article's content code and where its children start in it (react-code.ts RElement).
    expect(JSON.stringify(prepared.react)).toMatch(/\[1,\d+,2,\d+\]\]/);
    const data = { items: [1, 2].map((i) => ({ title: `T${i}`, excerpt: EXCERPT })) };
    const fromServer = rendered(prepared, data);
    browser();
    expect(rendered(prepareReact(compile(LIST)), data)).toEqual(fromServer);
    expect(rendered({ code: prepared.code, react: prepared.react }, data)).toEqual(fromServer);
  });

  it('pages with values among the children of re-parsed elements', () => {
    let sites = 0;
    fc.assert(
      fc.property(localPage, localPageData, (source, data) => {
        const out = both(source, data);
        sites += out.sites;
        expect(out.fromBrowser).toEqual(out.fromServer);
      }),
      { numRuns: 150 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
    );
    expect(sites).toBeGreaterThan(0);
  });
});
