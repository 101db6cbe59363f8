/**
 * Add to cart with JavaScript off (server/site/cart-posts.ts), on both servers: on the demo's
 * product page the visitor chooses the options and the quantity in the real form, presses Add To
 * Cart, and the page comes back (303) saying `Added!` with the header's pill counting the units;
 * /cart lists the line. The sold-out variant comes back with the stock text under its title,
 * adding nothing. A subscription product's Subscribe goes to its subscription checkout; the shop
 * grid shows no quick view control (it needs the storefront), the cards' links lead to the
 * products. The workshop's additional-fields form is in its product form: answered, it books the
 * seat with the answers (shown on /cart); a missing answer comes back named on its field, the
 * others kept.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { axeViolations, describeSite } from './site-harness.js';

const APRON = '/shop/p/linen-work-apron';
const WORKSHOP = '/shop/p/wheel-throwing-workshop';
const AT_FORM = '#product-form';

describeSite('add to cart without JavaScript', { prefix: 'jsont-nojs-' }, (site) => {
  const pill = (page: Page) => page.locator('.cart-pill').getAttribute('data-cart-quantity');
  const notice = async (page: Page) =>
    (await page.locator('.product-cart-notice').innerText()).replace(/\s+/g, ' ').trim();

  it('adds the chosen variant and quantity, then counts it in the pill and on /cart', async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(site.base + APRON);
    expect(await pill(page)).toBe('0');
    await page.getByRole('combobox', { name: 'Select Color' }).selectOption('Charcoal');
    await page.getByRole('combobox', { name: 'Select Size' }).selectOption('S/M');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(`${site.base}${APRON}?cart=added&variant=66b1c3e8d1f2000000000003`);
    expect(await notice(page)).toBe('Added! View cart');
    expect(await pill(page)).toBe('2');
    expect(await page.locator('.cart-pill').getAttribute('aria-label')).toBe('2 items in cart');

    // The sold-out variant: refused with the stock text, the pill unchanged.
    await page.getByRole('combobox', { name: 'Select Color' }).selectOption('Charcoal');
    await page.getByRole('combobox', { name: 'Select Size' }).selectOption('L/XL');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(/cart=out-of-stock/);
    expect(await notice(page)).toBe(
      'Unable to Add Item Sorry, we do not have enough of that item available.',
    );
    expect(await pill(page)).toBe('2');

    await page.locator('.cart-pill').click();
    await page.waitForURL(`${site.base}/cart`);
    expect(await page.locator('#sqs-cart-root').innerText()).toContain('Linen Work Apron');
    expect(await pill(page)).toBe('2');
  });

  it("sends a subscription product to its checkout from the product page's form", async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(`${site.base}/shop/p/coffee-subscription`);
    await page.getByRole('combobox', { name: 'Select Grind' }).selectOption('Ground');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[\w-]+$/);
    expect(await page.locator('h1').innerText()).toBe('Subscription checkout');
  });

  it('shows no quick view control on the shop grid; the cards link to their products', async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(`${site.base}/shop`);
    const controls = page.locator('.sqs-product-quick-view-button');
    expect(await controls.count()).toBeGreaterThan(0);
    for (const control of await controls.all()) expect(await control.isVisible()).toBe(false);
    const card = page.locator('.product-card').first();
    await card.locator('.product-card-title a').click();
    await page.waitForURL(/\/shop\/p\//);
    expect(await page.locator('form[data-product-form]').count()).toBe(1);
  });

  it("books the workshop with its form's fields in the product form, then lists the answers on /cart", async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(site.base + WORKSHOP);
    const details = page.getByRole('group', { name: 'Workshop booking details' });
    await page.getByRole('combobox', { name: 'Select Session' }).selectOption('Saturday 10am');
    await details.getByRole('combobox', { name: 'Experience' }).selectOption('A few classes');
    await details.getByRole('textbox', { name: 'Anything we should know?' }).fill('Left-handed');
    await page.getByRole('button', { name: 'Book a Seat' }).click();
    // The answer opens at the product form (the action's fragment, kept through the 303).
    await page.waitForURL(
      `${site.base}${WORKSHOP}?cart=added&variant=66b1c3e8d1f2000000000010${AT_FORM}`,
    );
    expect(await notice(page)).toBe('Added! View cart');
    expect(await pill(page)).toBe('1');
    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${site.base}/cart`);
    const entry = page.locator('.cart-entry', { hasText: 'Wheel Throwing Workshop' });
    const answers = (await entry.locator('.cart-entry-fields').innerText()).replace(/\s+/g, ' ');
    expect(answers).toContain('A few classes');
    expect(answers).toContain('Left-handed');
  });

  it('comes back with Required on the missing field, the other answer kept, adding nothing', async () => {
    const page = await site.newPage({ javaScript: false });
    site.watch(page);
    await page.goto(site.base + WORKSHOP);
    const notes = page.getByRole('textbox', { name: 'Anything we should know?' });
    await notes.fill('Wheelchair access, please');
    await page.getByRole('button', { name: 'Book a Seat' }).click();
    await page.waitForURL(`${site.base}${WORKSHOP}${AT_FORM}`);
    const experience = page.getByRole('combobox', { name: 'Experience' });
    // The page opens at the product form: Tab goes to its first control, then on to the fields.
    const session = page.getByRole('combobox', { name: 'Select Session' });
    // Once the browser has gone to the fragment (the form its target): Tab starts there.
    await page.locator(`form${AT_FORM}:target`).waitFor();
    await page.keyboard.press('Tab');
    expect(await session.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await experience.getAttribute('aria-invalid')).toBe('true');
    // Its message is its description (aria-describedby), above its title.
    const describedBy = (await experience.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('Required');
    expect(await page.locator('.product-additional-fields .form-errors').innerText()).toBe(
      'One or more fields is invalid, please check your entries.',
    );
    // The session was not chosen either: named under the button.
    expect(await notice(page)).toBe('Unable to Add Item Please select the Session option.');
    expect(await notes.inputValue()).toBe('Wheelchair access, please');
    expect(await pill(page)).toBe('0');
    // axe needs script: the same markup, without the page's, in a page that runs axe's.
    const markup = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, '');
    const checked = await site.newPage();
    await checked.route(site.base + WORKSHOP, (route) =>
      route.fulfill({ contentType: 'text/html', body: markup }),
    );
    await checked.goto(site.base + WORKSHOP);
    expect(await checked.locator('.product-additional-fields').isVisible()).toBe(true);
    expect(await axeViolations(checked)).toEqual([]);
    await checked.close();
    // Answered, it adds (the answer typed before kept).
    await page.getByRole('combobox', { name: 'Select Session' }).selectOption('Sunday 2pm');
    await experience.selectOption('Never touched clay');
    await page.getByRole('button', { name: 'Book a Seat' }).click();
    await page.waitForURL(/cart=added/);
    expect(await pill(page)).toBe('1');
  });
});
