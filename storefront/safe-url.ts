/**
 * Links and navigations whose URL comes from content we do not control (a provider's page, item
 * data) are decided on the URL the browser would follow, never on its text: the HTML parser
 * decodes entities (`java&#x09;script:`), and the URL parser drops tabs and newlines anywhere
 * and C0 controls and spaces at the ends (`\u0001javascript:`), so a text check is bypassed.
 */

/** Schemes such a URL may have: none of them runs script or renders a document of its own. */
const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * `href` (an attribute's value as the HTML parser left it, or a URL string) resolved against
 * `base` as the browser resolves it, if its scheme is allowed; otherwise undefined.
 */
export function allowedUrl(href: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  return ALLOWED_SCHEMES.has(url.protocol) ? url.href : undefined;
}
