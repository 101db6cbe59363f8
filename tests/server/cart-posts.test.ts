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
const WORKSHOP = { path: '/shop/p/wheel-throwing-workshop', id: '65a0c3e8d1f2000000000012' };
const SUNDAY = { 'variant-option-Session': 'Sunday 2pm' };
const EXPERIENCE = 'select-yui_3_17_2_31';
const NOTES = 'textarea-yui_3_17_2_32';

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

  describe("a product with an additional-fields form (the form's fields in the product form)", () => {
    const workshopPost = (crumb: string, fields: Record<string, string>) =>
      new URLSearchParams({ 'jsont-form': 'add-to-cart', crumb, itemId: WORKSHOP.id, ...fields });
    /** The page's field: its wrapper (its message above its title, its control). */
    const field = (html: string, id: string) =>
      new RegExp(`<div class="form-item[^"]*" id="${id}"[\\s\\S]*?</div>`).exec(html)?.[0] ?? '';

    it('renders the fields in the product form, labelled, with the names the cart API takes', async () => {
      const { cookie } = await visitor();
      const page = await get(cookie, WORKSHOP.path);
      const form = /<form class="product-form"[\s\S]*?<\/form>/.exec(page.body)![0];
      expect(form).toContain('<legend class="product-additional-fields-title"');
      expect(form).toContain('Workshop booking details');
      const experience = field(form, EXPERIENCE);
      expect(experience).toContain(`<label class="title" for="${EXPERIENCE}-field">Experience`);
      expect(experience).toMatch(/<span class="required" aria-hidden="true">\*<\/span>/);
      expect(experience).toContain(`name="${EXPERIENCE}" aria-describedby="${EXPERIENCE}-error"`);
      expect(field(form, NOTES)).toContain(
        `<textarea class="field-element" id="${NOTES}-field" name="${NOTES}"`,
      );
      // Its button is the form's real submit button.
      expect(form).toMatch(/<button type="submit" class="sqs-add-to-cart-button /);
    });

    it('shows Required on a missing field, keeps the answers and adds nothing', async () => {
      const { crumb, cookie } = await visitor();
      const reply = await post(
        cookie,
        workshopPost(crumb, { ...SUNDAY, [NOTES]: 'Left-handed <b>please</b>' }),
        WORKSHOP.path,
      );
      expect(reply.status).toBe(200);
      expect(reply.headers.location).toBeUndefined();
      const experience = field(reply.body, EXPERIENCE);
      expect(experience).toContain(`<p class="field-error" id="${EXPERIENCE}-error">Required</p>`);
      expect(experience).toContain('aria-invalid="true"');
      expect(reply.body).toContain(
        '<p class="form-errors">One or more fields is invalid, please check your entries.</p>',
      );
      expect(field(reply.body, NOTES)).toContain(
        '>Left-handed &lt;b&gt;please&lt;/b&gt;</textarea>',
      );
      expect(cartLines(cookie)).toEqual([]);
    });

    it('shows the character limit text on a field over its maximum, keeping the choice', async () => {
      const { crumb, cookie } = await visitor();
      const answers = { ...SUNDAY, [EXPERIENCE]: 'A few classes', [NOTES]: 'x'.repeat(301) };
      const reply = await post(cookie, workshopPost(crumb, answers), WORKSHOP.path);
      const notes = field(reply.body, NOTES);
      expect(notes).toContain(
        `<p class="field-error" id="${NOTES}-error">You have exceeded the character limit.</p>`,
      );
      expect(notes).toContain('301 / 300');
      expect(field(reply.body, EXPERIENCE)).toContain('<option value="A few classes" selected>');
      expect(field(reply.body, EXPERIENCE)).toContain(`id="${EXPERIENCE}-error" hidden>`);
      expect(cartLines(cookie)).toEqual([]);
      // A missing option is named too, with the fields' texts, the answers still kept.
      const both = await post(
        cookie,
        workshopPost(crumb, { [NOTES]: 'x'.repeat(301) }),
        WORKSHOP.path,
      );
      expect(both.body).toContain('Please select the Session option.');
      expect(both.body).toContain('You have exceeded the character limit.');
      expect(field(both.body, NOTES)).toContain(`${'x'.repeat(301)}</textarea>`);
    });

    it('adds the entry with the answers, as the lightbox does, and /cart shows them', async () => {
      const { crumb, cookie } = await visitor();
      const answers = { ...SUNDAY, [EXPERIENCE]: 'I have my own wheel', [NOTES]: 'Bringing tools' };
      const reply = await post(cookie, workshopPost(crumb, answers), WORKSHOP.path);
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe(
        `${WORKSHOP.path}?cart=added&variant=66b1c3e8d1f2000000000011`,
      );
      const withCart = [cookie, ...cookiesOf(reply)].join('; ');
      const lines = cartLines(withCart);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ sku: 'JP-WS-SUN-PM', quantity: 1 });
      expect(JSON.parse(String(lines[0]!.additional_fields))).toEqual({
        [EXPERIENCE]: 'I have my own wheel',
        [NOTES]: 'Bringing tools',
      });
      const cart = await get(withCart, '/cart');
      // The entry's summary answers (summary-form-field), as after a JavaScript add.
      const shown = /<div class="cart-entry-fields">([\s\S]*?)<button/.exec(cart.body)![1]!;
      expect(shown).toContain('I have my own wheel');
      expect(shown).toContain('Bringing tools');
    });

    it("keeps the answers when the cart API refuses the add (the stock's text)", async () => {
      const { crumb, cookie } = await visitor();
      const answers = {
        ...SUNDAY,
        [EXPERIENCE]: 'A few classes',
        [NOTES]: 'Two of us',
        quantity: '3',
      };
      const reply = await post(cookie, workshopPost(crumb, answers), WORKSHOP.path);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(
        '<span class="product-cart-notice-text">Sorry, we do not have enough of that item available.</span>',
      );
      expect(field(reply.body, EXPERIENCE)).toContain('<option value="A few classes" selected>');
      expect(field(reply.body, NOTES)).toContain('>Two of us</textarea>');
      // No field is at fault: no field's text, none above them.
      expect(reply.body).not.toContain('One or more fields is invalid');
      expect(cartLines(cookie)).toEqual([]);
    });

    it('answers a crumb that does not match with the session text, keeping the answers', async () => {
      const { cookie } = await visitor();
      const answers = { ...SUNDAY, [EXPERIENCE]: 'A few classes', [NOTES]: 'Morning person' };
      const reply = await post(cookie, workshopPost('forged', answers), WORKSHOP.path);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(
        'Your session has expired. Please reload the page and try again.',
      );
      expect(field(reply.body, EXPERIENCE)).toContain('<option value="A few classes" selected>');
      expect(field(reply.body, NOTES)).toContain('>Morning person</textarea>');
      expect(cookiesOf(reply).filter((c) => c.startsWith('CART='))).toEqual([]);
    });
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
