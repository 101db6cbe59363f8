/**
 * A layout region applying 8 block partials, as a site's layout does: header navigation, a hero
 * with an inline SVG, a product summary grid, a gallery, a text block whose HTML is a value, a
 * blog summary, a newsletter form and a footer. The partials are given as source text, as the
 * CLI's `--partials` folder and the preview give them, or compiled (`partialsLayoutCode`).
 */
import { compile } from '../../index.js';
import type { Code } from '../../index.js';

const ICON = `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 12h18M12 3v18" stroke="currentColor" stroke-width="2" fill="none"/></svg>`;

const PARTIALS: Record<string, string> = {
  'nav.block': `<nav class="header-nav" aria-label="{label|htmlattr}"><ul>
{.repeated section links}<li class="nav-item{.section active} nav-item--active{.end}"><a href="{url|htmlattr}">{title|html}</a>
{.section children}<ul class="subnav">{.repeated section @}<li><a href="{url|htmlattr}">{title|html}</a></li>{.end}</ul>{.end}</li>{.end}
</ul></nav>`,
  'hero.block': `<section class="hero" style="background-image:url({image.assetUrl|htmlattr}?format=2500w)">
${ICON}<h1 class="hero-title">{title|html}</h1>{.section subtitle}<p class="hero-sub">{@|html}</p>{.end}
{.section button}<a class="sqs-button-element--primary" href="{url|htmlattr}">{label|html}</a>{.end}</section>`,
  'summary.block': `<div class="summary-v2-block"><div class="summary-item-list">
{.repeated section items}<div class="summary-item summary-item-record-type-{recordTypeLabel}{.odd?} odd{.end}" data-id="{id}">
<a href="{fullUrl|htmlattr}" class="summary-thumbnail-container"><img data-src="{assetUrl|htmlattr}" alt="{title|htmlattr}" data-image-dimensions="{originalSize}"></a>
<div class="summary-content"><div class="summary-title"><a href="{fullUrl|htmlattr}">{title|html}</a></div>
<div class="summary-price">{.if onSale}<span class="sale-price">{salePrice|money-format}</span> <s>{price|money-format}</s>{.or}{price|money-format}{.end}</div>
<div class="summary-metadata">{addedOn|date %B %d, %Y}</div></div></div>{.end}
</div></div>`,
  'gallery.block': `<div class="sqs-gallery-block-grid"><div class="sqs-gallery">
{.repeated section images}<div class="slide" data-index="{@index}"><div class="margin-wrapper">
<a href="{assetUrl|htmlattr}" class="image-slide-anchor"><img data-src="{assetUrl|htmlattr}" alt="{title|htmlattr}" data-image-focal-point="{focal.x},{focal.y}"></a>
{.section title}<div class="image-slide-title">{@|html}</div>{.end}</div></div>{.end}
</div></div>`,
  'text.block': `<div class="sqs-block-content">{body}</div>`,
  'blog.block': `<div class="blog-summary"><h2>{title|html}</h2>
{.repeated section posts}<article class="entry{.first?} entry--first{.end}"><h3><a href="{fullUrl|htmlattr}">{title|html}</a></h3>
<time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %b %d}</time>{.section excerpt}<div class="excerpt">{@|truncate 140}</div>{.end}
{.section tags}<ul class="tags">{.repeated section @}<li>{@|html}</li>{.end}</ul>{.end}</article>{.end}</div>`,
  'newsletter.block': `<div class="newsletter-form-wrapper"><form class="newsletter-form" action="{action|htmlattr}" method="post">
<h2>{title|html}</h2><p>{description|html}</p><label for="nl-email-{id}">{emailLabel|html}</label>
<input id="nl-email-{id}" type="email" name="email" required placeholder="{placeholder|htmlattr}">
<button type="submit">{buttonText|html}</button></form></div>`,
  'footer.block': `<footer class="site-footer"><div class="footer-blocks">
{.repeated section columns}<div class="footer-col"><h4>{heading|html}</h4><ul>{.repeated section links}<li><a href="{url|htmlattr}">{title|html}</a></li>{.end}</ul></div>{.end}
</div><p class="copyright">&copy; {year} {siteTitle|html}</p>${ICON}</footer>`,
};

