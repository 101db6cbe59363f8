/**
 * What a product page shows about stock (docs/storefront.md, "Sold out"): whether the product,
 * or the variant the visitor chose, is sold out, the text the add button then shows, and the
 * restock sign-up the owner set up for that variant. `storefrontData` puts them on the item as
 * `soldOut` and `restock`; the template decides what to render with them.
 */
import {
  chosenVariant,
  itemId,
  productTypeOf,
  PRODUCT_TYPE,
  variantInStock,
  variantsOf,
  type Choices,
  type Variant,
} from './product.js';
import { isRec, withEntry, type Rec } from '../utils/records.js';

const field = (v: unknown, name: string): unknown => (isRec(v) ? v[name] : undefined);

/** The default sold-out text (docs/storefront.md, "Sold out"). */
export const SOLD_OUT_TEXT = 'sold out';

/**
 * Sold out as a whole: a physical product or service with no variant in stock; digital products
 * and gift cards never; a product of an unknown type always.
 */
export function productSoldOut(item: unknown): boolean {
  const type = productTypeOf(item);
  if (type === PRODUCT_TYPE.digital || type === PRODUCT_TYPE.giftCard) return false;
  if (type !== PRODUCT_TYPE.physical && type !== PRODUCT_TYPE.service) return true;
  return !variantsOf(item).some((v) => variantInStock(item, v));
}

/** The chosen variant (the only one of a product without options), when it is out of stock. */
function soldOutVariant(item: unknown, choices: Choices): Variant | undefined {
  const variant = chosenVariant(item, choices);
  return variant !== undefined && !variantInStock(item, variant) ? variant : undefined;
}

/**
 * The sold-out text, as the product's mark reads it: the owner's `customSoldOutText`, else the
 * site's `productSoldOutText`, else `sold out`.
 */
function soldOutText(data: Rec, merchandising: unknown): string {
  const custom = field(merchandising, 'customSoldOutText');
  const localized = field(data.localizedStrings, 'productSoldOutText');
  return String(custom || localized || SOLD_OUT_TEXT);
}

/**
 * The item's `soldOut` (`{ text }`, when the product or the chosen variant cannot be bought)
 * and `restock` (the sign-up for the chosen sold-out variant, when the owner has one for it:
 * `productId`, `variantId` and the owner's merchandising settings of the product as they are:
 * `restockNotificationMessages`, the mailing-list flags…).
 * Only for products: other items come back as they are.
 */
export function withStock(item: unknown, data: Rec, choices: Choices): unknown {
  if (!isRec(item) || !isRec(item.structuredContent) || productTypeOf(item) === 0) return item;
  const merchandising = field(data.productMerchandisingContext, itemId(item));
  const variant = soldOutVariant(item, choices);
  if (variant === undefined && !productSoldOut(item)) return item;
  const out = withEntry(item, 'soldOut', { text: soldOutText(data, merchandising) });
  const views = field(merchandising, 'restockNotificationViews');
  const view =
    variant?.id !== undefined && Array.isArray(views)
      ? views.find((v) => field(v, 'variantId') === variant.id)
      : undefined;
  if (view !== undefined) {
    out.restock = { ...(merchandising as Rec), productId: itemId(item), variantId: variant!.id };
  }
  return out;
}
