/**
 * Signing in and out from the page (the account chunk): the sign-in form submits in place
 * (sign-out.ts signs out), then sets the account's locale to the page's language; both update
 * the runtime's account store, so every root (the header's account menu) re-renders, and reload
 * the cart, which follows the account.
 */
import { CommerceError, asCommerceError } from '../api/errors.js';
import { LoginRequest } from '../api/schemas.js';
import { focusAfterCommit, type StorefrontRuntime } from '../runtime.js';
import { SIGN_IN_TEXTS, signInView, type SignInState } from '../state/sign-in.js';
import { siteUsers } from './site-users-client.js';

function fieldErrors(values: unknown): SignInState['errors'] {
  const parsed = LoginRequest.safeParse(values);
  const errors: SignInState['errors'] = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'email' || field === 'password') errors[field] = SIGN_IN_TEXTS[field];
  }
  return errors;
}

/** Makes the sign-in form submit in place; without JavaScript it posts to the server. */
/** Submits the sign-in form in place; returns the stop function (a navigation leaves the page). */
export function attachSignInForm(
  doc: Document,
  runtime: StorefrontRuntime,
  data: unknown,
): () => void {
  let submitting = false;
  const show = (state: SignInState) => {
    submitting = state.status === 'submitting';
    runtime.signIn.set(signInView(state));
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-sign-in-form')) return;
    event.preventDefault();
    if (submitting) return;
    const fields = new FormData(form);
    const values = {
      email: String(fields.get('email') ?? '').trim(),
      password: String(fields.get('password') ?? ''),
      rememberMe: fields.get('rememberMe') === 'true',
    };
    const errors = fieldErrors(values);
    if (Object.keys(errors).length > 0) {
      show({ status: 'idle', errors });
      focusAfterCommit(runtime, 'sign-in-errors');
      return;
    }
    show({ status: 'submitting', errors: {} });
    const client = siteUsers(runtime, data);
    client.login(values).then(
      () => {
        // The account takes the page's language (nothing is sent for a custom code); what
        // becomes of it is not the visitor's concern, so a failure is silent.
        const language = doc.documentElement.lang;
        if (language !== '') client.updateLocale(language).catch(() => {});
        runtime.account.set({ signedIn: true });
        show({ status: 'signed-in', errors: {} });
        focusAfterCommit(runtime, 'sign-in-done');
        void runtime.cart.load();
      },
      (err: unknown) => {
        const failure = asCommerceError(err);
        const text =
          failure instanceof CommerceError && failure.status === 401 && failure.kind === 'server'
            ? SIGN_IN_TEXTS.credentials
            : failure.message;
        show({ status: 'idle', errors: { form: text } });
        focusAfterCommit(runtime, 'sign-in-errors');
      },
    );
  };
  doc.addEventListener('submit', onSubmit);
  return () => doc.removeEventListener('submit', onSubmit);
}

// The header's sign-out loads this chunk too: a chunk of its own shared the site-users client's
// with this one, and their import and export lines cost more than the sign-in form's code.
export { signOut } from './sign-out.js';
