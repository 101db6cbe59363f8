/**
 * A site (see config.ts for its layout), read lazily through a SiteReader and cached by the
 * reader's stamps: `render` turns a request path into HTML, `check` compiles every template and
 * partial and reads every data file so the watcher can report problems before anyone reloads.
 * Templates become units through the `compileUnit` it is given: the preview compiles them
 * (compile-unit.ts), a built site looks up the ones `jsont build` compiled.
 */
import type { Code } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import type { Template } from '../../engine/template.js';
import type { ReactTemplate } from '../../react-renderer/index.js';
// The rendering half of the API only: a built site's handler never loads the compiler.
import {
  prepareReact,
  renderCompiled as render,
  renderCompiledToReact as renderToReact,
} from '../../render-runtime.js';
import type { CompiledFile, UnitCompiler } from './units.js';
import type { HydrationBoot } from '../../storefront/hydrate.js';
import { formsIn } from '../../storefront/forms/form-rules.js';
import { initialState, storefrontData } from '../../storefront/state/page-data.js';
import { signInFromQuery, signInView } from '../../storefront/state/sign-in.js';
import { giftCardChoice } from '../../storefront/state/gift-card.js';
import { cartNoticeFromQuery } from '../../storefront/state/cart-notice.js';
import { withAdditionalForm } from './additional-fields.js';
import { describeConfigIssues, SiteConfig, type RouteConfig } from './config.js';
import { FileCache, ProblemError } from './files.js';
import { problemFromError, siteProblem, type SiteProblem } from './problems.js';
import type { SiteReader } from './reader.js';
import { apiResponseValueWarnings } from './api-response-values.js';
import { requestValueWarnings } from './request-values.js';
import { isItemRoute, itemUrl, matchRoute } from './routes.js';
import { PageCodeCache, type IslandUse, type PageCodeText } from './page-code.js';
import { siteAccounts } from './site-users.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RenderRequest {
  pathname: string;
  query?: URLSearchParams;
  /** Values merged over the route data last (e.g. the visitor's cart from the commerce API). */
  extra?: Rec;
  /**
   * Also render the hydrated body the React way and report its warnings (`reactWarnings`):
   * the preview does, so that an author learns when a value's markup makes the page render
   * whole, which is slower (REACT_UNBALANCED_VALUE depends on the data, which `jsont check`
   * does not see), along with what `jsont check --react` reports of the page template and its
   * request and API response values printed unescaped (UNESCAPED_REQUEST_VALUE,
   * UNESCAPED_API_VALUE, on every page).
   */
  checkReact?: boolean;
  /**
   * Also render the layout around an empty hydration root (`shell`): what a client-side
   * navigation takes from the server besides the data (storefront/navigation/).
   */
  shell?: boolean;
}

export type RenderOutcome =
  | {
      /** 404: the site's not-found page (site.json `notFound`), for a path no route serves. */
      status: 200 | 404;
      html: string;
      /** The route that rendered the page; null for the not-found page. */
      url: string | null;
      /** What the browser needs to hydrate the page body (pages with a layout only). */
      hydration?: HydrationBoot;
      /** The hydration data's code (template, partials, islands), serialised once. */
      code?: PageCodeText;
      /** With `shell`: the layout's HTML around an empty hydration root. */
      shell?: string;
      /**
       * With `checkReact`: the page template's UNESCAPED_* warnings and the React
       * render's warnings, located in their files.
       */
      reactWarnings?: SiteProblem[];
    }
  /** No route serves the path and the site has no not-found page. */
  | { status: 404; html?: undefined }
  | { status: 500; problems: SiteProblem[] };

/** A page ready to be sent in two steps (see Site.plan). */
export interface ServedPlan {
  /** 404: the site's not-found page (site.json `notFound`), for a path no route serves. */
  status: 200 | 404;
  /** The route that rendered the page; null for the not-found page. */
  url: string | null;
  /** The document up to the page body (the layout's head and header); '' when not split. */
  head: string;
  /** Problems known before the body is rendered (compile errors, the layout's render). */
  problems: SiteProblem[];
  /** Renders the page body: the rest of the document and the body's problems. */
  finish(): { html: string; problems: SiteProblem[] };
  /** The layout's HTML around an empty hydration root (pages with a layout only). */
  shell?(): string;
  hydration?: HydrationBoot;
  /** The hydration data's code (template, partials, islands), serialised once. */
  code?: PageCodeText;
  page: CompiledFile;
  partials: PartialSet;
  view: Rec;
  renderOptions: { partials: Record<string, Code>; locale: string; now: number };
}

