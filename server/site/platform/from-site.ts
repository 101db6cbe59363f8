/**
 * A site in this project's site.json layout (server/site/config.ts) expressed in the
 * developer-platform layout (docs/developer-platform.md, "From a site.json folder"), file map
 * in, file map out (assets/ are the caller's to copy, byte for byte):
 *
 * - the layout template becomes `site.region` (`{mainContent}` is `{squarespace.main-content}`),
 *   the only region of the `default` layout; partials become blocks/;
 * - a collection's route at `/<collection>` gives `collections/<name>.list`, its item route
 *   `collections/<name>.item`, a `.conf` typing it, and `snapshots/<name>.json` its record and
 *   items (their `fullUrl`s are the item routes);
 * - every other route of one path segment is a static page `pages/<name>.page` (`/` is
 *   `pages/home.page`), its data the page's snapshot (a collection it names included);
 * - the shared data files are `snapshots/_site.json`, data every page gets.
 *
 * Routes the platform layout cannot express (deeper paths that are not a collection's items, the
 * not-found page) are left out and named in `skipped`.
 */
import { SiteConfig, type RouteConfig } from '../config.js';
import { SITE_SNAPSHOT } from './snapshots.js';

type Rec = Record<string, unknown>;

export interface ConvertedSite {
  /** Path -> text of the template folder's files. */
  files: Record<string, string>;
  /** The site.json routes left out, with why. */
  skipped: { route: string; why: string }[];
}

export function siteToPlatform(source: Record<string, string>): ConvertedSite {
  const config = SiteConfig.parse(JSON.parse(required(source, 'site.json')));
  const json = (file: string): Rec => JSON.parse(required(source, file)) as Rec;
  const merged = (files: string[]): Rec => Object.assign({}, ...files.map(json)) as Rec;
  const files: Record<string, string> = {};
  const skipped: ConvertedSite['skipped'] = [];

  files['template.conf'] = `${JSON.stringify(
    {
      name: config.name,
      author: 'converted from site.json',
      layouts: { default: { name: 'Default', regions: ['site'] } },
      navigations: [{ title: 'Main Navigation', name: 'mainNav' }],
      stylesheets: [],
    },
    null,
    2,
  )}\n`;
  const layout = config.layout === undefined ? '{mainContent}' : template(source, config.layout);
  files['site.region'] = layout.replace('{mainContent}', '{squarespace.main-content}');
  for (const [path, text] of Object.entries(source)) {
    const partial = /^partials\/([\w.-]+\.block)$/.exec(path);
    if (partial !== null) files[`blocks/${partial[1]}`] = text;
  }
  files[`snapshots/${SITE_SNAPSHOT}`] = `${JSON.stringify(merged(config.data), null, 2)}\n`;

  for (const [url, route] of Object.entries(config.routes)) {
    const segments = url.split('/').filter(Boolean);
    const name = route.collection;
    const collectionFile = name && `data/collections/${name}.json`;
    if (name !== undefined && url === `/${name}`) {
      const data = json(collectionFile!);
      files[`collections/${name}.list`] = template(source, route.template);
      files[`collections/${name}.conf`] =
        `${JSON.stringify(collectionConf(name, data), null, 2)}\n`;
      const snapshot = { ...merged(route.data ?? []), ...data };
      files[`snapshots/${name}.json`] = `${JSON.stringify(snapshot, null, 2)}\n`;
    } else if (name !== undefined && segments.includes(':urlId')) {
      files[`collections/${name}.item`] = template(source, route.template);
    } else if (segments.length <= 1) {
      const page = segments[0] ?? 'home';
      files[`pages/${page}.page`] = template(source, route.template);
      files[`pages/${page}.page.conf`] = `${JSON.stringify({ title: pageTitle(route, json) })}\n`;
      const snapshot = { ...merged(route.data ?? []), ...(collectionFile && json(collectionFile)) };
      // The home page answers at `/` and at `/home`: the same data for both.
      for (const at of page === 'home' ? ['index', 'home'] : [page])
        files[`snapshots/${at}.json`] = `${JSON.stringify(snapshot, null, 2)}\n`;
    } else {
      skipped.push({ route: url, why: 'a page below another path is not a static page' });
    }
  }
  if (config.notFound !== undefined)
    skipped.push({ route: '(not found)', why: 'the platform serves its own 404 page' });
  return { files, skipped };
}

/** A collection's .conf: its title, and the type its record names. */
function collectionConf(name: string, data: Rec): Rec {
  const record = (data.collection ?? {}) as Rec;
  return {
    title: typeof record.title === 'string' ? record.title : name,
    acceptTypes: [typeof record.typeName === 'string' ? record.typeName : 'page'],
  };
}

function pageTitle(route: RouteConfig, json: (file: string) => Rec): string | undefined {
  for (const file of route.data ?? []) {
    const page = json(file).page as Rec | undefined;
    if (typeof page?.title === 'string') return page.title;
  }
  return undefined;
}

function template(source: Record<string, string>, name: string): string {
  return required(source, `templates/${name}`);
}

function required(source: Record<string, string>, path: string): string {
  const text = source[path];
  if (text === undefined) throw new Error(`the site folder has no ${path}`);
  return text;
}
