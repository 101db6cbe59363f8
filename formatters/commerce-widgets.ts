/**
 * The product-form widget formatters (docs/language.md, "Commerce formatters" and "Built-in
 * templates"): add-to-cart button, variant pickers, quantity input and the product-checkout trio of
 * them. Each renders a built-in template (formatters/templates/*.html); this module decides what
 * data each template sees. The helpers exported here are shared with commerce-merchandising.ts.
 *
 * The templates run non-private, so page-level data (`localizedStrings`, `website`) resolves from
 * inside them. Where a template needs values the page must not shadow, the formatter builds a
 * synthetic node with every key present (null when absent): a null stops variable lookup, a
 * missing key would let an unrelated page value leak in.
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asBoolean, asString, descendValue, isTruthy } from '../engine/values.js';
import {
  isSubscribable,
  itemVariantOptions,
  productType,
  ProductType,
  totalStockRemaining,
} from './commerce-product.js';
import { template, templateFormatter } from './built-in-templates.js';

/** A formatter whose value is computed from its input value and the render context. */
export function computed(
  compute: (value: unknown, ctx: RenderContext, args: string[]) => unknown,
): Formatter {
  return {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      first.set(compute(first.value, ctx, args));
    },
  };
}

/** `value`, or null when MISSING, so a synthetic node's key stops variable lookup. */
export function orNull(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** A localized string from the page's `localizedStrings`, or `fallback` when it is falsy. */
function localized(ctx: RenderContext, key: string, fallback: string): unknown {
  const text = ctx.resolve(['localizedStrings', key]);
  return isTruthy(text) ? text : fallback;
}

// --- quantity-input -------------------------------------------------------------------------

/**
 * `websiteSettings.storeSettings.multipleQuantityAllowedForServices`: allowed when absent or
 * null, otherwise read like the reference's `asBoolean` (`"false"`, `0`, `""` forbid; `"true"`
 * and non-zero integers allow). commerce-product.ts's isMultipleQuantityAllowedForServices
 * only forbids a literal `false`; this is the behaviour probed on the reference.
 */
function allowsServiceQuantity(websiteSettings: unknown): boolean {
  const flag = descendValue(
    descendValue(websiteSettings, 'storeSettings'),
    'multipleQuantityAllowedForServices',
  );
  return flag === undefined || flag === null || asBoolean(flag);
}

/**
 * docs/storefront.md, "Quantity": only physical products, or services when the store allows several
 * per order, that are not subscriptions and have more than one unit left across their variants.
 */
function takesQuantity(item: unknown, ctx: RenderContext): boolean {
  const type = productType(item);
  const typeAllows =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && allowsServiceQuantity(ctx.resolve(['websiteSettings'])));
  return typeAllows && !isSubscribable(item) && totalStockRemaining(item) > 1;
}

/**
 * With the argument `form`, the input is named `quantity` (and the selects of `variants-select
 * form` `variant-option-{name}`), so a product form that is a real `<form>` posts them.
 */
const quantityInput = computed((item, ctx, args) => {
  if (!takesQuantity(item, ctx)) return '';
  const node = args[0] === 'form' ? withFlag(item, 'jsontFormField') : item;
  return ctx.executeTemplate(template('quantity-input'), node, false);
});

/**
 * A copy of an item (an object) with `flag` set, for a template to read; else the item. The
 * flag comes first in the literal and is set again after the spread (an item's own property of
 * that name must not win): in Node 20 (V8 11.3) a spread copy that then gets a property
 * (`{ ...item, [flag]: true }`) survived minor collections and was promoted, about 480 KB per
 * collection on the product page (bench/young-generation.ts), a tenth of its render time. The
 * spread, unlike `Object.assign`, keeps an own `__proto__` key of the data as a property.
 */
function withFlag(item: unknown, flag: string): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const copy: Record<string, unknown> = { [flag]: true, ...item };
  copy[flag] = true;
  return copy;
}

// --- variants-select ------------------------------------------------------------------------

interface OptionNode {
  name: string;
  values: string[];
}

/**
 * The variant options as the template prints them: each value as text (objects and null print
 * as nothing), duplicates after that conversion dropped (`1` and `"1"` are one choice).
 */
function printableOptions(item: unknown): OptionNode[] {
  return itemVariantOptions(item).map(({ name, values }) => ({
    name,
    values: [...new Set(values.map(asString))],
  }));
}

/**
 * Gift cards label their single option with the "Value" display text and a fixed prompt; other
 * products title each option with its name and prompt with `Select {variantName}` (a message).
 */
const variantsSelect = computed((item, ctx, args) => {
  const isGiftCard = productType(item) === ProductType.GIFT_CARD;
  const node = {
    item,
    formFields: args[0] === 'form',
    options: printableOptions(item),
    selectText: isGiftCard
      ? localized(ctx, 'giftCardVariantSelectText', 'Select Value')
      : localized(ctx, 'productVariantSelectText', 'Select {variantName}'),
    displayText: isGiftCard ? localized(ctx, 'giftCardValueDisplayText', 'Value') : null,
  };
  return ctx.executeTemplate(template('variants-select'), node, false);
});

/**
 * `add-to-cart-btn`, and with the argument `submit` the same button as a real
 * `<button type="submit">` (its label a span), for a template that wraps the product form in a
 * `<form method="post">` so that adding works without JavaScript; the storefront's widget takes
 * its clicks over once hydrated. The template reads the choice as `jsontFormField` of a copy of
 * the item, the flag `quantity-input form` sets.
 */
const addToCartButton = computed((item, ctx, args) => {
  const node = args[0] === 'submit' ? withFlag(item, 'jsontFormField') : item;
  return ctx.executeTemplate(template('add-to-cart-btn'), node, false);
});

export const COMMERCE_WIDGET_FORMATTERS: FormatterTable = {
  'add-to-cart-btn': addToCartButton,
  'product-checkout': templateFormatter('product-checkout'),
  'quantity-input': quantityInput,
  'variants-select': variantsSelect,
};
