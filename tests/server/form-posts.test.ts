/**
 * Forms posted without JavaScript to their page (server/site/form-posts.ts): the crumb is
 * required (the session-expired text otherwise), the body must be form-encoded, an unknown form
 * is a 404, a rate-limited form shows the 429 text, a form with a success URL answers 303 to it,
 * and nothing of a refused post is stored.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FORM_RATE_LIMIT } from '../../server/commerce/forms.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import {
  expectPostsUpToTheRateLimit,
  FORM_ID,
  validContactPost,
} from '../storefront/contact-form.js';
import { sendRaw } from './support.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const FORM = 'application/x-www-form-urlencoded';

let dir: string;
let server: SiteServer;
let base: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsont-posts-'));
  cpSync(SITE, dir, { recursive: true, filter: (src) => !src.includes(`${SITE}/.data`) });
  // The home page's newsletter goes to a success URL.
  const home = join(dir, 'data/pages/home.json');
  const data = JSON.parse(readFileSync(home, 'utf8')) as { homeNewsletter: object };
  data.homeNewsletter = { ...data.homeNewsletter, successRedirect: '/shop' };
  writeFileSync(home, JSON.stringify(data));
  server = createSiteServer({ root: dir, dbFile: ':memory:', log: () => {} });
  base = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The crumb cookie a first page view sets. */
async function crumb(): Promise<string> {
  const page = await sendRaw(base, 'GET', '/contact', {});
  const cookie = [page.headers['set-cookie']].flat().find((c) => c?.startsWith('crumb='))!;
  return decodeURIComponent(cookie.slice('crumb='.length).split(';')[0]!);
}

const valid = validContactPost;

const post = (path: string, body: URLSearchParams | string, cookie: string, type = FORM) =>
  sendRaw(base, 'POST', path, { 'Content-Type': type, Cookie: cookie }, String(body));

const saved = () => server.commerce.handle.stores.forms.list(FORM_ID);

describe('forms posted without JavaScript', () => {
  it('refuses a post without the crumb with the session text, and keeps the values', async () => {
    const token = await crumb();
    const reply = await post('/contact', valid('wrong'), `crumb=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Your session has expired. Please reload the page and try again.');
    expect(reply.body).toContain('value="ada@example.com"');
    expect(saved()).toEqual([]);
  });

  it('takes form-encoded bodies only, and known forms only', async () => {
    const token = await crumb();
    const json = await post(
      '/contact',
      JSON.stringify({ crumb: token }),
      `crumb=${token}`,
      'application/json',
    );
    expect(json.status).toBe(415);
    const body = valid(token);
    body.set('jsont-form', 'no-such-form');
    expect((await post('/contact', body, `crumb=${token}`)).status).toBe(404);
    expect(saved()).toEqual([]);
  });

  it('saves a valid post, escapes what it shows again, then shows the rate limit text', async () => {
    const token = await crumb();
    await expectPostsUpToTheRateLimit(
      (body) => post('/contact', body, `crumb=${token}`),
      token,
      FORM_RATE_LIMIT.max,
    );
    expect(saved()).toHaveLength(FORM_RATE_LIMIT.max);
  });

  it('answers 303 to the success URL of a form that has one', async () => {
    const token = await crumb();
    const body = new URLSearchParams({
      'jsont-form': '7e3a90c1b2d4f5061728394b',
      crumb: token,
      'email-newsletter-home': 'reader@example.com',
    });
    const reply = await post('/', body, `crumb=${token}`);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/shop');
    // A newsletter's post subscribes its address, as its save through the API does.
    const subscribed = server.commerce.handle.stores.forms.subscriptions();
    expect(subscribed.map((s) => [s.form_id, s.email])).toEqual([
      ['7e3a90c1b2d4f5061728394b', 'reader@example.com'],
    ]);
  });
});
