/**
 * Which clicks a client-side navigation takes over: a plain left click (no modifier key) on a
 * link to a page of this site that the browser would open in this tab. Everything else is the
 * browser's: new tabs and windows, downloads, other origins and schemes, links to a fragment of
 * the page itself, the API, assets, checkout (pages the client does not render) and links
 * marked `data-reload` (an author's way out).
 */

/** Paths the client never renders: the API, the checkout pages, assets and the server's own. */
const SERVER_ONLY = ['/api', '/checkout', '/assets', '/__jsont', '/__faults', '/__recorded'];

/** The attribute that makes a link load its page in full. */
export const RELOAD_ATTRIBUTE = 'data-reload';

/** Whether `url` (same origin) is a page the client may render. */
export function isClientPage(url: URL): boolean {
  const path = url.pathname;
  if (SERVER_ONLY.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  if (path.startsWith('/__')) return false;
  // A file (favicon.ico, feed.xml) is not a page.
  return !/\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/** The link's target if it is one the client renders; undefined otherwise. */
export function linkTarget(anchor: Element, current: URL): URL | undefined {
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return undefined;
  if (anchor.hasAttribute('download') || anchor.hasAttribute(RELOAD_ATTRIBUTE)) return undefined;
  if (/(^|\s)external(\s|$)/i.test(anchor.rel)) return undefined;
  const target = anchor.target.toLowerCase();
  if (target !== '' && target !== '_self') return undefined;
  let url: URL;
  try {
    url = new URL(anchor.href, current);
  } catch {
    return undefined;
  }
  if (url.origin !== current.origin) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // A fragment of this page: the browser scrolls to it.
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (samePage && url.hash !== '') return undefined;
  return isClientPage(url) ? url : undefined;
}

/** The URL a click navigates to in the client, or undefined to leave it to the browser. */
export function clickTarget(event: MouseEvent, current: URL): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a');
  return anchor ? linkTarget(anchor, current) : undefined;
}
