/**
 * The React path on pages of a real site's shape whose values leave their element: a header
 * with navigation, a blog list whose excerpts are `<p>`s printed inside a `<p>`, a post whose
 * body (headings, paragraphs, a `<div>` left open) is printed inside `<div>`s, a sidebar, and
 * code injected in the footer. Such a value makes the React path re-parse the nearest element
 * its markup cannot close (react-renderer/compile/local-fallback.ts). Each case is reported
 * against its floor, as in bench/react.ts: (string render + bare React renderToString of the
 * same static tree) ÷ bare React; target: such a page at most 1.5x its floor. The same pages
 * with balanced values (`… balanced`) show what the fallback adds.
 *
 *   npm run bench -- --only react-site
 */
import { reactCase } from '../react.js';
import type { BenchOptions, BenchSuite, PairCase, PairResult, SuiteReport } from '../suite.js';
import { runPairs } from '../suite.js';
import { formatNs, geometricMean } from '../timing.js';

/** 1.5x: a page with a value leaving its element may cost half again its floor. */
const LOCAL_TARGET = 1.5;

const NAV =
  '<header class="site-header"><a class="logo" href="/">{website.siteTitle}</a><nav class="main-nav"><ul>' +
  '{.repeated section navigation}<li class="{.if active}active{.end}"><a href="{url}">{title}</a>' +
  '{.section children}<ul class="sub">{.repeated section @}<li><a href="{url}">{title}</a></li>{.end}</ul>{.end}' +
  '</li>{.end}</ul></nav></header>';

const SIDEBAR =
  '<aside class="sidebar"><h3>Recent</h3><ul>{.repeated section recent}<li><a href="{url}">{title}</a>' +
  ' <time>{date}</time></li>{.end}</ul><h3>Tags</h3><p>{.repeated section tags}<a href="/tag/{@|url-encode}">{@}</a>' +
  '{.alternates with}, {.end}</p></aside>';

const FOOTER =
  '<footer class="site-footer"><div class="footer-code">{injection.footer}</div><p class="copy">&copy; {website.siteTitle}</p></footer>';

export const LIST =
  `<div class="site">${NAV}<main class="content"><div class="blog-list">{.repeated section items}` +
  '<article class="entry"><h2 class="entry-title"><a href="{fullUrl}">{title}</a></h2>' +
  '<div class="entry-meta"><time>{date}</time> by {author.displayName}</div>' +
  '<p class="entry-excerpt">{excerpt}</p><a class="more" href="{fullUrl}">Read more</a></article>{.end}' +
  `</div>${SIDEBAR}</main>${FOOTER}</div>`;

export const POST =
  `<div class="site">${NAV}<main class="content"><article class="post">{.section item}` +
  '<h1 class="post-title">{title}</h1><div class="post-meta"><time>{date}</time> by {author.displayName}</div>' +
  '<div class="post-body"><div class="sqs-block html-block"><div class="sqs-block-content">{body}</div></div></div>' +
  '<div class="post-footer"><p class="post-tags">{.repeated section tags}<a href="/tag/{@|url-encode}">{@}</a>' +
  `{.alternates with} {.end}</p></div>{.end}</article>${SIDEBAR}</main>${FOOTER}</div>`;

