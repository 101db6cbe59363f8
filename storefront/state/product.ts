/**
 * What the storefront reads of a product (store item) to choose a variant and validate an add to
 * cart: its options in `variantOptionOrdering` order, the variant matching the visitor's choices,
 * and whether a combination is in stock. Product data comes from the page (untyped JSON), so
 * every read is defensive.
 */
import { extensibleCopy, isRec, type Rec } from '../utils/records.js';

export interface Variant {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  mainImage?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Option name -> chosen value. */
export type Choices = Readonly<Record<string, string>>;

export const PRODUCT_TYPE = { physical: 1, digital: 2, service: 3, giftCard: 4 } as const;

export function structuredContentOf(item: unknown): Rec {
  return isRec(item) && isRec(item.structuredContent) ? item.structuredContent : {};
}

export function itemId(item: unknown): string {
  return isRec(item) && typeof item.id === 'string' ? item.id : '';
}

export function productTypeOf(item: unknown): number {
  return Number(structuredContentOf(item).productType ?? 0);
}

export function variantsOf(item: unknown): Variant[] {
  const list = structuredContentOf(item).variants;
  if (!Array.isArray(list)) return [];
  return list.filter(isRec).map((v) => ({
    ...v,
    sku: String(v.sku ?? ''),
    attributes: isRec(v.attributes)
      ? Object.fromEntries(Object.entries(v.attributes).map(([k, a]) => [k, String(a)]))
      : {},
    qtyInStock: Number(v.qtyInStock ?? 0),
    unlimited: v.unlimited === true || v.unlimited === 'true',
  }));
}

/** Option names in the owner's order; a product with fewer than two variants has none. */
export function optionNames(item: unknown): string[] {
  if (variantsOf(item).length < 2) return [];
  const ordering = structuredContentOf(item).variantOptionOrdering;
  return Array.isArray(ordering) ? ordering.filter((n): n is string => typeof n === 'string') : [];
}

/** Digital products and gift cards never run out; physical products and services count stock. */
export function tracksStock(item: unknown): boolean {
  const type = productTypeOf(item);
  return type === PRODUCT_TYPE.physical || type === PRODUCT_TYPE.service;
}

export function variantInStock(item: unknown, variant: Variant): boolean {
  return !tracksStock(item) || variant.unlimited || variant.qtyInStock > 0;
}

const matches = (variant: Variant, choices: Choices): boolean =>
  Object.entries(choices).every(([name, value]) => variant.attributes[name] === value);

/**
 * The variant the choices name: the only variant of a product without options, else the one
 * whose attributes equal every chosen option (undefined while an option is unchosen or when no
 * variant has that combination).
 */
export function chosenVariant(item: unknown, choices: Choices): Variant | undefined {
  const all = variantsOf(item);
  const names = optionNames(item);
  if (names.length === 0) return all.length === 1 ? all[0] : undefined;
  if (names.some((n) => choices[n] === undefined || choices[n] === '')) return undefined;
  return all.find((v) => names.every((n) => v.attributes[n] === choices[n]));
}

export function missingOptions(item: unknown, choices: Choices): string[] {
  return optionNames(item).filter((n) => choices[n] === undefined || choices[n] === '');
}

/**
 * Whether choosing `value` for option `name`, with the other options as chosen, leaves a
 * variant in stock: the picker marks the values that do not.
 */
export function optionAvailable(
  item: unknown,
  choices: Choices,
  name: string,
  value: string,
): boolean {
  const others: Record<string, string> = {};
  for (const [n, v] of Object.entries(choices)) if (n !== name && v !== '') others[n] = v;
  others[name] = value;
  return variantsOf(item).some((v) => matches(v, others) && variantInStock(item, v));
}

/** The choices that select `variant` (its attributes of the product's options). */
export function choicesOf(item: unknown, variant: Variant): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of optionNames(item)) {
    const value = variant.attributes[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export function variantById(item: unknown, id: string): Variant | undefined {
  return variantsOf(item).find((v) => v.id === id);
}

/**
 * The product as it looks with one variant chosen: its variants reduced to that one (so the
 * price, sale and sold-out formatters describe it) and, when the variant has a main image, that
 * image as the item's.
 */
export function variantView(item: Rec, variant: Variant): Rec {
  const sc = structuredContentOf(item);
  const raw = Array.isArray(sc.variants)
    ? sc.variants.find((v) => isRec(v) && v.sku === variant.sku)
    : undefined;
  const image = isRec(variant.mainImage) ? variant.mainImage : {};
  const view = extensibleCopy(item, image);
  view.structuredContent = { ...sc, variants: [raw ?? variant] };
  return view;
}
