/**
 * Form calls (docs/storefront.md, "API calls"): submission key, validation, saving. Field rules are
 * those of docs/storefront.md, "Forms"; the statuses are those the client turns into the texts of
 * docs/storefront.md, "Forms" (400 with per-field errors, 401 bad key, 404 unknown form, 429
 * rate limit; 500 comes from faults).
 */
import {
  FORM_MESSAGES,
  FormSubmissionKeyResponse,
  FormValidateResponse,
  FormValues,
  isValidEmail,
  SaveFormSubmissionRequest,
  SaveFormSubmissionResponse,
} from '../../storefront/api/schemas.js';
import type { CatalogForm } from './catalog.js';
import { newToken } from './crumb.js';
import { fail, HttpError, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';

/** Submissions per form and client address per window before 429. */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 60_000 };
/** A submission key is single-use and expires after an hour. */
export const FORM_KEY_MAX_AGE_MS = 3_600_000;

/** Field types whose values never fail validation (section headers, hidden values). */
const UNCHECKED = new Set(['section', 'hidden']);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  // Multi-part fields (name, address, date, time, phone) and checkboxes are arrays.
  if (Array.isArray(value)) return value.every((part) => isEmpty(part));
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * The field rules of docs/storefront.md, "Forms"; returns a message per invalid field id (empty
 * when valid).
 */
export function validateForm(form: CatalogForm, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (UNCHECKED.has(field.type)) continue;
    const value = values[field.id];
    if (isEmpty(value)) {
      // Likert has no required check; optional empty fields pass.
      if (field.required && field.type !== 'likert') errors[field.id] = FORM_MESSAGES.required;
      continue;
    }
    if (field.type === 'email' && (typeof value !== 'string' || !isValidEmail(value.trim()))) {
      errors[field.id] = FORM_MESSAGES.badEmail;
    } else if (
      field.maxLength !== null &&
      typeof value === 'string' &&
      value.length > field.maxLength
    ) {
      errors[field.id] = FORM_MESSAGES.tooLong;
    }
  }
  return errors;
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
      const now = ctx.now();
      const client = ctx.req.socket.remoteAddress ?? 'unknown';
      const { forms } = ctx.stores;
      if (
        forms.countRecent(form.id, client, now - FORM_RATE_LIMIT.windowMs) >= FORM_RATE_LIMIT.max
      ) {
        throw fail(429, FORM_MESSAGES.rateLimited);
      }
      if (!forms.consumeKey(body.key, now, FORM_KEY_MAX_AGE_MS)) {
        throw fail(401, FORM_MESSAGES.unauthorized);
      }
      if (form.captchaEnabled && (body.captchaKey ?? '') === '') {
        throw fail(400, FORM_MESSAGES.captcha);
      }
      const parsed = FormValues.safeParse(JSON.parse(body.form));
      if (!parsed.success) throw fail(400, FORM_MESSAGES.badFields);
      throwIfInvalid(form, parsed.data);
      const { formId: _f, form: _v, key: _k, captchaKey: _c, ...page } = body;
      const submissionId = forms.save({
        form_id: form.id,
        fields: JSON.stringify(parsed.data),
        page: JSON.stringify(page),
        client,
        created: now,
      });
      return { success: true, submissionId };
    },
  },
];