export type PagePlan =
  | ServedPlan
  /** No route serves the path and the site has no not-found page. */
  | { status: 404; html?: undefined; head?: undefined }
  | { status: 500; problems: SiteProblem[] };

interface CollectionFile {
  collection: Rec;
  items: Rec[];
}

export interface SiteOptions {
  /** Turns a template file's text into a unit: compiles it, or finds it precompiled. */
  compileUnit: UnitCompiler;
  /** Fixed clock for formatters like timesince (tests); default the real time. */
  now?: () => number;
  locale?: string;
}

export class Site {
  readonly files: FileCache;
  /** `{@|apply partial}` per island partial, compiled once (the partial itself is looked up per render). */
  private readonly islandUnits = new Map<string, CompiledFile>();
  /** The last partial set, kept while its files are unchanged (page codes are cached by it). */
  private partialSet: PartialSet | undefined;
  private readonly pageCodes = new PageCodeCache();

  constructor(
    reader: SiteReader,
    private readonly options: SiteOptions,
  ) {
    this.files = new FileCache(reader);
  }

  /** site.json, validated; throws ProblemError when it is missing or invalid. */
  config(): SiteConfig {
    return this.files.get('config', 'site.json', (text) => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        // Reuse the JSON reader for the line and column of the syntax error.
        this.files.json('site.json');
      }
      const parsed = SiteConfig.safeParse(raw);
      if (!parsed.success) {
        throw new ProblemError(
          siteProblem('site.json', 'SITE_CONFIG', describeConfigIssues(parsed.error)),
        );
      }
      return parsed.data;
    });
  }

  /**
   * Every concrete page url a visitor can open, item routes expanded over their collection (for
   * tests, check and `jsont build`); owner pages are not among them.
   */
  urls(): string[] {
    const out: string[] = [];
    for (const [url, route] of Object.entries(this.config().routes)) {
      if (route.owner === true) continue;
      if (!isItemRoute(url)) out.push(url);
      else if (route.collection !== undefined) {
        for (const item of this.collection(route.collection).items) {
          if (typeof item.urlId === 'string') out.push(itemUrl(url, item.urlId));
        }
      }
    }
    return out;
  }

  /** Whether `pathname` is an owner page (site.json `owner: true`); false when unreadable. */
  isOwnerPage(pathname: string): boolean {
    try {
      return matchRoute(this.config(), pathname)?.route.owner === true;
    } catch (err) {
      if (err instanceof ProblemError) return false;
      throw err;
    }
  }

  /** Renders the page at `pathname`; template errors of severity error make it a 500. */
  render(request: RenderRequest): RenderOutcome {
    try {
      return this.renderOrThrow(request);
    } catch (err) {
      if (err instanceof ProblemError) return { status: 500, problems: [err.problem] };
      throw err;
    }
  }

  /**
   * Compile errors of every template and partial plus unreadable data files: what the watcher
   * reports after a save. Rendering problems (missing partials, formatter failures) show when a
   * page is requested.
   */
  check(): SiteProblem[] {
    const problems: SiteProblem[] = [];
    const attempt = (fn: () => void) => {
      try {
        fn();
      } catch (err) {
        if (!(err instanceof ProblemError)) throw err;
        problems.push(err.problem);
      }
    };
    let config: SiteConfig | undefined;
    attempt(() => (config = this.config()));
    if (config === undefined) return problems;
    const routes: RouteConfig[] = [
      ...Object.values(config.routes),
      ...(config.notFound ? [config.notFound] : []),
    ];
    const templates = new Set<string>(routes.map((r) => r.template));
    if (config.layout !== undefined) templates.add(config.layout);
    for (const name of templates) attempt(() => problems.push(...this.template(name).problems));
    attempt(() => problems.push(...this.partials().problems));
    for (const file of config.data) attempt(() => this.dataFile(file));
    attempt(() => siteAccounts(this));
    for (const route of routes) {
      for (const file of route.data ?? []) attempt(() => this.dataFile(file));
      if (route.collection !== undefined) attempt(() => this.collection(route.collection!));
    }
    return problems;
  }

  /** Items of every collection a route names (the commerce catalog and search read these). */
  allItems(): Rec[] {
    const names = new Set<string>();
    for (const route of Object.values(this.config().routes)) {
      if (route.collection !== undefined) names.add(route.collection);
    }
    return [...names].flatMap((name) => this.collection(name).items);
  }

  /**
   * Form definitions (any top-level value of a data file with an `id` and `fields`, as
   * storefrontData finds them), for the forms API to validate submissions.
   */
  forms(): unknown[] {
    const config = this.config();
    const files = new Set([
      ...config.data,
      ...Object.values(config.routes).flatMap((r) => r.data ?? []),
    ]);
    return [...files].flatMap((f) => formsIn(this.dataFile(f)));
  }

  // ---- rendering -----------------------------------------------------------------------------

  private renderOrThrow(request: RenderRequest): RenderOutcome {
    const plan = this.planOrThrow(request);
    if (plan.status === 500 || plan.head === undefined) return plan;
    const { html, problems } = plan.finish();
    const all = [...plan.problems, ...problems];
    if (all.length > 0) return { status: 500, problems: dedupe(all) };
    const served = {
      status: plan.status,
      html: plan.head + html,
      url: plan.url,
      ...(plan.hydration && { hydration: plan.hydration }),
      ...(plan.code && { code: plan.code }),
      ...(request.shell === true && plan.shell && { shell: plan.shell() }),
    };
    if (request.checkReact !== true) return served;
    return { ...served, reactWarnings: this.reactWarnings(request, plan) };
  }

  /**
   * The page in two steps, for a response that sends the document's head while the body is
   * being rendered: the layout is rendered first, around a marker where the page body goes, and
   * `head` is the layout up to that marker; `finish` renders the page body and returns the rest.
   * A layout that does not print its `mainContent` unchanged exactly once is rendered again
   * around the body in `finish` (head is then empty), so the output is always the same as the
   * body rendered into the layout. Problems of the layout are known before the head is sent.
   */
  plan(request: RenderRequest): PagePlan {
    try {
      return this.planOrThrow(request);
    } catch (err) {
      if (err instanceof ProblemError) return { status: 500, problems: [err.problem] };
      throw err;
    }
  }

  /** The data a page's template renders with (`?format=json`), or undefined for no page. */
  pageData(request: RenderRequest): Rec | undefined {
    const config = this.config();
    const match = matchRoute(config, request.pathname);
    return match && this.routeData(config, match.route, match.urlId, request);
  }

  /**
   * A status page inside the site's layout, with the shared data: the 500 page (from
   * `templates/500.html` when the site has one), or the 404 page of a site whose site.json names
   * no `notFound` page; else a short built-in message. Undefined when that cannot be rendered
   * cleanly (the caller then sends a plain page).
   */
  statusPage(status: 404 | 500, request: RenderRequest): string | undefined {
    try {
      const config = this.config();
      const data: Rec = {};
      for (const file of config.data) Object.assign(data, this.dataFile(file));
      data.request = { path: request.pathname, query: {} };
      // The title templates print for a page (`page.title`, as the layout's <title> does).
      data.page = { title: STATUS_PAGES[status].title };
      Object.assign(data, request.extra);
      const view = storefrontData(data, initialState(data)) as Rec;
      const partials = this.partials();
      const renderOptions = {
        partials: partials.compiled as unknown as Record<string, Code>,
        locale: this.options.locale ?? 'en-US',
        now: (this.options.now ?? Date.now)(),
      };
      const clean = (unit: CompiledFile, more: Rec = {}): string | undefined => {
        if (unit.problems.length > 0) return undefined;
        const out = render(unit.template, { ...view, ...more }, renderOptions);
        return out.errors.some((e) => e.severity === 'error') ? undefined : out.html;
      };
      const own = `templates/${status}.html`;
      const body = this.files.exists(own)
        ? clean(this.template(`${status}.html`))
        : STATUS_PAGES[status].body;
      if (body === undefined || partials.problems.length > 0) return undefined;
      if (config.layout === undefined) return body;
      return clean(this.template(config.layout), { mainContent: body });
    } catch (err) {
      if (err instanceof ProblemError) return undefined;
      throw err;
    }
  }

  private planOrThrow(request: RenderRequest): PagePlan {
    const config = this.config();
    const match = matchRoute(config, request.pathname);
    const data = match && this.routeData(config, match.route, match.urlId, request);
    if (match !== undefined && data !== undefined) {
      return this.planPage(config, match.route, data, match.url, 200);
    }
    if (config.notFound === undefined) return { status: 404 };
    const notFound = this.routeData(config, config.notFound, undefined, request)!;
    return this.planPage(config, config.notFound, notFound, null, 404);
  }

  private planPage(
    config: SiteConfig,
    route: RouteConfig,
    data: Rec,
    url: string | null,
    status: 200 | 404,
  ): PagePlan {
    // What the template sees: the route data with the visitor's initial state folded in, as
    // the browser's first render will (docs/storefront.md "Design").
    const view = storefrontData(data, initialState(data)) as Rec;

    const page = this.template(route.template);
    const partials = this.partials();
    const problems = [...page.problems, ...partials.problems];
    const renderOptions = {
      // Compiled partials keep their source locations; the engine accepts Template objects.
      partials: partials.compiled as unknown as Record<string, Code>,
      locale: this.options.locale ?? 'en-US',
      now: (this.options.now ?? Date.now)(),
    };
    const renderBody = () => {
      const body = render(page.template, view, renderOptions);
      return { html: body.html, problems: this.mapErrors(body.errors, page, partials) };
    };
    const common = { status, url, page, partials, view, renderOptions };
    if (config.layout === undefined) {
      return { ...common, head: '', problems, finish: renderBody };
    }
    const layout = this.template(config.layout);
    problems.push(...layout.problems);
    const renderLayout = (mainContent: string) => {
      const wrapped = render(layout.template, { ...view, mainContent }, renderOptions);
      return { html: wrapped.html, problems: this.mapErrors(wrapped.errors, layout, partials) };
    };
    // The page body goes into the layout inside the hydration root, whose content is then
    // exactly the page template's output: the browser hydrates it with the same template.
    const around = renderLayout(MAIN_CONTENT_MARKER);
    const [before, after, extra] = around.html.split(MAIN_CONTENT_MARKER);
    const split = before !== undefined && after !== undefined && extra === undefined;
    const hydration =
      split || around.html.includes(HYDRATION_ROOT_OPEN)
        ? this.hydration(config, around.html, page, data, partials, renderOptions)
        : undefined;
    const finish = () => {
      const body = renderBody();
      if (split) {
        return {
          html: `${HYDRATION_ROOT_OPEN}${body.html}</div>${after}`,
          problems: [...body.problems, ...around.problems],
        };
      }
      const wrapped = renderLayout(`${HYDRATION_ROOT_OPEN}${body.html}</div>`);
      return { html: wrapped.html, problems: [...body.problems, ...wrapped.problems] };
    };
    return {
      ...common,
      head: split ? before : '',
      problems: split ? [...problems, ...around.problems] : problems,
      finish,
      shell: () =>
        split
          ? `${before}${HYDRATION_ROOT_OPEN}</div>${after}`
          : renderLayout(`${HYDRATION_ROOT_OPEN}</div>`).html,
      ...(hydration && { hydration: hydration.boot, code: hydration.code }),
    };
  }

  private hydration(
    config: SiteConfig,
    layoutHtml: string,
    page: CompiledFile,
    data: Rec,
    partials: PartialSet,
    renderOptions: { locale: string; now: number },
  ): { boot: HydrationBoot; code: PageCodeText } {
    const islands = this.islands(config, layoutHtml);
    const code = this.pageCodes.get(page, preparedOf(page), partials, islands, HYDRATION_ROOT_ID);
    const boot: HydrationBoot = {
      root: code.root,
      template: code.template,
      data,
      partials: code.partials,
      locale: renderOptions.locale,
      now: renderOptions.now,
      ...(code.islands.length > 0 ? { islands: code.islands } : {}),
    };
    return { boot, code: code.serialised };
  }

  /**
   * What `jsont check` reports of the page template (request and API response values printed
   * unescaped), and with a layout what `jsont check --react` reports of it and what this page's
   * data causes on the React path.
   */
  private reactWarnings(request: RenderRequest, plan: ServedPlan): SiteProblem[] {
    const { page, partials, view, renderOptions } = plan;
    const warnings = this.mapErrors(unescapedWarningsOf(page), page, partials, 'warning');
    if (plan.hydration !== undefined) {
      // The page template itself (not the prepared copy the browser gets): it has locations.
      const react = renderToReact(page.template, view, renderOptions);
      warnings.push(
        ...this.mapErrors(
          [...(page.structureWarnings ?? []), ...react.errors],
          page,
          partials,
          'warning',
        ).filter((problem) => problem.code.startsWith('REACT_')),
      );
    }
    return dedupe(warnings);
  }

  /** Shared data, then route data files, then collection/item, then search results and extras. */
  private routeData(
    config: SiteConfig,
    route: RouteConfig,
    urlId: string | undefined,
    request: RenderRequest,
  ): Rec | undefined {
    const data: Rec = {};
    for (const file of [...config.data, ...(route.data ?? [])])
      Object.assign(data, this.dataFile(file));
    if (route.collection !== undefined) {
      const { collection, items } = this.collection(route.collection);
      data.collection = collection;
      if (urlId === undefined) Object.assign(data, this.listItems(items, request.query));
      else {
        const item = items.find((it) => it.urlId === urlId);
        if (item === undefined) return undefined;
        data.item = item;
      }
    }
    const query = request.query ?? new URLSearchParams();
    data.request = { path: request.pathname, query: Object.fromEntries(query) };
    if (route.search === true) data.search = this.search(query.get('q') ?? '');
    if (request.extra !== undefined) Object.assign(data, request.extra);
    // The sign-in page (docs/storefront.md, "Sign-in and sessions"): what a form sign-in that
    // failed came back with (`?error=`), as the template's `signIn`.
    const page = data.page as Rec | undefined;
    if (typeof page === 'object' && page !== null && page.signIn === true) {
      data.signIn = signInView(signInFromQuery(query.get('error')));
    }
    // A product page after an add to cart posted without JavaScript (state/cart-notice.ts).
    if (data.item !== undefined) {
      const notice = cartNoticeFromQuery(data.item, query);
      if (notice !== undefined) data.cartNotice = notice;
      // Its additional-fields form's fields, for the product form without JavaScript.
      withAdditionalForm(data);
    }
    // The gift card page: the amount `?itemId=…&sku=…` chose, if any (state/gift-card.ts).
    if (typeof page === 'object' && page !== null && page.giftCardCheckout === true) {
      const choice = giftCardChoice(data.items, query);
      if (choice !== undefined) data.giftCardChoice = choice;
    }
    return data;
  }

  /**
   * A list page's items: those in the category `?category=` names (exact match, as the
   * category links write it), with `categoryFilter` ({ name, itemCount }) saying so; all items
   * otherwise.
   */
  private listItems(items: Rec[], query: URLSearchParams | undefined): Rec {
    const name = query?.get('category');
    if (name === null || name === undefined || name === '') return { items };
    const chosen = items.filter((item) => asArray(item.categories).includes(name));
    return { items: chosen, categoryFilter: { name, itemCount: chosen.length } };
  }

  /** Case-insensitive match of every word of the query against items' text fields. */
  private search(query: string): Rec {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const results: Rec[] = [];
    if (words.length > 0) {
      for (const item of this.allItems()) {
        const text = [item.title, item.excerpt, item.body, ...asArray(item.tags)]
          .filter((v) => typeof v === 'string')
          .join(' ')
          .replace(/<[^>]*>/g, ' ')
          .toLowerCase();
        if (words.every((w) => text.includes(w))) results.push(item);
      }
    }
    return { query, results, resultCount: results.length };
  }

  /**
   * The layout's islands present in `html`: each is an element `<… id="ID">` whose content is
   * exactly its partial applied to the page data (site.json `islands`: id -> partial).
   */
  private islands(config: SiteConfig, html: string): IslandUse[] {
    const out: IslandUse[] = [];
    for (const [id, partial] of Object.entries(config.islands)) {
      if (!html.includes(`id="${id}"`)) continue;
      let unit = this.islandUnits.get(partial);
      if (unit === undefined) {
        unit = this.options.compileUnit(`{@|apply ${partial}}`, islandUnitName(id));
        this.islandUnits.set(partial, unit);
      }
      out.push({ root: id, partial, template: preparedOf(unit) });
    }
    return out;
  }

  // ---- sources -------------------------------------------------------------------------------

  private dataFile(file: string): Rec {
    const value = this.files.json(file);
    if (!isRec(value)) {
      throw new ProblemError(siteProblem(file, 'DATA_SHAPE', `${file} must hold a JSON object`));
    }
    return value;
  }

  private collection(name: string): CollectionFile {
    const file = `data/collections/${name}.json`;
    const value = this.dataFile(file);
    if (!isRec(value.collection) || !Array.isArray(value.items)) {
      throw new ProblemError(
        siteProblem(file, 'DATA_SHAPE', `${file} must hold { "collection": {…}, "items": […] }`),
      );
    }
    return { collection: value.collection, items: value.items.filter(isRec) };
  }

  private template(name: string): CompiledFile {
    const file = `templates/${name}`;
    return this.files.get('template', file, (text) => this.options.compileUnit(text, file));
  }

  /**
   * Every file in partials/, named by file name with and without extension (as the CLI does).
   * Compiled once per file version; errors point into the partial's own file. The same set is
   * returned while the same files hold the same units (page codes are cached by it).
   */
  private partials(): PartialSet {
    const names = this.files
      .list('partials')
      .filter((name) => !name.startsWith('.'))
      .sort();
    const units = names.map((name) => {
      const file = `partials/${name}`;
      return this.files.get('template', file, (text) => this.options.compileUnit(text, file));
    });
    const last = this.partialSet;
    if (
      last !== undefined &&
      last.names.length === names.length &&
      names.every((name, i) => last.names[i] === name && last.units[i] === units[i])
    ) {
      return last;
    }
    const set: PartialSet = { compiled: {}, files: new Map(), problems: [], names, units };
    for (const [i, name] of names.entries()) {
      const unit = units[i]!;
      set.problems.push(...unit.problems);
      const stem = partialStem(name);
      for (const key of [name, stem]) {
        if (key === '' || Object.hasOwn(set.compiled, key)) continue;
        set.compiled[key] = unit.template;
        set.files.set(key, unit);
      }
    }
    this.partialSet = set;
    return set;
  }

  /** Engine errors carry the partial name (or none for the template itself): map to files. */
  private mapErrors(
    errors: readonly TemplateError[],
    main: CompiledFile,
    partials: PartialSet,
    severity: TemplateError['severity'] = 'error',
  ): SiteProblem[] {
    return errors
      .filter((e) => e.severity === severity)
      .map((e) => {
        const unit =
          e.source === undefined || e.source === main.file
            ? main
            : (partials.files.get(e.source) ?? main);
        return problemFromError(e, unit.file, unit.text);
      });
  }
}

