/**
 * No script runs after hydration that the server's HTML did not run (issue 24, defect 1): the
 * demo product page with an item whose excerpt and body are markup in and around SVG and
 * MathML (tests/react/foreign-arbitraries.ts) — issue 24's 40 excerpts, each a comment or CDATA
 * section in an SVG or MathML text element hiding an `<iframe srcdoc>` whose image's error
 * handler counts in `window.__xss`, and generated values — loaded without its client script,
 * then hydrated with React's production build (what the site ships). Once every image and
 * srcdoc frame in the document has loaded or failed, the count is what it was before
 * hydration (0 where the server's DOM is inert), no server node was replaced, and nothing
 * was logged. Waits are for conditions (images complete, frames loaded), never for a time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { render } from '../../index.js';
import { chromiumAvailable } from './chromium.js';
import {
  loadServerHtml,
  runClient,
  useSiteInChromium,
  watchPage,
  type SiteInChromium,
  type Watched,
} from './site-harness.js';
import {
  FOREIGN_ROOTS,
  foreignValue,
  hoistedByReact,
  OPENERS,
  TEXT_TAGS,
} from '../react/foreign-arbitraries.js';
import { outsideReact } from '../react/arbitraries.js';
import { siteTemplate, storeData } from '../react/demo-site.js';

const PRODUCT = '/shop/p/linen-work-apron';

/** Issue 24's excerpt for each root, text element and opener, counting in `__xss` when live. */
const EXCERPTS = FOREIGN_ROOTS.flatMap((root) =>
  TEXT_TAGS.flatMap((tag) =>
    OPENERS.map(
      ([open, close]) =>
        `<${root}><${tag}>${open}</${tag}></${root}>` +
        `<iframe srcdoc="<img src=x onerror=parent.__xss=(parent.__xss|0)+1>"></iframe>` +
        `${close}</${tag}></${root}>`,
    ),
  ),
);

/**
 * The images and srcdoc frames in the page (and in those frames) that have not loaded or failed
 * yet, described: none once the page has settled.
 */
function unsettled(): string[] {
  const waiting: string[] = [];
  const visit = (doc: Document): void => {
    for (const img of doc.images) if (!img.complete) waiting.push(img.outerHTML);
    for (const frame of doc.querySelectorAll('iframe')) {
      if (!(frame instanceof HTMLIFrameElement) || !frame.hasAttribute('srcdoc')) continue;
      const inner = frame.contentDocument;
      const loaded =
        inner !== null &&
        frame.contentWindow?.location.href === 'about:srcdoc' &&
        inner.readyState === 'complete';
      if (loaded) visit(inner);
      else waiting.push(frame.outerHTML);
    }
  };
  visit(document);
  return waiting;
}

async function settle(page: Page): Promise<void> {
  try {
    await page.waitForFunction(`(${unsettled.toString()})().length === 0`);
  } catch (error) {
    throw new Error(`still loading: ${await page.evaluate(unsettled)}`, { cause: error });
  }
}

/** Whether an element after `html` is still an element in the browser's DOM. */
function endsInMarkup(html: string): boolean {
  const find = (node: DefaultTreeAdapterMap['node']): boolean =>
    ('attrs' in node && node.attrs.some((attr) => attr.name === 'id' && attr.value === MARK)) ||
    ('childNodes' in node && node.childNodes.some(find));
  return find(parse(`<!DOCTYPE html><body>${html}<i id="${MARK}"></i>`));
}
const MARK = 'jsont-after-the-values';

interface Outcome {
  /** `__xss` once the server's HTML has settled, and once the hydrated page has. */
  before: number;
  after: number;
  /** Server elements no longer in the document after hydration. */
  replaced: number;
  problems: string[];
}

