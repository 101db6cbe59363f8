/**
 * What the API knows about the site's products and forms: read once from the site's JSON
 * (store items shaped like docs/storefront.md, "Products") so cart totals, sku checks
 * and stock checks use the same data the pages render. The catalog is read-only; stock only
 * changes when the site JSON changes (the preview has no checkout that would consume it).
 */

export interface CatalogVariant {
  id: string;
  sku: string;
  /** Price actually charged (sale price when the variant is on sale), in minor units. */
  priceCents: number;
  currency: string;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
}

export interface CatalogProduct {
  id: string;
  title: string;
  collectionId: string | null;
  /**
   * docs/storefront.md, "Product rules": physical 1, digital 2, service 3, gift card 4, paywall 5.
   */
  productType: number;
  isSubscribable: boolean;
  additionalFieldsFormId: string | null;
  variants: CatalogVariant[];
}

export interface CatalogFormField {
  id: string;
  type: string;
  title: string;
  required: boolean;
  maxLength: number | null;
}

export interface CatalogForm {
  id: string;
  name: string;
  captchaEnabled: boolean;
  /** A newsletter sign-up: a saved submission subscribes its email address. */
  isNewsletter: boolean;
  fields: CatalogFormField[];
}

export interface Catalog {
  getProduct(itemId: string): CatalogProduct | undefined;
  getForm(formId: string): CatalogForm | undefined;
}

export const PRODUCT_TYPE = { physical: 1, digital: 2, service: 3, giftCard: 4, paywall: 5 };

/** An empty catalog: every product lookup fails, so cart calls answer 404. */
export const EMPTY_CATALOG: Catalog = { getProduct: () => undefined, getForm: () => undefined };

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** JPY has no minor unit (docs/storefront.md, "Currencies"). */
const fractionDigits = (currency: string): number => (currency === 'JPY' ? 0 : 2);

/**
 * Reads a money node into minor units. `{value, currency}` and `{decimalValue, currencyCode}`
 * carry decimal major units (as the engine's money formatters read them); the legacy numeric
 * `price`/`salePrice` fields carry cents and are the fallback.
 */
function readMoney(variant: Rec, key: 'priceMoney' | 'salePriceMoney') {
  const money = variant[key];
  if (!isRec(money)) return null;
  const modern = money.decimalValue !== undefined;
  const currency = str(modern ? money.currencyCode : money.currency) ?? 'USD';
  const amount = num(modern ? money.decimalValue : money.value);
  return amount === null
    ? null
    : { cents: Math.round(amount * 10 ** fractionDigits(currency)), currency };
}

/** The charged price: the sale price when on sale and present, else the regular price. */
function readPrice(variant: Rec, onSale: boolean): { cents: number; currency: string } {
  const sale = onSale ? readMoney(variant, 'salePriceMoney') : null;
  const money = sale ?? readMoney(variant, 'priceMoney');
  if (money !== null) return money;
  const legacy = num(variant[onSale && variant.salePrice !== undefined ? 'salePrice' : 'price']);
  return { cents: legacy === null ? 0 : Math.round(legacy), currency: 'USD' };
}

function readAttributes(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRec(v)) for (const [k, value] of Object.entries(v)) out[k] = String(value);
  return out;
}

function readVariant(raw: Rec, index: number, itemId: string, alwaysInStock: boolean) {
  const sku = str(raw.sku) ?? str(raw.id) ?? `${itemId}-${index}`;
  const onSale = raw.onSale === true;
  const price = readPrice(raw, onSale);
  return {
    id: str(raw.id) ?? sku,
    sku,
    priceCents: price.cents,
    currency: price.currency,
    // Digital goods and gift cards are never sold out (docs/storefront.md, "Product rules").
    unlimited: alwaysInStock || raw.unlimited === true,
    qtyInStock: Math.trunc(num(raw.qtyInStock) ?? 0),
    attributes: readAttributes(raw.attributes),
  } satisfies CatalogVariant;
}

/** Reads one store item; returns undefined for anything that is not a product. */
export function productFromItem(item: unknown): CatalogProduct | undefined {
  if (!isRec(item)) return undefined;
  const id = str(item.id);
  const content = isRec(item.structuredContent) ? item.structuredContent : undefined;
  if (id === null || content === undefined) return undefined;
  const productType = num(content.productType) ?? PRODUCT_TYPE.physical;
  const alwaysInStock =
    productType === PRODUCT_TYPE.digital || productType === PRODUCT_TYPE.giftCard;
  let rawVariants = Array.isArray(content.variants) ? content.variants.filter(isRec) : [];
  // Digital products may carry their price on structuredContent with no variant list.
  if (rawVariants.length === 0) rawVariants = [{ ...content, sku: content.sku ?? id }];
  return {
    id,
    title: str(item.title) ?? id,
    collectionId: str(item.collectionId),
    productType,
    isSubscribable: content.isSubscribable === true,
    additionalFieldsFormId: str(content.additionalFieldsFormId),
    variants: rawVariants.map((v, i) => readVariant(v, i, id, alwaysInStock)),
  };
}

/** Reads a form definition (docs/storefront.md, "Forms"); fields without an id are skipped. */
export function formFromJson(raw: unknown): CatalogForm | undefined {
  if (!isRec(raw)) return undefined;
  const id = str(raw.id);
  if (id === null) return undefined;
  const fields: CatalogFormField[] = [];
  for (const f of Array.isArray(raw.fields) ? raw.fields : []) {
    if (!isRec(f) || str(f.id) === null) continue;
    const maxLength = num(f.maxLength);
    fields.push({
      id: str(f.id)!,
      type: str(f.type) ?? 'text',
      title: str(f.title) ?? str(f.name) ?? '',
      required: f.required === true,
      maxLength: maxLength !== null && maxLength > 0 ? maxLength : null,
    });
  }
  return {
    id,
    name: str(raw.name) ?? id,
    captchaEnabled: raw.captchaEnabled === true,
    isNewsletter: raw.isNewsletter === true,
    fields,
  };
}

/**
 * Builds a catalog from store items and optional form definitions. Products' embedded
 * `additionalFieldsForm` objects are registered as forms too, so the additional-fields lightbox
 * can be validated and saved like any other form.
 */
export function catalogFromItems(items: unknown[], options: { forms?: unknown[] } = {}): Catalog {
  const products = new Map<string, CatalogProduct>();
  const forms = new Map<string, CatalogForm>();
  for (const item of items) {
    const product = productFromItem(item);
    if (product === undefined) continue;
    products.set(product.id, product);
    const content = (item as Rec).structuredContent as Rec;
    const embedded = formFromJson(content.additionalFieldsForm);
    if (embedded !== undefined) forms.set(embedded.id, embedded);
  }
  for (const raw of options.forms ?? []) {
    const form = formFromJson(raw);
    if (form !== undefined) forms.set(form.id, form);
  }
  return {
    getProduct: (itemId) => products.get(itemId),
    getForm: (formId) => forms.get(formId),
  };
}