function unescapedWarningsOf(unit: CompiledFile): TemplateError[] {
  return (unit.unescapedWarnings ??= [
    ...requestValueWarnings(unit.template),
    ...apiResponseValueWarnings(unit.template),
  ]);
}

/** The body of a status page in the layout when the site has no template of its own for it. */
const STATUS_PAGES = {
  404: { title: 'Page not found', body: '<h1>Page not found</h1>\n<p><a href="/">Home</a></p>' },
  500: {
    title: 'Something went wrong',
    body: '<h1>Something went wrong</h1>\n<p>This page could not be rendered.</p>',
  },
} as const;

/**
 * The element around the page body in the layout: `display: contents` so it adds no box, and
 * the layout's CSS applies as if it were not there (no selector in a layout can expect it).
 */
export const HYDRATION_ROOT_ID = '__jsont-root';
const HYDRATION_ROOT_OPEN = `<div id="${HYDRATION_ROOT_ID}" style="display:contents">`;
/**
 * Stands for the page body while the layout renders (see Site.plan): a comment no template or
 * data of a site would hold, which every formatter that changes its value would change.
 */
const MAIN_CONTENT_MARKER = `<!--jsont:main-content:${Math.random().toString(36).slice(2)}-->`;

function preparedOf(unit: CompiledFile): ReactTemplate {
  if (unit.prepared === undefined) {
    const { code, react, warnings } = prepareReact(unit.template);
    unit.prepared = { code, react };
    unit.structureWarnings = warnings;
  }
  return unit.prepared;
}

interface PartialSet {
  compiled: Record<string, Template>;
  files: Map<string, CompiledFile>;
  problems: SiteProblem[];
  /** The files in partials/ and their units, in order: what the set was made from. */
  names: string[];
  units: CompiledFile[];
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The same error can arrive from compile and again from render; keep the first. */
function dedupe(problems: SiteProblem[]): SiteProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}:${p.line}:${p.column}:${p.code}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A partial's name without its extension (`header.block.html` -> `header.block`). */
function partialStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/** The unit name of an island's `{@|apply partial}` (what its problems are located in). */
export const islandUnitName = (id: string): string => `site.json islands.${id}`;
