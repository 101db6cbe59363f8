/**
 * `quantity-input`: the product's quantity field (rendered by the formatter only for products
 * that take a quantity). Its text is kept per product in the runtime's `quantities` store; the
 * add-to-cart button validates it ('Quantity must be a number.', 'Quantity must be a whole
 * number', 1 to 9999) when clicked.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import { parseQuantity } from '../../state/messages.js';
import { itemId } from '../../state/product.js';
import { useStore } from '../../state/store.js';
import { useRuntime } from '../../runtime.js';
import { mapMarkup } from '../markup.js';

/** The field's text before the visitor types (the markup's `value`). */
export const DEFAULT_QUANTITY = '1';

export function QuantityInput(props: FormatterComponentProps): ReactNode {
  const runtime = useRuntime();
  const id = itemId(props.node);
  const text = useStore(runtime.quantities)[id] ?? DEFAULT_QUANTITY;
  const invalid = 'error' in parseQuantity(text);
  return mapMarkup(props.markup, (tag) => {
    if (tag !== 'input') return undefined;
    return {
      props: {
        value: text,
        defaultValue: undefined,
        onChange(event: ChangeEvent<HTMLInputElement>) {
          const value = event.currentTarget.value;
          runtime.quantities.set((all) => ({ ...all, [id]: value }));
        },
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    };
  });
}
