/**
 * The page's clicks on account and member controls (docs/storefront.md, "Members and lessons"),
 * one delegated listener: a paywall or join button (`data-member-action`) announces itself with
 * the `jsont:member-action` event before the browser follows its link, for analytics to hear; the
 * header's sign-out button (`data-account-action="sign-out"`) loads the account chunk. Its own
 * chunk, loaded by pages that have such a control (lazy-widgets.ts).
 */
import type { StorefrontRuntime } from '../runtime.js';

export const MEMBER_ACTION_EVENT = 'jsont:member-action';

export interface MemberActionDetail {
  /** `paywall` or `join`. */
  action: string;
  href: string | null;
  /** The lesson's item id, on a lesson page. */
  itemId: string | null;
}

const listening = new WeakSet<Document>();

/**
 * Once per document, whatever page it shows (lazy-widgets.ts starts it on pages with such a
 * control, and on the sign-in page, whose header gains the sign-out once the visitor signs in).
 */
export function listenForAccountClicks(doc: Document, runtime: StorefrontRuntime, data: unknown) {
  if (listening.has(doc)) return;
  listening.add(doc);
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('[data-member-action],[data-account-action]');
    if (control == null) return;
    const action = control.getAttribute('data-member-action');
    if (action !== null) {
      const detail: MemberActionDetail = {
        action,
        href: control.getAttribute('href'),
        itemId: control.closest('[data-item-id]')?.getAttribute('data-item-id') ?? null,
      };
      control.dispatchEvent(new CustomEvent(MEMBER_ACTION_EVENT, { bubbles: true, detail }));
      return;
    }
    event.preventDefault();
    void import('./actions.js').then((m) => m.signOut(runtime, data));
  });
}
