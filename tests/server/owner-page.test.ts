/**
 * The demo store's owner page (`/owner`, site.json `owner: true`): refused without the owner
 * session (401, the server's text, as a page and as navigation JSON) and with a stale one (403),
 * never a 500; served with the session, its data carrying the website id the owner calls name;
 * not among the pages a visitor can open (site.urls(), so `jsont build` leaves it out).
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_COOKIE, OWNER_MESSAGES } from '../../server/commerce/owner.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');

let server: SiteServer;
let base: string;
beforeAll(async () => {
  server = createSiteServer({ root: SITE, dbFile: ':memory:', log: () => undefined });
  base = await server.listen(0, '127.0.0.1');
});
afterAll(() => server.close());

/** The owner cookie the one-time link gives. */
async function ownerCookie(): Promise<string> {
  const reply = await fetch(server.ownerLink(), { redirect: 'manual' });
  expect(reply.status).toBe(303);
  const cookie = reply.headers.getSetCookie().find((c) => c.startsWith(`${OWNER_COOKIE}=`))!;
  return cookie.split(';')[0]!;
}

describe('the owner page', () => {
  it('is refused without the owner session, as a page and as page JSON', async () => {
    const page = await fetch(`${base}/owner`);
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Owner session required</h1>');
    expect(html).toContain(OWNER_MESSAGES.required);
    expect(html).not.toContain('data-owner-panels');
    const json = await fetch(`${base}/owner?format=page`);
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ error: OWNER_MESSAGES.required });
  });

  it('is refused with a stale owner cookie (403), and a form post to it is not a 500', async () => {
    const stale = await fetch(`${base}/owner`, { headers: { cookie: `${OWNER_COOKIE}=made-up` } });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain(OWNER_MESSAGES.invalid);
    const post = await fetch(`${base}/owner`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });

  it('is served with the owner session, with the website id in its data', async () => {
    const cookie = await ownerCookie();
    const page = await fetch(`${base}/owner`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-owner-panels');
    for (const name of ['Inventory', 'API keys', 'Dynamic ads feed', 'Pixel setting']) {
      expect(html).toContain(`<li>${name}</li>`);
    }
    const json = await fetch(`${base}/owner?format=page`, { headers: { cookie } });
    expect(json.status).toBe(200);
    const { data } = (await json.json()) as { data: { owner: unknown } };
    expect(data.owner).toEqual({ websiteId: 'preview-website', takenUrlIds: [] });
  });

  it('is not among the pages a visitor can open', () => {
    expect(server.site.urls()).not.toContain('/owner');
    expect(server.site.urls()).toContain('/account/sign-in');
  });
});
