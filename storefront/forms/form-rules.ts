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
 * Inputs are named after their field (form-fields.ts).
 */
import { FORM_MESSAGES, isValidEmail, RESTOCK_MESSAGES } from '../api/form-messages.js';
import {
  FIELD_PARTS,
  likertName,
  maxLengthOf,
  optionsOf,
  type FormDef,
  type FormEntries,
  type SubmittedValues,
} from './form-fields.js';
import { str } from '../utils/records.js';

export * from './form-fields.js';

/** The forms of a page's data: its top-level values with an `id` and a `fields` list. */
export function formsIn(data: unknown): Array<FormDef & Record<string, unknown>> {
  if (typeof data !== 'object' || data === null) return [];
  return Object.values(data).filter(
    (v): v is FormDef & Record<string, unknown> =>
      typeof v === 'object' && v !== null && typeof v.id === 'string' && Array.isArray(v.fields),
  );
}

/**
 * The form texts only the browser shows (docs/storefront.md, "Forms"); those the server answers
 * with are FORM_MESSAGES (api/messages.ts).
 */
export const FORM_TEXTS = {
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  unknown: 'Unknown error, please try again later.',
  noKey: 'Could not get a form submission key, please try again later.',
} as const;

/** Field types that submit nothing (section) or are never checked (hidden). */
const SKIPPED = new Set(['section']);
const UNCHECKED = new Set(['section', 'hidden']);

/** Every field's submitted value, read from the form's inputs; sections are skipped. */
export function formValues(form: FormDef, entries: FormEntries): SubmittedValues {
  const values: SubmittedValues = {};
  for (const field of form.fields) {
    if (SKIPPED.has(field.type)) continue;
    const parts = FIELD_PARTS[field.type];
    if (parts !== undefined) {
      values[field.id] = parts.map((part) => str(entries.get(`${field.id}-${part}`)));
    } else if (field.type === 'checkbox') {
      values[field.id] = entries.getAll(field.id).map(str);
    } else if (field.type === 'likert') {
      const answers: Record<string, string> = {};
      optionsOf(field).forEach((question, i) => {
        const answer = str(entries.get(likertName(field.id, i)));
        if (answer !== '') answers[question] = answer;
      });
      values[field.id] = answers;
    } else {
      values[field.id] = str(entries.get(field.id));
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
      above: FORM_TEXTS.problemAbove,
      below: FORM_TEXTS.problemBelow,
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
  return { errors: {}, above: message ?? FORM_TEXTS.unknown, below: null };
}

/** The restock sign-up's email check (docs/storefront.md, "Restock notifications"). */
export function restockEmailError(email: string): string | null {
  if (email.trim() === '') return RESTOCK_MESSAGES.blank;
  return isValidEmail(email.trim()) ? null : RESTOCK_MESSAGES.invalid;
}
