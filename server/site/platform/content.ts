/**
 * The site's content: per collection its record and items, from snapshots when the folder has
 * one for the collection's url (snapshots.ts), else sample content (sample.ts), and the
 * navigation built from the collections and pages.
 */
import { isRec, type Collection, type PlatformModel, type StaticPage } from './model.js';
import { sampleCollection, sampleId } from './sample.js';

type Rec = Record<string, unknown>;

export interface CollectionContent {
  collection: Rec;
  items: Rec[];
}

/** Where a navigation entry leads: a collection or a static page. */
export interface NavEntry {
  title: string;
  url: string;
  id: string;
  typeName: string;
  folder: boolean;
  children: NavEntry[];
}

export class SiteContent {
  private readonly cache = new Map<string, CollectionContent>();

  constructor(
    readonly model: PlatformModel,
    /** The snapshot of a route (`/blog`), or undefined (snapshots.ts). */
    private readonly snapshot: (route: string) => Rec | undefined,
  ) {}

  content(collection: Collection): CollectionContent {
    let hit = this.cache.get(collection.name);
    if (hit === undefined) {
      const saved = this.snapshot(`/${collection.name}`);
      hit =
        saved && isRec(saved.collection)
          ? {
              collection: saved.collection,
              items: Array.isArray(saved.items) ? saved.items.filter(isRec) : [],
            }
          : sampleCollection(collection);
      this.cache.set(collection.name, hit);
    }
    return hit;
  }

  collectionNamed(name: string | undefined): Collection | undefined {
    return this.model.collections.find((c) => c.name === name);
  }

  /**
   * The site's navigation: the static pages, then every collection in file-name order (folders
   * with their items as children).
   */
  navigation(): NavEntry[] {
    const entries = this.model.collections.map((c): NavEntry => {
      const { collection, items } = this.content(c);
      const folder = c.type === 'folder';
      return {
        title: String(collection.navigationTitle ?? collection.title ?? c.title),
        url: `/${c.name}`,
        id: String(collection.id ?? sampleId(c.name)),
        typeName: c.type,
        folder,
        children: folder
          ? items.map((item) => ({
              title: String(item.title ?? ''),
              url: String(item.fullUrl ?? ''),
              id: String(item.id ?? ''),
              typeName: 'page',
              folder: false,
              children: [],
            }))
          : [],
      };
    });
    return [...this.model.pages.map(pageEntry), ...entries];
  }

  /** `/`'s target: the static page named `home`, else the first entry of the navigation. */
  homeUrl(): string | undefined {
    const home = this.model.pages.find((p) => p.name === 'home');
    return home === undefined ? this.navigation()[0]?.url : `/${home.name}`;
  }
}

function pageEntry(page: StaticPage): NavEntry {
  return {
    title: page.title,
    url: `/${page.name}`,
    id: sampleId(`page:${page.name}`),
    typeName: 'page',
    folder: false,
    children: [],
  };
}
