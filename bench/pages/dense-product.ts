/**
 * A dense product page for the page benchmark, written the way a store author writes one: one
 * product with 12 variants (colour × size, some on sale, some sold out) and 6 images, then a grid
 * of 50 related products, each with its price, a sale mark, an image srcset, the item classes and
 * two dates. Unlike the synthetic page (bench/pages/synthetic-product.ts), which leans on the
 * built-in commerce templates, almost every tag here is a formatter on a related item, so the
 * render is dominated by the per-item formatter work: `image-srcset`, `item-classes`, `money`,
 * `product-price`, `date`, `datetime` and `message`.
 *
 * The data is generated deterministically (no randomness, no clock): the same page every run.
 */

/** The page template: the product, its variants and gallery, the related grid. */
export const DENSE_PRODUCT_TEMPLATE = `<main id="page" class="collection-{collection.id} view-item">
{.section collection}<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="{fullUrl}">{title|htmltag}</a>{.end}
{.section item} &rsaquo; <span aria-current="page">{title|htmltag}</span></nav>
<article id="item-{id}" class="product {@|item-classes}" data-item-id="{id}">
  <section class="product-gallery" aria-label="Product images">
    {.repeated section images}
    <figure class="gallery-slide{.equal? @index 1} is-current{.end}" data-index="{@index}">
      <img src="{assetUrl}?format=750w" {@|image-srcset} sizes="(min-width: 768px) 50vw, 100vw" width="{originalSize|width}" height="{originalSize|height}" data-image-focal-point="{mediaFocalPoint.x},{mediaFocalPoint.y}" alt="{title|htmlattr}" loading="{.equal? @index 1}eager{.or}lazy{.end}">
    </figure>
    {.end}
  </section>
  <section class="product-details">
    <h1 class="product-title">{title|htmltag}</h1>
    <div class="product-price">{@|product-price}</div>
    {.on-sale?}<p class="product-mark sale">{localizedStrings.save|message percent}</p>{.end}
    <p class="product-dates">Added <time datetime="{addedOn|date %Y-%m-%d}">{addedOn|date %B %e, %Y}</time> &middot; updated {updatedOn|datetime date:medium}</p>
    <div class="product-excerpt">{excerpt}</div>
    <table class="product-variants">
      <thead><tr><th scope="col">Option</th><th scope="col">Price</th><th scope="col">Stock</th></tr></thead>
      <tbody>
      {.repeated section structuredContent.variants}
      <tr class="variant{.if onSale} variant--sale{.end}{.if qtyInStock}{.or} variant--sold-out{.end}" data-variant-id="{id}" data-sku="{sku|htmlattr}">
        <th scope="row">{@|variant-descriptor}</th>
        <td>{.if onSale}<ins>{salePriceMoney|money}</ins> <del>{priceMoney|money}</del>{.or}{priceMoney|money}{.end}</td>
        <td>{localizedStrings.stock|message qtyInStock}</td>
      </tr>
      {.end}
      </tbody>
    </table>
    {@|product-status}
  </section>
</article>
{.end}
<section class="related-products" aria-labelledby="related-heading">
  <h2 id="related-heading">{localizedStrings.related|message relatedCount}</h2>
  <ul class="product-grid">
  {.repeated section related}
    <li class="grid-item {@|item-classes}" data-item-id="{id}">
      <a class="grid-item-link" href="{fullUrl}">
        <div class="grid-image">
          <img src="{assetUrl}?format=300w" {@|image-srcset} sizes="(min-width: 1024px) 25vw, 50vw" alt="{title|htmlattr}" loading="lazy">
          {.on-sale?}<span class="product-mark sale">Sale</span>{.end}
          {.sold-out?}<span class="product-mark sold-out">Sold out</span>{.end}
        </div>
        <h3 class="grid-title">{title|htmltag}</h3>
      </a>
      <p class="grid-price">{.on-sale?}<ins>{@|sale-price|bookkeeper-money-format}</ins> <del>{@|normal-price|bookkeeper-money-format}</del>{.or}from {@|from-price|bookkeeper-money-format}{.end}</p>
      <p class="grid-meta"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %b %e}</time> &middot; {updatedOn|datetime date:short}{.if reviewCount} &middot; {localizedStrings.reviews|message reviewCount}{.end}</p>
    </li>
  {.end}
  </ul>
</section>
</main>
`;

const COLORS = ['Moss', 'Slate', 'Sand', 'Clay'];
const SIZES = ['Small', 'Medium', 'Large'];
/** 2026-03-02 15:00 UTC: the product's added date; related items are dated back from it. */
const ADDED_ON = 1772463600000;
const DAY = 86_400_000;

