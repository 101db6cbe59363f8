/**
 * Forms without JavaScript (docs/storefront.md, "Forms"): the demo's form blocks, newsletters
 * and restock sign-ups are `<form method="post">` elements posting to the page's own URL. The
 * site server hands such a post here; it is checked with the rules the browser uses
 * (storefront/forms/form-rules.ts) and saved through the API's own operations, and the page is
 * rendered again with the outcome as `formStatus` in its data (the form's state by form id, as
 * the storefront's form store holds it), so the visitor sees the same texts, with the values
 * they sent, as with JavaScript.
 */
import type { IncomingMessage } from 'node:http';

import { RestockSignupRequest, SESSION_MESSAGES } from '../../storefront/api/schemas.js';
import {
  failureTexts,
  formValues,
  invalidFailure,
  restockEmailError,
  validateFormValues,
  type FormDef,
} from '../../storefront/forms/form-rules.js';
import { CRUMB_FIELD, FORM_KIND_FIELD, type FormState } from '../../storefront/forms/form-view.js';
import { RESTOCK_KIND, restockKey } from '../../storefront/forms/restock-view.js';
import { checkRateLimit, saveSubmission, type Submitter } from '../commerce/forms.js';
import { HttpError, parseCookies, parseWith, readBody } from '../commerce/http.js';
import { CRUMB_COOKIE } from '../commerce/crumb.js';
import { signUpForRestock } from '../commerce/restock.js';
import type { Commerce } from './commerce.js';

export interface FormPostOutcome {
  /** The page's status: 200 on success, else the failure's (400, 401, 404, 429, 500). */
  status: number;
  /** State key (form id or restock key) -> state, rendered by the page. */
  formStatus: Record<string, FormState>;
  /** A form's success URL: answer 303 to it instead of the page. */
  redirect?: string;
}

const failed = (failure: Omit<FormState, 'phase'>): FormState => ({ phase: 'failed', ...failure });

/** Reads and handles a form post; `forms` are the site's form definitions. */
export async function handleFormPost(
  req: IncomingMessage,
  pathname: string,
  forms: readonly FormDef[],
  commerce: Commerce,
): Promise<FormPostOutcome> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await readBody(req);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, { error: 'Forms post application/x-www-form-urlencoded bodies' });
  }
  const params = new URLSearchParams(text);
  const kind = params.get(FORM_KIND_FIELD) ?? '';
  const crumb = parseCookies(req.headers.cookie)[CRUMB_COOKIE];
  const crumbOk = crumb !== undefined && crumb !== '' && params.get(CRUMB_FIELD) === crumb;
  const submitter: Submitter = {
    stores: commerce.handle.stores,
    now: commerce.now(),
    client: req.socket.remoteAddress ?? 'unknown',
  };
  if (kind === RESTOCK_KIND) return restockPost(params, crumbOk, submitter, commerce);
  const form = forms.find((f) => f.id === kind);
  const catalogForm = commerce.catalog.getForm(kind);
  if (form === undefined || catalogForm === undefined) {
    throw new HttpError(404, { error: 'No such form' });
  }
  const values = formValues(form, params);
  const answer = (status: number, state: FormState): FormPostOutcome => ({
    status,
    formStatus: { [form.id]: state },
  });
  if (!crumbOk) {
    return answer(
      401,
      failed({ errors: {}, above: SESSION_MESSAGES.crumbExpired, below: null, values }),
    );
  }
  const errors = validateFormValues(form, values);
  if (Object.keys(errors).length > 0) {
    return answer(400, failed({ ...invalidFailure(errors), values }));
  }
  try {
    checkRateLimit(submitter, catalogForm);
    const captcha = params.get('captchaKey') ?? undefined;
    saveSubmission(
      submitter,
      catalogForm,
      values,
      { pagePath: pathname, contentSource: 'c' },
      captcha,
    );
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return answer(err.status, failed({ ...failureTexts(err.status, err.body), values }));
  }
  const redirect = (form as { successRedirect?: unknown }).successRedirect;
  if (typeof redirect === 'string' && redirect !== '') {
    return { status: 303, formStatus: {}, redirect };
  }
  return answer(200, { phase: 'success', errors: {}, above: null, below: null });
}

function restockPost(
  params: URLSearchParams,
  crumbOk: boolean,
  submitter: Submitter,
  commerce: Commerce,
): FormPostOutcome {
  const productId = params.get('productId') ?? '';
  const variantId = params.get('variantId') ?? '';
  const email = params.get('email') ?? '';
  const isJoinMailingList = params.get('isJoinMailingList') === 'on';
  const values = { email, isJoinMailingList: isJoinMailingList ? 'on' : '' };
  const key = restockKey(productId, variantId);
  const answer = (status: number, state: FormState): FormPostOutcome => ({
    status,
    formStatus: { [key]: state },
  });
  const none = { errors: {}, below: null, values };
  if (!crumbOk) return answer(401, failed({ ...none, above: SESSION_MESSAGES.crumbExpired }));
  const error = restockEmailError(email);
  if (error !== null)
    return answer(400, failed({ ...none, errors: { email: error }, above: null }));
  try {
    const body = parseWith(RestockSignupRequest, {
      productId,
      variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList,
    });
    signUpForRestock({ ...commerce, stores: submitter.stores }, body);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const message = err.body.message ?? err.body.error;
    return answer(
      err.status,
      failed({ ...none, above: typeof message === 'string' ? message : null }),
    );
  }
  return answer(200, { phase: 'success', errors: {}, above: null, below: null });
}
