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
import { HYDRATION_ROOT_ID } from '../site.js';
import { SiteContent } from './content.js';
import { layoutFor, loadModel, PlatformFileError, type PlatformModel } from './model.js';
import type { FolderReader } from './reader.js';
import { allPaths, resolveRoute, type PlatformRoute } from './routes.js';
import { PLACEHOLDER_PREFIX, placeholderSvg } from './sample.js';
import { readSnapshot } from './snapshots.js';
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
}

export type PlatformOutcome =
  | { status: 200 | 404; html: string; url: string | null; hydration?: HydrationBoot }
  | { status: 404; html?: undefined }
  | { status: 302; location: string }
  | { status: 500; problems: SiteProblem[] };

interface Unit {
  file: string;
  text: string;
  template: Template;
  uses: TagUse[];
  unknown: UnknownTag[];
  problems: SiteProblem[];
}

export interface PlatformSiteOptions {
  now?: () => number;
  locale?: string;
}

export class PlatformSite {
  private readonly keys = new TagKeys();
  private readonly units = new Map<string, Unit>();
  private readonly reported = new Set<string>();

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
   * The folder's problems: unreadable .conf files, template compile errors, unknown tags
   * (warnings, code UNKNOWN_TAG) and missing blocks a tag names.
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
    const report = (unit: Unit) =>
      problems.push(
        ...unit.problems,
        ...unit.unknown.map((u) => unknownProblem(u, this.textOf(u.file, unit))),
      );
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

  /** Unknown tags not reported yet (the server prints each once). */
  newWarnings(): SiteProblem[] {
    const out: SiteProblem[] = [];
    for (const unit of this.units.values()) {
      for (const u of unit.unknown) {
        const key = `${u.file}:${u.line}:${u.column}:${u.name}`;
        if (this.reported.has(key)) continue;
        this.reported.add(key);
        out.push(unknownProblem(u, this.textOf(u.file, unit)));
      }
    }
    return out;
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
    const problems = units.flatMap((u) => u.problems);
    if (problems.length > 0) return { status: 500, problems };

    const cart = (request.extra?.cart ?? {}) as Rec;
    const state: PageState = {
      route,
      content,
      blockFields: (snapshot.blockFields as Rec | undefined) ?? {},
      cartQuantity: typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0,
      scripts: model.scripts,
    };
    const tags: Rec = {};
    for (const unit of units) for (const use of unit.uses) tags[use.key] = tagValue(use, state);
    const data: Rec = {
      ...this.pageData(model, route, content),
      ...snapshot,
      request: { path: request.pathname, query: Object.fromEntries(request.query ?? []) },
      ...request.extra,
      [TAG_DATA_KEY]: tags,
    };
    const view = storefrontData(data, initialState(data)) as Rec;
    const options = {
      partials: partials.compiled as unknown as Record<string, Code>,
      locale: this.options.locale ?? 'en-US',
      now: (this.options.now ?? Date.now)(),
    };
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
          partials: Object.fromEntries(
            Object.entries(partials.compiled).map(([k, t]) => [k, t.code]),
          ),
          locale: options.locale,
          now: options.now,
        }
      : undefined;
    return { status: 200, html: page.html, url: route.path, ...(hydration && { hydration }) };
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
    if (route.kind === 'page') return this.required(route.page.file);
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
      compiled[name] = this.standIn(`(stand-in ${name})`, text).template;
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
    if (parts !== undefined)
      for (const u of rewritten.unknown) Object.assign(u, regionOf(u, parts));
    const unit = {
      file,
      text,
      template,
      uses: rewritten.uses,
      unknown: rewritten.unknown,
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

function unknownProblem(u: UnknownTag, text: string): SiteProblem {
  const error = {
    code: 'UNKNOWN_TAG',
    message: `unknown tag ${u.name}: it renders as nothing`,
    line: u.line,
    column: u.column,
    severity: 'warning' as const,
  };
  return problemFromError(error, u.file, text);
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
