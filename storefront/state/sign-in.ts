/**
 * The sign-in page's state as template data (docs/storefront.md, "Sign-in and sessions"): the
 * errors per field and of the form, the error summary's entries (each linking to its field),
 * and whether a sign-in is under way or done. Without JavaScript the server's redirect says what
 * failed (`?error=credentials`, `email`, `password`, comma-joined); with it the form's own state
 * does.
 */

export type SignInField = 'email' | 'password';
export type SignInErrorCode = 'credentials' | SignInField;

export interface SignInState {
  status: 'idle' | 'submitting' | 'signed-in';
  /** Error codes, or a text of the form (a server or network failure). */
  errors: Partial<Record<SignInField | 'form', string>>;
}

/**
 * The field and credential texts are the server's (api/messages.ts: SESSION_MESSAGES.badCredentials,
 * RESTOCK_MESSAGES.invalid, FORM_MESSAGES.required), written out so that every page's script does
 * not carry the whole catalogue of messages; a test checks they are equal.
 */
export const SIGN_IN_TEXTS = {
  credentials: 'Invalid email or password.',
  email: 'Email is invalid',
  password: 'Required',
  summaryTitle: 'There is a problem',
  submitting: 'Signing in…',
  signedIn: 'You are signed in.',
} as const;

/** The element ids the summary links to. */
export const SIGN_IN_FIELD_IDS = { email: 'sign-in-email', password: 'sign-in-password' } as const;

/** The state a page load shows: the errors the server's redirect named. */
export function signInFromQuery(error: unknown): SignInState {
  const errors: SignInState['errors'] = {};
  for (const code of typeof error === 'string' ? error.split(',') : []) {
    if (code === 'credentials') errors.form = SIGN_IN_TEXTS.credentials;
    else if (code === 'email' || code === 'password') errors[code] = SIGN_IN_TEXTS[code];
  }
  return { status: 'idle', errors };
}

/** `signIn` of the page data. */
export function signInView(state: SignInState): Record<string, unknown> {
  const { errors } = state;
  const summary = [
    ...(errors.form === undefined
      ? []
      : [{ target: SIGN_IN_FIELD_IDS.email, message: errors.form }]),
    ...(['email', 'password'] as const)
      .filter((f) => errors[f] !== undefined)
      .map((f) => ({ target: SIGN_IN_FIELD_IDS[f], message: errors[f] })),
  ];
  return {
    errors,
    summary,
    hasErrors: summary.length > 0,
    submitting: state.status === 'submitting',
    signedIn: state.status === 'signed-in',
    texts: SIGN_IN_TEXTS,
  };
}
