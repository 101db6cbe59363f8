/**
 * The forms' part of `storefrontData` (docs/storefront.md, "Forms"): each form of the page data
 * (a top-level value with an `id` and a `fields` list: the contact page's `form`, the
 * newsletters) is replaced by a view of it in its visitor state — its phase, the texts above and
 * below it, and per field the message, the values to show again, the counter, the place
 * suggestions — which the demo's partials (form.block, form-field.block) render. The server
 * renders a post without JavaScript from the same state, so both paths show the same markup.
 *
 * Structure never depends on the state where inputs follow (messages are always rendered,
 * hidden when empty): React then keeps every input, and what the visitor typed, across
 * re-renders.
 */
import {
  FIELD_PARTS,
  likertName,
  maxLengthOf,
  optionsOf,
  type FormFieldDef,
} from './form-fields.js';
import type { SubmittedValues } from './form-fields.js';
import { extensibleCopy, isRec, str, type Rec } from '../utils/records.js';

export type FormPhase = 'editing' | 'submitting' | 'success' | 'failed';

export interface PlaceOption {
  placeId: string;
  description: string;
}

/**
 * The suggestions shown under an address field's first line, as the template renders them:
 * `active` is the index of the active one (-1 when none is), `activeId` its element id ('' when
 * none), each option with its element `optionId` and `active` flag.
 */
export interface PlaceList {
  open: boolean;
  active: number;
  activeId: string;
  options: Array<PlaceOption & { optionId: string; active: boolean }>;
}

export interface FormState {
  phase: FormPhase;
  /** Field id -> message (shown above the field's title). */
  errors: Readonly<Record<string, string>>;
  above: string | null;
  below: string | null;
  /**
   * Values to show again: the server's answer to a post without JavaScript. In the browser
   * the fields keep what the visitor typed themselves.
   */
  values?: SubmittedValues;
  /** Characters typed per textarea field id. */
  counts?: Readonly<Record<string, number>>;
  /** Place suggestions per address field id. */
  places?: Readonly<Record<string, PlaceList>>;
}

/** Form id (or restockKey) -> state; absent means untouched. */
export type FormsState = Readonly<Record<string, FormState>>;

export const UNTOUCHED: FormState = { phase: 'editing', errors: {}, above: null, below: null };

/** What every form posts besides its fields: which form, and the crumb (CSRF token). */
export const FORM_KIND_FIELD = 'jsont-form';
export const CRUMB_FIELD = 'crumb';

/** Whether a data value is a form definition. */
export function isForm(v: unknown): v is Rec & { id: string; fields: FormFieldDef[] } {
  return isRec(v) && typeof v.id === 'string' && Array.isArray(v.fields);
}

/** Where a page's forms post to and with which crumb (the page's own URL, its crumb). */
export interface PagePost {
  action: string;
  crumb: string;
  /** The site's captcha key ('' when none is set up). */
  captchaSiteKey: string;
  query: Readonly<Record<string, unknown>>;
}

export function pagePostOf(data: Rec): PagePost {
  const request = isRec(data.request) ? data.request : {};
  const website = isRec(data.website) ? data.website : {};
  const captcha = isRec(website.captchaSettings) ? website.captchaSettings : {};
  return {
    action: typeof request.path === 'string' ? request.path : '',
    crumb: typeof data.crumb === 'string' ? data.crumb : '',
    captchaSiteKey: typeof captcha.siteKey === 'string' ? captcha.siteKey : '',
    query: isRec(request.query) ? request.query : {},
  };
}

function fieldView(field: FormFieldDef, state: FormState, post: PagePost): Rec {
  const { id } = field;
  const error = state.errors[id] ?? null;
  const value = state.values?.[id];
  const description = str((field as unknown as Rec).description);
  const max = maxLengthOf(field);
  const view: Rec = {
    ...field,
    error,
    invalid: error !== null,
    describedBy:
      `${id}-error` +
      (description !== '' ? ` ${id}-description` : '') +
      (max > 0 ? ` ${id}-counter` : ''),
  };
  const parts = FIELD_PARTS[field.type];
  if (parts !== undefined) {
    const list = Array.isArray(value) ? value : [];
    view.parts = Object.fromEntries(parts.map((p, i) => [p, str(list[i])]));
  } else if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'select') {
    const chosen = Array.isArray(value) ? value : [value];
    view.optionList = optionsOf(field).map((option) => ({
      value: option,
      name: id,
      checked: chosen.includes(option),
    }));
  } else if (field.type === 'likert') {
    const answers = isRec(value) ? value : {};
    view.questions = optionsOf(field).map((question, i) => ({
      question,
      name: likertName(id, i),
      answer: str(answers[question]),
    }));
  } else if (field.type === 'hidden') {
    // docs/storefront.md, "Forms": the URL query parameter of the same name, else its own value
    // (and what the page's form posted, once it was posted without JavaScript).
    const fromQuery = field.key !== undefined ? post.query[field.key] : undefined;
    view.value =
      typeof value === 'string'
        ? value
        : typeof fromQuery === 'string'
          ? fromQuery
          : str(field.value);
  } else {
    // Passwords are never sent back into a page.
    view.value = field.type === 'password' ? '' : str(value);
  }
  if (max > 0) {
    const count = state.counts?.[id] ?? [...str(value)].length;
    view.counter = { count, max, overMax: count > max };
  }
  // The address's suggestions, as the places widget lists them (undefined: closed).
  if (field.type === 'address') view.places = state.places?.[id];
  return view;
}

/** A form definition seen in its state, as the form partials render it. */
export function formView(form: Rec & { fields: FormFieldDef[] }, state: FormState, post: PagePost) {
  return {
    ...form,
    submitting: state.phase === 'submitting',
    succeeded: state.phase === 'success',
    above: state.above,
    below: state.below,
    action: post.action,
    crumb: post.crumb,
    captchaSiteKey: post.captchaSiteKey,
    fields: form.fields.map((field) => fieldView(field, state, post)),
  };
}

/** The data with each of its forms replaced by its view. */
export function withForms(data: Rec, forms: FormsState): Rec {
  const post = pagePostOf(data);
  const out = extensibleCopy(data);
  for (const [key, value] of Object.entries(data)) {
    if (isForm(value)) out[key] = formView(value, forms[value.id] ?? UNTOUCHED, post);
  }
  return out;
}
