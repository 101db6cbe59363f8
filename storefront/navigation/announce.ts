/**
 * What a screen reader user learns of a client-side navigation: the new page's title, read
 * from a polite live region, and focus on the page's main heading, where a full load would
 * have left them at the top of the page.
 */

export const ANNOUNCER_ID = 'jsont-route-announcer';

/** Visually hidden, still read: the usual clip pattern, inline so no stylesheet is needed. */
const HIDDEN =
  'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;' +
  'clip:rect(0,0,0,0);white-space:nowrap;border:0';

/** Says `text` in the page's polite live region (made on first use, kept across pages). */
export function announce(doc: Document, text: string): void {
  let region = doc.getElementById(ANNOUNCER_ID);
  if (region === null) {
    region = doc.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.setAttribute('data-navigation-keep', '');
    region.style.cssText = HIDDEN;
    doc.body.append(region);
  }
  region.textContent = text;
}

/**
 * Moves focus to the main heading (the first h1 in `main`, else in the page), made focusable by
 * script only (tabindex -1); to `main` itself when the page has no h1.
 */
export function focusMainHeading(doc: Document): void {
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector('h1');
  const target = heading ?? doc.querySelector<HTMLElement>('main');
  if (target === null) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
