/**
 * The formatter-backed component registry: formatter name -> React component. In string mode
 * these formatters emit HTML; in React mode the component renders instead, producing the same
 * DOM on the server and behaviour in the browser. `options.components` overrides by name.
 */
import { FormatterWidget } from './formatter-widget.js';
import type { ComponentTable } from './types.js';

export { FormatterWidget } from './formatter-widget.js';
export { markupOnly } from './types.js';
export type { ComponentTable, FormatterComponentProps, MarkupOnly } from './types.js';

/** Commerce and social widgets whose markup the storefront brings to life. */
export const COMPONENT_FORMATTERS = [
  'add-to-cart-btn',
  'product-checkout',
  'quantity-input',
  'variants-select',
  'product-restock-notification',
  'product-scarcity',
  'product-price',
  'product-quick-view',
  'like-button',
  'comments',
  'social-button',
  'social-button-inline',
] as const;

export const DEFAULT_COMPONENTS: ComponentTable = Object.fromEntries(
  COMPONENT_FORMATTERS.map((name) => [name, FormatterWidget]),
);
