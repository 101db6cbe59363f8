/**
 * The form blocks' and restock sign-ups' behaviour (docs/storefront.md, "Forms" and "Restock
 * notifications"). Their markup is the template's (the demo's form.block, restock-form.block),
 * real `<form method="post">` elements that work without JavaScript; with it, the controller
 * takes their submit events (by delegation on the page) and submits in place. What the page
 * shows — the phase, the messages, the counters, the place suggestions — is the runtime's
 * `forms` store, which storefrontData folds into the data the template re-renders
 * (storefront/forms/form-view.ts); the fields are left to the browser, so what the visitor typed
 * stays through every state.
 */
import type { FormsClient } from '../../api/client.js';
import { CommerceError } from '../../api/errors.js';
import { FORM_MESSAGES } from '../../api/form-messages.js';
import {
  failureTexts,
  FORM_TEXTS,
  formsIn,
  formValues,
  invalidFailure,
  restockEmailError,
  validateFormValues,
  type FormDef,
} from '../../forms/form-rules.js';
import { UNTOUCHED, type FormState } from '../../forms/form-view.js';
import { restockKey } from '../../forms/restock-view.js';
import { pageOf } from '../../page-boot.js';
import { focusAfterCommit, type StorefrontRuntime } from '../../runtime.js';
import { attachPlaces } from './places.js';
import { createCaptcha, testCaptchaProvider, type Captcha, type CaptchaWidget } from './captcha.js';
import { isRec, type Rec } from '../../utils/records.js';

const FORM_SELECTOR = 'form[data-jsont-form]';
const RESTOCK_SELECTOR = 'form[data-jsont-restock]';
/** The event a successful form submission fires on its form (bubbles; detail: formId). */
export const FORM_SUCCESS_EVENT = 'jsont:form-success';

export interface FormSeams {
  client?: FormsClient;
  captcha?: Captcha;
}

