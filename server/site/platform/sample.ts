/**
 * Offline sample content (docs/developer-platform.md, "Sample content"): without snapshots,
 * every collection gets a few items of its type, the same on every run (ids and dates derive
 * from the collection's name and a fixed epoch, never the clock), with placeholder images
 * served at PLACEHOLDER_PREFIX.
 */
import type { Collection, CollectionType } from './model.js';

type Rec = Record<string, unknown>;

export const PLACEHOLDER_PREFIX = '/__placeholder/';
/** 2026-01-05T09:00:00Z: sample dates count from here, so pages never change between runs. */
const EPOCH = Date.UTC(2026, 0, 5, 9);
const DAY = 86_400_000;

const WORDS = ['Harbor', 'Linen', 'Meadow', 'Copper', 'Juniper', 'Granite', 'Willow', 'Ember'];
const NOUNS = ['Notes', 'Study', 'Morning', 'Journey', 'Table', 'Lamp', 'Season', 'Market'];
const CATEGORIES = ['Studio', 'Travel', 'Craft'];
const TAGS = ['sample', 'featured', 'news', 'process'];

/** A stable 24-hex-digit id from a text (FNV-1a, repeated), shaped like the platform's ids. */
export function sampleId(text: string): string {
  let out = '';
  let hash = 0x811c9dc5;
  for (let round = 0; out.length < 24; round++) {
    for (const ch of `${round}:${text}`) {
      hash ^= ch.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out.slice(0, 24);
}

/** The url of a placeholder image labelled `label` (an SVG, see placeholderSvg). */
export function placeholderUrl(label: string): string {
  return `${PLACEHOLDER_PREFIX}${encodeURIComponent(label.toLowerCase().replace(/\s+/g, '-'))}.svg`;
}

/** A 1500x1000 SVG with the label in the middle and a colour picked from the label. */
export function placeholderSvg(label: string): string {
  const hue = parseInt(sampleId(label).slice(0, 4), 16) % 360;
  const text = label.replace(/[<>&"']/g, ' ');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000" viewBox="0 0 1500 1000">' +
    `<rect width="1500" height="1000" fill="hsl(${hue},35%,72%)"/>` +
    `<text x="750" y="520" font-family="sans-serif" font-size="64" text-anchor="middle" fill="hsl(${hue},35%,25%)">${text}</text>` +
    '</svg>'
  );
}

function money(cents: number): Rec {
  const decimal = (cents / 100).toFixed(2);
  return { value: decimal, currency: 'USD', decimalValue: decimal, currencyCode: 'USD' };
}

function image(label: string): Rec {
  return {
    assetUrl: placeholderUrl(label),
    originalSize: '1500x1000',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataVariants: '100w,300w,500w,750w,1000w,1500w',
  };
}

const COUNTS: Record<CollectionType, number> = {
  blog: 4,
  products: 4,
  gallery: 6,
  image: 3,
  events: 3,
  album: 4,
  page: 2,
  text: 2,
  folder: 2,
  index: 3,
};

/** The collection record and its items, as the platform's ?format=json gives them. */
export function sampleCollection(collection: Collection): { collection: Rec; items: Rec[] } {
  const id = sampleId(`collection:${collection.name}`);
  const count = COUNTS[collection.type];
  const items = Array.from({ length: count }, (_, i) =>
    collection.type === 'index' ? indexSection(collection, i) : sampleItem(collection, id, i),
  );
  return {
    collection: {
      // An index page's sections are its collections (its list template walks them).
      ...(collection.type === 'index' && { collections: items }),
      id,
      title: collection.title,
      navigationTitle: collection.title,
      urlId: collection.name,
      fullUrl: `/${collection.name}`,
      typeName: collection.type,
      folder: collection.type === 'folder',
      itemCount: items.length,
      description: `<p>Sample ${collection.type} content for ${collection.title}.</p>`,
    },
    items,
  };
}

function sampleItem(collection: Collection, collectionId: string, i: number): Rec {
  const title = `${WORDS[(i * 3 + collection.name.length) % WORDS.length]} ${NOUNS[i % NOUNS.length]}`;
  const urlId = `${title.toLowerCase().replace(/\s+/g, '-')}-${i + 1}`;
  const date = EPOCH - i * 7 * DAY;
  const base: Rec = {
    id: sampleId(`${collection.name}:${i}`),
    collectionId,
    title,
    urlId,
    fullUrl: `/${collection.name}/${urlId}`,
    addedOn: date,
    publishOn: date,
    updatedOn: date,
    starred: i === 0,
    excerpt: `<p>A sample excerpt for “${title}”: the first lines of the entry.</p>`,
    body: `<p>Sample body text for “${title}”. Replace it with a snapshot of your site to see real content.</p>`,
    author: { id: sampleId('author:sample'), displayName: 'Sample Author' },
    categories: [CATEGORIES[i % CATEGORIES.length]],
    tags: [TAGS[i % TAGS.length], TAGS[(i + 1) % TAGS.length]],
    ...image(`${collection.title} ${i + 1}`),
  };
  switch (collection.type) {
    case 'blog':
      return {
        ...base,
        recordType: 1,
        recordTypeLabel: 'text',
        commentCount: i,
        publicCommentCount: i,
      };
    case 'products':
      return {
        ...base,
        recordType: 11,
        recordTypeLabel: 'store-item',
        structuredContent: product(base, i),
      };
    case 'events':
      return {
        ...base,
        recordType: 12,
        recordTypeLabel: 'event',
        startDate: EPOCH + (i + 1) * 10 * DAY,
        endDate: EPOCH + (i + 1) * 10 * DAY + 3 * 3_600_000,
        location: {
          addressTitle: 'Sample Hall',
          addressLine1: '1 Main St',
          addressLine2: 'Springfield',
        },
      };
    case 'album':
      return {
        ...base,
        recordType: 7,
        recordTypeLabel: 'audio',
        structuredContent: { durationSeconds: 180 + i * 20, artistName: 'Sample Artist' },
      };
    case 'gallery':
    case 'image': {
      const image = { ...base, fullUrl: `/${collection.name}?image=${urlId}` };
      // A gallery's last entry is a video (an oEmbed with a poster), as galleries hold both.
      return collection.type === 'gallery' && i === COUNTS.gallery - 1
        ? { ...image, recordType: 8, recordTypeLabel: 'video', ...sampleVideo(base) }
        : { ...image, recordType: 2, recordTypeLabel: 'image' };
    }
    default:
      return { ...base, recordType: 1, recordTypeLabel: 'text' };
  }
}

/**
 * A section of an index page: a page with its own content, or a gallery of three images,
 * alternating (per the index's `acceptTypes` on the platform; both here). Sections live at
 * `/<index>#<urlId>`, on the index page itself.
 */
function indexSection(index: Collection, i: number): Rec {
  const gallery = i % 2 === 1;
  const title = `${WORDS[(i * 5 + index.name.length) % WORDS.length]} Section`;
  const urlId = `${title.toLowerCase().replace(/\s+/g, '-')}-${i + 1}`;
  const section: Collection = {
    name: `${index.name}-${urlId}`,
    title,
    type: gallery ? 'gallery' : 'page',
    conf: {},
  };
  const images = gallery ? sampleCollection(section).items.slice(0, 3) : [];
  return {
    id: sampleId(`${index.name}:section:${i}`),
    title,
    navigationTitle: title,
    urlId,
    fullUrl: `/${index.name}#${urlId}`,
    typeName: section.type,
    collectionId: sampleId(`collection:${index.name}`),
    mainContent: gallery ? '' : `<p>Sample content of the “${title}” section.</p>`,
    ...(gallery ? { items: images } : { mainImage: image(`${title}`) }),
    ...image(title),
  };
}

/**
 * The oEmbed of a sample video: a still, local placeholder (no player from the network), with
 * its poster's image id so templates show the poster.
 */
function sampleVideo(base: Rec): Rec {
  const title = String(base.title);
  return {
    mainImageId: sampleId(`${String(base.id)}:poster`),
    overlay: true,
    oembed: {
      type: 'video',
      providerName: 'Sample',
      title,
      html: `<img src="${String(base.assetUrl)}" alt="${title}" width="640" height="360">`,
      width: 640,
      height: 360,
    },
  };
}

/** Two variants (sizes), the second item on sale, the last sold out. */
function product(base: Rec, i: number): Rec {
  const price = 2400 + i * 1100;
  const variants = ['Small', 'Large'].map((size, v) => ({
    id: sampleId(`${String(base.id)}:variant:${v}`),
    sku: `SMP-${i + 1}-${size[0]}`,
    price,
    priceMoney: money(price),
    salePrice: price - 500,
    salePriceMoney: money(price - 500),
    onSale: i === 1,
    qtyInStock: i === 3 ? 0 : 5,
    unlimited: false,
    attributes: { Size: size },
    optionValues: [{ optionName: 'Size', value: size }],
  }));
  return { productType: 1, variants, variantOptionOrdering: ['Size'] };
}
