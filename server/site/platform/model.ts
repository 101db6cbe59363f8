/**
 * A developer-platform template folder read into one model (docs/developer-platform.md):
 *
 *   template.conf           JSON (comments allowed): name, layouts with their regions,
 *                           navigations, stylesheets, systemCollections…
 *   *.region                regions, concatenated in a layout's order
 *   collections/NAME.conf   a collection (its type from acceptTypes / folder), with NAME.list
 *                           and NAME.item templates when the folder has them; a system
 *                           collection may have only the templates, or only its name in
 *                           template.conf `systemCollections`
 *   blocks/*.block          partials for {@|apply name.block}
 *   pages/NAME.page         static pages, with NAME.page.conf
 *   styles/, scripts/, assets/
 */
import { LenientJsonError, parseLenientJson } from './lenient-json.js';
import type { FolderReader } from './reader.js';

type Rec = Record<string, unknown>;
export const isRec = (v: unknown): v is Rec =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The collection types sample content exists for (collections/*.conf `acceptTypes`). */
export type CollectionType =
  | 'text'
  | 'page'
  | 'gallery'
  | 'image'
  | 'blog'
  | 'album'
  | 'events'
  | 'products'
  | 'folder'
  | 'index';

export interface Layout {
  name: string;
  title: string;
  regions: string[];
}

export interface Collection {
  /** The .conf file's name: its url is /<name>. */
  name: string;
  title: string;
  type: CollectionType;
  conf: Rec;
  /** Template file names (`collections/blog.list`) when the folder has them. */
  list?: string;
  item?: string;
}

export interface StaticPage {
  name: string;
  file: string;
  title: string;
  layout?: string;
  /** A page the platform renders itself: the template of its stand-in (standins.ts). */
  standIn?: string;
}

export interface Navigation {
  name: string;
  title: string;
}

export interface PlatformModel {
  conf: Rec;
  name: string;
  layouts: Layout[];
  navigations: Navigation[];
  collections: Collection[];
  pages: StaticPage[];
  /** Block file names (`navigation.block`) in blocks/. */
  blocks: string[];
  stylesheets: string[];
  scripts: string[];
}

/** A problem with a file of the folder, located when the text pinpoints it. */
export class PlatformFileError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    message: string,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(message);
  }
}

export const TEMPLATE_CONF = 'template.conf';

/** True when the folder has a template.conf (the developer-platform layout). */
export function isPlatformFolder(reader: FolderReader): boolean {
  return reader.read(TEMPLATE_CONF) !== undefined;
}

/** Parses a .conf file of the folder; throws PlatformFileError with the location. */
export function readConf(reader: FolderReader, file: string): Rec {
  const text = reader.read(file);
  if (text === undefined) throw new PlatformFileError(file, 'FILE_MISSING', `cannot read ${file}`);
  let value: unknown;
  try {
    value = parseLenientJson(text);
  } catch (err) {
    if (!(err instanceof LenientJsonError)) throw err;
    throw new PlatformFileError(file, 'JSON_SYNTAX', err.message, err.line, err.column);
  }
  if (!isRec(value)) throw new PlatformFileError(file, 'DATA_SHAPE', `${file} must hold an object`);
  return value;
}

