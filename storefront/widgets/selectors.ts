/** Template markup the lazily loaded widgets attach to (lazy.ts loads each on demand). */

/** The instalment pill's information link (partials/instalment-pill.block in the demo). */
export const INSTALMENT_LINK = 'a[data-instalment-modal]';
