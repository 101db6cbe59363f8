/**
 * Forms posted without JavaScript to a page of the built site (server/site/form-posts.ts in the
 * site handler), driven with Request objects: the handler saves them through the commerce
 * origin's JSON API over HTTP (a SQLite origin on loopback) and renders the page with the
 * outcome, as the preview does in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FORM_RATE_LIMIT } from '../../server/commerce/forms.js';
import type { CommerceOrigin } from '../../server/commerce/origin.js';
import { createSiteHandler, forwardTo, type SiteHandler } from '../../server/site/handler.js';
import { expectPostsUpToTheRateLimit, validContactPost } from '../storefront/contact-form.js';
import { buildDemo, startDemoCommerce, type BuiltDemo } from './built-site.js';

const BASE = 'http://shop.test';
const FORM = 'application/x-www-form-urlencoded';
const HOME_NEWSLETTER = '7e3a90c1b2d4f5061728394b';

let built: BuiltDemo;
let commerce: CommerceOrigin;
let handler: SiteHandler;
let logged: string[];

beforeAll(async () => {
  built = await buildDemo();
  commerce = await startDemoCommerce(built.manifest);

  logged = [];
  handler = createSiteHandler(built.manifest, {
    readAsset: async () => null,
    commerce: forwardTo(commerce.url),
    log: (message) => logged.push(message),
  });
}, 120_000);

afterAll(async () => {
  await commerce?.close();
  built?.dispose();
});

/** A first visit's crumb, from the page's cookie, and the page's hidden field carrying it. */
async function crumb(): Promise<string> {
  const page = await handler.fetch(new Request(`${BASE}/contact`));
  const cookie = page.headers.getSetCookie().find((c) => c.startsWith('crumb='))!;
  const token = decodeURIComponent(cookie.slice('crumb='.length).split(';')[0]!);
  expect(await page.text()).toContain(`name="crumb" value="${token}"`);
  return token;
}

const valid = validContactPost;

