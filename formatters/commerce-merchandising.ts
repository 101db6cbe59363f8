/**
 * Merchandising formatters (docs/language.md, "Commerce formatters" and "Built-in templates",
 * docs/storefront.md, "Products"): restock sign-up forms and scarcity messages from
 * `productMerchandisingContext[item.id]`, the quick view button and the cart entry's variant
 * descriptor.
 */
import type { FormatterTable, RenderContext } from '../engine/plugin.js';
import { asBoolean, asString, descendValue, getOwn, isObject } from '../engine/values.js';
import { template } from './built-in-templates.js';
import { computed, orNull } from './commerce-widgets.js';

/** The owner's merchandising settings for the item (`productMerchandisingContext[item.id]`). */
function merchandising(ctx: RenderContext, item: unknown): unknown {
  const all = ctx.resolve(['productMerchandisingContext']);
  return descendValue(all, asString(descendValue(item, 'id')));
}

// --- product-restock-notification, product-scarcity ----------------------------------------

const restockNotification = computed((item, ctx) => {
  const settings = merchandising(ctx, item);
  const node = {
    product: item,
    views: orNull(descendValue(settings, 'restockNotificationViews')),
    messages: orNull(descendValue(settings, 'restockNotificationMessages')),
    mailingListSignUpEnabled: orNull(descendValue(settings, 'mailingListSignUpEnabled')),
    mailingListOptInByDefault: orNull(descendValue(settings, 'mailingListOptInByDefault')),
    captchaSiteKey: orNull(ctx.resolve(['website', 'captchaSettings', 'siteKey'])),
  };
  return ctx.executeTemplate(template('product-restock-notification'), node, false);
});

/**
 * Nothing unless the owner enabled scarcity messages (`true`, `"true"` or a non-zero integer).
 * `scarcityShownByDefault` is passed on but, as in the reference, does not change the markup:
 * views with variant attributes start hidden, views without are shown.
 */
const productScarcity = computed((item, ctx) => {
  const settings = merchandising(ctx, item);
  if (!asBoolean(descendValue(settings, 'scarcityEnabled'))) return '';
  const node = {
    scarcityTemplateViews: orNull(descendValue(settings, 'scarcityTemplateViews')),
    scarcityText: orNull(descendValue(settings, 'scarcityText')),
    scarcityShownByDefault: orNull(descendValue(settings, 'scarcityShownByDefault')),
  };
  return ctx.executeTemplate(template('product-scarcity'), node, false);
});

// --- product-quick-view, variant-descriptor -------------------------------------------------

/**
 * `data-group` names the quick-view group: the item's own field called GROUP, else a variable
 * GROUP (one segment, looked up through the frames, so `@index` works), else GROUP itself.
 */
function quickViewGroup(item: unknown, group: string | undefined, ctx: RenderContext): string {
  if (group === undefined) return '';
  const own = isObject(item) ? getOwn(item, group) : undefined;
  if (own !== undefined) return asString(own);
  const resolved = ctx.resolve([group]);
  return resolved === undefined ? group : asString(resolved);
}

/**
 * formatters/templates/product-quick-view.html with `{id, group, label}`, private (so the page
 * cannot stand in for them). The label is printed raw, as the reference does.
 */
const productQuickView = computed((item, ctx, args) => {
  const text = ctx.resolve(['localizedStrings', 'productQuickViewText']);
  const node = {
    id: asString(descendValue(item, 'id')),
    group: quickViewGroup(item, args[0], ctx),
    // Any present value wins, even "" (unlike the other widget labels).
    label: text === undefined ? 'Quick View' : asString(text),
  };
  return ctx.executeTemplate(template('product-quick-view'), node, true);
});

/** `optionValues[].value` joined with ` / ` (a cart entry's chosen variant, e.g. `Blue / L`). */
const variantDescriptor = computed((variant) => {
  const values = descendValue(variant, 'optionValues');
  if (!Array.isArray(values)) return '';
  return values.map((option) => asString(descendValue(option, 'value'))).join(' / ');
});

export const COMMERCE_MERCHANDISING_FORMATTERS: FormatterTable = {
  'product-quick-view': productQuickView,
  'product-restock-notification': restockNotification,
  'product-scarcity': productScarcity,
  'variant-descriptor': variantDescriptor,
};
