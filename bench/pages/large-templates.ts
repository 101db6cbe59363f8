/**
 * Large templates of real-world shape for the compile benchmark: a gallery block, a blog list, a
 * product grid and a site region (header, navigation, footer), 150–700 instructions each, with
 * nested sections, repeated sections with alternates, predicates with `.or` branches, `.if`
 * conditions, variables bound with `.var` and many formatter tags with arguments. Site templates
 * repeat a handful of such blocks with different names (one per collection, per region, per
 * layout variant), so each is built by repeating a block with an index in every name.
 */

/** A gallery block: slides with images, captions and a lightbox. */
function galleryBlock(i: number): string {
  return `
<div class="gallery-block gallery-${i} {.if collection${i}.autoplay}autoplay{.end}" data-block-id="{block${i}.id}">
  {.section collection${i}}
  <h2 class="gallery-title">{title|html}</h2>
  {.section description}<div class="gallery-description">{@|safe|truncate 200}</div>{.end}
  <div class="slides">
    {.repeated section items}
    <figure class="slide {.even?}slide--even{.or}slide--odd{.end}{.main-image?} slide--main{.end}" data-index="{@index}" data-id="{id}">
      {.section assetUrl}
      <img src="{@}?format=500w" alt="{title|htmlattr}" data-image-dimensions="{originalSize}" data-image-focal-point="{mediaFocalPoint.x},{mediaFocalPoint.y}" loading="lazy">
      {.or}
      <div class="slide-placeholder">{title|truncate 40}</div>
      {.end}
      {.if title || description}<figcaption>{.section title}<strong>{@|html}</strong>{.end}{.section description}<span>{@|safe|truncate 120}</span>{.end}</figcaption>{.end}
      {.section clickthroughUrl}<a class="slide-link" href="{@|htmlattr}">{linkText|html}</a>{.end}
    </figure>
    {.alternates with}<span class="slide-sep" aria-hidden="true"></span>
    {.end}
  </div>
  {.if showThumbnails}<ol class="thumbs">{.repeated section items}<li data-index="{@index}"><img src="{assetUrl}?format=100w" alt=""></li>{.end}</ol>{.end}
  {.or}
  <p class="gallery-empty">{localizedStrings.galleryEmpty|message}</p>
  {.end}
</div>`;
}

/** A blog list block: posts with dates, authors, tags, excerpts and comment counts. */
function blogListBlock(i: number): string {
  return `
<section class="blog-list blog-list-${i}">
  {.var @heading collection${i}.title}
  <h2>{@heading|html}</h2>
  {.repeated section collection${i}.items}
  <article class="post {@|item-classes}{.if starred} post--starred{.end}" id="post-{id}">
    <header>
      <h3 class="post-title"><a href="{fullUrl}">{title|html}</a></h3>
      <p class="post-meta">
        <time datetime="{publishOn|date %F}">{publishOn|date %B %e, %Y}</time>
        {.section author}by <a href="/authors/{id}">{displayName|html}</a>{.end}
        {.if commentCount}&middot; <a href="{fullUrl}#comments">{commentCount|pluralize comment comments}</a>{.end}
      </p>
    </header>
    {.excerpt?}<div class="post-excerpt">{excerpt}</div>{.or}<div class="post-body">{body|safe|truncate 300}</div>{.end}
    {.section tags}<ul class="post-tags">{.repeated section @}<li><a href="?tag={@|url-encode}">{@|html}</a></li>{.alternates with} {.end}</ul>{.end}
    {.section categories}<p class="post-categories">{.repeated section @}{@|html}{.alternates with}, {.end}</p>{.end}
    {.equal? recordType 11}<p class="post-product">{@|product-price}</p>{.end}
  </article>
  {.or}
  <p class="blog-empty">No posts yet.</p>
  {.end}
</section>`;
}

/** A product grid block: cards with prices, status, quick view and category filters. */
function productGridBlock(i: number): string {
  return `
<section class="products products-${i}" data-collection-id="{collection${i}.id}">
  {.section collection${i}.categories}<nav class="categories">{.repeated section @}<a href="?category={@|url-encode}">{@|html}</a>{.alternates with} / {.end}</nav>{.end}
  <div class="grid">
  {.repeated section collection${i}.items}
    <div class="card {.on-sale?}card--sale{.end}{.sold-out?} card--sold-out{.end}" data-item-id="{id}">
      <a href="{fullUrl}">{.main-image?}{@|image}{.or}<img src="{assetUrl}" alt="{title|htmlattr}">{.end}</a>
      {@|product-status}
      <h3><a href="{fullUrl}">{title|html}</a></h3>
      {.has-variants?}{.varied-prices?}<p class="from">{@|from-price}</p>{.or}{@|product-price}{.end}{.or}{@|product-price}{.end}
      {.section excerpt}<p>{@|safe|truncate 90}</p>{.end}
      {@|product-quick-view}
    </div>
  {.end}
  </div>
</section>`;
}

/** A site region: header with navigation (folders one level deep), social links and footer. */
function regionBlock(i: number): string {
  return `
<header class="site-header site-header-${i}" data-region="{region${i}.name}">
  <a class="logo" href="/">{.section website.logoImageUrl}<img src="{@}" alt="{website.siteTitle|htmlattr}">{.or}{website.siteTitle|html}{.end}</a>
  <nav class="main-nav">
    <ul>
    {.repeated section navigation${i}.items}
      <li class="nav-item{.if active} nav-item--active{.end}{.if folder} nav-item--folder{.end}">
        {.if folder}
        <span class="folder-title">{title|html}</span>
        <ul class="folder">{.repeated section items}<li{.if active} class="active"{.end}><a href="{fullUrl|htmlattr}">{title|html}</a></li>{.end}</ul>
        {.or}
        <a href="{.section externalLink}{@|htmlattr}{.or}{fullUrl|htmlattr}{.end}"{.if externalLink} target="_blank" rel="noopener"{.end}>{title|html}</a>
        {.end}
      </li>
    {.end}
    </ul>
  </nav>
  {.section website.socialAccounts}<ul class="social">{.repeated section @}<li><a href="{profileUrl|htmlattr}" class="social-{serviceName|slugify}" aria-label="{screenname|htmlattr}">{serviceName|capitalize}</a></li>{.end}</ul>{.end}
</header>
<footer class="site-footer site-footer-${i}">
  {.section website.location}<address>{addressLine1|html}<br>{addressLine2|html}<br>{addressCountry|html}</address>{.end}
  <p>&copy; {website.siteTitle|html} &middot; {.section website.contactEmail}<a href="mailto:{@|htmlattr}">{@}</a>{.end}</p>
  {.if region${i}.announcement}<p class="announcement">{region${i}.announcement|safe|truncate 140}</p>{.end}
</footer>`;
}

/** Instructions in a template, counted as its tags (text runs between them aside). */
export function instructionCount(source: string): number {
  return source.match(/\{[^{}\s][^{}]*\}/g)?.length ?? 0;
}

/** Repeats `block` until the template holds at least `instructions` tags. */
function build(block: (i: number) => string, instructions: number): string {
  let source = '';
  for (let i = 0; instructionCount(source) < instructions; i++) source += block(i);
  return source;
}

/** The large templates, by name, each with its instruction count. */
export function largeTemplates(): ReadonlyArray<{ name: string; source: string }> {
  return [
    { name: 'gallery', source: build(galleryBlock, 150) },
    { name: 'product grid', source: build(productGridBlock, 250) },
    { name: 'blog list', source: build(blogListBlock, 380) },
    { name: 'site regions', source: build(regionBlock, 700) },
  ];
}
