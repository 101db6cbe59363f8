/**
 * A developer-platform template folder served as a site (docs/developer-platform.md): the same
 * render/check surface as the site.json layout's Site, reading its folder through an injected
 * FolderReader (no file system here). Templates are rewritten for the squarespace: tags
 * (tags.ts), compiled once per text, and rendered with the tag values of the page
 * (tag-values.ts); the page body goes into the layout's regions inside the hydration root, so
 * the storefront runtime hydrates it as on the demo store.
 */
import {
  compile,
  prepareReact,
  render,
  type Code,
  type Template,
  type TemplateError,
} from '../../../index.js';
import type { HydrationBoot } from '../../../storefront/hydrate.js';
import { initialState, storefrontData } from '../../../storefront/state/page-data.js';
import { problemFromError, siteProblem, type SiteProblem } from '../problems.js';
import { HYDRATION_ROOT_ID, type RenderOutcome } from '../site.js';
import { SiteContent } from './content.js';
import { layoutFor, loadModel, PlatformFileError, type PlatformModel } from './model.js';
import type { FolderReader } from './reader.js';
import { allPaths, resolveRoute, type PlatformRoute } from './routes.js';
import { PLACEHOLDER_PREFIX, placeholderSvg } from './sample.js';
import { routeView } from './list-view.js';
import { readSiteSnapshot, readSnapshot } from './snapshots.js';
import { parseTweaks, tweakClasses, tweakValues } from './tweaks.js';
import { appliedPartials, missingPartialTemplate, type PartialUse } from './partials.js';
import { STAND_IN_ITEM, STAND_IN_LAYOUT, STAND_IN_LIST, SYSTEM_PARTIALS } from './standins.js';
import { tagValue, type PageState } from './tag-values.js';
import { rewriteTags, TAG_DATA_KEY, TagKeys, type TagUse, type UnknownTag } from './tags.js';

type Rec = Record<string, unknown>;

/** The element around the page body, as the site.json layout's (site.ts). */
const ROOT_OPEN = `<div id="${HYDRATION_ROOT_ID}" style="display:contents">`;

export interface PlatformRequest {
  pathname: string;
  query?: URLSearchParams;
  extra?: Rec;
  /**
   * Also render the layout around an empty hydration root (`shell`): what a client-side
   * navigation needs besides the page's data (`?format=page`, docs/navigation.md).
   */
  shell?: boolean;
}

/** A rendered page: the fields of the site.json layout's outcome that apply here. */
type RenderedPage = Pick<
  Extract<RenderOutcome, { html: string }>,
  'status' | 'html' | 'url' | 'hydration' | 'shell'
>;

export type PlatformOutcome =
  | RenderedPage
  | { status: 404; html?: undefined }
  | { status: 302; location: string }
  | { status: 500; problems: SiteProblem[] };

interface Unit {
  file: string;
  text: string;
  template: Template;
  uses: TagUse[];
  unknown: UnknownTag[];
  applies: PartialUse[];
  problems: SiteProblem[];
}

export interface PlatformSiteOptions {
  now?: () => number;
  locale?: string;
  /** Tweak values over tweaks.json (`--tweak`): class tweaks become page classes. */
  tweaks?: Record<string, string>;
}

export class PlatformSite {
  private readonly keys = new TagKeys();
  private readonly units = new Map<string, Unit>();
  private readonly reported = new Set<string>();
  /** Partial names the folder provides (blocks and built-in stand-ins), as of the last render. */
  private available = new Set<string>();

  constructor(
    readonly reader: FolderReader,
    private readonly options: PlatformSiteOptions = {},
  ) {}

  model(): PlatformModel {
    return loadModel(this.reader);
  }

  content(): SiteContent {
    return new SiteContent(this.model(), (route) => readSnapshot(this.reader, route));
  }

  urls(): string[] {
    return allPaths(this.content());
  }

  /** Product items of every collection (the commerce catalog prices carts with them). */
  allItems(): Rec[] {
    const content = this.content();
    return content.model.collections.flatMap((c) => content.content(c).items);
  }

  /** Sample images (PLACEHOLDER_PREFIX); undefined for any other path. */
  resource(pathname: string): { type: string; body: string } | undefined {
    if (!pathname.startsWith(PLACEHOLDER_PREFIX) || !pathname.endsWith('.svg')) return undefined;
    const label = safeDecode(pathname.slice(PLACEHOLDER_PREFIX.length, -4)).replace(/-/g, ' ');
    return { type: 'image/svg+xml', body: placeholderSvg(label) };
  }

