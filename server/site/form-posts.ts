/**
 * Forms without JavaScript (docs/storefront.md, "Forms"): the demo's form blocks, newsletters
 * and restock sign-ups are `<form method="post">` elements posting to the page's own URL. The
 * preview and the site handler hand such a post here; it is checked with the rules the browser
 * uses (storefront/forms/form-rules.ts) and saved through a `FormBackend` (the API's own
 * operations in process for the preview, the commerce origin's JSON API over HTTP for the site
 * handler), and the page is rendered again with the outcome as `formStatus` in its data (the
 * form's state by form id, as the storefront's form store holds it), so the visitor sees the
 * same texts, with the values they sent, as with JavaScript. Nothing of Node here.
 */
import { SESSION_MESSAGES } from '../../storefront/api/schemas.js';
import {
  failureTexts,
  formValues,
  invalidFailure,
  restockEmailError,
  validateFormValues,
  type FormDef,
  type SubmittedValues,
} from '../../storefront/forms/form-rules.js';
import { CRUMB_FIELD, FORM_KIND_FIELD, type FormState } from '../../storefront/forms/form-view.js';
import { RESTOCK_KIND, restockKey } from '../../storefront/forms/restock-view.js';
import {
  ADD_TO_CART_KIND,
  addToCartPost,
  type CartAdd,
  type SubscriptionAdd,
} from './cart-posts.js';
import { FormRefusal } from './form-refusal.js';

/** The crumb cookie (the commerce API's double-submit token), echoed by the form's field. */
export const CRUMB_COOKIE = 'crumb';

export { FormRefusal } from './form-refusal.js';

/** Where a checked post is saved. Each operation throws FormRefusal when the API refuses. */
export interface FormBackend {
  saveSubmission(
    form: FormDef,
    values: SubmittedValues,
    page: { pagePath: string; contentSource: 'c' },
    captchaKey: string | undefined,
  ): Promise<void>;
  restockSignup(body: RestockSignup): Promise<void>;
  /** Adds to the visitor's cart as the cart API does; returns the cookies it set (a new cart). */
  addToCart(add: CartAdd): Promise<string[]>;
  /** The subscription cart call; resolves with the cart's token. */
  subscriptionCart(add: SubscriptionAdd): Promise<string>;
}

/** The API's restock sign-up body (storefront/api/schemas.ts, RestockSignupRequest). */
export interface RestockSignup {
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
}

/** What a post is checked against: the site's form definitions and its items. */
export interface PostedSite {
  forms(): unknown[];
  allItems(): unknown[];
}

/** The post itself, as either server reads it. */
export interface FormPost {
  contentType: string | null;
  body: string;
  /** The request's Cookie header. */
  cookie: string | null;
}

export interface FormPostOutcome {
  /** The page's status: 200 on success, else the failure's (400, 401, 404, 429, 500). */
  status: number;
  /** State key (form id or restock key) -> state, rendered by the page. */
  formStatus: Record<string, FormState>;
  /** A form's success URL: answer 303 to it instead of the page. */
  redirect?: string;
  /**
   * The address of this site whose page to answer with instead of the posted one's (its query
   * names a product form's notice, state/cart-notice.ts).
   */
  page?: string;
  /** Set-Cookie values to send with the answer (an add to cart that made the cart). */
  setCookies?: string[];
}

const failed = (failure: Omit<FormState, 'phase'>): FormState => ({ phase: 'failed', ...failure });

/** Handles a form post to `pathname` of `site`. */
export async function handleFormPost(
  post: FormPost,
  pathname: string,
  site: PostedSite,
  backend: FormBackend,
): Promise<FormPostOutcome> {
  const type = (post.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new FormRefusal(415, { error: 'Forms post application/x-www-form-urlencoded bodies' });
  }
  const params = new URLSearchParams(post.body);
  const kind = params.get(FORM_KIND_FIELD) ?? '';
  const crumb = cookieValue(post.cookie, CRUMB_COOKIE);
  const crumbOk = crumb !== undefined && crumb !== '' && params.get(CRUMB_FIELD) === crumb;
  if (kind === RESTOCK_KIND) return restockPost(params, crumbOk, backend);
  if (kind === ADD_TO_CART_KIND) {
    return addToCartPost(params, crumbOk, site.allItems(), pathname, backend);
  }
  const form = (site.forms() as FormDef[]).find((f) => f.id === kind);
  if (form === undefined) throw new FormRefusal(404, { error: 'No such form' });
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
    const captcha = params.get('captchaKey') ?? undefined;
    await backend.saveSubmission(form, values, { pagePath: pathname, contentSource: 'c' }, captcha);
  } catch (err) {
    if (!(err instanceof FormRefusal)) throw err;
    return answer(err.status, failed({ ...failureTexts(err.status, err.body), values }));
  }
  const redirect = (form as { successRedirect?: unknown }).successRedirect;
  if (typeof redirect === 'string' && redirect !== '') {
    return { status: 303, formStatus: {}, redirect };
  }
  return answer(200, { phase: 'success', errors: {}, above: null, below: null });
}

async function restockPost(
  params: URLSearchParams,
  crumbOk: boolean,
  backend: FormBackend,
): Promise<FormPostOutcome> {
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
    await backend.restockSignup({
      productId,
      variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList,
    });
  } catch (err) {
    if (!(err instanceof FormRefusal)) throw err;
    const message = err.body.message ?? err.body.error;
    return answer(
      err.status,
      failed({ ...none, above: typeof message === 'string' ? message : null }),
    );
  }
  return answer(200, { phase: 'success', errors: {}, above: null, below: null });
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The backend of a site that reaches the commerce API over `fetch` (the site handler): the
 * same JSON calls the storefront's forms client makes, with the visitor's cookies and crumb.
 */
export function httpFormBackend(
  commerce: (request: Request) => Promise<Response>,
  pageUrl: string,
  cookie: string | null,
): FormBackend {
  const crumb = cookieValue(cookie, CRUMB_COOKIE) ?? '';
  /** The call's JSON answer; `setCookies` gets the cookies it set. */
  async function call(
    path: string,
    body?: unknown,
    setCookies: string[] = [],
  ): Promise<Record<string, unknown>> {
    const headers = new Headers({ Accept: 'application/json', 'X-CSRF-Token': crumb });
    if (cookie !== null) headers.set('Cookie', cookie);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await commerce(
      new Request(new URL(path, pageUrl), {
        method: 'POST',
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new FormRefusal(response.status, answer);
    setCookies.push(...response.headers.getSetCookie());
    return answer;
  }
  return {
    async saveSubmission(form, values, page, captchaKey) {
      const keyed = (await call('/api/form/FormSubmissionKey')) as { data?: { key?: string } };
      await call('/api/form/SaveFormSubmission', {
        formId: form.id,
        form: JSON.stringify(values),
        key: keyed.data?.key ?? '',
        ...page,
        ...(captchaKey !== undefined && { captchaKey }),
      });
    },
    async restockSignup(body) {
      await call('/api/site-users/account/notifications/restock', body);
    },
    async addToCart(add) {
      const setCookies: string[] = [];
      await call('/api/commerce/shopping-cart/entries', add, setCookies);
      return setCookies;
    },
    async subscriptionCart(add) {
      const answer = await call('/api/3/commerce/cart/subscription', add);
      return String(answer.cartToken ?? '');
    },
  };
}