/** The forms client, loaded with the commerce client's chunk on first use. */
function lazyFormsClient(): FormsClient {
  let loading: Promise<FormsClient> | undefined;
  const load = () => (loading ??= import('../../api/client.js').then((m) => m.createFormsClient()));
  const call =
    (name: keyof FormsClient) =>
    async (...args: unknown[]): Promise<unknown> =>
      ((await load())[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  return Object.fromEntries(
    (
      [
        'submissionKey',
        'saveSubmission',
        'restockSignup',
        'placePredictions',
        'placeDetails',
      ] as const
    ).map((name) => [name, call(name)]),
  ) as unknown as FormsClient;
}

/** The page's fields of the submission payload: its title, id, content source and path. */
function pageFields(data: unknown, doc: Document) {
  const rec = isRec(data) ? data : {};
  const item = isRec(rec.item) ? rec.item : undefined;
  const collection = isRec(rec.collection) ? rec.collection : undefined;
  const id = item?.id ?? collection?.id ?? (isRec(rec.page) ? rec.page.id : undefined);
  return {
    pageTitle: doc.title,
    pageId: typeof id === 'string' ? id : '',
    contentSource: item !== undefined ? ('i' as const) : ('c' as const),
    pagePath: doc.defaultView?.location.pathname ?? '',
  };
}

/** Starts the controller on the forms below `container`; returns the stop function. */
export function attachForms(
  container: HTMLElement,
  runtime: StorefrontRuntime,
  seams: FormSeams = {},
): () => void {
  const doc = container.ownerDocument;
  const client = seams.client ?? lazyFormsClient();
  // The captcha and the address suggestions are in this chunk: as chunks of their own, for the
  // forms with them, their import and export lines cost more than they saved the others.
  let captcha: Captcha | undefined = seams.captcha;
  const loadCaptcha = async () =>
    (captcha ??= createCaptcha(() => Promise.resolve(testCaptchaProvider())));
  const data = pageOf(runtime)?.boot.data;
  const definitions = new Map(formsIn(data).map((f) => [f.id, f as unknown as FormDef & Rec]));
  const captchas = new Map<string, CaptchaWidget>();

  const stateOf = (key: string): FormState => runtime.forms.get()[key] ?? UNTOUCHED;
  /** Sets a form's state; what it does not say (values to show, counters) carries over. */
  const update = (key: string, change: Partial<FormState>) =>
    runtime.forms.set((all) => ({ ...all, [key]: { ...(all[key] ?? UNTOUCHED), ...change } }));
  const fail = (key: string, failure: Omit<FormState, 'phase'>, focusId: string) => {
    captchas.get(key)?.reset();
    update(key, { phase: 'failed', ...failure });
    focusAfterCommit(runtime, focusId);
  };

  const renderCaptchas = () => {
    for (const box of container.querySelectorAll<HTMLElement>('[data-captcha-key]')) {
      const key = box.dataset['captchaKey']!;
      if (box.dataset['rendered']) continue;
      box.dataset['rendered'] = 'true';
      void loadCaptcha()
        .then((c) => c.render(box, box.dataset['sitekey'] ?? ''))
        .then(
          (widget) => captchas.set(key, widget),
          (err: unknown) => console.error(err instanceof Error ? err.message : err),
        );
    }
  };

  /** The captcha's token, or null (after showing why) when it was shown but not completed. */
  const captchaToken = (key: string, focusId: string): string | undefined | null => {
    const widget = captchas.get(key);
    if (widget === undefined) return undefined;
    const token = widget.response();
    if (token !== '') return token;
    fail(key, { errors: {}, above: FORM_MESSAGES.captcha, below: null }, focusId);
    return null;
  };

  async function submitForm(form: HTMLFormElement, def: FormDef & Rec): Promise<void> {
    const key = def.id;
    if (stateOf(key).phase === 'submitting') return;
    const summary = `form-${key}-errors`;
    const values = formValues(def, new FormData(form));
    const errors = validateFormValues(def, values);
    if (Object.keys(errors).length > 0) return fail(key, invalidFailure(errors), summary);
    const captchaKey = captchaToken(key, summary);
    if (captchaKey === null) return;
    update(key, { phase: 'submitting', errors: {}, above: null, below: null });
    let submissionKey: string;
    try {
      submissionKey = await client.submissionKey();
    } catch {
      return fail(key, { errors: {}, above: FORM_TEXTS.noKey, below: null }, summary);
    }
    try {
      await client.saveSubmission({
        formId: key,
        form: JSON.stringify(values),
        key: submissionKey,
        ...(captchaKey !== undefined ? { captchaKey } : {}),
        ...pageFields(data, doc),
      });
    } catch (err) {
      const answer = err instanceof CommerceError ? err : undefined;
      return fail(key, failureTexts(answer?.status, answer?.data), summary);
    }
    form.dispatchEvent(
      new CustomEvent(FORM_SUCCESS_EVENT, { bubbles: true, detail: { formId: key } }),
    );
    const redirect = def.successRedirect;
    if (typeof redirect === 'string' && redirect !== '') return runtime.navigate(redirect);
    captchas.get(key)?.destroy();
    captchas.delete(key);
    update(key, { phase: 'success', errors: {}, above: null, below: null });
    focusAfterCommit(runtime, `form-${key}-success`);
  }

  async function submitRestock(form: HTMLFormElement): Promise<void> {
    const fields = new FormData(form);
    const productId = String(fields.get('productId') ?? '');
    const variantId = String(fields.get('variantId') ?? '');
    const key = restockKey(productId, variantId);
    if (stateOf(key).phase === 'submitting') return;
    const base = `restock-${variantId}`;
    const email = String(fields.get('email') ?? '').trim();
    const error = restockEmailError(email);
    if (error !== null) {
      return fail(key, { errors: { email: error }, above: null, below: null }, `${base}-email`);
    }
    const token = captchaToken(key, `${base}-message`);
    if (token === null) return;
    update(key, { phase: 'submitting', errors: {}, above: null, below: null });
    try {
      await client.restockSignup({
        productId,
        variantId,
        siteVisitorEmail: email,
        isJoinMailingList: fields.get('isJoinMailingList') === 'on',
        ...(token !== undefined ? { captchaToken: token } : {}),
        language: doc.documentElement.lang || 'en-US',
      });
    } catch (err) {
      // docs/storefront.md, "Restock notifications": the server's data.message.
      const data = err instanceof CommerceError && isRec(err.data) ? err.data : {};
      const message = String(data.message ?? (err as Error).message);
      return fail(key, { errors: {}, above: message, below: null }, `${base}-message`);
    }
    captchas.get(key)?.destroy();
    captchas.delete(key);
    update(key, { phase: 'success', errors: {}, above: null, below: null });
    focusAfterCommit(runtime, `${base}-success`);
  }

  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.matches(RESTOCK_SELECTOR)) {
      event.preventDefault();
      void submitRestock(form);
      return;
    }
    const def = form.matches(FORM_SELECTOR)
      ? definitions.get(form.dataset['jsontForm'] ?? '')
      : undefined;
    if (def === undefined) return; // not ours: it posts as it would without JavaScript
    event.preventDefault();
    void submitForm(form, def);
  };

  /** The textarea counters follow what is typed. */
  const onInput = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLTextAreaElement) || !field.dataset['maxLength']) return;
    const form = field.closest<HTMLFormElement>(FORM_SELECTOR);
    const key = form?.dataset['jsontForm'];
    if (key === undefined) return;
    const counts = { ...stateOf(key).counts, [field.name]: [...field.value].length };
    update(key, { counts });
  };

  container.addEventListener('submit', onSubmit);
  container.addEventListener('input', onInput);
  // Typed before the controller loaded (it loads on the first focus in a form).
  for (const field of container.querySelectorAll('textarea[data-max-length]')) {
    if ((field as HTMLTextAreaElement).value !== '') onInput({ target: field } as unknown as Event);
  }
  doc.documentElement.dataset['forms'] = 'attached';
  let stopPlaces = () => {};
  if (container.querySelector('input[data-places-field]') !== null) {
    stopPlaces = attachPlaces(container, runtime, client);
  }
  renderCaptchas();
  runtime.afterCommit.add(renderCaptchas);
  return () => {
    container.removeEventListener('submit', onSubmit);
    container.removeEventListener('input', onInput);
    runtime.afterCommit.delete(renderCaptchas);
    stopPlaces();
    delete doc.documentElement.dataset['forms'];
    for (const widget of captchas.values()) widget.destroy();
  };
}
