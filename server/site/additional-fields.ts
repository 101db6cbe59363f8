/**
 * A product's additional-fields form without JavaScript (docs/storefront.md, "Additional
 * fields"): the product page's form carries the form's fields (the demo's form-field.block over
 * the view made here), and a post of it is read here as the storefront's lightbox reads its own
 * fields (cart-posts.ts checks them with the lightbox's rules, additional-fields-form.ts), so the
 * cart entry gets the same answers either way.
 *
 * The lightbox asks name, address, date, time and phone as one text each, and sends no hidden
 * field: the page's fields do the same, so a value has the lightbox's shape (a string, a
 * checkbox's list, a likert's map of question to -2..2). Nothing of Node here.
 */
import {
  formValues,
  type FormDef,
  type FormEntries,
  type FormFieldDef,
} from '../../storefront/forms/form-rules.js';
import {
  formView,
  pagePostOf,
  UNTOUCHED,
  type FormState,
} from '../../storefront/forms/form-view.js';
import {
  additionalForm,
  type AdditionalForm,
  type FieldValues,
} from '../../storefront/state/additional-fields.js';
import { itemId } from '../../storefront/state/product.js';

type Rec = Record<string, unknown>;

/** The lightbox's one-text fields (additional-fields-dialog.tsx). */
const ONE_TEXT = new Set(['name', 'address', 'date', 'time', 'phone']);

/** The key of a product's answers in a page's `formStatus`. */
export const answersKey = (item: unknown) => `add-to-cart:${itemId(item)}`;

/** The form as the page's fields ask it: the lightbox's fields, in its shapes. */
function pageFormOf(form: AdditionalForm): FormDef & Rec {
  const fields = form.fields
    .filter((f) => f.type !== 'hidden')
    .map((f): FormFieldDef & Rec => ({
      id: f.id,
      type: ONE_TEXT.has(f.type) ? 'text' : f.type,
      title: f.title,
      // Present even when empty: a template looks a missing name up in the item around it.
      description: f.description ?? '',
      placeholder: f.placeholder ?? '',
      required: f.required,
      maxLength: f.maxLength ?? 0,
      options: f.options,
    }));
  return { id: form.id, name: form.name, fields };
}

/** The answers a post of the product form gives, in the shapes the lightbox sends. */
export function postedAnswers(form: AdditionalForm, entries: FormEntries): FieldValues {
  return formValues(pageFormOf(form), entries) as FieldValues;
}

/**
 * `item.additionalForm` of a product page whose item has a form: the form's name, the text above
 * its fields and each field's view (form-view.ts), in the state a post left it (`formStatus`),
 * else empty.
 */
export function withAdditionalForm(data: Rec): void {
  const item = data.item;
  const form = additionalForm(item);
  if (form === undefined) return;
  const status = data.formStatus as Record<string, FormState> | undefined;
  const state = status?.[answersKey(item)] ?? UNTOUCHED;
  const view = formView(pageFormOf(form), state, pagePostOf(data));
  data.item = {
    ...(item as Rec),
    additionalForm: { name: form.name, above: view.above, fields: view.fields },
  };
}
