/**
 * What only the additional-fields lightbox needs (in its chunk): the likert answers' labels,
 * empty values and the check of a form's values, with the forms' texts (the same words as the
 * form block's).
 */
import { FORM_MESSAGES } from '../../api/form-messages.js';
import {
  fieldsWithValues,
  type AdditionalForm,
  type FieldValue,
  type FieldValues,
  type FormField,
} from '../../state/additional-fields.js';

/** Likert answers -2..2, in order (the platform's summary answers). */
export const LIKERT_LABELS: ReadonlyArray<[value: string, label: string]> = [
  ['-2', 'strongly disagree'],
  ['-1', 'disagree'],
  ['0', 'neutral'],
  ['1', 'agree'],
  ['2', 'strongly agree'],
];

/** An empty value of the field's shape. */
export function emptyValue(field: FormField): FieldValue {
  if (field.type === 'checkbox') return [];
  if (field.type === 'likert') return {};
  return '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isEmpty = (value: FieldValue | undefined): boolean =>
  value === undefined ||
  (typeof value === 'string'
    ? value.trim() === ''
    : Array.isArray(value)
      ? value.length === 0
      : Object.keys(value).length === 0);

/** Each invalid field's text, by field id (likert has no required check). */
export function validateValues(form: AdditionalForm, values: FieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fieldsWithValues(form)) {
    const value = values[field.id];
    if (isEmpty(value)) {
      if (field.required && field.type !== 'likert') errors[field.id] = FORM_MESSAGES.required;
    } else if (typeof value === 'string') {
      if (field.maxLength !== undefined && value.length > field.maxLength) {
        errors[field.id] = FORM_MESSAGES.tooLong;
      } else if (field.type === 'email' && !EMAIL.test(value.trim())) {
        errors[field.id] = FORM_MESSAGES.badEmail;
      }
    }
  }
  return errors;
}
