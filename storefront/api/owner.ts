/**
 * The owner panels' calls (docs/storefront.md, "Owner panels"): commerce preferences cached per
 * namespace, multilingual settings, header and footer, and store creation. The panels show only
 * their names; the behaviour is here. Writes need the owner session (the preview's `jsont-owner`
 * cookie, sent by the browser with every same-origin call); without it they fail with the
 * server's text.
 */
import type * as z from 'zod/mini';
import { CommerceError } from './errors.js';
import { checked, createCaller, type ClientSeams } from './request.js';
import {
  HeaderFooter,
  LanguagesRequest,
  LanguagesResponse,
  MultilingualSettingsResponse,
  MultilingualStatusResponse,
  PreferencesResponse,
  ProductCollectionRequest,
  ProductCollectionResponse,
  RootCategoryRequest,
  RootCategoryResponse,
  SiteLayoutResponse,
  UpdateNavigationRequest,
} from './schemas.js';
import { MISSING_NAVIGATION, storeUrlId } from './store-url-id.js';

export { MISSING_NAVIGATION };

/** Fired (on `events`) when a namespace's preferences change, before they are saved. */
export const PREFERENCES_REFETCH_EVENT = 'jsont:commerce-preferences-refetch';

export type Preferences = Record<string, unknown>;
export type Language = z.infer<typeof LanguagesRequest>['languages'][number];
export type HeaderFooterValue = z.infer<typeof HeaderFooter>;

export interface StoreCreation {
  title: string;
  websiteId: string;
  /** Url ids already in use on the site (the server refuses a taken one; see createStore). */
  takenUrlIds?: Iterable<string>;
  /** Used when the title gives an id shorter than 3 characters. */
  fallbackTitle?: string;
  description?: string;
  /** Adds the store to the site's main navigation, with this template id. */
  navigation?: { templateId: string };
}

export interface CreatedStore {
  collection: z.infer<typeof ProductCollectionResponse>;
  rootCategory: z.infer<typeof RootCategoryResponse>;
}

export interface OwnerClient {
  preferences(namespace: string): Promise<Preferences>;
  setPreferences(namespace: string, preferences: Preferences): Promise<Preferences>;
  multilingualSettings(): Promise<z.infer<typeof MultilingualSettingsResponse>>;
  multilingualStatus(): Promise<z.infer<typeof MultilingualStatusResponse>['status']>;
  languages(): Promise<Language[]>;
  setLanguages(languages: Language[]): Promise<Language[]>;
  disconnectMultilingual(): Promise<z.infer<typeof MultilingualStatusResponse>['status']>;
  headerFooter(): Promise<HeaderFooterValue>;
  setHeaderFooter(value: HeaderFooterValue): Promise<HeaderFooterValue>;
  createStore(store: StoreCreation): Promise<CreatedStore>;
}

export interface OwnerSeams extends ClientSeams {
  /** Where the refetch event is dispatched; default `document`. */
  events?: EventTarget;
}

/** How many taken ids the server may report before store creation gives up. */
const MAX_URL_ID_ATTEMPTS = 20;

const withoutWebsiteId = (prefs: Preferences): Preferences => {
  const { websiteId: _stripped, ...rest } = prefs;
  return rest;
};

