/**
 * Validation texts of the add-to-cart flow that depend on the product (the fixed ones are in
 * api/messages.ts, shared with the server).
 */
import { CART_MESSAGES } from '../api/messages.js';

/**
 * 'Please select the Color option.', 'Please select the Color and Size options.', and for more
 * options the names comma-joined before 'and' the last one.
 */
export function selectOptionsText(names: readonly string[]): string {
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  const last = names[names.length - 1];
  return `Please select the ${names.slice(0, -1).join(', ')} and ${last} options.`;
}

export const GIFT_CARD_DENOMINATION = 'Select a denomination for the Gift Card';

/** A quantity field's text as a quantity, or the text saying why it is not one. */
export function parseQuantity(text: string): { quantity: number } | { error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { error: CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(value)) return { error: CART_MESSAGES.quantityNotWhole };
  if (value < 1) return { error: CART_MESSAGES.quantityTooSmall };
  if (value > 9999) return { error: CART_MESSAGES.quantityTooLarge };
  return { quantity: value };
}
