/**
 * Site users and members in Chromium on the demo store: sign-in and sign-out round-trip with the
 * XSRF header and the header's account menu following, the cart following the account, the
 * sign-in form without JavaScript and its errors with JavaScript (summary focused), the paywall
 * and join clicks announced, the account's locale set to the page's language after sign-in, axe
 * on the sign-in and lesson pages at 1280 and 375 px, and no console error or hydration warning.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { chromiumAvailable } from './chromium.js';
import { openHydrated, useSiteInChromium, type Watched } from './site-harness.js';

const ACCOUNT = { email: 'demo@example.com', password: 'demo-password' };
const SHOTS = process.env['JSONT_SCREENSHOTS'];

describe.skipIf(!chromiumAvailable())('site users and members in Chromium', () => {
  let base: string;
  let newPage: () => Promise<Page>;
  useSiteInChromium('jsont-users-', { clientBuild: 'development', log: () => {} }, (site) => {
    ({ base, newPage } = site);
  });

  let watched: Watched | undefined;
  afterEach(async () => {
    if (watched === undefined) return;
    const { problems, pageErrors } = watched;
    await watched.page.context().close();
    watched = undefined;
    expect([...problems, ...pageErrors]).toEqual([]);
  });

  async function open(url: string, width = 1280): Promise<Page> {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    watched = await openHydrated(page, base + url);
    return page;
  }
  const shot = async (page: Page, name: string) => {
    if (SHOTS !== undefined)
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  const violations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
    );

  it('signs in and out in place, with the XSRF header, the header following, the cart with the account', async () => {
    const page = await open('/shop/p/seasonal-tea-box');
    // The visitor's cart, by the call the add button makes.
    const status = await page.evaluate(async () => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)![1]!);
      const res = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        body: JSON.stringify({
          itemId: '65a0c3e8d1f2000000000022',
          sku: 'JP-TEA-BOX',
          quantity: 2,
        }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await page.reload();
    const quantity = () =>
      page.locator('#site-header .cart-pill').getAttribute('data-cart-quantity');
    await expect.poll(quantity).not.toBe('0');
    const inCart = await quantity();
    await page.goto(`${base}/account/sign-in`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await shot(page, 'sign-in-1280');
    await page.locator('.sign-in-form').getByLabel('Email').fill(ACCOUNT.email);
    await page.locator('.sign-in-form').getByLabel('Password').fill(ACCOUNT.password);
    await page.locator('.sign-in-form').getByLabel('Remember me').check();
    const login = page.waitForRequest((r) => r.url().endsWith('/api/site-users/account/session'));
    const locale = page.waitForResponse((r) => r.url().endsWith('/api/site-users/account/locale'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(JSON.parse((await login).postData()!)).toEqual({ ...ACCOUNT, rememberMe: true });
    // The account takes the page's language, with the XSRF token the sign-in answered.
    const localeSet = await locale;
    expect(localeSet.status()).toBe(200);
    expect(JSON.parse(localeSet.request().postData()!)).toEqual({ language: 'en-US' });
    const localeHeaders = await localeSet.request().allHeaders();
    expect(localeHeaders['x-siteuser-xsrf-token']).toMatch(/^[0-9a-f]{32}$/);
    await page.getByText('You are signed in.').waitFor();
    expect(page.url()).toBe(`${base}/account/sign-in`); // in place
    const header = page.locator('#site-header');
    await header.getByRole('button', { name: 'Sign out' }).waitFor();
    await header.getByText('Signed in').waitFor();
    await shot(page, 'header-signed-in');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-done');

    const logout = page.waitForRequest(
      (r: Request) =>
        r.method() === 'DELETE' && r.url().includes('/api/site-users/account/session'),
    );
    await header.getByRole('button', { name: 'Sign out' }).click();
    const sent = await logout;
    expect((await sent.allHeaders())['x-siteuser-xsrf-token']).toMatch(/^[0-9a-f]{32}$/);
    await header.getByRole('link', { name: 'Sign in' }).waitFor();
    await shot(page, 'header-signed-out');
    // The account kept its cart; the signed-out visitor has none.
    await page.goto(`${base}/cart`);
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    // Signing in again brings the account's cart back.
    await page.goto(`${base}/account/sign-in`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await page.locator('.sign-in-form').getByLabel('Email').fill(ACCOUNT.email);
    await page.locator('.sign-in-form').getByLabel('Password').fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(quantity).toBe(inCart);
  });

  it('shows the errors in a focused summary, each field described by its error', async () => {
    const page = await open('/account/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const summary = page.locator('#sign-in-errors');
    await summary.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-errors');
    expect(await summary.locator('li').allTextContents()).toEqual(['Email is invalid', 'Required']);
    const email = page.locator('.sign-in-form').getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('sign-in-email-error');
    await email.fill(ACCOUNT.email);
    await page.locator('.sign-in-form').getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await summary.getByText('Invalid email or password.').waitFor();
    // The form re-rendered with the error keeps what the visitor typed.
    expect(await email.inputValue()).toBe(ACCOUNT.email);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-errors');
    await shot(page, 'sign-in-errors');
    expect(await violations(page)).toEqual([]);
    // The browser logs the refused sign-in's status itself; nothing else may be logged.
    const refused =
      'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)';
    expect(watched!.problems).toEqual([refused]);
    watched!.problems.length = 0;
  });

  for (const width of [1280, 375]) {
    it(`has no axe violation on the sign-in and lesson pages at ${width} px`, async () => {
      for (const url of [
        '/account/sign-in',
        '/lessons',
        '/lessons/centering-clay',
        '/lessons/trimming-a-foot-ring',
        '/members/access-denied',
      ]) {
        const page = await open(url, width);
        expect(await violations(page), url).toEqual([]);
        await shot(page, `${url.replaceAll('/', '_')}-${width}`);
        const { problems, pageErrors } = watched!;
        expect([...problems, ...pageErrors], url).toEqual([]);
        await page.context().close();
        watched = undefined;
      }
    });
  }

  it('announces the paywall and join clicks as jsont:member-action', async () => {
    const page = await open('/lessons/trimming-a-foot-ring');
    await page.evaluate(() => {
      (window as unknown as { heard: unknown[] }).heard = [];
      document.addEventListener('jsont:member-action', (e) => {
        (window as unknown as { heard: unknown[] }).heard.push((e as CustomEvent).detail);
        e.target?.addEventListener('click', (c) => c.preventDefault(), { once: true });
      });
      for (const a of document.querySelectorAll('[data-member-action]'))
        a.addEventListener('click', (c) => c.preventDefault());
    });
    await page.getByRole('link', { name: 'Unlock this lesson' }).click();
    await page.getByRole('link', { name: 'Join the studio' }).click();
    const heard = await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
    expect(heard).toEqual([
      {
        action: 'paywall',
        href: '/account/sign-in?returnTo=%2Flessons%2Ftrimming-a-foot-ring',
        itemId: '69e4c3e8d1f2000000000042',
      },
      { action: 'join', href: '/members/access-denied', itemId: '69e4c3e8d1f2000000000042' },
    ]);
  });

  it('signs in without JavaScript: the form posts, the server answers with pages', async () => {
    const context = await (await newPage()).context();
    await context.close();
    const page = await newPage();
    await page
      .context()
      .route('**/__client.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
    await page.goto(`${base}/account/sign-in?returnTo=%2Flessons`);
    await page.locator('.sign-in-form').getByLabel('Email').fill(ACCOUNT.email);
    await page.locator('.sign-in-form').getByLabel('Password').fill('wrong');
    await Promise.all([
      page.waitForURL(/error=credentials/),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.locator('#sign-in-errors').getByText('Invalid email or password.').waitFor();
    expect(await page.locator('.sign-in-form').getByLabel('Email').inputValue()).toBe(
      ACCOUNT.email,
    );
    await page.locator('.sign-in-form').getByLabel('Password').fill(ACCOUNT.password);
    await Promise.all([
      page.waitForURL(`${base}/lessons`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.locator('#site-header').getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });
});
