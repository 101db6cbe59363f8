/**
 * Add to cart posted without JavaScript (server/site/cart-posts.ts) on the preview server: a
 * valid post answers 303 back to the product page with `?cart=added` and the variant, sets the
 * new cart's cookie and adds the line; the page then shows `Added!` and the pill's count. Refusals
 * (sold out, missing options, bad quantity, bad crumb) add nothing and name their texts on the
 * page; hostile bodies never get a 500 or an address of another site.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { sendRaw } from './support.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const FORM = 'application/x-www-form-urlencoded';
const APRON = { path: '/shop/p/linen-work-apron', id: '65a0c3e8d1f2000000000005' };

let server: SiteServer;
let base: string;
beforeAll(async () => {
  server = createSiteServer({ root: SITE, dbFile: ':memory:', log: () => {} });
  base = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server.close();
});

const cookiesOf = (reply: { headers: Record<string, unknown> }) =>
  ([reply.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]!);

/** A visitor's crumb cookie, from a first page view. */
async function visitor(): Promise<{ crumb: string; cookie: string }> {
  const page = await sendRaw(base, 'GET', APRON.path, {});
  const cookie = cookiesOf(page).find((c) => c.startsWith('crumb='))!;
  return { crumb: decodeURIComponent(cookie.slice('crumb='.length)), cookie };
}

function apronPost(crumb: string, fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ 'jsont-form': 'add-to-cart', crumb, itemId: APRON.id, ...fields });
}

const post = (cookie: string, body: URLSearchParams | string, path = APRON.path, type = FORM) =>
  sendRaw(base, 'POST', path, { 'Content-Type': type, Cookie: cookie }, String(body));

const get = (cookie: string, path: string) => sendRaw(base, 'GET', path, { Cookie: cookie });

const cartLines = (cookie: string) => {
  const id = /CART=([^;]+)/.exec(cookie)?.[1];
  return id === undefined ? [] : server.commerce.handle.stores.carts.entries(id);
};

const CHARCOAL_SM = { 'variant-option-Color': 'Charcoal', 'variant-option-Size': 'S/M' };
const COFFEE = { path: '/shop/p/coffee-subscription', id: '65a0c3e8d1f200000000001e' };
const WORKSHOP = '/shop/p/wheel-throwing-workshop';