  render(request: PlatformRequest): PlatformOutcome {
    try {
      return this.renderOrThrow(request);
    } catch (err) {
      if (err instanceof PlatformFileError)
        return { status: 500, problems: [fileProblem(err, this.reader)] };
      throw err;
    }
  }

  /**
   * The folder's problems: unreadable .conf files, template compile errors, and as warnings
   * (isPlatformWarning) unknown tags and partials applied that neither blocks/ nor the built-in
   * stand-ins provide.
   */
  check(): SiteProblem[] {
    let model: PlatformModel;
    try {
      model = this.model();
    } catch (err) {
      if (err instanceof PlatformFileError) return [fileProblem(err, this.reader)];
      throw err;
    }
    const problems: SiteProblem[] = [];
    const available = this.partialNames(model);
    // Layouts share regions: a problem of a shared region is reported once.
    const seen = new Set<string>();
    const report = (unit: Unit) => {
      for (const problem of [...unit.problems, ...this.warnings(unit, available)]) {
        if (!seen.has(problem.frame)) problems.push(problem);
        seen.add(problem.frame);
      }
    };
    for (const layout of model.layouts) {
      try {
        report(this.regionsUnit(layout.regions));
      } catch (err) {
        if (!(err instanceof PlatformFileError)) throw err;
        problems.push(fileProblem(err, this.reader));
      }
    }
    const files = [
      ...model.collections.flatMap((c) => [c.list, c.item].filter((f) => f !== undefined)),
      ...model.pages.map((p) => p.file),
      ...model.blocks.map((b) => `blocks/${b}`),
    ];
    for (const file of files) {
      const unit = this.unit(file);
      if (unit === undefined)
        problems.push(siteProblem(file, 'FILE_MISSING', `cannot read ${file}`));
      else report(unit);
    }
    return problems;
  }

  /** Warnings not reported yet (the server prints each once). */
  newWarnings(): SiteProblem[] {
    const out: SiteProblem[] = [];
    for (const unit of this.units.values()) {
      for (const warning of this.warnings(unit, this.available)) {
        if (this.reported.has(warning.frame)) continue;
        this.reported.add(warning.frame);
        out.push(warning);
      }
    }
    return out;
  }

  /** A unit's unknown tags, and the partials it applies that `available` lacks. */
  private warnings(unit: Unit, available: ReadonlySet<string>): SiteProblem[] {
    const warning = (at: PartialUse, code: string, message: string) =>
      problemFromError(
        { code, message, line: at.line, column: at.column, severity: 'warning' },
        at.file,
        this.textOf(at.file, unit),
      );
    return [
      ...unit.unknown.map((u) =>
        warning(u, 'UNKNOWN_TAG', `unknown tag ${u.name}: it renders as nothing`),
      ),
      ...unit.applies
        .filter((a) => !available.has(a.name))
        .map((a) =>
          warning(
            a,
            'UNKNOWN_PARTIAL',
            `no block ${a.name} in blocks/ and no built-in stand-in: a labelled placeholder renders in its place`,
          ),
        ),
    ];
  }

  /** The text of `file` for a code frame: the region's own text when `unit` joins regions. */
  private textOf(file: string, unit: Unit): string {
    return file === unit.file ? unit.text : (this.reader.read(file) ?? '');
  }

  // ---- rendering -----------------------------------------------------------------------------

