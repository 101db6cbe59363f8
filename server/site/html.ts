/**
 * The HTML the server adds around rendered pages: the boot data, the hydration data (template,
 * data and partials for `hydrateRoot`) and the client script before </body>, and the 500 / 404
 * pages. Problems and hydration data travel to the browser as JSON in script tags (`<` escaped)
 * so the client needs no other request.
 */
import { scriptJson } from './page-code.js';
import type { SiteProblem } from './problems.js';

export const CLIENT_PATH = '/__client.js';
export const LIVERELOAD_PATH = '/__livereload';

/** What the client script reads from `#__jsont-boot`. */
export interface BootData {
  /** Live reload and the error overlay are on (jsont preview). */
  preview: boolean;
  /** The site route that rendered the page (`/shop/p/:urlId`), null on error pages. */
  route: string | null;
  /** Problems to show in the overlay at once (error pages). */
  problems: SiteProblem[];
  /** The live-reload version the page was rendered at (see LiveEvent). */
  version: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `<link rel="modulepreload">` for each script URL, before the first </head> of `head` (none when
 * it has no </head>: before the doctype they would put the page in quirks mode): the browser
 * fetches the page's scripts while the body is rendered.
 */
export function injectPreloads(head: string, urls: readonly string[]): string {
  const tags = urls.map((url) => `<link rel="modulepreload" href="${escapeHtml(url)}">\n`).join('');
  const at = head.search(/<\/head>/i);
  return at === -1 ? head : head.slice(0, at) + tags + head.slice(at);
}

const bootScript = (boot: BootData): string =>
  `<script type="application/json" id="__jsont-boot">${scriptJson(boot)}</script>\n`;
const clientScript = (client: string): string =>
  `<script type="module" src="${escapeHtml(client)}"></script>\n`;

/**
 * The index of the last `</body>` in any case, found on the string itself: lowercasing first can
 * change its length (`İ` becomes two characters), so an index into the copy would miss the tag.
 */
function lastBodyEnd(html: string): number {
  let at = -1;
  for (const match of html.matchAll(/<\/body>/gi)) at = match.index;
  return at;
}

/**
 * Adds the boot data, hydration data (its script-safe JSON: page-code.ts hydrationJson) and
 * client script (the preview's, or a built site's entry at `client`) before the last </body>,
 * or at the end.
 */
export function injectClient(
  html: string,
  boot: BootData,
  hydration?: string,
  client = CLIENT_PATH,
): string {
  if (hydration !== undefined) {
    const [before, after] = injectClientAround(html, boot, client);
    return before + hydration + after;
  }
  const [start, end] = splitAtBodyEnd(html);
  return start + bootScript(boot) + clientScript(client) + end;
}

/**
 * injectClient's output in two parts, before and after the hydration data's JSON: a server
 * that holds part of that JSON as bytes already (the page code) sends the three in a row.
 */
export function injectClientAround(
  html: string,
  boot: BootData,
  client = CLIENT_PATH,
): [string, string] {
  const [start, end] = splitAtBodyEnd(html);
  return [
    `${start}${bootScript(boot)}<script type="application/json" id="__jsont">`,
    `</script>\n${clientScript(client)}${end}`,
  ];
}

/** `html` before and from its last </body> (all of it, and nothing, when it has none). */
function splitAtBodyEnd(html: string): [string, string] {
  const at = lastBodyEnd(html);
  return at === -1 ? [html, ''] : [html.slice(0, at), html.slice(at)];
}

/**
 * The 500 page: the problems as plain text (readable without JavaScript), plus the client, which
 * turns them into the overlay in preview mode and reloads when they are fixed.
 */
export function errorPage(problems: SiteProblem[], preview: boolean, version: string): string {
  const body = preview
    ? problems.map((p) => `<pre class="jsont-problem">${escapeHtml(p.frame)}</pre>`).join('\n')
    : '<p>This page could not be rendered.</p>';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Template error</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Template error</h1>
${body}
</body></html>`;
  return injectClient(html, { preview, route: null, problems: preview ? problems : [], version });
}

/**
 * An owner page refused to a browser without the owner session (401) or with a stale one (403):
 * the server's text, and the way back.
 */
export function ownerRefusalPage(message: string, preview: boolean, version: string): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Owner session required</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Owner session required</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Home</a></p></main></body></html>`;
  return injectClient(html, { preview, route: null, problems: [], version });
}

export function notFoundPage(pathname: string, preview: boolean, version: string): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Page not found</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Page not found</h1><p>No route of this site matches <code>${escapeHtml(pathname)}</code>.</p>
<p><a href="/">Home</a></p></body></html>`;
  return injectClient(html, { preview, route: null, problems: [], version });
}
