/**
 * A product's additional-fields form (docs/storefront.md, "Additional fields"): its fields as
 * the lightbox shows them, the values a visitor gives (the shapes of SPEC "Form submission
 * payload": a string, a checkbox's list of checked values, a likert's map of question to
 * -2..2) and the summary answers the cart shows (`summary-form-field`). A cart entry keeps the
 * values as JSON text (`additionalFields`). Their validation is the lightbox's
 * (widgets/commerce/additional-fields-form.ts), loaded with it.
 */
import { isRec } from '../utils/records.js';

export interface FormField {
  id: string;
  type: string;
  title: string;
  description: string | undefined;
  placeholder: string | undefined;
  required: boolean;
  maxLength: number | undefined;
  options: string[];
}

export interface AdditionalForm {
  id: string;
  name: string;
  fields: FormField[];
}

export type FieldValue = string | string[] | Record<string, string>;
export type FieldValues = Record<string, FieldValue>;

/** Types that give no value (a section is a heading; a hidden field is not the visitor's). */
const NO_VALUE = new Set(['section', 'hidden']);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The product's form (`structuredContent.additionalFieldsForm`), or undefined. */
export function additionalForm(item: unknown): AdditionalForm | undefined {
  const sc = isRec(item) && isRec(item.structuredContent) ? item.structuredContent : {};
  const form = sc.additionalFieldsForm;
  if (!sc.additionalFieldsFormId || !isRec(form) || !Array.isArray(form.fields)) return undefined;
  const fields = form.fields.filter(isRec).map((f, i): FormField => {
    const max = Number(f.maxLength);
    return {
      id: text(f.id) ?? `field-${i}`,
      type: text(f.type) ?? 'text',
      title: text(f.title) ?? '',
      description: text(f.description),
      placeholder: text(f.placeholder),
      required: f.required === true,
      maxLength: Number.isInteger(max) && max > 0 ? max : undefined,
      options: Array.isArray(f.options) ? f.options.map(String) : [],
    };
  });
  return { id: text(form.id) ?? '', name: text(form.name) ?? '', fields };
}

export const fieldsWithValues = (form: AdditionalForm): FormField[] =>
  form.fields.filter((f) => !NO_VALUE.has(f.type));

/** The values kept in a cart entry's `additionalFields` text (empty for none or bad JSON). */
export function parseValues(json: string | null | undefined): FieldValues {
  if (typeof json !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return isRec(parsed) ? (parsed as FieldValues) : {};
  } catch {
    return {};
  }
}

/** What `summary-form-field` reads of one answer. */
export interface SummaryAnswer {
  type: string;
  rawTitle: string;
  value: string;
  values?: string[] | Record<string, string>;
}

/** `&`, `<`, `>` and quotes as numeric character references. */
const escapeHtml = (text: unknown): string =>
  String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The entry's answers, in the form's order, as the cart summarises them. Every text is
 * HTML-escaped here: `summary-form-field` prints its answer's texts as they are, and the values
 * are the visitor's own (the entry's `additionalFields`).
 */
export function summaryAnswers(form: AdditionalForm, values: FieldValues): SummaryAnswer[] {
  return fieldsWithValues(form).map((field) => {
    const value = values[field.id];
    const answer: SummaryAnswer = {
      type: field.type,
      rawTitle: escapeHtml(field.title),
      value: typeof value === 'string' ? escapeHtml(value) : '',
    };
    // A likert's summary reads its map, answered or not.
    if (field.type === 'likert') {
      const map = isRec(value) ? value : {};
      answer.values = Object.fromEntries(
        Object.entries(map).map(([q, a]) => [escapeHtml(q), escapeHtml(a)]),
      );
    } else if (Array.isArray(value)) answer.values = value.map(escapeHtml);
    return answer;
  });
}