function money(cents: number): Record<string, string> {
  const value = (cents / 100).toFixed(2);
  return { currency: 'USD', value, decimalValue: value, currencyCode: 'USD' };
}

/** A variant as the platform sends it: prices in cents and as money objects. */
function variant(
  id: string,
  attributes: Record<string, string>,
  price: number,
  sale: number,
  stock: number,
) {
  return {
    id,
    sku: `SQ-${id.toUpperCase()}`,
    price,
    priceMoney: money(price),
    salePrice: sale,
    salePriceMoney: money(sale),
    onSale: sale > 0,
    qtyInStock: stock,
    unlimited: false,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
  };
}

function productImage(i: number) {
  return {
    id: `img-${i}`,
    title: i % 3 === 0 ? `Moss linen throw, view ${i + 1} "folded"` : '',
    assetUrl: `https://images.example/dense/throw-${i}.jpg`,
    originalSize: `${1600 + 100 * i}x${1200 + 50 * i}`,
    mediaFocalPoint: { x: 0.5, y: (35 + i) / 100 },
    systemDataVariants: '100w,300w,500w,750w,1000w,1500w,2500w',
  };
}

/**
 * Related product `i`: one to four variants, every third on sale, every seventh sold out, tags
 * and categories for the item classes, its own image sizes and dates a day apart.
 */
function relatedProduct(i: number) {
  const onSale = i % 3 === 0;
  const soldOut = i % 7 === 3;
  const variants = Array.from({ length: 1 + (i % 4) }, (_, v) => {
    const price = 1800 + 250 * ((i * 5 + v) % 24);
    return variant(
      `r${i}-${v}`,
      { Size: SIZES[v % SIZES.length]! },
      price,
      onSale ? price - 300 - 50 * v : 0,
      soldOut ? 0 : (i + v) % 9,
    );
  });
  return {
    id: `rel-${i}`,
    title: `${COLORS[i % COLORS.length]} ${['mug', 'bowl', 'throw', 'apron', 'tote'][i % 5]} no. ${i + 1}`,
    fullUrl: `/shop/p/related-${i + 1}`,
    recordType: 11,
    publishOn: ADDED_ON - i * DAY,
    updatedOn: ADDED_ON - i * DAY + (i % 5) * 3_600_000,
    reviewCount: i % 6,
    categories: i % 2 === 0 ? ['Home', 'Kitchen & Dining'] : ['Textiles'],
    tags: [
      `colour ${COLORS[i % COLORS.length]!.toLowerCase()}`,
      i % 4 === 0 ? 'New in' : 'classic',
    ],
    assetUrl: `https://images.example/dense/related-${i}.jpg`,
    originalSize: '1000x1000',
    systemDataVariants: i % 2 === 0 ? '100w,300w,500w,750w,1000w' : '100w,300w,500w,750w',
    structuredContent: { productType: 1, variants },
  };
}

/** The page's data, with `relatedCount` related products (the page has 50). */
export function denseProductData(relatedCount = 50): Record<string, unknown> {
  const variants = COLORS.flatMap((color, c) =>
    SIZES.map((size, s) => {
      const price = 8900 + 1000 * s;
      return variant(
        `v${c}${s}`,
        { Color: color, Size: size },
        price,
        c % 2 === 1 ? price - 1500 : 0,
        (c * 3 + s) % 5,
      );
    }),
  );
  return {
    website: { siteTitle: 'Moss & Slate', timeZone: 'Europe/Berlin', language: 'en-US' },
    collection: { id: 'shop', title: 'Shop & home', fullUrl: '/shop' },
    localizedStrings: {
      save: 'Save {0}% on selected options',
      stock: '{0 plural =0{Sold out} one{Only # left} other{# in stock}}',
      related: 'You may also like {0 plural one{this # product} other{these # products}}',
      reviews: '{0 plural one{# review} other{# reviews}}',
    },
    percent: 15,
    relatedCount,
    item: {
      id: 'dense-1',
      title: 'Moss linen throw <Heavyweight> & fringe',
      fullUrl: '/shop/p/moss-linen-throw',
      recordType: 11,
      addedOn: ADDED_ON,
      updatedOn: ADDED_ON + 9 * DAY + 4_000_000,
      excerpt: '<p>Stonewashed linen, woven in Lithuania, with a hand-knotted fringe.</p>',
      categories: ['Home', 'Textiles'],
      tags: ['linen', 'best seller', 'Made in EU'],
      images: Array.from({ length: 6 }, (_, i) => productImage(i)),
      structuredContent: { productType: 1, variants, variantOptionOrdering: ['Color', 'Size'] },
    },
    related: Array.from({ length: relatedCount }, (_, i) => relatedProduct(i)),
  };
}
