/**
 * The product tabs (description, reviews) of template markup: links to their panels, which a
 * visitor without JavaScript sees one below the other. With the storefront they become tabs
 * (roles, `aria-selected`, one panel shown, arrow keys, Home and End), and the rating summary's
 * link selects the reviews tab and scrolls to it. The markup's own attributes are left as the
 * template wrote them; only attributes the template does not set are added.
 */
import type { Tracker } from '../../analytics/track.js';
import { REVIEWS_ANCHOR, REVIEWS_TABS } from '../../widget-selectors.js';

/**
 * Makes every tab set below `doc` work; returns the stop function. A visitor choosing the
 * reviews (the tab the rating summary's anchor points to, or the anchor) is reported to
 * `tracker`.
 */
export function attachReviewsTabs(doc: Document, tracker?: Pick<Tracker, 'track'>): () => void {
  const stops = [...doc.querySelectorAll<HTMLElement>(REVIEWS_TABS)].map((root) =>
    attachTabs(doc, root, tracker),
  );
  return () => stops.forEach((stop) => stop());
}

function attachTabs(
  doc: Document,
  root: HTMLElement,
  tracker: Pick<Tracker, 'track'> | undefined,
): () => void {
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].filter(
    (tab) => panelOf(doc, tab) !== null,
  );
  if (tabs.length === 0) return () => {};
  tabs[0]!.parentElement?.setAttribute('role', 'tablist');
  for (const tab of tabs) {
    const panel = panelOf(doc, tab)!;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    if (tab.id !== '') panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  }

  const select = (chosen: HTMLAnchorElement, focus: boolean) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panelOf(doc, tab)!.hidden = !on;
    }
    if (focus) chosen.focus();
  };
  const fromHash = tabs.find((tab) => tab.hash === doc.location?.hash);
  select(fromHash ?? tabs[0]!, false);

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const tab = tabs.find((t) => t.contains(target));
    if (tab !== undefined) {
      event.preventDefault();
      select(tab, true);
      if (isReviewsTab(doc, tab)) tracker?.track({ name: 'reviews-tab' });
      return;
    }
    const anchor = target?.closest<HTMLAnchorElement>(REVIEWS_ANCHOR);
    const reviews = anchor && tabs.find((t) => t.hash === anchor.hash);
    if (reviews) {
      event.preventDefault();
      select(reviews, true);
      panelOf(doc, reviews)!.scrollIntoView?.({ block: 'start' });
      tracker?.track({ name: 'reviews-anchor' });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(event.target as HTMLAnchorElement);
    if (index === -1) return;
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next === -1) return;
    event.preventDefault();
    select(tabs[next]!, true);
  };
  doc.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    doc.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
  };
}

/** Whether a rating summary's anchor on the page points to `tab`'s panel. */
function isReviewsTab(doc: Document, tab: HTMLAnchorElement): boolean {
  return [...doc.querySelectorAll<HTMLAnchorElement>(REVIEWS_ANCHOR)].some(
    (a) => a.hash === tab.hash,
  );
}

function panelOf(doc: Document, tab: HTMLAnchorElement): HTMLElement | null {
  const id = decodeURIComponent(tab.hash.slice(1));
  return id === '' ? null : doc.getElementById(id);
}