describe('add to cart without JavaScript', () => {
  it('adds the chosen variant, sets the cart cookie and redirects back with Added!', async () => {
    const { crumb, cookie } = await visitor();
    const reply = await post(cookie, apronPost(crumb, { ...CHARCOAL_SM, quantity: '2' }));
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(
      `${APRON.path}?cart=added&variant=66b1c3e8d1f2000000000003`,
    );
    const cart = cookiesOf(reply).find((c) => c.startsWith('CART='));
    expect(cart).toBeDefined();
    const both = `${cookie}; ${cart}`;
    expect(cartLines(both).map((e) => [e.sku, e.quantity])).toEqual([['JP-APR-CHR-SM', 2]]);
    // The same visitor adds again: the one line grows, no new cookie.
    const again = await post(both, apronPost(crumb, { ...CHARCOAL_SM, quantity: '1' }));
    expect(again.status).toBe(303);
    expect(cookiesOf(again).filter((c) => c.startsWith('CART='))).toEqual([]);
    expect(cartLines(both).map((e) => [e.sku, e.quantity])).toEqual([['JP-APR-CHR-SM', 3]]);
    const page = await get(both, reply.headers.location as string);
    expect(page.body).toContain('<span class="product-cart-notice-text">Added!</span>');
    expect(page.body).toContain('data-cart-quantity="3"');
  });

  it('refuses the sold-out variant with the stock text and adds nothing', async () => {
    const { crumb, cookie } = await visitor();
    const reply = await post(
      cookie,
      apronPost(crumb, { 'variant-option-Color': 'Charcoal', 'variant-option-Size': 'L/XL' }),
    );
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(
      `${APRON.path}?cart=out-of-stock&variant=66b1c3e8d1f2000000000004`,
    );
    expect(cookiesOf(reply).filter((c) => c.startsWith('CART='))).toEqual([]);
    const page = await get(cookie, reply.headers.location as string);
    expect(page.body).toContain(
      '<strong class="product-cart-notice-title">Unable to Add Item</strong> <span class="product-cart-notice-text">Sorry, we do not have enough of that item available.</span>',
    );
    // More than the stock of an in-stock variant is refused the same way.
    const tooMany = await post(cookie, apronPost(crumb, { ...CHARCOAL_SM, quantity: '8' }));
    expect(tooMany.headers.location).toContain('cart=out-of-stock');
  });

  it('names the missing options and the quantity errors with their texts', async () => {
    const { crumb, cookie } = await visitor();
    const cases: [Record<string, string>, string][] = [
      [{}, 'Please select the Color and Size options.'],
      [{ 'variant-option-Color': 'Sage' }, 'Please select the Size option.'],
      [{ ...CHARCOAL_SM, quantity: 'two' }, 'Quantity must be a number.'],
      [{ ...CHARCOAL_SM, quantity: '1.5' }, 'Quantity must be a whole number'],
      [{ ...CHARCOAL_SM, quantity: '0' }, 'Quantity must be at least 1'],
      [{ ...CHARCOAL_SM, quantity: '10000' }, 'Quantity must be at most 9999'],
      [
        { 'variant-option-Color': 'Plaid', 'variant-option-Size': 'S/M' },
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
    ];
    for (const [fields, text] of cases) {
      const reply = await post(cookie, apronPost(crumb, fields));
      expect(reply.status, text).toBe(303);
      const page = await get(cookie, reply.headers.location as string);
      expect(page.body, text).toContain(`<span class="product-cart-notice-text">${text}</span>`);
    }
    expect(cartLines(cookie)).toEqual([]);
  });

  it("sends a subscription product to its checkout with the subscription cart's token", async () => {
    const { crumb, cookie } = await visitor();
    const body = (fields: Record<string, string>) =>
      new URLSearchParams({ 'jsont-form': 'add-to-cart', crumb, itemId: COFFEE.id, ...fields });
    const reply = await post(
      cookie,
      body({ 'variant-option-Grind': 'Ground', quantity: '2' }),
      COFFEE.path,
    );
    expect(reply.status).toBe(303);
    const location = new URL(String(reply.headers.location), base);
    expect(location.pathname).toBe('/checkout/subscription');
    const token = location.searchParams.get('cartToken')!;
    const row = server.commerce.handle.stores.db
      .prepare('SELECT item_id, sku, qty FROM subscription_carts WHERE token = ?')
      .get(token);
    expect(row).toEqual({ item_id: COFFEE.id, sku: 'JP-COF-GR', qty: 2 });
    // The checks before the call are the add's: an unchosen grind comes back named.
    const missing = await post(cookie, body({ quantity: '1' }), COFFEE.path);
    expect(missing.headers.location).toBe(`${COFFEE.path}?cart=options&missing=Grind`);
    // Its page's button is the form's real submit button, as a simple product's.
    const page = await get(cookie, COFFEE.path);
    expect(page.body).toMatch(/<button type="submit" class="sqs-add-to-cart-button /);
  });

  it("keeps a product with an additional-fields form to the storefront's lightbox", async () => {
    const { crumb, cookie } = await visitor();
    const page = await get(cookie, WORKSHOP);
    const id = /name="itemId" value="([^"]+)"/.exec(page.body)![1]!;
    const reply = await post(
      cookie,
      new URLSearchParams({ 'jsont-form': 'add-to-cart', crumb, itemId: id }),
      WORKSHOP,
    );
    expect(reply.status).toBe(400);
  });

  it('refuses a post whose crumb does not match with the session text', async () => {
    const { cookie } = await visitor();
    const reply = await post(cookie, apronPost('forged', CHARCOAL_SM));
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(`${APRON.path}?cart=session`);
    const page = await get(cookie, reply.headers.location as string);
    expect(page.body).toContain('Your session has expired. Please reload the page and try again.');
    expect(cookiesOf(reply).filter((c) => c.startsWith('CART='))).toEqual([]);
  });

  it('shows no notice for an unknown code, and only real option names', async () => {
    const { cookie } = await visitor();
    for (const query of ['cart=%3Cscript%3E', 'cart=options&missing=%3Cb%3Ehi', 'cart=added2']) {
      const page = await get(cookie, `${APRON.path}?${query}`);
      expect(page.status).toBe(200);
      expect(page.body.includes('<p class="product-cart-notice'), query).toBe(false);
    }
  });

  it('never answers 500 or redirects off the site, whatever the body', async () => {
    const { crumb, cookie } = await visitor();
    const bodies = [
      '',
      'jsont-form=add-to-cart',
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=nope`,
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=${APRON.id}&quantity=%E0%A4%A`,
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=${APRON.id}&variant-option-Color=${'x'.repeat(5000)}`,
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=${APRON.id}&quantity=1e400&variant-option-Color=Sage&variant-option-Size=S%2FM`,
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=${APRON.id}&itemId=x&quantity=-1&quantity=2`,
      `jsont-form=add-to-cart&crumb=${crumb}&itemId=__proto__`,
      '%%%&&&===',
    ];
    for (const body of bodies) {
      const reply = await post(cookie, body);
      expect(reply.status, body).not.toBe(500);
      expect([303, 400, 404], body).toContain(reply.status);
      if (reply.status === 303) expect(String(reply.headers.location), body).toMatch(/^\/[^/]/);
    }
    // Posted to `//host/x`: the page is `/host/x` of this site, never another host.
    const offSite = await post(cookie, apronPost(crumb, CHARCOAL_SM), '//evil.example/x');
    expect([offSite.status, offSite.headers.location]).toEqual([
      303,
      '/evil.example/x?cart=added&variant=66b1c3e8d1f2000000000003',
    ]);
    expect((await post(cookie, '{}', APRON.path, 'application/json')).status).toBe(415);
  });
});
