/**
 * A synthetic product page of real-world shape for the page benchmark: one product with 12
 * variants (two option axes, some on sale) and 6 images, a variant table, a gallery, and a list of
 * related products (50 on the page, 1 … 4096 for the linearity rows). It uses the formatters a
 * storefront leans on — money, product price, date and datetime, message (plural), image and
 * srcset, variant select and descriptor — with sections, alternates and predicates around them,
 * in the shapes of the language's formatter fixtures (docs/language.md, "Formatters and
 * predicates").
 */

/** The page template (a layout-less page: head, product, related list). */
export const SYNTHETIC_PRODUCT_TEMPLATE = `<!doctype html>
<html lang="{website.language}">
<head>
  <meta charset="utf-8">
  <title>{item.title|htmltag} &middot; {website.siteTitle|htmltag}</title>
  <meta name="description" content="{item.excerpt|truncate 150|htmlattr}">
  <link rel="canonical" href="{website.baseUrl}{item.fullUrl}">
</head>
<body class="{item|item-classes}">
{.section item}
<article class="product" data-item-id="{id}" data-product-type="{structuredContent.productType}">
  <div class="product-gallery">
    {.repeated section images}
    <figure class="slide{.main-image?} slide--main{.end}" data-slide-index="{@index}">
      {@|image}
      <img class="slide-srcset" {@|image-srcset} alt="{title|htmlattr}">
      {.section title}<figcaption>{@|html}</figcaption>{.end}
    </figure>
    {.alternates with}<span class="gallery-sep"></span>
    {.end}
  </div>
  <div class="product-summary">
    <h1 class="product-title">{title|html}</h1>
    <p class="product-dates">Added <time datetime="{addedOn|date %F}">{addedOn|date %B %e, %Y}</time>, updated {updatedOn|datetime medium}</p>
    {@|product-price}
    {.on-sale?}<p class="product-sale">Now {@|sale-price} instead of {@|normal-price}</p>{.end}
    {@|product-status}
    <p class="product-variant-count">{localizedStrings.variantCount|message variantCount}</p>
    {@|variants-select}
    <table class="product-variants">
      {.repeated section structuredContent.variants}
      <tr class="variant {.even?}even{.or}odd{.end}" data-sku="{sku}">
        <td class="variant-name">{@|variant-descriptor}</td>
        <td class="variant-price">{priceMoney|money}</td>
        {.if onSale}<td class="variant-sale">{salePriceMoney|money} <s>{priceMoney|money style:short}</s></td>{.or}<td class="variant-sale"></td>{.end}
        <td class="variant-stock">{.if unlimited}In stock{.or}{localizedStrings.stockLeft|message qtyInStock}{.end}</td>
      </tr>
      {.end}
    </table>
    <div class="product-excerpt">{excerpt}</div>
    <div class="product-body">{body}</div>
    {.section tags}<p class="product-tags">{.repeated section @}<a href="/shop?tag={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</p>{.end}
  </div>
</article>
{.end}
<section class="related">
  <h2>{localizedStrings.relatedHeading|message relatedCount}</h2>
  <ul class="related-list">
  {.repeated section related}
    <li class="related-item {@|item-classes}" data-item-id="{id}">
      <a href="{fullUrl}">{@|image}</a>
      <h3><a href="{fullUrl}">{title|html}</a></h3>
      {@|product-price}
      {.section structuredContent.variants.0}<span class="related-from">{priceMoney|money}</span>{.end}
      <time datetime="{publishOn|date %F}">{publishOn|date %b %e, %Y}</time>
      {.if likeCount}<span class="related-likes">{localizedStrings.likes|message likeCount}</span>{.end}
      {.section excerpt}<p>{@|truncate 80}</p>{.end}
    </li>
  {.end}
  </ul>
</section>
</body>
</html>
`;

const COLORS = ['Sage', 'Charcoal', 'Oat', 'Rust'];
const SIZES = ['S', 'M', 'L'];