export function loadModel(reader: FolderReader): PlatformModel {
  const conf = readConf(reader, TEMPLATE_CONF);
  const layouts = Object.entries(isRec(conf.layouts) ? conf.layouts : {}).map(([name, v]) => {
    const layout = isRec(v) ? v : {};
    return {
      name,
      title: str(layout.name) ?? name,
      regions: Array.isArray(layout.regions) ? layout.regions.filter(isString) : [],
    };
  });
  const navigations = (Array.isArray(conf.navigations) ? conf.navigations : [])
    .filter(isRec)
    .map((n) => ({ name: str(n.name) ?? '', title: str(n.title) ?? str(n.name) ?? '' }))
    .filter((n) => n.name !== '');
  const files = reader.list('collections');
  // A collection is a .conf file, or .list/.item templates of a system collection the platform
  // configures itself (template.conf `systemCollections`), or a system collection named there.
  const names = new Set<string>();
  for (const f of files) {
    const m = /^(.+)\.(conf|list|item)$/.exec(f);
    if (m !== null) names.add(m[1]!);
  }
  for (const name of Array.isArray(conf.systemCollections) ? conf.systemCollections : []) {
    if (typeof name === 'string' && /^[\w-]+$/.test(name)) names.add(name);
  }
  const collections = [...names].sort().map((name) => {
    const collectionConf = files.includes(`${name}.conf`)
      ? readConf(reader, `collections/${name}.conf`)
      : {};
    const list = files.includes(`${name}.list`) ? `collections/${name}.list` : undefined;
    const item = files.includes(`${name}.item`) ? `collections/${name}.item` : undefined;
    return {
      name,
      title: str(collectionConf.title) ?? titleCase(name),
      type: collectionType(collectionConf, name),
      conf: collectionConf,
      ...(list && { list }),
      ...(item && { item }),
    };
  });
  const pageFiles = reader.list('pages');
  const pages = pageFiles
    .filter((f) => f.endsWith('.page'))
    .map((f) => {
      const name = f.slice(0, -'.page'.length);
      const pageConf = pageFiles.includes(`${f}.conf`) ? readConf(reader, `pages/${f}.conf`) : {};
      const layout = str(pageConf.layout);
      return {
        name,
        file: `pages/${f}`,
        title: str(pageConf.title) ?? titleCase(name),
        ...(layout && { layout }),
      };
    });
  return {
    conf,
    name: str(conf.name) ?? 'template',
    layouts,
    navigations,
    collections,
    pages,
    blocks: reader.list('blocks').filter((f) => f.endsWith('.block')),
    stylesheets: (Array.isArray(conf.stylesheets) ? conf.stylesheets : []).filter(isString),
    scripts: reader.list('scripts').filter((f) => f.endsWith('.js')),
  };
}

const KNOWN_TYPES = ['text', 'page', 'gallery', 'image', 'blog', 'album', 'events', 'products'];
/** System collections are often named by their type's singular or the platform's own word. */
const ALIASES: Record<string, string> = {
  event: 'events',
  product: 'products',
  store: 'products',
  albums: 'album',
};

/**
 * The type a collection holds: its `index` or `folder` flag, else its name when that names a
 * type (system collections: `gallery.conf` accepts images and videos, `products.conf` may hold
 * only a version), else the first known type of its `acceptTypes` (text posts in chronological
 * order are a blog, as the platform's blog.conf declares one), else `page`.
 */
function collectionType(conf: Rec, name: string): CollectionType {
  // An index page is also marked as a folder (of its sections), but renders itself.
  if (conf.index === true) return 'index';
  if (conf.folder === true) return 'folder';
  const accepts = Array.isArray(conf.acceptTypes) ? conf.acceptTypes : [conf.acceptTypes];
  const known = (t: unknown) => {
    const type = typeof t === 'string' ? (ALIASES[t] ?? t) : undefined;
    return type !== undefined && KNOWN_TYPES.includes(type) ? type : undefined;
  };
  let type = known(name) ?? accepts.map(known).find((t) => t !== undefined);
  if (type === 'text' && conf.ordering === 'chronological') type = 'blog';
  return (type ?? 'page') as CollectionType;
}

/** The layout a collection or page uses: its own, else `default`, else the first declared. */
export function layoutFor(model: PlatformModel, wanted: string | undefined): Layout | undefined {
  return (
    model.layouts.find((l) => l.name === wanted) ??
    model.layouts.find((l) => l.name === 'default') ??
    model.layouts[0]
  );
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

export function titleCase(name: string): string {
  return name.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
