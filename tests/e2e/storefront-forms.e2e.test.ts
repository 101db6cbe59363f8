/**
 * The demo store's forms in Chromium, under the preview and `jsont serve` (site-harness.ts):
 * the contact form filled, refused, fixed and sent (every part's value in the stored
 * submission), injected 400 / 429 / 500 answers with their exact texts and the values kept, the
 * same form with JavaScript off, the restock sign-up and the newsletter, axe at desktop and
 * phone sizes. No page logs a console error or warning. Screenshots of /contact go to $TMPDIR/jsont-forms-*.png.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { F, FORM_ID } from '../storefront/contact-form.js';
import { axeViolations, describeSite } from './site-harness.js';

const SAVE = '/api/form/SaveFormSubmission';
const RESTOCK = '/api/site-users/account/notifications/restock';
const MUGS = '/shop/p/stoneware-mug-set';
const INVALID = 'One or more fields is invalid, please check your entries.';

describeSite('the demo store forms in Chromium', { prefix: 'jsont-forms-' }, (site) => {
  /** Opens `url`, focuses a field of its forms and waits for their controller (it loads then). */
  async function open(
    url: string,
    field = '[data-jsont-form] input:not([type=hidden])',
  ): Promise<Page> {
    const page = await site.open(url);
    await page.locator(field).first().focus();
    await page.waitForFunction(() => document.documentElement.dataset['forms'] === 'attached');
    return page;
  }
  const { faults } = site;
  const submissions = () =>
    site.recorded<{ payload: { formId: string; form: Record<string, unknown>; page: unknown } }>(
      'form-submission',
    );
  const text = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => (el as HTMLElement).innerText.trim());
  const fieldError = (page: Page, id: string) => text(page, `#${id}-error`);
  const summary = (page: Page) => text(page, `#form-${FORM_ID}-errors`);
  const submit = (page: Page) => page.locator(`#form-${FORM_ID} button[type=submit]`).click();
  const input = (page: Page, name: string) => page.locator(`[name="${name}"]`);

  async function fillRequired(page: Page) {
    await input(page, `${F.name}-fname`).fill('Ada');
    await input(page, `${F.name}-lname`).fill('Lovelace');
    await input(page, F.email).fill('ada@example.com');
    await input(page, F.subject).fill('Wholesale');
    await input(page, F.message).fill('Do you ship mugs to Canada?');
    await page.locator(`[name="${F.topic}"][value="Wholesale"]`).check();
  }

  it('refuses an empty form, counts characters, then sends every field in its shape', async () => {
    const page = await open('/contact?utm_campaign=spring');
    await submit(page);
    await expect.poll(() => summary(page)).toBe(INVALID);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`form-${FORM_ID}-errors`);
    for (const id of [F.name, F.email, F.subject, F.message, F.topic]) {
      expect(await fieldError(page, id)).toBe('Required');
    }
    expect(await fieldError(page, F.phone)).toBe('');
    const message = page.locator(`#${F.message}-field`);
    expect(await message.getAttribute('aria-describedby')).toContain(`${F.message}-error`);
    expect(await message.getAttribute('aria-invalid')).toBe('true');

    await message.fill('x'.repeat(510));
    await expect.poll(() => text(page, `#${F.message}-counter`)).toBe('510 / 500');
    expect(await page.locator(`#${F.message}-counter`).getAttribute('class')).toContain('over-max');
    await input(page, F.email).fill('ada@');
    await submit(page);
    await expect
      .poll(() => fieldError(page, F.email))
      .toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(await fieldError(page, F.message)).toBe('You have exceeded the character limit.');
    expect(await input(page, F.email).inputValue()).toBe('ada@'); // kept

    await fillRequired(page);
    await expect.poll(() => text(page, `#${F.message}-counter`)).toBe('27 / 500');
    await input(page, `${F.phone}-country`).fill('1');
    await input(page, `${F.phone}-areacode`).fill('503');
    await input(page, `${F.phone}-prefix`).fill('555');
    await input(page, `${F.phone}-line`).fill('0199');
    // The address suggests places: keyboard down to the first, Enter fills the parts.
    const street = page.locator(`#${F.address}-address1`);
    await street.fill('1200 morr');
    await expect.poll(() => street.getAttribute('aria-expanded')).toBe('true');
    await street.press('ArrowDown');
    expect(await street.getAttribute('aria-activedescendant')).toBe(`${F.address}-place-0`);
    await street.press('Enter');
    await expect.poll(() => input(page, `${F.address}-city`).inputValue()).toBe('Portland');
    expect(await street.inputValue()).toBe('1200 SE Morrison St');
    expect(await street.getAttribute('aria-expanded')).toBe('false');
    await input(page, `${F.date}-month`).fill('12');
    await input(page, `${F.date}-day`).fill('05');
    await input(page, `${F.date}-year`).fill('2026');
    await input(page, `${F.time}-hour`).fill('10');
    await input(page, `${F.time}-minute`).fill('30');
    await input(page, `${F.time}-ampm`).selectOption('PM');
    await page.locator(`[name="${F.interests}"][value="Linen"]`).check();
    await page.locator(`[name="${F.interests}"][value="Gift cards"]`).check();
    await input(page, F.heard).selectOption('A market');
    await page.locator(`[name="${F.likert}-2"][value="1"]`).check();

    await faults([{ path: SAVE, times: 1, latencyMs: 600 }]);
    await submit(page);
    const button = page.locator(`#form-${FORM_ID} button[type=submit]`);
    await expect.poll(() => button.innerText()).toBe('Submitting…');
    expect(await button.isDisabled()).toBe(true);
    await expect
      .poll(() => text(page, `#form-${FORM_ID}-success`))
      .toBe('Thanks for writing! We answer within two working days.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`form-${FORM_ID}-success`);

    const [saved] = await submissions();
    expect(saved!.payload.form).toEqual({
      [F.name]: ['Ada', 'Lovelace'],
      [F.email]: 'ada@example.com',
      [F.subject]: 'Wholesale',
      [F.message]: 'Do you ship mugs to Canada?',
      [F.phone]: ['1', '503', '555', '0199'],
      [F.address]: ['1200 SE Morrison St', '', 'Portland', 'OR', '97214', 'United States'],
      'website-yui_3_17_2_8': '',
      'twitter-yui_3_17_2_9': '',
      'number-yui_3_17_2_10': '',
      [F.date]: ['12', '05', '2026'],
      [F.time]: ['10', '30', '', 'PM'],
      'currency-yui_3_17_2_13': '',
      'password-yui_3_17_2_14': '',
      [F.topic]: 'Wholesale',
      [F.interests]: ['Linen', 'Gift cards'],
      [F.heard]: 'A market',
      [F.likert]: { 'Delivery speed': '1' },
      [F.hidden]: 'spring',
    });
    expect(saved!.payload.page).toMatchObject({ pagePath: '/contact', contentSource: 'c' });
  });

  it.each([
    [500, undefined, 'Unable to send form. Please try again later.'],
    [
      429,
      undefined,
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    ],
    [401, undefined, 'Unable to submit form. Please try again later.'],
    [404, undefined, 'This form has not been configured yet.'],
    [418, { error: 'Teapot says no' }, 'Teapot says no'],
    [502, {}, 'Unknown error, please try again later.'],
  ])('shows the text of an injected %i and keeps the values', async (status, body, expected) => {
    const page = await open('/contact');
    await fillRequired(page);
    await faults([{ path: SAVE, times: 1, status, ...(body ? { body } : {}) }]);
    await submit(page);
    await expect.poll(() => summary(page)).toBe(expected);
    expect(await input(page, `${F.name}-lname`).inputValue()).toBe('Lovelace');
    expect(await input(page, F.message).inputValue()).toBe('Do you ship mugs to Canada?');
    expect(await page.locator(`[name="${F.topic}"][value="Wholesale"]`).isChecked()).toBe(true);
    expect(await page.locator(`#form-${FORM_ID} button[type=submit]`).isEnabled()).toBe(true);
  });

  it('puts a 400 answer’s messages on their fields, with the texts above and below', async () => {
    const page = await open('/contact');
    await fillRequired(page);
    await faults([
      {
        path: SAVE,
        times: 1,
        status: 400,
        body: { error: 'Invalid', errors: { [F.subject]: 'That subject is taken.' } },
      },
    ]);
    await submit(page);
    await expect.poll(() => fieldError(page, F.subject)).toBe('That subject is taken.');
    expect(await summary(page)).toBe(
      'Your form has encountered a problem. Please scroll down to review.',
    );
    expect(await text(page, `#form-${FORM_ID}-errors-below`)).toBe(
      'Your form has encountered a problem. Please scroll up to review.',
    );
    await submit(page); // fixed on the server's side: the same values go through
    await expect.poll(() => page.locator(`#form-${FORM_ID}-success`).count()).toBe(1);
  });

  it('works without JavaScript: the same texts, the values kept, then success', async () => {
    const page = site.watch(await site.newPage({ javaScript: false })).page;
    await page.goto(`${site.base}/contact?utm_campaign=print`);
    await submit(page);
    await page.waitForLoadState('load');
    expect(await summary(page)).toBe(INVALID);
    expect(await fieldError(page, F.name)).toBe('Required');
    await fillRequired(page);
    await input(page, F.email).fill('ada@nowhere');
    await input(page, `${F.address}-city`).fill('Bend');
    await page.locator(`[name="${F.interests}"][value="Linen"]`).check();
    await page.locator(`[name="${F.likert}-3"][value="-2"]`).check();
    await submit(page);
    await page.waitForLoadState('load');
    expect(await fieldError(page, F.email)).toMatch(/^Email is not valid\./);
    expect(page.url()).toBe(`${site.base}/contact`);
    // Every value came back in its field.
    expect(await input(page, `${F.name}-fname`).inputValue()).toBe('Ada');
    expect(await input(page, F.email).inputValue()).toBe('ada@nowhere');
    expect(await input(page, F.message).inputValue()).toBe('Do you ship mugs to Canada?');
    expect(await input(page, `${F.address}-city`).inputValue()).toBe('Bend');
    expect(await page.locator(`[name="${F.topic}"][value="Wholesale"]`).isChecked()).toBe(true);
    expect(await page.locator(`[name="${F.interests}"][value="Linen"]`).isChecked()).toBe(true);
    expect(await page.locator(`[name="${F.likert}-3"][value="-2"]`).isChecked()).toBe(true);
    expect(await text(page, `#${F.message}-counter`)).toBe('27 / 500');
    expect(await input(page, F.hidden).inputValue()).toBe('print');
    await input(page, F.email).fill('ada@example.com');
    await submit(page);
    await page.waitForLoadState('load');
    expect(await text(page, `#form-${FORM_ID}-success`)).toBe(
      'Thanks for writing! We answer within two working days.',
    );
    const saved = (await submissions()).at(-1)!;
    expect(saved.payload.form).toMatchObject({
      [F.email]: 'ada@example.com',
      [F.address]: ['', '', 'Bend', '', '', ''],
      [F.interests]: ['Linen'],
      [F.likert]: { 'Product quality': '-2' },
      [F.hidden]: 'print',
      [F.phone]: ['', '', '', ''],
    });
  });

  const restockEmail = (page: Page) => page.locator('.product-restock-form input[name=email]');
  const restockButton = (page: Page) => page.locator('.product-restock-form button');

  it('signs up for a restock, with the sign-up’s own texts', async () => {
    const page = await open(MUGS, '[data-jsont-restock] input[type=email]');
    await restockButton(page).click();
    await expect
      .poll(() => text(page, '.product-restock-form .field-error'))
      .toBe('Email cannot be blank');
    await restockEmail(page).fill('no-at-sign');
    await restockButton(page).click();
    await expect
      .poll(() => text(page, '.product-restock-form .field-error'))
      .toBe('Email is invalid');
    await restockEmail(page).fill('shopper@example.com');
    await faults([
      {
        path: RESTOCK,
        times: 1,
        status: 500,
        body: { error: 'x', message: 'Sign-ups are paused.' },
      },
    ]);
    await restockButton(page).click();
    await expect.poll(() => text(page, '.product-restock-message')).toBe('Sign-ups are paused.');
    expect(await restockEmail(page).inputValue()).toBe('shopper@example.com');
    await restockButton(page).click();
    await expect
      .poll(() => text(page, '.product-restock-success'))
      .toBe('Thanks! We will email you when it is back.');
    expect(page.url()).toBe(site.base + MUGS); // the email never lands in the address bar
  });

  it('signs up for a restock and a newsletter without JavaScript, posting, not in the URL', async () => {
    const page = site.watch(await site.newPage({ javaScript: false })).page;
    await page.goto(site.base + MUGS);
    await restockEmail(page).fill('bad');
    await restockButton(page).click();
    await page.waitForLoadState('load');
    expect(await text(page, '.product-restock-form .field-error')).toBe('Email is invalid');
    expect(await restockEmail(page).inputValue()).toBe('bad');
    await restockEmail(page).fill('nojs@example.com');
    await restockButton(page).click();
    await page.waitForLoadState('load');
    expect(await text(page, '.product-restock-success')).toBe(
      'Thanks! We will email you when it is back.',
    );
    expect(page.url()).toBe(site.base + MUGS);

    await page.goto(`${site.base}/`);
    const home = page.locator('#block-7e3a90c1b2d4f5061728394b');
    await home.locator('input[type=email]').fill('reader@example.com');
    await home.locator('button').click();
    await page.waitForLoadState('load');
    expect(await text(page, '#form-7e3a90c1b2d4f5061728394b-success')).toMatch(
      /^Thanks for signing up!/,
    );
  });

  it('signs up for the newsletter in place, on the home page and in the footer', async () => {
    const page = await open('/');
    const home = page.locator('#block-7e3a90c1b2d4f5061728394b');
    await home.locator('input[type=email]').fill('reader');
    await home.locator('button').click();
    await expect
      .poll(() => text(page, '#email-newsletter-home-error'))
      .toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    await home.locator('input[type=email]').fill('reader@example.com');
    await home.locator('button').click();
    await expect
      .poll(() => text(page, '#form-7e3a90c1b2d4f5061728394b-success'))
      .toMatch(/^Thanks for signing up!/);
    const footer = page.locator('#block-7e3a90c1b2d4f5061728394a');
    await footer.locator('input[type=email]').fill('footer@example.com');
    await footer.locator('button').click();
    await expect.poll(() => page.locator('#form-7e3a90c1b2d4f5061728394a-success').count()).toBe(1);
    const forms = (await submissions()).map((s) => s.payload.formId);
    expect(forms).toEqual(
      expect.arrayContaining(['7e3a90c1b2d4f5061728394b', '7e3a90c1b2d4f5061728394a']),
    );
    // Each sign-up is stored as a subscription to its newsletter.
    const subscribed = (
      await site.recorded<{ payload: { formId: string; email: string } }>('newsletter-subscription')
    ).map((r) => r.payload);
    expect(subscribed).toEqual(
      expect.arrayContaining([
        { formId: '7e3a90c1b2d4f5061728394b', email: 'reader@example.com' },
        { formId: '7e3a90c1b2d4f5061728394a', email: 'footer@example.com' },
      ]),
    );
  });

  it.each([
    ['desktop', 1280, 900],
    ['phone', 375, 800],
  ])(
    'has no axe violation on /contact at %s size, errors shown or not',
    async (name, width, height) => {
      const page = await open('/contact');
      await page.setViewportSize({ width, height });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(tmpdir(), `jsont-forms-${name}.png`), fullPage: true });
      await submit(page);
      await expect.poll(() => summary(page)).toBe(INVALID);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(tmpdir(), `jsont-forms-${name}-errors.png`),
        fullPage: true,
      });
      // The summary has focus: the top of the form as the visitor sees it then.
      await page.screenshot({ path: join(tmpdir(), `jsont-forms-${name}-errors-top.png`) });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    },
  );
});
