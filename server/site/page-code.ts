/**
 * A page's code: the prepared page template, the partials it may apply and the layout's
 * islands (storefront/navigation/page-json.ts `PageCode`). It depends only on the templates,
 * never on the request, so it is built and serialised once per template version and island set
 * (PageCodeCache): every page of a template carries the same text in its hydration data, and a
 * client-side navigation fetches it once, by its hash, from `/__jsont/code/<hash>.json`.
 */
import type { Code } from '../../engine/code.js';
import type { Template } from '../../engine/template.js';
import type { ReactTemplate } from '../../react-renderer/index.js';
import type { HydrationBoot, HydrationIsland } from '../../storefront/hydrate.js';
import { PAGE_CODE_PREFIX, type PageCode } from '../../storefront/navigation/page-json.js';
import { QUICK_VIEW_PARTIAL } from '../../storefront/widgets/commerce/quick-view-partial.js';
import type { CompiledFile } from './units.js';

/** A page code serialised once: its text (safe inside a `<script>`) and the URL that serves it. */
export interface PageCodeText {
  /** `/__jsont/code/<hash>.json` */
  path: string;
  /** The PageCode as JSON, `<` and the JavaScript line separators escaped. */
  text: string;
}

/** A page code with its text. */
export interface PreparedPageCode extends PageCode {
  serialised: PageCodeText;
}

/** An island as the layout names it (site.json `islands`): its root id and its partial. */
export interface IslandUse {
  root: string;
  partial: string;
  template: ReactTemplate;
}

/**
 * Page codes by page unit, partial set and islands. Units and partial sets are replaced when
 * their files change (FileCache), so a changed template never meets a stale code; the weak
 * maps let the old ones go.
 */
export class PageCodeCache {
  private readonly byPartials = new WeakMap<
    object,
    WeakMap<CompiledFile, Map<string, PreparedPageCode>>
  >();

  get(
    page: CompiledFile,
    template: ReactTemplate,
    partials: { compiled: Record<string, Template> },
    islands: readonly IslandUse[],
    root: string,
  ): PreparedPageCode {
    let byPage = this.byPartials.get(partials);
    if (byPage === undefined) this.byPartials.set(partials, (byPage = new WeakMap()));
    let byIslands = byPage.get(page);
    if (byIslands === undefined) byPage.set(page, (byIslands = new Map()));
    const key = islands.map((i) => `${i.root}\u0000${i.partial}`).join('\u0001');
    let code = byIslands.get(key);
    if (code === undefined) {
      const shipped: HydrationIsland[] = islands.map((i) => ({
        root: i.root,
        template: i.template,
      }));
      const fields: PageCode = {
        root,
        template,
        partials: shippedPartials(
          [page.template.code, ...islands.map((i) => i.template.code)] as unknown as Code,
          partials.compiled,
        ),
        islands: shipped,
      };
      code = { ...fields, serialised: serialisePageCode(fields) };
      byIslands.set(key, code);
    }
    return code;
  }
}

/** The page code's text and URL (named by a hash of the text). */
export function serialisePageCode(code: PageCode): PageCodeText {
  const text = scriptJson({
    root: code.root,
    template: code.template,
    partials: code.partials,
    islands: code.islands,
  });
  return { path: `${PAGE_CODE_PREFIX}${contentHash(text)}.json`, text };
}

/**
 * The hydration data of a rendered page (Site's plan or outcome) as
 * `<script type="application/json">` content: its code's text as serialised once, with the
 * request's data and render options added. Undefined for a page without hydration data.
 */
export function hydrationJson(page: {
  hydration?: Pick<HydrationBoot, 'data' | 'locale' | 'now'>;
  code?: PageCodeText;
}): string | undefined {
  const { hydration, code } = page;
  if (hydration === undefined || code === undefined) return undefined;
  return codeFields(code) + requestFields(hydration);
}

/** The start of the hydration JSON: the page code's text without its closing brace. */
export const codeFields = (code: PageCodeText): string => code.text.slice(0, -1);

/** The rest of the hydration JSON after codeFields: the request's data and render options. */
export function requestFields(hydration: Pick<HydrationBoot, 'data' | 'locale' | 'now'>): string {
  return (
    `,"data":${scriptJson(hydration.data)}` +
    `,"locale":${scriptJson(hydration.locale)},"now":${scriptJson(hydration.now)}}`
  );
}

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) =>
    c === '<' ? '\\u003c' : c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/**
 * 64 bits of `text` as 16 hex digits (two FNV-1a style lanes with different primes): names a
 * cache entry or a weak validator, not a secret, and needs no `node:crypto` (the site handler
 * runs on web-standard runtimes) and no asynchronous Web Crypto call per request.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/**
 * The partials a page's templates use, and the quick view's when they apply the
 * `product-quick-view` formatter (the dialog renders it in the browser).
 */
function shippedPartials(code: Code, compiled: Record<string, Template>): Record<string, Code> {
  const used = partialsUsed(code, compiled);
  if (!JSON.stringify([code, used]).includes('"product-quick-view"')) return used;
  return { ...used, ...partialsUsed([QUICK_VIEW_PARTIAL] as unknown as Code, compiled) };
}

/**
 * The compiled partials `code` may apply or include, transitively. Partial names are literal
 * strings in the code tree (formatter arguments, include names), so every string that names a
 * partial counts: at worst an unused partial is shipped, never a needed one left out.
 */
function partialsUsed(code: Code, compiled: Record<string, Template>): Record<string, Code> {
  const used: Record<string, Code> = {};
  const pending: unknown[] = [code];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) for (const item of value as unknown[]) pending.push(item);
    else if (
      typeof value === 'string' &&
      Object.hasOwn(compiled, value) &&
      !Object.hasOwn(used, value)
    ) {
      used[value] = compiled[value]!.code;
      pending.push(used[value]);
    }
  }
  return used;
}
