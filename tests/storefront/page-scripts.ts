/**
 * What a storefront page loads, from the production client's build (docs/benchmarks.md,
 * "Storefront budgets"): the entry and its static imports, then the dynamic imports a page
 * follows by itself — the chunks its markup or product asks for at hydration, and the analytics
 * chunk once idle — apart from the chunks that load only on a visitor's action. Shared by the
 * bundle test (sizes) and the Chromium check that a page really fetches these scripts.
 */
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { JSDOM } from 'jsdom';
import { clientBuildOptions, clientUrlOf } from '../../server/preview/client-bundle.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import {
  FORMS,
  GALLERY,
  INSTALMENT_LINK,
  POPUP_OVERLAY,
  REVIEWS_TABS,
} from '../../storefront/widget-selectors.js';

export interface Output {
  url: string;
  text: string;
  inputs: string[];
  imports: Array<{ path: string; kind: string }>;
}

export async function production(): Promise<Output[]> {
  const result = await build({ ...clientBuildOptions('production'), write: false, metafile: true });
  const metafile: Metafile = result.metafile;
  return result.outputFiles.map((file) => {
    const key = Object.keys(metafile.outputs).find((k) => file.path.endsWith(k))!;
    const meta = metafile.outputs[key];
    return {
      url: clientUrlOf(file.path.slice(file.path.lastIndexOf('/') + 1)),
      text: file.text,
      inputs: Object.keys(meta?.inputs ?? {}),
      imports: meta?.imports ?? [],
    };
  });
}

export const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
export const bytesOf = (list: Output[]) => list.reduce((sum, o) => sum + gzip(o.text), 0);

type Rule = [chunk: RegExp, selector: string];

/**
 * Chunks a page loads with no visitor action, by the elements of its HTML that ask for them
 * (storefront/start.ts, lazy-widgets.ts, hydrate.ts, storefront/analytics/load.ts).
 */
export const AT_LOAD: Rule[] = [
  // Every hydrated page, once idle (storefront/analytics/load.ts, navigation).
  [/^\/__client\/(analytics|navigation)-/, '#__jsont-root'],
  [/^\/__client\/widgets-/, '.sqs-add-to-cart-button'],
  // The reviews tabs are in the widgets' chunk.
  [/^\/__client\/widgets-/, REVIEWS_TABS],
  // The galleries and the pop-up overlay are one chunk.
  [/^\/__client\/media-widgets-/, GALLERY],
  [/^\/__client\/media-widgets-/, POPUP_OVERLAY],
  [/^\/__client\/cart-page-/, '#sqs-cart-root'],
  // A form with a captcha to render brings the forms' controller (the captcha is in it) at load.
  [/^\/__client\/form-controller-/, '[data-captcha-key]'],
];

/**
 * Chunks that load only once the visitor acts: the commerce client on the first cart call (an
 * add; or, at load, for a visitor whose cookies say they have a cart or are signed in), a
 * lightbox, quick view or the instalment modal when opened, the forms' controller when a form is
 * first focused (with its captcha and address suggestions). Counted in the widget budget and the
 * worst case.
 */
export const ON_ACTION: Rule[] = [
  [/^\/__client\/client-/, '.sqs-add-to-cart-button'],
  [/^\/__client\/instalment-modal-/, INSTALMENT_LINK],
  [/^\/__client\/additional-fields-dialog-/, '.sqs-add-to-cart-button.use-form'],
  [/^\/__client\/quick-view-dialog-/, '.sqs-product-quick-view-button'],
  [/^\/__client\/form-controller-/, FORMS],
];

/** Whether a page of this HTML loads the chunk at `url` under `rules`. */
export function asksFor(html: string, ...rules: Rule[][]): (url: string) => boolean {
  const doc = new JSDOM(html).window.document;
  const has = new Map<string, boolean>();
  const present = (selector: string) => {
    if (!has.has(selector)) has.set(selector, doc.querySelector(selector) !== null);
    return has.get(selector)!;
  };
  return (url) =>
    rules.some((list) => list.some(([chunk, selector]) => chunk.test(url) && present(selector)));
}

/**
 * The scripts a page loads: the entry, what it imports statically, and the dynamic imports asked
 * for (all of them, or those `wanted` keeps), with their own static imports.
 */
export function loaded(
  outputs: Output[],
  withWidgets: boolean,
  wanted: (url: string) => boolean = () => true,
): Output[] {
  const byUrl = new Map(outputs.map((o) => [o.url, o]));
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const i of byUrl.get(url)?.imports ?? []) {
      const target = clientUrlOf(i.path.slice(i.path.lastIndexOf('/') + 1));
      if (i.kind === 'import-statement' || (withWidgets && wanted(target))) visit(target);
    }
  };
  visit('/__client.js');
  return [...seen].map((url) => byUrl.get(url)!);
}

const site = siteFolder(resolve(import.meta.dirname, '../../fixtures/site'));

/** The HTML of each of the demo's product pages. */
export function productPages(): Array<[url: string, html: string]> {
  return site
    .urls()
    .filter((url) => url.startsWith('/shop/p/'))
    .map((url) => {
      const outcome = site.render({ pathname: url });
      if (outcome.status !== 200) throw new Error(`${url}: ${outcome.status}`);
      return [url, outcome.html];
    });
}