describe.skipIf(!chromiumAvailable())('foreign content hydrated in Chromium', () => {
  let site: SiteInChromium;
  // Preview only: it edits the site's data while the server runs and holds the client script
  // back (`/__client.js`); a served build's data and entry are fixed when it is built.
  useSiteInChromium('jsont-foreign-', { clientBuild: 'production', log: () => {} }, (up) => {
    site = up;
  });

  /**
   * The product page with the apron's excerpt and body set, loaded and hydrated in `watched`'s
   * page.
   */
  async function hydrated(
    { page, problems, pageErrors }: Watched,
    excerpt: string,
    body: string,
  ): Promise<Outcome> {
    const shopFile = join(site.dir, 'data', 'collections', 'shop.json');
    const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as {
      items: Array<{ urlId: string; excerpt: string; body: string }>;
    };
    const apron = shop.items.find((item) => item.urlId === 'linen-work-apron')!;
    Object.assign(apron, { excerpt, body });
    writeFileSync(shopFile, JSON.stringify(shop));
    await loadServerHtml(page, site.base, PRODUCT);
    await settle(page);
    // What the server's HTML does itself (an SVG script's text run as script) is not hydration's.
    problems.length = 0;
    pageErrors.length = 0;
    const before = await page.evaluate(() => {
      const w = window as unknown as { __server: Element[]; __xss?: number };
      w.__server = [...document.querySelectorAll('#__jsont-root *')];
      return w.__xss ?? 0;
    });
    await runClient(page);
    await settle(page);
    const { after, replaced } = await page.evaluate(() => {
      const w = window as unknown as { __server: Element[]; __xss?: number };
      return {
        after: w.__xss ?? 0,
        replaced: w.__server.filter((el) => !el.isConnected).length,
      };
    });
    return { before, after, replaced, problems: [...problems, ...pageErrors] };
  }

  /**
   * Whether a page with these values can hydrate at all: React can name its nodes and hoists
   * none of them, and the values leave the markup after them markup (an unclosed comment or a
   * `<plaintext>` takes in the rest of the page, the client script's data included).
   */
  function hydratable(excerpt: string, body: string): boolean {
    const data = storeData(0) as { item: Record<string, unknown> };
    const values = { ...data, item: { ...data.item, excerpt, body } };
    const html = render(siteTemplate('product.html'), values).html;
    return !outsideReact(html, false) && !hoistedByReact(html) && endsInMarkup(html);
  }

  async function check(pairs: Array<[string, string]>): Promise<number> {
    let inert = 0;
    const watched = watchPage(await site.newPage());
    try {
      for (const [excerpt, body] of pairs) {
        const label = JSON.stringify([excerpt, body]);
        const outcome = await hydrated(watched, excerpt, body).catch((error: unknown) => {
          throw new Error(`${label}: ${String(error)}`, { cause: error });
        });
        expect(outcome, label).toEqual({ ...outcome, after: outcome.before, replaced: 0 });
        // (The React path's own warnings, such as a value leaving its element, are expected.)
        const logged = outcome.problems.filter((text) => !text.startsWith('warning: [jsont]'));
        expect(logged, label).toEqual([]);
        if (outcome.before === 0) inert++;
      }
    } finally {
      await watched.page.close();
    }
    return inert;
  }

  it("hydrates issue 24's 40 excerpts without running their script", async () => {
    const pairs = EXCERPTS.map((excerpt, i): [string, string] => [excerpt, EXCERPTS[39 - i]!]);
    // 39 of them are inert in the browser (`<svg><title>` is an integration point: there the
    // CDATA is a bogus comment, and the iframe live in the server's HTML already): of the 20
    // pages, 19 run no script at all.
    expect(pairs.every(([excerpt, body]) => hydratable(excerpt, body))).toBe(true);
    expect(await check(pairs.slice(0, 20))).toBe(19);
  }, 300_000);

  // A fixed seed in `npm test`, so that a landing run is repeatable; JSONT_PROPERTY_SEED=<n> runs
  // another (docs/react-path.md lists the seeds run by hand). Each pair a seed found is kept below.
  it('hydrates generated values in and around SVG and MathML without running script', async () => {
    const seed = Number(process.env['JSONT_PROPERTY_SEED'] ?? 20261128);
    const pairs = fc
      .sample(fc.tuple(foreignValue, foreignValue), { numRuns: 60, seed })
      .filter(([excerpt, body]) => hydratable(excerpt, body))
      .slice(0, 20);
    expect(pairs.length, `seed ${seed}`).toBeGreaterThan(10);
    await check(pairs);
  }, 300_000);

  // Pairs the property above found with other seeds (issue 24). The first excerpt's `</div>`
  // closes the template's element, so the template's own `</div>` closes the element the page
  // is rendered into; the second leaves a `<table>` open (a breakout from MathML), which fosters
  // the footer's content after it. Hydrating either failed (React #418) and React's client
  // render replaced the server's nodes, running the first one's script again. The roots are
  // now left as the server sent them, with a warning.
  it('leaves roots whose markup does not stay in its element as the server sent them', async () => {
    await check([
      [CLOSES_ROOT.excerpt, CLOSES_ROOT.body],
      [LEAVES_TABLE_OPEN.excerpt, LEAVES_TABLE_OPEN.body],
    ]);
  }, 300_000);
});

const XSS_IMG = '<img src="data:," onerror="window.__xss=(window.__xss|0)+1">';
const XSS_IFRAME = '<iframe srcdoc="<img src=x onerror=parent.__xss=(parent.__xss|0)+1>"></iframe>';
/** Pairs the Chromium property found (excerpt, body). */
const CLOSES_ROOT = {
  excerpt:
    `<clippath>${XSS_IFRAME}${XSS_IMG}${XSS_IFRAME}<ul></div><math>` +
    `${XSS_IMG}${XSS_IMG}${XSS_IFRAME}${XSS_IMG}-->`,
  body: `<svg><textarea><![CDATA[</textarea>${XSS_IMG}]]></textarea></svg>`,
};
const LEAVES_TABLE_OPEN = {
  excerpt: `<math><table><script><![CDATA[</script>${XSS_IMG}]]></script></math>`,
  body: `${XSS_IFRAME}${XSS_IFRAME}`,
};
