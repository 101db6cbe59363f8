/**
 * Built-in stand-ins for what the platform renders itself (docs/developer-platform.md,
 * "Stand-ins"): system partials that templates apply without having them in blocks/, and the
 * list and item templates of collections without a .list or .item file. They show the data
 * plainly, marked with the `jsont-stand-in` class, so an author sees where the platform's own
 * markup goes.
 */

const SOCIAL_LINKS = `<nav class="jsont-stand-in sqs-social-links" aria-label="Social links">{.section website}{.repeated section socialAccounts}<a class="social-{serviceName}" href="{profileUrl}">{screenname}</a>{.alternates with} {.end}{.or}<span>Social links</span>{.end}</nav>`;

/** Platform partials by the name templates apply them with (`{@|apply sqs-social-links}`). */
export const SYSTEM_PARTIALS: Record<string, string> = {
  'sqs-social-links': SOCIAL_LINKS,
  // Templates also apply it as `social-links.block` (Wright) without having the block.
  'social-links': SOCIAL_LINKS,
  'sqs-video-background': `<div class="jsont-stand-in sqs-video-background" role="note">Background video{.section mainImage}: <img {@|image-meta} data-load="false" />{.end}</div>`,
  'sqs-share-buttons': `<div class="jsont-stand-in sqs-share-buttons">Share buttons</div>`,
  'sqs-simple-like': `<span class="jsont-stand-in sqs-simple-like">{likeCount} likes</span>`,
  'sqs-product-add-button': `<div class="jsont-stand-in sqs-product-add-button"><button type="button" class="sqs-add-to-cart-button">Add to cart</button></div>`,
  'sqs-product-price': `<div class="jsont-stand-in product-price">{.section structuredContent}{.repeated section variants}{priceMoney.decimalValue} {priceMoney.currencyCode}{.alternates with} / {.end}{.end}</div>`,
  'sqs-product-variants': `<div class="jsont-stand-in product-variants">{.section structuredContent}{.repeated section variants}<span>{.repeated section optionValues}{value}{.end}</span>{.alternates with}, {.end}{.end}</div>`,
  'sqs-audio-player': `<div class="jsont-stand-in sqs-audio-player" role="group" aria-label="Audio player">{title}</div>`,
  'sqs-event-calendar': `<div class="jsont-stand-in sqs-event-calendar">{.repeated section items}<p><a href="{fullUrl}">{title}</a></p>{.end}</div>`,
  'sqs-pagination': `<nav class="jsont-stand-in sqs-pagination" aria-label="Pagination">{.section pagination}{.section prevPageUrl}<a href="{@}">Newer</a>{.end} {.section nextPageUrl}<a href="{@}">Older</a>{.end}{.end}</nav>`,
};

/** List template of a collection without a .list file (its items, linked). */
export const STAND_IN_LIST = `<section class="jsont-stand-in collection-list">
{.section collection}<h1>{title}</h1>{.end}
{.repeated section items}<article class="collection-item">
{.section assetUrl}<img src="{@}" alt="" width="300" height="200">{.end}
<h2><a href="{fullUrl}">{title}</a></h2>{excerpt}
</article>{.end}
</section>`;

/** Item template of a collection without a .item file. */
export const STAND_IN_ITEM = `<article class="jsont-stand-in collection-item">
{.section item}<h1>{title}</h1>
{.section assetUrl}<img src="{@}" alt="" width="600" height="400">{.end}
{body}{.end}
</article>`;

/** The layout of a folder whose template.conf declares none. */
export const STAND_IN_LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{website.siteTitle}</title>{squarespace-headers}</head>
<body class="{squarespace.page-classes}" id="{squarespace.page-id}">{squarespace.main-content}{squarespace-footers}</body></html>`;

/**
 * Pages the platform renders itself at these paths and below (account and sign-in pages,
 * member areas' pages, checkout), which templates link to: a labelled stand-in in the site's
 * layout, where the folder has no page or collection of its own there.
 */
export const SYSTEM_PAGES: readonly { prefix: string; title: string }[] = [
  { prefix: '/account', title: 'Account' },
  { prefix: '/members', title: 'Members' },
  { prefix: '/checkout', title: 'Checkout' },
];

export const STAND_IN_SYSTEM_PAGE = `<section class="jsont-stand-in system-page" role="note">
<h1>{collection.title}</h1>
<p>The platform renders this page ({request.path|htmltag}) on the live site.</p>
</section>`;
