/**
 * What a form definition says about its fields (docs/storefront.md, "Forms"): their types'
 * parts, options, limits and input names. Every page's first render needs these (form-view.ts);
 * the rules that check a submission are in form-rules.ts, loaded with the form controller.
 *
 * Inputs are named after their field: `{id}` for one-input fields, `{id}-{part}` for the parts
 * of name, address, date, time and phone, `{id}-{n}` for the n-th likert question.
 */

export interface FormFieldDef {
  id: string;
  type: string;
  title?: string;
  required?: boolean;
  maxLength?: unknown;
  options?: unknown;
  /** Hidden fields: the URL query parameter they take their value from, and their own value. */
  key?: string;
  value?: unknown;
  showCountryCode?: boolean;
}

export interface FormDef {
  id: string;
  fields: FormFieldDef[];
  captchaEnabled?: boolean;
}

/** Field id -> value, as sent in the submission's `form` (docs/storefront.md, "Forms"). */
export type SubmittedValue = string | string[] | Record<string, string>;
export type SubmittedValues = Record<string, SubmittedValue>;

/** What `FormData` and `URLSearchParams` both offer. */
export interface FormEntries {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

/** The parts of the multi-part fields, in the order of their submitted array. */
export const FIELD_PARTS: Readonly<Record<string, readonly string[]>> = {
  name: ['fname', 'lname'],
  address: ['address1', 'address2', 'city', 'state', 'zip', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'second', 'ampm'],
  // A phone without a country code still sends four parts, the first empty.
  phone: ['country', 'areacode', 'prefix', 'line'],
};

/** A field's options as strings (radio, checkbox, select, likert questions). */
export function optionsOf(field: FormFieldDef): string[] {
  return Array.isArray(field.options) ? field.options.map((o) => String(o)) : [];
}

/**
 * The counter's and the rule's maximum: a positive whole number, else 0 (no limit, no counter;
 * docs/storefront.md, "Forms": non-numeric or negative counts as 0).
 */
export function maxLengthOf(field: FormFieldDef): number {
  const n = typeof field.maxLength === 'string' ? Number(field.maxLength) : field.maxLength;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The name of a likert question's radio group (`index` from 0). */
export const likertName = (fieldId: string, index: number) => `${fieldId}-${index + 1}`;