function money(cents: number): Record<string, string> {
  const value = (cents / 100).toFixed(2);
  return { value, currency: 'USD', decimalValue: value, currencyCode: 'USD' };
}

/** A variant as the platform sends it: prices in cents and as money objects. */
function variant(id: string, attributes: Record<string, string>, price: number, sale: number) {
  return {
    id,
    sku: `SKU-${id}`,
    price,
    priceMoney: money(price),
    salePrice: sale,
    salePriceMoney: money(sale),
    onSale: sale > 0,
    qtyInStock: (price / 100) % 7,
    unlimited: false,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
  };
}

function image(i: number) {
  return {
    id: `img${i}`,
    title: i % 2 === 0 ? `View ${i} & detail` : '',
    assetUrl: `/assets/img/product-${i}.jpg`,
    originalSize: '1500x1000',
    mediaFocalPoint: { x: 0.5, y: 0.4 },
    systemDataVariants: '100w,300w,500w,750w,1000w,1500w',
    mainImage: i === 0,
  };
}

function relatedItem(i: number) {
  const variants = Array.from({ length: 1 + (i % 3) }, (_, v) =>
    variant(`r${i}v${v}`, { Size: SIZES[v]! }, 1500 + 100 * ((i * 7 + v) % 40), 0),
  );
  return {
    id: `rel${i}`,
    title: `Related product ${i} <${i % 5}>`,
    fullUrl: `/shop/p/related-${i}`,
    recordType: 11,
    publishOn: 1772463600000 - i * 86_400_000,
    likeCount: i % 4,
    excerpt: i % 2 === 0 ? `Hand-made item number ${i}, with a longer excerpt that gets cut.` : '',
    categories: ['Kitchen'],
    tags: ['linen'],
    assetUrl: `/assets/img/related-${i}.jpg`,
    originalSize: '800x800',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataVariants: '100w,300w,500w',
    structuredContent: { productType: 1, variants },
  };
}

/** Page data with `relatedCount` related products (the page itself has 50). */
export function syntheticProductData(relatedCount: number): Record<string, unknown> {
  const variants = COLORS.flatMap((color, c) =>
    SIZES.map((size, s) =>
      variant(`v${c}${s}`, { Color: color, Size: size }, 4200 + 200 * s, c === 1 ? 3600 : 0),
    ),
  );
  return {
    website: {
      language: 'en-US',
      siteTitle: 'Juniper & Pine',
      baseUrl: 'https://juniper.example',
      timeZone: 'America/Los_Angeles',
    },
    localizedStrings: {
      variantCount: '{0 plural one{# option} other{# options}}',
      stockLeft: '{0 plural =0{Sold out} one{Only # left} other{# left}}',
      relatedHeading: 'You may also like {0 plural one{this # item} other{these # items}}',
      likes: '{0 plural one{# like} other{# likes}}',
    },
    variantCount: variants.length,
    relatedCount,
    item: {
      id: 'syn1',
      title: 'Linen Apron <Deluxe> & Co',
      fullUrl: '/shop/p/linen-apron-deluxe',
      recordType: 11,
      addedOn: 1772463600000,
      updatedOn: 1772550000000,
      excerpt: 'Stonewashed linen with a cross-back strap and two deep pockets, made to last.',
      body: '<p>Cut from heavyweight stonewashed linen.</p><ul><li>100% linen</li><li>Machine wash</li></ul>',
      categories: ['Kitchen', 'Home'],
      tags: ['linen', 'apron', 'best seller'],
      assetUrl: '/assets/img/product-0.jpg',
      images: Array.from({ length: 6 }, (_, i) => image(i)),
      structuredContent: { productType: 1, variants, variantOptionOrdering: ['Color', 'Size'] },
    },
    related: Array.from({ length: relatedCount }, (_, i) => relatedItem(i)),
  };
}
