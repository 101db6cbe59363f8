/**
 * The header's sign-out (in the account chunk, actions.ts, loaded on the click): signs out, then
 * every root shows the signed-out header and the cart is read again (the account keeps its cart).
 */
import { asCommerceError } from '../api/errors.js';
import { focusAfterCommit, type StorefrontRuntime } from '../runtime.js';
import { siteUsers } from './site-users-client.js';

export async function signOut(runtime: StorefrontRuntime, data: unknown): Promise<void> {
  try {
    await siteUsers(runtime, data).logout();
  } catch (err) {
    // The header has no room for a message: the sign-out button stays for another try.
    console.warn('[jsont] sign-out failed:', asCommerceError(err).message);
    return;
  }
  runtime.account.set({ signedIn: false });
  // The account keeps its cart; the signed-out visitor's is read again (empty: its cookie went).
  void runtime.cart.load();
  focusAfterCommit(runtime, 'main-content');
}
