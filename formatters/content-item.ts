/**
 * `item-classes` (docs/language.md, "Content formatters"): the CSS classes of a collection item's
 * article element, including the store's `on-sale`/`sold-out` marks for products (record type 11).
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber, asString, isObject, isTruthy, descendValue as field } from '../engine/values.js';
import { slugify } from './char-scan.js';

/** Record type code of a store item (docs/storefront.md, "Codes"). */
const STORE_ITEM = 11;
/**
 * Product type codes (docs/storefront.md, "Product rules"); a missing or unknown type is neither of
 * these.
 */
const PHYSICAL = 1;
const DIGITAL = 2;
const SERVICE = 3;
const GIFT_CARD = 4;

function productType(structured: unknown): number {
  return asNumber(field(structured, 'productType'));
}

function variantsOf(structured: unknown): unknown[] {
  const variants = field(structured, 'variants');
  return Array.isArray(variants) ? variants : [];
}

/**
 * Physical products and services are on sale when a variant is; digital products carry the
 * flag themselves; gift cards and unknown types never are.
 */
export function isOnSale(item: unknown): boolean {
  const structured = field(item, 'structuredContent');
  switch (productType(structured)) {
    case PHYSICAL:
    case SERVICE:
      return variantsOf(structured).some((v) => isTruthy(field(v, 'onSale')));
    case DIGITAL:
      return isTruthy(field(structured, 'onSale'));
    default:
      return false;
  }
}

/**
 * Physical products and services are sold out when no variant is unlimited or has stock (so
 * also when there are no variants); digital goods and gift cards never are; an unknown product
 * type is treated as sold out.
 */
export function isSoldOut(item: unknown): boolean {
  const structured = field(item, 'structuredContent');
  switch (productType(structured)) {
    case PHYSICAL:
    case SERVICE:
      return !variantsOf(structured).some(
        (v) => isTruthy(field(v, 'unlimited')) || asNumber(field(v, 'qtyInStock')) > 0,
      );
    case DIGITAL:
    case GIFT_CARD:
      return false;
    default:
      return true;
  }
}

/**
 * The slugs of a list field. An object counts as that many entries with no text, which is what
 * the reference's index-based walk over an object yields.
 */
function listSlugs(value: unknown, prefix: string): string {
  let out = '';
  if (Array.isArray(value)) {
    for (const entry of value) out += ` ${prefix}-${slugify(asString(entry))}`;
  } else if (isObject(value)) {
    out += ` ${prefix}-`.repeat(Object.keys(value).length);
  }
  return out;
}

/** Context lookups of item-classes, parsed once (paths as in docs/language.md, "Resolution"). */
const PROMOTED = ['promotedBlockType'];
const CATEGORIES = ['categories'];
const TAGS = ['tags'];
const AUTHOR_NAME = ['author', 'displayName'];
const RECORD_TYPE_LABEL = ['recordTypeLabel'];
const STARRED = ['starred'];
const INDEX = ['@index'];

/**
 * The classes for `item`. As in the reference, the display fields (promotion, categories, tags,
 * author, label, starred) are variable lookups from the current frame, so they fall back to
 * enclosing frames when the item lacks them; only the store marks read `item` itself.
 */
export function itemClasses(item: unknown, ctx: RenderContext): string {
  let out = 'hentry';
  const promoted = ctx.resolve(PROMOTED);
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;
  out += listSlugs(ctx.resolve(CATEGORIES), 'category');
  out += listSlugs(ctx.resolve(TAGS), 'tag');
  const author = ctx.resolve(AUTHOR_NAME);
  if (isTruthy(author)) out += ` author-${slugify(asString(author))}`;
  // The label goes in as is (not slugified), as the reference does.
  out += ` post-type-${asString(ctx.resolve(RECORD_TYPE_LABEL))}`;
  const index = ctx.resolve(INDEX);
  if (index !== undefined) out += ` article-index-${asString(index)}`;
  if (isTruthy(ctx.resolve(STARRED))) out += ' featured';
  if (asNumber(field(item, 'recordType')) === STORE_ITEM) {
    if (isOnSale(item)) out += ' on-sale';
    if (isSoldOut(item)) out += ' sold-out';
  }
  return out;
}

const itemClassesFormatter: Formatter = {
  apply(_args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    first.set(itemClasses(first.value, ctx));
  },
};

export const CONTENT_ITEM_FORMATTERS: FormatterTable = { 'item-classes': itemClassesFormatter };
