/**
 * The value of each tag use on one page (tags.ts rewrites uses into `jsontTags.<key>` references):
 * navigation data for the navigation tags, the query's results, and markup for the others.
 * Everything taken from content or attributes is escaped before it becomes markup.
 */
import type { NavEntry, SiteContent } from './content.js';
import type { PlatformRoute } from './routes.js';
import type { TagUse } from './tags.js';

type Rec = Record<string, unknown>;

/** What the tag values of a page depend on. */
export interface PageState {
  route: Exclude<PlatformRoute, { kind: 'redirect' }>;
  content: SiteContent;
  /** The page's stored block fields (snapshot `blockFields`: id -> HTML). */
  blockFields: Rec;
  /** Items in the visitor's cart (for cart-classes). */
  cartQuantity: number;
  /** Whether scripts/ holds the file (a path below it: `site.js`, `lib/a.js`). */
  hasScript(file: string): boolean;
  /** Body classes of the class tweaks that are on (tweaks.ts). */
  tweakClasses: string[];
  /** An attribute value with template syntax in it, rendered with the page's data. */
  expand(text: string): string;
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function tagValue(use: TagUse, page: PageState): unknown {
  // Attribute values may hold template syntax (`combo="{.if authenticatedAccount}false{.or}true{.end}"`).
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(use.attrs))
    attrs[name] = value.includes('{') ? page.expand(value) : value;
  switch (use.name) {
    case 'navigation':
      return { items: page.content.navigation().map((e) => navItem(e, page.route.path)) };
    case 'folder-navigation':
      return folderNavigation(page);
    case 'query':
      return query(attrs, page);
    case 'category':
      return categoryList(attrs, page);
    case 'related':
      return related(page);
    case 'comments':
      return `<section class="jsont-stand-in squarespace-comments" aria-label="Comments"><p>Comments show here on the live site.</p></section>`;
    case 'social-share':
      return socialShare(page);
    case 'block-field':
      return blockField(attrs, page);
    case 'script':
      return script(attrs, page);
    case 'page-id':
      return pageId(page);
    case 'page-classes':
      return pageClasses(page);
    case 'template-revision':
      return '1';
    case 'cart-classes':
      return page.cartQuantity > 0 ? 'cart-has-items' : 'cart-empty';
    case 'headers':
      return '<link rel="stylesheet" href="/site.css">';
    // main-content is set by the renderer; footers are empty: the server adds this project's
    // boot data and client script before </body>, where footers stand.
    default:
      return '';
  }
}

function navItem(entry: NavEntry, path: string): Rec {
  const children = entry.children.map((c) => navItem(c, path));
  const active = entry.url === path || path.startsWith(`${entry.url}/`);
  return {
    active,
    folderActive: entry.folder && active,
    collection: {
      id: entry.id,
      title: entry.title,
      navigationTitle: entry.title,
      fullUrl: entry.url,
      typeName: entry.typeName,
      folder: entry.folder,
    },
    ...(entry.folder ? { items: children } : {}),
  };
}

/** The current folder's children, when the page is in a folder; nothing otherwise. */
function folderNavigation(page: PageState): Rec | undefined {
  const folder = page.content
    .navigation()
    .find((e) => e.folder && page.route.path.startsWith(`${e.url}/`));
  if (folder === undefined) return undefined;
  return {
    folderTitle: folder.title,
    items: folder.children.map((c) => navItem(c, page.route.path)),
  };
}

function query(attrs: Record<string, string>, page: PageState): Rec | undefined {
  const collection = page.content.collectionNamed(attrs.collection);
  if (collection === undefined) return undefined;
  const data = page.content.content(collection);
  let items = data.items;
  if (attrs.featured === 'true') items = items.filter((it) => it.starred === true);
  if (attrs.category)
    items = items.filter((it) => strings(it.categories).includes(attrs.category!));
  if (attrs.tag) items = items.filter((it) => strings(it.tags).includes(attrs.tag!));
  const limit = Number(attrs.limit);
  if (Number.isInteger(limit) && limit > 0) items = items.slice(0, limit);
  return { collection: data.collection, items };
}

