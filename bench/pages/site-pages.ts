/**
 * The demo store's pages (fixtures/site) as the page benchmark renders them: the route's data
 * assembled as the preview server does (shared data files, the route's own, the collection or
 * the item, the request and a visitor's cart), the page template rendered, then the layout with
 * the page as `mainContent`, partials applied by name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `path` (of the repository), found upwards from this module: the bench runs bundled from
 * .bench/, and its modules sit deeper in bench/.
 */
export function repositoryPath(path: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, path))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${path} not found above the bench`);
    dir = parent;
  }
  return join(dir, path);
}

const SITE = dirname(repositoryPath('fixtures/site/site.json'));

type Rec = Record<string, unknown>;

const readJson = (path: string): Rec => JSON.parse(readFileSync(join(SITE, path), 'utf8')) as Rec;
const readText = (path: string): string => readFileSync(join(SITE, path), 'utf8');

/** One whole page: its template, the layout, the partials they apply, and the page data. */
export interface SitePage {
  name: string;
  page: string;
  layout: string;
  /** Partial sources by name (file name with and without extension, as the site names them). */
  partials: Record<string, string>;
  data: Rec;
}

/** Every partial of the site that `sources` apply, transitively (matched by name in the text). */
function partialsUsed(sources: string[]): Record<string, string> {
  const dir = join(SITE, 'partials');
  const all = new Map(readdirSync(dir).map((file) => [file, readText(`partials/${file}`)]));
  const used: Record<string, string> = {};
  const pending = [...sources];
  while (pending.length > 0) {
    const text = pending.pop()!;
    for (const [file, source] of all) {
      const stem = file.replace(/\.[^.]+$/, '');
      if (Object.hasOwn(used, file) || !text.includes(stem)) continue;
      used[file] = source;
      used[stem] = source;
      pending.push(source);
    }
  }
  return used;
}

/** A visitor's cart with two items, as the commerce API adds it to every page. */
const CART = { id: 'cart1', totalQuantity: 2, subtotalCents: 9600, entries: [] };

function routeData(
  files: string[],
  collection: string | undefined,
  urlId: string | undefined,
  path: string,
): Rec {
  const data: Rec = {};
  for (const file of [
    'data/website.json',
    'data/localized-strings.json',
    'data/merchandising.json',
  ])
    Object.assign(data, readJson(file));
  for (const file of files) Object.assign(data, readJson(file));
  if (collection !== undefined) {
    const { collection: meta, items } = readJson(`data/collections/${collection}.json`) as {
      collection: Rec;
      items: Rec[];
    };
    data.collection = meta;
    if (urlId === undefined) data.items = items;
    else data.item = items.find((item) => item.urlId === urlId);
    if (urlId !== undefined && data.item === undefined) throw new Error(`no item ${urlId}`);
  }
  data.request = { path, query: {} };
  data.cart = CART;
  return data;
}

function sitePage(name: string, template: string, data: Rec): SitePage {
  const page = readText(`templates/${template}`);
  const layout = readText('templates/layout.html');
  return { name, page, layout, partials: partialsUsed([page, layout]), data };
}

/** Product pages of several kinds, the shop grid, the home page and a journal post. */
export function sitePages(): SitePage[] {
  const product = (urlId: string, kind: string): SitePage =>
    sitePage(`product: ${kind}`, 'product.html', routeData([], 'shop', urlId, `/shop/p/${urlId}`));
  return [
    product('linen-work-apron', 'variants, on sale'),
    product('coffee-subscription', 'subscription'),
    product('gift-card', 'gift card'),
    product('wheel-throwing-workshop', 'service'),
    sitePage('shop grid', 'shop.html', routeData([], 'shop', undefined, '/shop')),
    sitePage('home', 'home.html', routeData(['data/pages/home.json'], 'shop', undefined, '/')),
    sitePage(
      'journal post',
      'post.html',
      routeData([], 'journal', 'glazing-with-wood-ash', '/journal/glazing-with-wood-ash'),
    ),
  ];
}
