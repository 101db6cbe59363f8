/**
 * Putting the next page's layout in place around the live React roots. The server's shell is
 * the layout rendered for the next page with its hydration root empty; the document takes its
 * title, named meta tags, `<html lang>` and `<body>` (attributes and children), with each root
 * container of the current page moved into the place of its counterpart, so that the React
 * roots (and their event listeners) carry on. A shell whose head differs otherwise (styles,
 * scripts, links) or that lacks a root is another layout: the page loads in full instead.
 */

/** Head elements that vary from page to page of one layout. */
const PER_PAGE_HEAD = 'title, meta[name], meta[property]';

/** The head of `doc` without its per-page elements, as text, to compare layouts. */
function layoutHead(doc: Document): string {
  return [...doc.head.children]
    .filter((el) => !el.matches(PER_PAGE_HEAD))
    .map((el) => el.outerHTML)
    .join('\n');
}

/** Elements of the current body kept across navigations (the boot scripts, the live region). */
export const KEPT_SELECTOR = 'body > script:not(#__jsont), body > [data-navigation-keep]';

/** The parsed shell, if it has the current layout and every root; undefined otherwise. */
export function readShell(doc: Document, shell: string, roots: string[]): Document | undefined {
  const next = new DOMParser().parseFromString(shell, 'text/html');
  if (layoutHead(next) !== layoutHead(doc)) return undefined;
  const complete = roots.every(
    (id) => next.getElementById(id) !== null && doc.getElementById(id) !== null,
  );
  return complete ? next : undefined;
}

/** Puts `next` (from readShell) in place around the live root containers `roots`. */
export function applyShell(doc: Document, next: Document, roots: string[]): void {
  doc.title = next.title;
  const metas = [...doc.head.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]')];
  for (const meta of next.head.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]')) {
    const attr = meta.hasAttribute('name') ? 'name' : 'property';
    const name = meta.getAttribute(attr);
    const current = metas.find((m) => m.getAttribute(attr) === name);
    if (current !== undefined) current.content = meta.content;
  }
  const lang = next.documentElement.getAttribute('lang');
  if (lang !== null) doc.documentElement.setAttribute('lang', lang);

  const body = doc.body;
  for (const attr of [...body.attributes]) body.removeAttribute(attr.name);
  for (const attr of [...next.body.attributes]) body.setAttribute(attr.name, attr.value);
  const kept = [...body.querySelectorAll(KEPT_SELECTOR)];
  const fragment = doc.createDocumentFragment();
  for (const node of [...next.body.childNodes]) fragment.append(doc.adoptNode(node));
  for (const id of roots) {
    fragment.getElementById(id)!.replaceWith(doc.getElementById(id)!);
  }
  body.replaceChildren(fragment, ...kept);
}