/** The page data: navigation with sub-menus, 12 entries, a sidebar; values as `unbalanced` says. */
export function siteData(unbalanced: boolean): Record<string, unknown> {
  // Each entry's own excerpt, as on a real blog: no two parse the same (a repeated string
  // would be parsed once per site and render, react-context.ts `parseIn`).
  const excerpt = (i: number): string =>
    unbalanced
      ? `<p>The first paragraph of post ${i}, with <a href="/x">a link</a>.</p><p>And a second one.</p>`
      : `The first paragraph of post ${i}, with <a href="/x">a link</a>. And a second one.`;
  const body = unbalanced
    ? '<h2>Heading</h2><p>Paragraph one with <strong>bold</strong> text.</p><p>Two.</p>' +
      '<div class="sqs-video-wrapper"><iframe src="/v"></iframe>'
    : '<h2>Heading</h2><p>Paragraph one with <strong>bold</strong> text.</p><p>Two.</p>' +
      '<div class="sqs-video-wrapper"><iframe src="/v"></iframe></div>';
  const footer = unbalanced
    ? '<div class="newsletter"><p>Sign up<script>window.dataLayer = [];</script>'
    : '<div class="newsletter"><p>Sign up</p></div><script>window.dataLayer = [];</script>';
  const items = Array.from({ length: 12 }, (_, i) => ({
    title: `Post number ${i} & friends`,
    fullUrl: `/blog/post-${i}`,
    date: `May ${i + 1}, 2026`,
    author: { displayName: 'Ann Author' },
    excerpt: excerpt(i),
    body,
    tags: ['linen', 'kitchen', 'gifts'],
  }));
  const link = (title: string, url: string) => ({ title, url });
  return {
    website: { siteTitle: 'Juniper & Pine' },
    navigation: [
      { ...link('Home', '/'), active: false },
      {
        ...link('Shop', '/shop'),
        active: false,
        children: [link('Linen', '/shop/linen'), link('Kitchen', '/shop/kitchen')],
      },
      { ...link('Journal', '/blog'), active: true },
      { ...link('About', '/about'), active: false },
    ],
    recent: items
      .slice(0, 5)
      .map((item) => ({ title: item.title, url: item.fullUrl, date: item.date })),
    tags: ['linen', 'kitchen', 'gifts', 'home'],
    items,
    item: items[0],
    injection: { footer },
  };
}

/** The suite's cases (exported for A/B and profile runs of the fallback). */
export function siteCases(): PairCase[] {
  return [
    reactCase('blog list: excerpts <p> in <p>', 1, LIST, siteData(true)),
    reactCase('blog list balanced', 1, LIST, siteData(false)),
    reactCase('post: body in <div>s, code', 1, POST, siteData(true)),
    reactCase('post balanced', 1, POST, siteData(false)),
  ];
}

/** Runs the cases as the React suite does (bench/react.ts), reporting each against its floor. */
export function runReactSiteSuite(options: BenchOptions): SuiteReport {
  const timing = {
    budgetMs: options.timing.budgetMs * 3,
    warmupMs: Math.max(options.timing.warmupMs, options.timing.budgetMs * 10),
  };
  const report = runPairs(
    'React path on site pages whose values leave their element',
    siteCases(),
    {
      ...options,
      timing,
    },
  );
  const results = (report.data as { results: PairResult[] }).results;
  const rows = results.map((r) => {
    const cost = r.oursNs / r.theirsNs;
    const floor = (r.alongsideNs! + r.theirsNs) / r.theirsNs;
    return { cost, floor, vsFloor: cost / floor, stringNs: r.alongsideNs! };
  });
  report.columns = [...report.columns, 'cost', 'string', 'floor', 'cost / floor'];
  report.rows = report.rows.map((row, i) => [
    ...row,
    `${rows[i]!.cost.toFixed(2)}x`,
    formatNs(rows[i]!.stringNs),
    `${rows[i]!.floor.toFixed(2)}x`,
    `${rows[i]!.vsFloor.toFixed(2)}x`,
  ]);
  (report.data as { floors?: unknown }).floors = rows;
  const unbalanced = rows.filter((_, i) => !results[i]!.snippet.includes('balanced'));
  const worst = Math.max(...unbalanced.map((r) => r.vsFloor));
  const mean = geometricMean(unbalanced.map((r) => r.vsFloor));
  report.summary.push(
    `pages with values leaving their element: ${mean.toFixed(2)}x their floor (geometric mean), ` +
      `${worst.toFixed(2)}x worst (target at most ${LOCAL_TARGET}x: ` +
      `${worst <= LOCAL_TARGET ? 'met' : 'NOT met'})`,
  );
  return report;
}

export const reactSiteSuite: BenchSuite = { name: 'react-site', run: runReactSiteSuite };