  private renderOrThrow(request: PlatformRequest): PlatformOutcome {
    const content = this.content();
    const route = resolveRoute(content, request.pathname);
    if (route === undefined) return { status: 404 };
    if (route.kind === 'redirect') return { status: 302, location: route.to };
    const model = content.model;
    const snapshot = readSnapshot(this.reader, route.path) ?? {};
    const main = this.mainUnit(route);
    const layoutName =
      route.kind === 'page' ? route.page.layout : str(route.collection.conf.layout);
    const layout = layoutFor(model, layoutName);
    const layoutUnit =
      layout === undefined
        ? this.standIn('(stand-in layout)', STAND_IN_LAYOUT)
        : this.regionsUnit(layout.regions);
    const partials = this.partials(model);
    const units = [main, layoutUnit, ...partials.units];
    this.available = new Set(Object.keys(partials.compiled));
    for (const use of units.flatMap((u) => u.applies)) {
      if (partials.compiled[use.name] !== undefined) continue;
      const text = missingPartialTemplate(use.name);
      partials.compiled[use.name] = this.standIn(`(stand-in ${use.name})`, text).template;
    }
    const problems = units.flatMap((u) => u.problems);
    if (problems.length > 0) return { status: 500, problems };

    const cart = (request.extra?.cart ?? {}) as Rec;
    const query = request.query ?? new URLSearchParams();
    const now = (this.options.now ?? Date.now)();
    const pageData: Rec = {
      ...this.pageData(model, route, content),
      ...readSiteSnapshot(this.reader),
      ...snapshot,
      ...routeView(route, content, query, snapshot, now),
      request: { path: request.pathname, query: Object.fromEntries(query) },
      ...request.extra,
    };
    const options = {
      partials: partials.compiled as unknown as Record<string, Code>,
      locale: this.options.locale ?? 'en-US',
      now,
    };
    const state: PageState = {
      route,
      content,
      blockFields: (snapshot.blockFields as Rec | undefined) ?? {},
      cartQuantity: typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0,
      hasScript: (file) => this.reader.read(`scripts/${file}`) !== undefined,
      tweakClasses: this.tweakClasses(model),
      expand: (text) => render(compile(text), pageData, options).html,
    };
    const tags: Rec = {};
    for (const unit of units) for (const use of unit.uses) tags[use.key] = tagValue(use, state);
    const data: Rec = { ...pageData, [TAG_DATA_KEY]: tags };
    const view = storefrontData(data, initialState(data)) as Rec;
    const body = render(main.template, view, options);
    const mainContent = `${ROOT_OPEN}${body.html}</div>`;
    // The body goes only into the layout's copy of the tag table: the hydration data keeps
    // the table the body was rendered with, without the page's HTML in it again.
    const layoutTags: Rec = { ...tags };
    for (const use of layoutUnit.uses)
      if (use.name === 'main-content') layoutTags[use.key] = mainContent;
    const page = render(layoutUnit.template, { ...view, [TAG_DATA_KEY]: layoutTags }, options);
    const errors = [...body.errors, ...page.errors].filter((e) => e.severity === 'error');
    if (errors.length > 0) {
      return {
        status: 500,
        problems: errors.map((e) => problemFromError(e, e.source ?? main.file, main.text)),
      };
    }
    const prepared = prepareReact(main.template);
    const hydration: HydrationBoot | undefined = page.html.includes(ROOT_OPEN)
      ? {
          root: HYDRATION_ROOT_ID,
          template: { code: prepared.code, react: prepared.react },
          data,
          // The partials the page's files apply (not every built-in stand-in).
          partials: Object.fromEntries(
            [...new Set(units.flatMap((u) => u.applies.map((a) => a.name)))].map((name) => [
              name,
              partials.compiled[name]!.code,
            ]),
          ),
          locale: options.locale,
          now: options.now,
        }
      : undefined;
    const shell = () => {
      const empty: Rec = { ...layoutTags };
      for (const use of layoutUnit.uses)
        if (use.name === 'main-content') empty[use.key] = `${ROOT_OPEN}</div>`;
      return render(layoutUnit.template, { ...view, [TAG_DATA_KEY]: empty }, options).html;
    };
    return {
      status: 200,
      html: page.html,
      url: route.path,
      ...(hydration && { hydration }),
      ...(request.shell === true && { shell: shell() }),
    };
  }

  private pageData(
    model: PlatformModel,
    route: Exclude<PlatformRoute, { kind: 'redirect' }>,
    content: SiteContent,
  ): Rec {
    const website = { siteTitle: model.name, baseUrl: '', socialAccounts: [] };
    if (route.kind === 'page') {
      return {
        website,
        collection: { title: route.page.title, typeName: 'page', fullUrl: route.path },
      };
    }
    const { collection, items } = content.content(route.collection);
    return route.kind === 'list'
      ? { website, collection, items }
      : { website, collection, item: route.item };
  }

  private mainUnit(route: Exclude<PlatformRoute, { kind: 'redirect' }>): Unit {
    if (route.kind === 'page')
      return route.page.standIn === undefined
        ? this.required(route.page.file)
        : this.standIn(route.page.file, route.page.standIn);
    const file = route.kind === 'list' ? route.collection.list : route.collection.item;
    if (file !== undefined) return this.required(file);
    return route.kind === 'list'
      ? this.standIn('(stand-in list)', STAND_IN_LIST)
      : this.standIn('(stand-in item)', STAND_IN_ITEM);
  }

  /** A layout: its regions' texts joined (each region keeps its own file for errors). */
  private regionsUnit(regions: string[]): Unit {
    const texts = regions.map((r) => this.reader.read(regionFile(r)));
    const missing = regions.find((_, i) => texts[i] === undefined);
    if (missing !== undefined) {
      const file = regionFile(missing);
      throw new PlatformFileError(file, 'FILE_MISSING', `cannot read ${file}`);
    }
    if (regions.length === 1) return this.required(regionFile(regions[0]!));
    const parts = regions.map((r, i) => ({ file: regionFile(r), text: texts[i]! }));
    return this.compileUnit(parts.map((p) => p.file).join('+'), texts.join(''), parts);
  }