export function createOwnerClient(seams: OwnerSeams = {}): OwnerClient {
  const call = createCaller(seams);
  const events = seams.events ?? globalThis.document;
  const cache = new Map<string, Preferences>();
  const prefsPath = (ns: string) => `/api/v1/commerce-preferences/${encodeURIComponent(ns)}`;

  async function addToNavigation(collectionId: string, templateId: string): Promise<void> {
    const { layout } = await call({
      method: 'GET',
      path: '/api/commondata/GetSiteLayout',
      response: SiteLayoutResponse,
    });
    const main = layout[0];
    if (main === undefined) throw new CommerceError('server', MISSING_NAVIGATION);
    await call({
      method: 'POST',
      path: '/api/widget/UpdateNavigation',
      body: checked(UpdateNavigationRequest, {
        fieldName: main.identifier,
        templateId,
        navigation: { items: [...main.links, { collectionId }] },
      }),
      response: SiteLayoutResponse,
    });
  }

  /** Creates the collection, taking the next free url id when the server says one is taken. */
  async function createCollection(store: StoreCreation) {
    const taken = new Set(store.takenUrlIds ?? []);
    for (let attempt = 0; ; attempt++) {
      const urlId = storeUrlId(store.title, taken, store.fallbackTitle);
      try {
        return await call({
          method: 'POST',
          path: `/api/content-service/product/1.1/websites/${encodeURIComponent(store.websiteId)}/products`,
          body: checked(ProductCollectionRequest, {
            navigationTitle: store.title,
            title: store.title,
            urlId,
            description: store.description ?? '',
            enabled: true,
          }),
          response: ProductCollectionResponse,
        });
      } catch (err) {
        const collision = err instanceof CommerceError && err.status === 400;
        if (!collision || attempt + 1 >= MAX_URL_ID_ATTEMPTS) throw err;
        taken.add(urlId);
      }
    }
  }

  return {
    async preferences(namespace) {
      const cached = cache.get(namespace);
      if (cached !== undefined) return cached;
      const fetched = withoutWebsiteId(
        await call({ method: 'GET', path: prefsPath(namespace), response: PreferencesResponse }),
      );
      cache.set(namespace, fetched);
      return fetched;
    },
    async setPreferences(namespace, preferences) {
      const next = withoutWebsiteId(preferences);
      cache.set(namespace, next);
      events?.dispatchEvent(new CustomEvent(PREFERENCES_REFETCH_EVENT, { detail: { namespace } }));
      const saved = withoutWebsiteId(
        await call({
          method: 'PUT',
          path: prefsPath(namespace),
          body: next,
          response: PreferencesResponse,
        }),
      );
      cache.set(namespace, saved);
      return saved;
    },
    multilingualSettings: () =>
      call({
        method: 'GET',
        path: '/api/multilingual/settings',
        response: MultilingualSettingsResponse,
      }),
    multilingualStatus: async () =>
      (
        await call({
          method: 'GET',
          path: '/api/multilingual/status',
          response: MultilingualStatusResponse,
        })
      ).status,
    languages: async () =>
      (
        await call({
          method: 'GET',
          path: '/api/multilingual/languages',
          response: LanguagesResponse,
        })
      ).languages,
    setLanguages: async (languages) =>
      (
        await call({
          method: 'PUT',
          path: '/api/multilingual/languages',
          body: checked(LanguagesRequest, { languages }),
          response: LanguagesResponse,
        })
      ).languages,
    disconnectMultilingual: async () =>
      (
        await call({
          method: 'DELETE',
          path: '/api/multilingual/connection',
          response: MultilingualStatusResponse,
        })
      ).status,
    headerFooter: () =>
      call({ method: 'GET', path: '/api/site-header-footer', response: HeaderFooter }),
    setHeaderFooter: (value) =>
      call({
        method: 'PUT',
        path: '/api/site-header-footer',
        body: checked(HeaderFooter, value),
        response: HeaderFooter,
      }),
    async createStore(store) {
      const collection = await createCollection(store);
      const rootCategory = await call({
        method: 'POST',
        path: `/api/content-service/product/1.1/websites/${encodeURIComponent(store.websiteId)}/products/${encodeURIComponent(collection.id)}/categories`,
        body: checked(RootCategoryRequest, {
          displayName: store.title,
          parentCategoryId: null,
          type: 'ROOT',
          pageRendering: 'LIST_VIEW',
          displayIndex: 1,
        }),
        response: RootCategoryResponse,
      });
      if (store.navigation !== undefined) {
        await addToNavigation(collection.id, store.navigation.templateId);
      }
      return { collection, rootCategory };
    },
  };
}
