/**
 * What the site server embeds for hydration (docs/architecture.md, "Hydration"): the page
 * body inside the hydration root, whose content is exactly the page template's `render` output,
 * and `#__jsont` with the prepared template (cached with the compile), the page data, the
 * partials the template applies (code trees) and the render options — script-safe JSON.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compile, prepareReact, render } from '../../index.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { HYDRATION_ROOT_ID } from '../../server/site/site.js';
import type { HydrationBoot } from '../../storefront/hydrate.js';
import { initialState, storefrontData } from '../../storefront/state/page-data.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const NOW = Date.parse('2026-11-20T12:00:00Z');

let server: SiteServer;
let base: string;
beforeAll(async () => {
  server = createSiteServer({ root: SITE, dbFile: ':memory:', now: () => NOW, log: () => {} });
  base = await server.listen(0, '127.0.0.1');
});
afterAll(() => server.close());

async function page(path: string): Promise<{ html: string; boot: HydrationBoot }> {
  const html = await (await fetch(base + path)).text();
  const json = /<script type="application\/json" id="__jsont">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, path).toBeDefined();
  return { html, boot: JSON.parse(json!) as HydrationBoot };
}

/** The content of the hydration root in the served HTML (it holds no nested root marker). */
function rootContent(html: string): string {
  const open = `<div id="${HYDRATION_ROOT_ID}" style="display:contents">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('\n  </main>', start);
  return html.slice(start + open.length, end - '</div>'.length);
}

describe('hydration data of served pages', () => {
  it('wraps exactly the page template output and ships what rendering it again needs', async () => {
    const { html, boot } = await page('/shop/p/linen-work-apron');
    expect(boot.root).toBe(HYDRATION_ROOT_ID);
    expect(boot.now).toBe(NOW);
    expect(boot.locale).toBe('en-US');
    const source = readFileSync(join(SITE, 'templates', 'product.html'), 'utf8');
    const template = compile(source, { name: 'templates/product.html' });
    const { code, react } = prepareReact(template);
    expect(boot.template).toEqual(JSON.parse(JSON.stringify({ code, react })));
    expect((boot.data as { item: { urlId: string } }).item.urlId).toBe('linen-work-apron');
    // The page applies the instalment pill, the reviews parts and the restock sign-up; the
    // header island the header and nav, the footer island its newsletter form (`footer` is
    // shipped too: the footer's data path `footer.note` names it, see shippedPartials; and so is
    // `form`, the form partial's bare name, which the product form's widgets take as their
    // argument: `variants-select form`).
    expect(Object.keys(boot.partials).sort()).toEqual([
      'footer',
      'footer.block',
      'form',
      'form-field.block',
      'form.block',
      'header.block',
      'instalment-pill.block',
      'nav.block',
      'product-reviews.block',
      'restock-form.block',
      'review-summary.block',
    ]);
    // Rendering the shipped template with the shipped data, with the visitor's initial state
    // folded in as the browser's first render does, gives the root's content exactly.
    const view = storefrontData(boot.data, initialState(boot.data));
    const again = render(boot.template.code, view, {
      partials: boot.partials,
      locale: boot.locale,
      now: boot.now,
    });
    expect(again.errors).toEqual([]);
    expect(rootContent(html)).toBe(again.html);
  });

  it('ships the partials a page applies, as code trees', async () => {
    const { boot } = await page('/shop');
    const islands = ['footer', 'footer.block', 'form-field.block', 'form.block'];
    const island = [...islands, 'header.block', 'nav.block'];
    // The cards apply product-quick-view: the quick view's partial comes along.
    expect(Object.keys(boot.partials).sort()).toEqual([
      ...island,
      'original-price.block',
      'product-card.block',
      'quick-view.block',
    ]);
    expect(Array.isArray(boot.partials['product-card.block'])).toBe(true);
    const home = await page('/contact');
    // `{.section form}` names the partial form.block by its stem too (see shippedPartials).
    expect(Object.keys(home.boot.partials).sort()).toEqual(['form', ...island].sort());
  });

  it('ships the header island: its element holds exactly its template over the page data', async () => {
    const { html, boot } = await page('/cart');
    expect(boot.islands?.map((i) => i.root)).toEqual(['site-header', 'site-footer']);
    const view = storefrontData(boot.data, initialState(boot.data)) as Record<string, unknown>;
    const island = render(boot.islands![0]!.template.code, view, {
      partials: boot.partials,
      locale: boot.locale,
      now: boot.now,
    });
    expect(island.errors).toEqual([]);
    expect(island.html).toContain('class="cart-pill');
    expect(html).toContain(`<div id="site-header">${island.html}</div>`);
  });

  it('keeps the JSON script-safe', async () => {
    const { html } = await page('/shop/p/linen-work-apron');
    const json = /id="__jsont">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toMatch(/<\//);
    expect(json).toContain('\\u003c/span>');
  });

  it('prepares each template once per compile', () => {
    const site = siteFolder(SITE, { now: () => NOW });
    const first = site.render({ pathname: '/shop/p/linen-work-apron' });
    const second = site.render({ pathname: '/shop/p/stoneware-mug-set' });
    if (first.status !== 200 || second.status !== 200) throw new Error('render failed');
    expect(second.hydration!.template).toBe(first.hydration!.template);
  });
});