async function post(path: string, body: URLSearchParams | string, cookie: string, type = FORM) {
  const response = await handler.fetch(
    new Request(BASE + path, {
      method: 'POST',
      headers: { 'Content-Type': type, Cookie: cookie },
      body: String(body),
    }),
  );
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe('forms posted without JavaScript to the built site', () => {
  it('refuses a post without the right crumb with the session text, and keeps the values', async () => {
    const token = await crumb();
    const reply = await post('/contact', valid('wrong'), `crumb=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Your session has expired. Please reload the page and try again.');
    expect(reply.body).toContain('value="ada@example.com"');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('takes form-encoded bodies for known forms only', async () => {
    const token = await crumb();
    const json = await post('/contact', '{}', `crumb=${token}`, 'application/json');
    expect(json.status).toBe(415);
    const body = valid(token);
    body.set('jsont-form', 'no-such-form');
    expect((await post('/contact', body, `crumb=${token}`)).status).toBe(404);
  });

  it('shows field errors escaped, saves valid posts over the API, then shows its rate limit', async () => {
    const token = await crumb();
    await expectPostsUpToTheRateLimit(
      (body) => post('/contact', body, `crumb=${token}`),
      token,
      FORM_RATE_LIMIT.max,
    );
    expect(logged).toEqual([]);
  });

  it("shows the newsletter's submission message in place of that form only", async () => {
    const token = await crumb();
    const body = new URLSearchParams({
      'jsont-form': HOME_NEWSLETTER,
      crumb: token,
      'email-newsletter-home': 'reader@example.com',
    });
    const reply = await post('/', body, `crumb=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain(
      `id="form-${HOME_NEWSLETTER}-success" role="status" tabindex="-1"><p>Thanks for signing up!`,
    );
    // The footer's newsletter (another form) is still a form.
    expect(reply.body).toContain('name="email-newsletter-footer"');
  });

  it('signs up for a restock notice over the API and shows the success text', async () => {
    const token = await crumb();
    const page = await (
      await handler.fetch(new Request(`${BASE}/shop/p/stoneware-mug-set`))
    ).text();
    const productId = /name="productId" value="([^"]+)"/.exec(page)![1]!;
    const variantId = /name="variantId" value="([^"]+)"/.exec(page)![1]!;
    const body = new URLSearchParams({
      'jsont-form': 'restock',
      crumb: token,
      productId,
      variantId,
      email: 'waiting@example.com',
    });
    const reply = await post('/shop/p/stoneware-mug-set', body, `crumb=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Thanks! We will email you when it is back.');
  });

  it('adds to the cart over the API, passes its cookie on, and redirects back', async () => {
    const token = await crumb();
    const path = '/shop/p/linen-work-apron';
    const body = new URLSearchParams({
      'jsont-form': 'add-to-cart',
      crumb: token,
      itemId: '65a0c3e8d1f2000000000005',
      'variant-option-Color': 'Sage',
      'variant-option-Size': 'L/XL',
      quantity: '2',
    });
    const reply = await post(path, body, `crumb=${token}`);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(
      `${path}?cart=added&variant=66b1c3e8d1f2000000000002`,
    );
    const cart = reply.headers.getSetCookie().find((c) => c.startsWith('CART='));
    expect(cart).toBeDefined();
    const page = await handler.fetch(
      new Request(BASE + reply.headers.get('location')!, {
        headers: { Cookie: `crumb=${token}; ${cart!.split(';')[0]}` },
      }),
    );
    const html = await page.text();
    expect(html).toContain('<span class="product-cart-notice-text">Added!</span>');
    expect(html).toContain('data-cart-quantity="2"');
    // The sold-out variant is refused with the stock text, and nothing is added.
    body.set('variant-option-Color', 'Charcoal');
    const refused = await post(path, body, `crumb=${token}; ${cart!.split(';')[0]}`);
    expect(refused.headers.get('location')).toContain('cart=out-of-stock');
  });

  it("sends a subscription product to its checkout with the origin's subscription cart token", async () => {
    const token = await crumb();
    const body = new URLSearchParams({
      'jsont-form': 'add-to-cart',
      crumb: token,
      itemId: '65a0c3e8d1f200000000001e',
      'variant-option-Grind': 'Whole bean',
    });
    const reply = await post('/shop/p/coffee-subscription', body, `crumb=${token}`);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toMatch(/^\/checkout\/subscription\?cartToken=[\w-]+$/);
  });

  it("adds a product with its additional-fields form's answers, or shows the page's texts keeping them", async () => {
    const token = await crumb();
    const path = '/shop/p/wheel-throwing-workshop';
    const body = new URLSearchParams({
      'jsont-form': 'add-to-cart',
      crumb: token,
      itemId: '65a0c3e8d1f2000000000012',
      'variant-option-Session': 'Saturday 10am',
      'textarea-yui_3_17_2_32': 'Left-handed',
    });
    const missing = await post(path, body, `crumb=${token}`);
    expect(missing.status).toBe(200);
    expect(missing.body).toContain(
      '<p class="field-error" id="select-yui_3_17_2_31-error">Required</p>',
    );
    expect(missing.body).toContain('One or more fields is invalid, please check your entries.');
    expect(missing.body).toContain('>Left-handed</textarea>');
    expect(missing.headers.getSetCookie().filter((c) => c.startsWith('CART='))).toEqual([]);

    body.set('select-yui_3_17_2_31', 'Never touched clay');
    const added = await post(path, body, `crumb=${token}`);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(
      `${path}?cart=added&variant=66b1c3e8d1f2000000000010`,
    );
    const cart = added.headers.getSetCookie().find((c) => c.startsWith('CART='))!;
    const page = await handler.fetch(
      new Request(`${BASE}/cart`, { headers: { Cookie: `crumb=${token}; ${cart.split(';')[0]}` } }),
    );
    const html = await page.text();
    // The entry's summary answers (summary-form-field), as after a JavaScript add.
    const shown = /<div class="cart-entry-fields">([\s\S]*?)<button/.exec(html)![1]!;
    expect(shown).toContain('Never touched clay');
    expect(shown).toContain('Left-handed');
  });
});
