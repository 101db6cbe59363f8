/**
 * Site settings calls (docs/storefront.md, "API calls"): multilingual settings,
 * header/footer, site layout and navigation. Each is one JSON document in the settings table.
 */
import {
  HeaderFooter,
  LanguagesRequest,
  LanguagesResponse,
  MultilingualSettingsResponse,
  MultilingualStatusResponse,
  SiteLayoutResponse,
  UpdateNavigationRequest,
  type NavigationItem,
} from '../../storefront/api/schemas.js';
import { MISSING_NAVIGATION } from '../../storefront/api/store-url-id.js';
import { fail, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';

interface Multilingual {
  enabled: boolean;
  defaultLanguage: string;
  subdirectories: boolean;
  status: 'CONNECTED' | 'DISCONNECTED';
  languages: Array<{ code: string; isDefault?: boolean; enabled?: boolean }>;
}

const DEFAULT_MULTILINGUAL: Multilingual = {
  enabled: false,
  defaultLanguage: 'en-US',
  subdirectories: true,
  status: 'DISCONNECTED',
  languages: [{ code: 'en-US', isDefault: true, enabled: true }],
};

interface Layout {
  layout: Array<{ identifier: string; links: NavigationItem[] }>;
}
/** A site starts with an empty main navigation, which store creation then fills. */
const DEFAULT_LAYOUT: Layout = { layout: [{ identifier: 'mainNav', links: [] }] };

const multilingual = (ctx: ApiContext) =>
  ctx.stores.settings.get<Multilingual>('multilingual', DEFAULT_MULTILINGUAL);

export const settingsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/multilingual/settings',
    response: MultilingualSettingsResponse,
    handle(ctx) {
      const { enabled, defaultLanguage, subdirectories } = multilingual(ctx);
      return { enabled, defaultLanguage, subdirectories };
    },
  },
  {
    method: 'GET',
    path: '/api/multilingual/status',
    response: MultilingualStatusResponse,
    handle: (ctx) => ({ status: multilingual(ctx).status }),
  },
  {
    method: 'GET',
    path: '/api/multilingual/languages',
    response: LanguagesResponse,
    handle: (ctx) => ({ languages: multilingual(ctx).languages }),
  },
  {
    method: 'PUT',
    path: '/api/multilingual/languages',
    owner: true,
    response: LanguagesResponse,
    crumb: true,
    handle(ctx) {
      const { languages } = parseWith(LanguagesRequest, ctx.body);
      const defaults = languages.filter((l) => l.isDefault === true);
      if (defaults.length > 1) {
        throw fail(400, 'Invalid request', {
          fieldErrors: { languages: ['Only one language can be the default'] },
        });
      }
      const defaultLanguage = (defaults[0] ?? languages[0]!).code;
      const next: Multilingual = {
        ...multilingual(ctx),
        languages: languages.map((l) => ({ ...l, isDefault: l.code === defaultLanguage })),
        defaultLanguage,
        enabled: languages.length > 1,
        status: 'CONNECTED',
      };
      ctx.stores.settings.set('multilingual', next);
      return { languages: next.languages };
    },
  },
  {
    method: 'DELETE',
    path: '/api/multilingual/connection',
    owner: true,
    response: MultilingualStatusResponse,
    crumb: true,
    handle(ctx) {
      ctx.stores.settings.set('multilingual', DEFAULT_MULTILINGUAL);
      return { status: DEFAULT_MULTILINGUAL.status };
    },
  },
  {
    method: 'GET',
    path: '/api/site-header-footer',
    response: HeaderFooter,
    handle: (ctx) => ctx.stores.settings.get('header-footer', { header: {}, footer: {} }),
  },
  {
    method: 'PUT',
    path: '/api/site-header-footer',
    owner: true,
    response: HeaderFooter,
    crumb: true,
    handle(ctx) {
      const value = parseWith(HeaderFooter, ctx.body);
      ctx.stores.settings.set('header-footer', value);
      return value;
    },
  },
  {
    method: 'GET',
    path: '/api/commondata/GetSiteLayout',
    response: SiteLayoutResponse,
    handle: (ctx) => ctx.stores.settings.get<Layout>('site-layout', DEFAULT_LAYOUT),
  },
  {
    method: 'POST',
    path: '/api/widget/UpdateNavigation',
    owner: true,
    response: SiteLayoutResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(UpdateNavigationRequest, ctx.body);
      const layout = ctx.stores.settings.get<Layout>('site-layout', DEFAULT_LAYOUT);
      const nav = layout.layout.find((l) => l.identifier === body.fieldName);
      if (nav === undefined) throw fail(404, MISSING_NAVIGATION);
      nav.links = body.navigation.items;
      ctx.stores.settings.set('site-layout', layout);
      return layout;
    },
  },
];
