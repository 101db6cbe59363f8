/**
 * Site users and members in Chromium on the demo store, under the preview and `jsont serve`
 * (site-harness.ts): sign-in and sign-out round-trip with the XSRF header and the header's
 * account menu following, the cart following the account, the sign-in form without JavaScript
 * and its errors with JavaScript (summary focused), the paywall and join clicks announced, the
 * account's locale set to the page's language after sign-in, axe on the sign-in and lesson
 * pages at 1280 and 375 px, and no console error or hydration warning.
 */
import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';

import { axeViolations, describeSite, postFromPage, waitForWidgets } from './site-harness.js';

const ACCOUNT = { email: 'demo@example.com', password: 'demo-password' };
const SHOTS = process.env['JSONT_SCREENSHOTS'];

describeSite('site users and members in Chromium', { prefix: 'jsont-users-' }, (site) => {
  const open = (url: string, width = 1280) => site.open(url, { size: { width, height: 900 } });
  const shot = async (page: Page, name: string) => {
    if (SHOTS !== undefined)
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('signs in and out in place, with the XSRF header, the header following, the cart with the account', async () => {
    const page = await open('/shop/p/seasonal-tea-box');
    // The visitor's cart, by the call the add button makes.
    const status = await postFromPage(page, '/api/commerce/shopping-cart/entries', {
      itemId: '65a0c3e8d1f2000000000022',
      sku: 'JP-TEA-BOX',
      quantity: 2,
    });
    expect(status).toBe(200);
    await page.reload();
    const quantity = () =>
      page.locator('#site-header .cart-pill').getAttribute('data-cart-quantity');
    await expect.poll(quantity).not.toBe('0');
    const inCart = await quantity();
    await page.goto(`${site.base}/account/sign-in`);
    // The sign-in form submits in place once its widget is attached.
    await waitForWidgets(page);
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
    expect(page.url()).toBe(`${site.base}/account/sign-in`); // in place
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
    await page.goto(`${site.base}/cart`);
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    // Signing in again brings the account's cart back.
    await page.goto(`${site.base}/account/sign-in`);
    // The sign-in form submits in place once its widget is attached.
    await waitForWidgets(page);
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
    expect(await axeViolations(page)).toEqual([]);
    // The browser logs the refused sign-in's status itself; nothing else may be logged.
    const refused =
      'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)';
    expect(site.watched!.problems).toEqual([refused]);
    site.watched!.problems.length = 0;
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
        expect(await axeViolations(page), url).toEqual([]);
        await shot(page, `${url.replaceAll('/', '_')}-${width}`);
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
    const page = await site.newPage({ javaScript: false });
    await page.goto(`${site.base}/account/sign-in?returnTo=%2Flessons`);
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
      page.waitForURL(`${site.base}/lessons`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.locator('#site-header').getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });
});