/** The layout region: one row per block, each applying its partial to its own data. */
export const PARTIALS_LAYOUT = `<div class="sqs-layout sqs-grid-12 columns-12" id="page-{pageId}">
<div class="row"><div class="col sqs-col-12">{nav|apply nav.block}</div></div>
<div class="row"><div class="col sqs-col-12">{hero|apply hero.block}</div></div>
<div class="row"><div class="col sqs-col-8">{summary|apply summary.block}</div><div class="col sqs-col-4">{text|apply text.block}</div></div>
<div class="row"><div class="col sqs-col-12">{gallery|apply gallery.block}</div></div>
<div class="row"><div class="col sqs-col-6">{blog|apply blog.block}</div><div class="col sqs-col-6">{newsletter|apply newsletter.block}</div></div>
<div class="row"><div class="col sqs-col-12">{footer|apply footer.block}</div></div>
</div>`;

/** The block partials as source text (a fresh object: callers may not share it). */
export function partialsLayoutSources(): Record<string, string> {
  return { ...PARTIALS };
}

/** The same partials compiled. */
export function partialsLayoutCode(): Record<string, Code> {
  return Object.fromEntries(Object.entries(PARTIALS).map(([name, s]) => [name, compile(s).code]));
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** Data for the layout: a few links, 12 products, 12 images, 6 posts, 4 footer columns. */
export function partialsLayoutData(): unknown {
  const link = (i: number): unknown => ({ url: `/page-${i}`, title: `Page ${i} & more` });
  return {
    pageId: 'home',
    nav: {
      label: 'Main',
      links: range(6).map((i) => ({
        ...(link(i) as object),
        active: i === 0,
        children: i % 3 === 0 ? range(4).map(link) : undefined,
      })),
    },
    hero: {
      title: 'Spring <collection>',
      subtitle: 'New arrivals every week',
      image: { assetUrl: 'https://images.example.com/hero.jpg' },
      button: { url: '/shop', label: 'Shop now' },
    },
    summary: {
      items: range(12).map((i) => ({
        id: `p${i}`,
        recordTypeLabel: 'store-item',
        fullUrl: `/shop/p/item-${i}`,
        assetUrl: `https://images.example.com/p${i}.jpg`,
        title: `Item ${i} "special"`,
        originalSize: '1500x1000',
        onSale: i % 3 === 0,
        price: 1999 + i * 100,
        salePrice: 1499 + i * 100,
        addedOn: 1700000000000 + i * 86400000,
      })),
    },
    text: { body: '<h2>About us</h2><p>We make <strong>things</strong> by hand.</p>' },
    gallery: {
      images: range(12).map((i) => ({
        assetUrl: `https://images.example.com/g${i}.jpg`,
        title: i % 2 ? `Photo ${i}` : '',
        focal: { x: 0.5, y: 0.4 },
      })),
    },
    blog: {
      title: 'Journal',
      posts: range(6).map((i) => ({
        fullUrl: `/journal/post-${i}`,
        title: `Post ${i}`,
        publishOn: 1700000000000 - i * 86400000 * 7,
        excerpt: 'A long excerpt that goes on and on about the making of things. '.repeat(3),
        tags: ['craft', 'news'],
      })),
    },
    newsletter: {
      id: 'nl1',
      action: '/api/newsletter',
      title: 'Newsletter',
      description: 'Once a month.',
      emailLabel: 'Email',
      placeholder: 'you@example.com',
      buttonText: 'Sign up',
    },
    footer: {
      year: 2026,
      siteTitle: 'Example & Co',
      columns: range(4).map((c) => ({ heading: `Column ${c}`, links: range(5).map(link) })),
    },
  };
}
