/**
 * The widget chunk: the storefront's formatter-backed components by formatter name, given to
 * the React renderer's component table (`components`). Loaded with a dynamic import only by
 * pages that apply one of these formatters (hydrate.ts `usesWidgets`). The product page's
 * reviews tabs are in it too (lazy-widgets.ts loads them from here): a chunk of their own cost
 * more in import and export lines than a page without the widgets would save.
 */
import type { ComponentTable } from '../../react-renderer/components/index.js';
import { AddToCartButton } from './commerce/add-to-cart.js';
import { ProductScarcity } from './commerce/product-scarcity.js';
import { QuantityInput } from './commerce/quantity-input.js';
import { QuickViewButton } from './commerce/quick-view.js';
import { VariantsSelect } from './commerce/variants-select.js';
import { VideoBlock } from './media/video.js';

// They render only their `markup` (never `html`), so the renderer may build it from nodes.
for (const widget of [
  AddToCartButton,
  ProductScarcity,
  QuantityInput,
  VariantsSelect,
  QuickViewButton,
  VideoBlock,
]) {
  (widget as { markupOnly?: boolean }).markupOnly = true;
}

export const STOREFRONT_WIDGETS: ComponentTable = {
  'add-to-cart-btn': AddToCartButton,
  'quantity-input': QuantityInput,
  'variants-select': VariantsSelect,
  'product-scarcity': ProductScarcity,
  'product-quick-view': QuickViewButton,
  video: VideoBlock,
};

export { attachReviewsTabs } from './commerce/reviews-tabs.js';
