/**
 * The preview's FormBackend (server/site/form-posts.ts): a form post saved through the API's
 * own operations in process, with the rate limit per client address the JSON API applies.
 */
import type { IncomingMessage } from 'node:http';

import { RestockSignupRequest } from '../../storefront/api/schemas.js';
import { checkRateLimit, saveSubmission, type Submitter } from '../commerce/forms.js';
import { HttpError, parseWith } from '../commerce/http.js';
import { signUpForRestock } from '../commerce/restock.js';
import { FormRefusal, httpFormBackend, type FormBackend } from '../site/form-posts.js';
import type { Commerce } from './commerce.js';

/**
 * `origin` is the preview's own address: an add to cart (or a subscription cart) goes through its
 * cart API over HTTP, so it makes the visitor's cart and sets its cookie exactly as the
 * storefront's call does.
 */
export function inProcessFormBackend(
  req: IncomingMessage,
  commerce: Commerce,
  origin: string,
): FormBackend {
  const overHttp = () =>
    httpFormBackend((request) => fetch(request), origin, req.headers.cookie ?? null);
  const submitter: Submitter = {
    stores: commerce.handle.stores,
    now: commerce.now(),
    client: req.socket.remoteAddress ?? 'unknown',
  };
  return {
    saveSubmission: async (form, values, page, captchaKey) =>
      refusing(() => {
        const catalogForm = commerce.catalog.getForm(form.id);
        if (catalogForm === undefined) throw new HttpError(404, { error: 'No such form' });
        checkRateLimit(submitter, catalogForm);
        saveSubmission(submitter, catalogForm, values, page, captchaKey);
      }),
    restockSignup: async (body) =>
      refusing(() => {
        const checked = parseWith(RestockSignupRequest, body);
        signUpForRestock({ ...commerce, stores: submitter.stores }, checked);
      }),
    addToCart: (add) => overHttp().addToCart(add),
    subscriptionCart: (add) => overHttp().subscriptionCart(add),
  };
}

/** The API's HttpError as the FormRefusal the shared form logic reads. */
function refusing(operation: () => void): void {
  try {
    operation();
  } catch (err) {
    if (err instanceof HttpError) throw new FormRefusal(err.status, err.body);
    throw err;
  }
}
