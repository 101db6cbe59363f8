/**
 * The generated families of content predicates (docs/language.md, "Predicates"), 61 in all, built
 * from tables: gallery options (22), record types (17), promoted blocks (17) and background sources
 * (5).
 *
 * Gallery predicates read the `options` object found through the frames. They test only what is
 * stored: docs/storefront.md, "Gallery options" lists the editor's defaults (design grid,
 * auto-crop, square-thumbs and show-meta on, meta-position bottom, active-alignment center), but
 * the reference does not apply them here and the spec fixtures (p-gallery-boolean-1,
 * p-gallery-design-1, p-gallery-meta-position-1, p-gallery-active-alignment-1) expect an absent
 * option to be false, so no defaults are filled in.
 */
import type { Predicate, PredicateTable, RenderContext } from '../engine/plugin.js';
import { asBoolean, asNumber, asString, descendValue as field } from '../engine/values.js';

function galleryOption(ctx: RenderContext, key: string): unknown {
  return field(ctx.resolveRef('options'), key);
}

/** `gallery-<key>-<value>?`: the option `key` is exactly that text. */
function galleryChoice(key: string, value: string): Predicate {
  return { apply: (_args, ctx) => asString(galleryOption(ctx, key)) === value };
}

/** `gallery-<key>?`: Jackson-style boolean (true, "true", a non-zero integer). */
function galleryFlag(key: string): Predicate {
  return { apply: (_args, ctx) => asBoolean(galleryOption(ctx, key)) };
}

/** Option key -> the values that get a `gallery-<key>-<value>?` predicate. */
const GALLERY_CHOICES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['design', ['grid', 'slideshow', 'slider', 'stacked']],
  [
    'meta-position',
    ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
  ],
  ['active-alignment', ['center', 'left', 'right']],
];

const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
];

/**
 * Record type codes (docs/storefront.md, "Codes"), by predicate name; tested on the current node's
 * `recordType`.
 */
const RECORD_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  text: 1,
  audio: 7,
  'store-item': 11,
  event: 12,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
};

/**
 * Content kinds that an item has either as its own record type or as a promoted block:
 * name -> [record type code, promotedBlockType text]. `external-video?` is the same test as
 * `video?` (record type 8 or a promoted video block).
 */
const PROMOTABLE: Readonly<Record<string, readonly [number, string]>> = {
  'external-video': [8, 'video'],
  video: [8, 'video'],
  image: [2, 'image'],
  quote: [4, 'quote'],
  link: [5, 'link'],
  gallery: [14, 'gallery'],
};

/** Promoted block kinds; the predicate names are literally upper-case (`promotedMAP?`). */
const PROMOTED_BLOCKS = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
];

/** Background source codes (docs/storefront.md, "Codes"). */
const BACKGROUND_SOURCES: Readonly<Record<string, number>> = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};

function nodeField(ctx: RenderContext, key: string): unknown {
  return field(ctx.node(), key);
}

function build(): PredicateTable {
  const table: PredicateTable = {};
  for (const [key, values] of GALLERY_CHOICES) {
    for (const value of values) table[`gallery-${key}-${value}?`] = galleryChoice(key, value);
  }
  for (const key of GALLERY_FLAGS) table[`gallery-${key}?`] = galleryFlag(key);
  for (const [name, code] of Object.entries(RECORD_TYPES)) {
    table[`${name}?`] = { apply: (_args, ctx) => asNumber(nodeField(ctx, 'recordType')) === code };
  }
  for (const [name, [code, block]] of Object.entries(PROMOTABLE)) {
    table[`${name}?`] = {
      apply: (_args, ctx) =>
        asNumber(nodeField(ctx, 'recordType')) === code ||
        asString(nodeField(ctx, 'promotedBlockType')) === block,
    };
  }
  for (const block of PROMOTED_BLOCKS) {
    table[`promoted${block.toUpperCase()}?`] = {
      apply: (_args, ctx) => asString(nodeField(ctx, 'promotedBlockType')) === block,
    };
  }
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    table[`background-source-${name}?`] = {
      apply: (_args, ctx) => asNumber(nodeField(ctx, 'backgroundSource')) === code,
    };
  }
  return table;
}

export const CONTENT_GENERATED_PREDICATES: PredicateTable = build();
