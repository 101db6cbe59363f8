/**
 * Form calls (docs/storefront.md, "API calls"): submission key, validation, saving. Field rules are
 * those of docs/storefront.md, "Forms"; the statuses are those the client turns into the texts of
 * docs/storefront.md, "Forms" (400 with per-field errors, 401 bad key, 404 unknown form, 429
 * rate limit; 500 comes from faults).
 */
import { validateFormValues } from '../../storefront/forms/form-rules.js';
import {
  FORM_MESSAGES,
  FormSubmissionKeyResponse,
  FormValidateResponse,
  FormValues,
  SaveFormSubmissionRequest,
  SaveFormSubmissionResponse,
} from '../../storefront/api/schemas.js';
import type { CatalogForm } from './catalog.js';
import { newToken } from './crumb.js';
import { fail, HttpError, parseWith } from './http.js';
import type { ApiContext, Route, Stores } from './router.js';

/** Submissions per form and client address per window before 429. */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 60_000 };
/** A submission key is single-use and expires after an hour. */
export const FORM_KEY_MAX_AGE_MS = 3_600_000;

/**
 * The field rules of docs/storefront.md, "Forms" (shared with the browser:
 * storefront/forms/form-rules.ts); returns a message per invalid field id (empty when valid).
 */
export function validateForm(form: CatalogForm, values: FormValues): Record<string, string> {
  return validateFormValues(form, values);
}

/** Who submits, when, into which stores: what saving a submission needs of a request. */
export interface Submitter {
  stores: Stores;
  now: number;
  /** The client's address (the rate limit counts per form and address). */
  client: string;
}

function submitterOf(ctx: ApiContext): Submitter {
  return { stores: ctx.stores, now: ctx.now(), client: ctx.req.socket.remoteAddress ?? 'unknown' };
}

/** 429 once the client has sent FORM_RATE_LIMIT.max submissions of the form in the window. */
export function checkRateLimit({ stores, now, client }: Submitter, form: CatalogForm): void {
  const since = now - FORM_RATE_LIMIT.windowMs;
  if (stores.forms.countRecent(form.id, client, since) >= FORM_RATE_LIMIT.max) {
    throw fail(429, FORM_MESSAGES.rateLimited);
  }
}

/**
 * Checks the captcha and the field rules, then stores the submission, and for a newsletter form
 * the subscription of its email address: the API's save and the site's post without JavaScript
 * (server/site/form-posts.ts) alike. Throws the HttpError the client turns into its text (400
 * with `errors` per field).
 */
export function saveSubmission(
  submitter: Submitter,
  form: CatalogForm,
  values: FormValues,
  page: Record<string, unknown>,
  captchaKey: string | undefined,
): number {
  if (form.captchaEnabled && (captchaKey ?? '') === '') throw fail(400, FORM_MESSAGES.captcha);
  throwIfInvalid(form, values);
  const { forms } = submitter.stores;
  const email = form.isNewsletter ? newsletterEmail(form, values) : undefined;
  if (email !== undefined) forms.subscribe(form.id, email, submitter.now);
  return forms.save({
    form_id: form.id,
    fields: JSON.stringify(values),
    page: JSON.stringify(page),
    client: submitter.client,
    created: submitter.now,
  });
}

/** The address a newsletter form subscribes: its (validated) email field's value. */
function newsletterEmail(form: CatalogForm, values: FormValues): string | undefined {
  const field = form.fields.find((f) => f.type === 'email');
  const value = field === undefined ? undefined : values[field.id];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function formOf(ctx: ApiContext, formId: string): CatalogForm {
  const form = ctx.catalog.getForm(formId);
  if (form === undefined) throw fail(404, FORM_MESSAGES.notConfigured);
  return form;
}

function throwIfInvalid(form: CatalogForm, values: FormValues): void {
  const errors = validateForm(form, values);
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, { error: FORM_MESSAGES.invalid, errors });
  }
}

export const formRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/form/FormSubmissionKey',
    response: FormSubmissionKeyResponse,
    crumb: true,
    handle(ctx) {
      const key = newToken();
      ctx.stores.forms.createKey(key, ctx.now());
      return { data: { key } };
    },
  },
  {
    method: 'POST',
    path: '/api/rest/forms/validate/:formId',
    response: FormValidateResponse,
    handle(ctx) {
      const form = formOf(ctx, ctx.params.formId!);
      throwIfInvalid(form, parseWith(FormValues, ctx.body ?? {}));
      return { valid: true };
    },
  },
  {
    method: 'POST',
    path: '/api/form/SaveFormSubmission',
    response: SaveFormSubmissionResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(SaveFormSubmissionRequest, ctx.body);
      const form = formOf(ctx, body.formId);
      const submitter = submitterOf(ctx);
      checkRateLimit(submitter, form);
      if (!ctx.stores.forms.consumeKey(body.key, submitter.now, FORM_KEY_MAX_AGE_MS)) {
        throw fail(401, FORM_MESSAGES.unauthorized);
      }
      const parsed = FormValues.safeParse(JSON.parse(body.form));
      if (!parsed.success) throw fail(400, FORM_MESSAGES.badFields);
      const { formId: _f, form: _v, key: _k, captchaKey, ...page } = body;
      const submissionId = saveSubmission(submitter, form, parsed.data, page, captchaKey);
      return { success: true, submissionId };
    },
  },
];
