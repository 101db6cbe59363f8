/**
 * `summary-form-field` (docs/language.md, "Commerce formatters" and "Built-in templates",
 * docs/storefront.md, "Forms"): one answer of a product's additional-fields form, as shown in order
 * summaries. Multi-part answers (address, checkbox, date, likert, name, phone, time) render a
 * type-specific built-in template (`summary-form-field-<type>`, private: it sees only the field);
 * any other type shows the raw `value`. An empty answer shows
 * `localizedStrings.productSummaryFormNoAnswerText` or `N/A`.
 */
import type { Code } from '../engine/code.js';
import type { Formatter, FormatterTable } from '../engine/plugin.js';
import { asString, descendValue } from '../engine/values.js';
import { TEMPLATES } from './templates/compiled.js';
import { templateMissing } from './error-texts.js';

const TEMPLATED_TYPES = ['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time'];

/** Compiled templates by field type, looked up once (undefined only if compiled.ts is stale). */
const FIELD_TEMPLATES = new Map<string, Code | undefined>(
  TEMPLATED_TYPES.map((type) => [type, TEMPLATES[`summary-form-field-${type}`]]),
);

/** Likert answers are stored as -2..2; anything else reads as neutral. */
const LIKERT_ANSWERS = new Map<string, string>([
  ['-2', 'Strongly Disagree'],
  ['-1', 'Disagree'],
  ['0', 'Neutral'],
  ['1', 'Agree'],
  ['2', 'Strongly Agree'],
]);

export interface LikertRow {
  question: string;
  answer: string;
}

/**
 * `values` (question -> answer) as rows in key order. Keys are read like JavaScript's
 * `Object.keys` (a string's indexes, an array's indexes, nothing for numbers and booleans), and
 * absent values are a TypeError, as in the reference, which records the error and leaves the tag
 * empty.
 */
export function likertRows(values: unknown): LikertRow[] {
  if (values === undefined || values === null)
    throw new TypeError('Cannot convert undefined or null to object');
  const source = values as Record<string, unknown>;
  return Object.keys(source).map((question) => ({
    question,
    answer: LIKERT_ANSWERS.get(String(source[question])) ?? 'Neutral',
  }));
}

const WRAPPER_START =
  '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">';

const summaryFormField: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0]!;
    const field = first.value;
    const type = asString(descendValue(field, 'type'));
    let value: string;
    if (!FIELD_TEMPLATES.has(type)) value = asString(descendValue(field, 'value'));
    else {
      const code = FIELD_TEMPLATES.get(type);
      if (code === undefined) throw new Error(templateMissing(`summary-form-field-${type}`));
      const node = type === 'likert' ? likertRows(descendValue(field, 'values')) : field;
      value = ctx.executeTemplate(code, node, true);
    }
    if (value === '') {
      value =
        asString(ctx.resolve(['localizedStrings', 'productSummaryFormNoAnswerText'])) || 'N/A';
    }
    const title = asString(descendValue(field, 'rawTitle'));
    first.set(`${WRAPPER_START}${title}:</span> ${value}\n</div>`);
  },
};

export const COMMERCE_FORM_FORMATTERS: FormatterTable = {
  'summary-form-field': summaryFormField,
};
