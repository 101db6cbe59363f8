/**
 * The event by which in-browser navigation announces each page it shows (docs/navigation.md,
 * "Page views"), in a module of its own so that a listener (the analytics chunk) imports the
 * name without the navigation code.
 */

/** Fired on `document` once per client-side navigation, after the new page is shown. */
export const PAGE_VIEW_EVENT = 'jsont:page-view';

export interface PageViewDetail {
  url: string;
  title: string;
  /** The page navigated from. */
  referrer: string;
  /** A followed link (`push`) or back / forward (`pop`). */
  kind: 'push' | 'pop';
  /** The new page's route data (what its roots render). */
  data: unknown;
}