function currentCollection(attrs: Record<string, string>, page: PageState) {
  const route = page.route;
  return (
    page.content.collectionNamed(attrs.collection) ??
    (route.kind === 'page' ? undefined : route.collection)
  );
}

function categoryList(attrs: Record<string, string>, page: PageState): string {
  const collection = currentCollection(attrs, page);
  if (collection === undefined) return '';
  const names = new Set(
    page.content.content(collection).items.flatMap((it) => strings(it.categories)),
  );
  const links = [...names]
    .map((n) => {
      const href = `/${collection.name}?category=${encodeURIComponent(n)}`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(n)}</a></li>`;
    })
    .join('');
  return `<ul class="sqs-category-list">${links}</ul>`;
}

function related(page: PageState): string {
  const route = page.route;
  if (route.kind !== 'item') return '';
  const tags = strings(route.item.tags);
  const others = page.content
    .content(route.collection)
    .items.filter((it) => it !== route.item && strings(it.tags).some((t) => tags.includes(t)))
    .slice(0, 3);
  const links = others
    .map(
      (it) =>
        `<li><a href="${escapeHtml(String(it.fullUrl))}">${escapeHtml(String(it.title))}</a></li>`,
    )
    .join('');
  return `<aside class="sqs-related" aria-label="Related"><ul>${links}</ul></aside>`;
}

function socialShare(page: PageState): string {
  const url = encodeURIComponent(page.route.path);
  return (
    '<div class="jsont-stand-in squarespace-social-buttons">' +
    `<a href="https://www.facebook.com/sharer/sharer.php?u=${url}">Share on Facebook</a> ` +
    `<a href="https://twitter.com/intent/tweet?url=${url}">Share on X</a></div>`
  );
}

function blockField(attrs: Record<string, string>, page: PageState): string {
  const id = attrs.id ?? '';
  const stored = page.blockFields[id];
  if (typeof stored === 'string') return stored;
  const label = attrs.label ? ` (${attrs.label})` : '';
  return (
    `<div class="jsont-stand-in sqs-block-field-placeholder" data-block-field="${escapeHtml(id)}" ` +
    'role="note" style="border:2px dashed #999;padding:1em;margin:1em 0;color:#555">' +
    `Block field “${escapeHtml(id)}”${escapeHtml(label)}: the editor’s blocks show here</div>`
  );
}

/**
 * `src` names files of scripts/, separated by commas. With `combo="true"` the files are
 * combined into one request (`/scripts/a.js,b.js`, the server joins them), as the platform
 * combines them; otherwise each gets its own element. A missing file is said in an HTML comment.
 */
function script(attrs: Record<string, string>, page: PageState): string {
  const files = (attrs.src ?? '')
    .split(',')
    .map((f) => f.trim().replace(/^\/?(scripts\/)?/, ''))
    .filter((f) => f !== '');
  const missing = files
    .filter((f) => !page.hasScript(f))
    .map((f) => `<!-- squarespace:script: no scripts/${escapeHtml(f)} -->`);
  const present = files.filter((f) => page.hasScript(f));
  const element = (src: string) =>
    `<script src="/scripts/${escapeHtml(src)}"${attrs.async === 'true' ? ' async' : ''}></script>`;
  const scripts =
    attrs.combo?.trim() === 'true' && present.length > 1
      ? [element(present.join(','))]
      : present.map(element);
  return [...missing, ...scripts].join('');
}

function pageId(page: PageState): string {
  const route = page.route;
  if (route.kind === 'item') return `item-${String(route.item.id)}`;
  if (route.kind === 'list') {
    const record = page.content.content(route.collection).collection;
    return `collection-${String(record.id)}`;
  }
  return `page-${route.page.name}`;
}

function pageClasses(page: PageState): string {
  const route = page.route;
  const classes = [route.path === '/' ? 'homepage' : ''];
  if (route.kind === 'page') classes.push('collection-type-page', `page-${route.page.name}`);
  else {
    const record = page.content.content(route.collection).collection;
    classes.push(
      `collection-type-${route.collection.type}`,
      `collection-${String(record.id)}`,
      route.kind === 'item' ? 'view-item' : 'view-list',
    );
  }
  return [...classes, ...page.tweakClasses].filter(Boolean).join(' ');
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}