  private partials(model: PlatformModel): { compiled: Record<string, Template>; units: Unit[] } {
    const compiled: Record<string, Template> = {};
    const units: Unit[] = [];
    for (const [name, text] of Object.entries(SYSTEM_PARTIALS)) {
      // Templates apply them with and without `.block` (`sqs-social-links.block`).
      compiled[name] = compiled[`${name}.block`] = this.standIn(
        `(stand-in ${name})`,
        text,
      ).template;
    }
    for (const block of model.blocks) {
      const unit = this.required(`blocks/${block}`);
      units.push(unit);
      // By file name, and without `.block` too, so a block overrides a system partial's name.
      compiled[block] = unit.template;
      compiled[block.slice(0, -'.block'.length)] = unit.template;
    }
    return { compiled, units };
  }

  /** The body classes of the stylesheets' class tweaks, with the folder's values over them. */
  private tweakClasses(model: PlatformModel): string[] {
    const texts = model.stylesheets.map((sheet) => this.reader.read(`styles/${sheet}`) ?? '');
    const names = new Set(texts.flatMap((t) => parseTweaks(t).classTweaks.map((c) => c.name)));
    return tweakClasses(texts, tweakValues(this.reader, names, this.options.tweaks).values);
  }

  /** The partial names `partials` provides, without compiling anything. */
  private partialNames(model: PlatformModel): Set<string> {
    const names = Object.keys(SYSTEM_PARTIALS).flatMap((n) => [n, `${n}.block`]);
    for (const block of model.blocks) names.push(block, block.slice(0, -'.block'.length));
    return new Set(names);
  }

  private required(file: string): Unit {
    const unit = this.unit(file);
    if (unit === undefined)
      throw new PlatformFileError(file, 'FILE_MISSING', `cannot read ${file}`);
    return unit;
  }

  private unit(file: string): Unit | undefined {
    const text = this.reader.read(file);
    return text === undefined ? undefined : this.compileUnit(file, text);
  }

  private standIn(file: string, text: string): Unit {
    return this.compileUnit(file, text);
  }

  /** Compiled once per file text: a save makes a new unit, the old one is dropped. */
  private compileUnit(file: string, text: string, parts?: RegionPart[]): Unit {
    const hit = this.units.get(file);
    if (hit !== undefined && hit.text === text) return hit;
    const rewritten = rewriteTags(text, file, this.keys);
    const template = compile(rewritten.text, { name: file });
    const problems = template.errors
      .filter((e) => e.severity === 'error')
      .map((e) => inRegion(e, parts) ?? problemFromError(e, file, text));
    const applies = appliedPartials(text, file, rewritten.uses);
    if (parts !== undefined)
      for (const u of [...rewritten.unknown, ...applies]) Object.assign(u, regionOf(u, parts));
    const unit = {
      file,
      text,
      template,
      uses: rewritten.uses,
      unknown: rewritten.unknown,
      applies,
      problems,
    };
    this.units.set(file, unit);
    return unit;
  }
}

interface RegionPart {
  file: string;
  text: string;
}

/** Where line `line` of the joined regions is: the region file and its own line. */
function regionOf(at: { line: number }, parts: RegionPart[]): { file: string; line: number } {
  let line = at.line;
  for (const part of parts) {
    // Regions are joined end to start: a region's last line continues into the next one.
    const count = part.text.split('\n').length;
    if (line <= count) return { file: part.file, line };
    line -= count - 1;
  }
  return { file: parts[parts.length - 1]!.file, line };
}

function inRegion(error: TemplateError, parts: RegionPart[] | undefined): SiteProblem | undefined {
  if (parts === undefined) return undefined;
  const { file, line } = regionOf(error, parts);
  const text = parts.find((p) => p.file === file)!.text;
  return problemFromError({ ...error, line }, file, text);
}

export function regionFile(region: string): string {
  return region.endsWith('.region') ? region : `${region}.region`;
}

/** Codes of the problems that are warnings: the page still renders. */
const WARNING_CODES = new Set(['UNKNOWN_TAG', 'UNKNOWN_PARTIAL', 'STYLESHEET_MISSING']);

export function isPlatformWarning(problem: SiteProblem): boolean {
  return WARNING_CODES.has(problem.code);
}

function fileProblem(err: PlatformFileError, reader: FolderReader): SiteProblem {
  return siteProblem(
    err.file,
    err.code,
    err.message,
    reader.read(err.file) ?? '',
    err.line,
    err.column,
  );
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
