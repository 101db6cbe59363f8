/**
 * The form block's rules (docs/storefront.md, "Forms"), shared by the browser (the form
 * controller) and the preview server (the forms API and the pages' no-JavaScript posts), so a
 * form is read and checked the same way on both sides:
 *
 * - `formValues`: the submitted value of every field from the form's inputs (a `FormData` in
 *   the browser, the posted body on the server), in the shapes of the submission payload;
 * - `validateFormValues`: the field rules and their texts;
 * - `failureTexts`: what a failed save shows, per HTTP status.
 *
 * Inputs are named after their field: `{id}` for one-input fields, `{id}-{part}` for the parts
 * of name, address, date, time and phone, `{id}-{n}` for the n-th likert question.
 */
import { FORM_MESSAGES, isValidEmail, RESTOCK_MESSAGES } from '../api/messages.js';

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

/** Field types that submit nothing (section) or are never checked (hidden). */
const SKIPPED = new Set(['section']);
const UNCHECKED = new Set(['section', 'hidden']);

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

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

/** Every field's submitted value, read from the form's inputs; sections are skipped. */
export function formValues(form: FormDef, entries: FormEntries): SubmittedValues {
  const values: SubmittedValues = {};
  for (const field of form.fields) {
    if (SKIPPED.has(field.type)) continue;
    const parts = FIELD_PARTS[field.type];
    if (parts !== undefined) {
      values[field.id] = parts.map((part) => text(entries.get(`${field.id}-${part}`)));
    } else if (field.type === 'checkbox') {
      values[field.id] = entries.getAll(field.id).map(text);
    } else if (field.type === 'likert') {
      const answers: Record<string, string> = {};
      optionsOf(field).forEach((question, i) => {
        const answer = text(entries.get(likertName(field.id, i)));
        if (answer !== '') answers[question] = answer;
      });
      values[field.id] = answers;
    } else {
      values[field.id] = text(entries.get(field.id));
    }
  }
  return values;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((part) => isEmpty(part));
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * The field rules (docs/storefront.md, "Forms"): a message per invalid field id, empty when the
 * form is valid. Required empty fields (likert has no required check), email format, textarea
 * character limit; optional empty fields pass.
 */
export function validateFormValues(
  form: FormDef,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (UNCHECKED.has(field.type)) continue;
    const value = values[field.id];
    if (isEmpty(value)) {
      if (field.required === true && field.type !== 'likert') {
        errors[field.id] = FORM_MESSAGES.required;
      }
      continue;
    }
    const max = maxLengthOf(field);
    if (field.type === 'email' && (typeof value !== 'string' || !isValidEmail(value.trim()))) {
      errors[field.id] = FORM_MESSAGES.badEmail;
    } else if (max > 0 && typeof value === 'string' && [...value].length > max) {
      errors[field.id] = FORM_MESSAGES.tooLong;
    }
  }
  return errors;
}

/** What a form shows after a failure: per-field messages and the texts above and below it. */
export interface FormFailure {
  errors: Record<string, string>;
  above: string;
  below: string | null;
}

/** A client-side check failed: the fields' messages and the summary text. */
export function invalidFailure(errors: Record<string, string>): FormFailure {
  return { errors, above: FORM_MESSAGES.invalid, below: null };
}

/**
 * The texts of a failed save by HTTP status (docs/storefront.md, "Forms", "Failures"); `body`
 * is the answer's JSON. 400 with `errors` puts each message on its field, with the texts
 * above and below the form.
 */
export function failureTexts(status: number | undefined, body: unknown): FormFailure {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors = data.errors;
  if (status === 400 && typeof errors === 'object' && errors !== null) {
    const fieldErrors: Record<string, string> = {};
    for (const [id, message] of Object.entries(errors)) {
      if (typeof message === 'string') fieldErrors[id] = message;
    }
    return {
      errors: fieldErrors,
      above: FORM_MESSAGES.problemAbove,
      below: FORM_MESSAGES.problemBelow,
    };
  }
  const byStatus: Record<number, string> = {
    401: FORM_MESSAGES.unauthorized,
    404: FORM_MESSAGES.notConfigured,
    429: FORM_MESSAGES.rateLimited,
    500: FORM_MESSAGES.serverError,
  };
  const fallback = typeof data.error === 'string' && data.error !== '' ? data.error : null;
  const message = (status !== undefined ? byStatus[status] : undefined) ?? fallback;
  return { errors: {}, above: message ?? FORM_MESSAGES.unknown, below: null };
}

/** The restock sign-up's email check (docs/storefront.md, "Restock notifications"). */
export function restockEmailError(email: string): string | null {
  if (email.trim() === '') return RESTOCK_MESSAGES.blank;
  return isValidEmail(email.trim()) ? null : RESTOCK_MESSAGES.invalid;
}
