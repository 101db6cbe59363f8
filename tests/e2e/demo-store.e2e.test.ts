/**
 * The demo store as a visitor meets it, in headless Chromium against the preview and `jsont
 * serve` (site-harness.ts): the gallery's lightbox by keyboard with focus back on the image, axe
 * on the gallery with the lightbox open at desktop and phone sizes, the video block, the shop's
 * category links, every route's title, the not-found page, the favicon, the header's two rows,
 * focus on the size buttons, product images without JavaScript, axe on the search page, the
 * skip link, the pop-up overlay, and on every route at 320 and 390 px: no horizontal overflow
 * and no control smaller than 24 px (WCAG 2.5.8). No page logs a console error or warning.
 */
import { expect, it } from 'vitest';

import { DEMO_ROUTES } from './demo-routes.js';
import { axeViolations, describeSite, focused, waitForWidgets, watchPage } from './site-harness.js';

const NOT_FOUND = '/no-such-page';

describeSite('demo store in Chromium', { prefix: 'jsont-demo-' }, (site) => {
  const open = (url: string, size?: { width: number; height: number }) =>
    site.open(url, size && { size });

  it('opens the gallery lightbox by keyboard, moves with the arrows, returns focus', async () => {
    const page = await open('/gallery');
    const link = page.locator('.gallery-item-link[data-title="Unloading the kiln"]');
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Gallery' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('gallery-lightbox--dark');
    expect(await focused(page, '.sf-dialog-close')).toBe(true);
    const image = dialog.locator('img');
    expect(await image.getAttribute('alt')).toBe('Unloading the kiln');
    await page.keyboard.press('ArrowRight');
    expect(await image.getAttribute('alt')).toBe('On the wheel');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await image.getAttribute('alt')).toBe('Holiday market');
    expect(await dialog.locator('.gallery-lightbox-position').textContent()).toBe('6 / 6');
    // The image itself loads (the same file the link opens without JavaScript).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.gallery-lightbox-image');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page, '.gallery-item-link[data-title="Unloading the kiln"]')).toBe(true);
    // A click opens it too; its Next button and the close button work.
    await page.locator('.gallery-item-link[data-title="Linen bolts"]').click();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    expect(await image.getAttribute('alt')).toBe('Holiday market');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page, '.gallery-item-link[data-title="Linen bolts"]')).toBe(true);
    expect(page.url()).toBe(`${site.base}/gallery`);
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`has no axe violation on the gallery, nor with its lightbox open, at ${size.width} px`, async () => {
      const page = await open('/gallery', size);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('.gallery-item-link').first().click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it('loads the video player only when the visitor asks', async () => {
    const page = await open('/gallery');
    expect(await page.locator('.video-block iframe').count()).toBe(0);
    await page.getByRole('button', { name: 'Play video: A tour of the studio' }).click();
    const frame = page.frameLocator('.video-block iframe');
    await frame.getByText('A tour of the studio: the wheel').waitFor();
    expect(await focused(page, '.video-block iframe')).toBe(true);
  });

  it('filters the shop by the category a visitor picks', async () => {
    const page = await open('/shop');
    expect(await page.locator('.product-card').count()).toBe(9);
    await page.getByRole('navigation', { name: 'Categories' }).getByText('Kitchen').click();
    await page.waitForURL(`${site.base}/shop?category=Kitchen`);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    expect(await page.locator('.product-card-title').allTextContents()).toEqual([
      'Linen Work Apron',
      'Stoneware Mug Set of 4',
      'Walnut Serving Board',
    ]);
    expect(await page.title()).toBe('Kitchen · Shop · Juniper & Pine');
    await page.getByRole('link', { name: 'List' }).click();
    await page.waitForURL(`${site.base}/shop?category=Kitchen&view=list`);
    expect(await page.locator('.product-row').count()).toBe(3);
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.waitForURL(`${site.base}/shop?view=list`);
    expect(await page.locator('.product-row').count()).toBe(9);
  });

  it('titles every demo route from its data and fetches the favicon', async () => {
    const page = await site.newPage();
    site.watch(page);
    for (const [url, { title }] of Object.entries(DEMO_ROUTES)) {
      const response = await page.goto(site.base + url, { waitUntil: 'load' });
      expect(response?.status(), url).toBe(200);
      expect(await page.title(), url).toBe(title);
    }
    // The icons the layout links, and the one browsers ask for on their own.
    const icons = await page.evaluate(async () => {
      const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map(
        (link) => link.href,
      );
      return Promise.all(
        [...hrefs, '/favicon.ico'].map(async (href) => {
          const r = await fetch(href);
          return `${new URL(href, location.href).pathname} ${r.status} ${r.headers.get('content-type')}`;
        }),
      );
    });
    expect(icons).toEqual([
      '/assets/favicon.svg 200 image/svg+xml',
      '/favicon.ico 200 image/x-icon',
      '/favicon.ico 200 image/x-icon',
    ]);
  });

  it('answers an unknown page with the styled not-found page in the site layout', async () => {
    const page = await site.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const seen = watchPage(page);
    const response = await page.goto(site.base + NOT_FOUND, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    expect(await page.title()).toBe('Page not found · Juniper & Pine');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    // The site's stylesheet applies and the viewport is the phone's, not a 980 px desktop.
    const looks = await page.evaluate(() => ({
      background: getComputedStyle(document.body.parentElement!).backgroundColor,
      width: document.documentElement.clientWidth,
    }));
    expect(looks).toEqual({ background: 'rgb(250, 247, 242)', width: 390 });
    // Chromium reports the document's own 404 status; nothing else.
    expect(seen.problems).toEqual([
      'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    expect(seen.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('keeps the header to two rows, signed in with a cart, at 1280 and 390 px', async () => {
    // The longest header: the account's status and sign-out, and the cart pill.
    const page = await open('/shop/p/walnut-serving-board', { width: 1280, height: 800 });
    await page.locator('.variant-radiobtn-wrapper label').first().click();
    await page.locator('.sqs-add-to-cart-button').click();
    await page.locator('.cart-pill[aria-hidden="false"]').waitFor();
    await page.goto(`${site.base}/account/sign-in`);
    // The sign-in form submits in place once its widget is attached.
    await waitForWidgets(page);
    await page.locator('.sign-in-form').getByLabel('Email').fill('demo@example.com');
    await page.locator('.sign-in-form').getByLabel('Password').fill('demo-password');
    await page.locator('.sign-in-form button[type="submit"]').click();
    await page.locator('[data-account-action="sign-out"]').waitFor();
    const rows = () =>
      page.evaluate(() => {
        const top = (selector: string) =>
          Math.round(document.querySelector(selector)!.getBoundingClientRect().top);
        const middle = (selector: string) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return Math.round((box.top + box.bottom) / 2);
        };
        const tools = ['.header-search input', '.account-menu', '.cart-pill'].map(middle);
        const lowest = Math.max(
          ...['.site-title', '.header-search', '.account-menu', '.cart-pill'].map(
            (s) => document.querySelector(s)!.getBoundingClientRect().bottom,
          ),
        );
        return { title: middle('.site-title'), tools, navBelow: top('.site-nav') >= lowest };
      });
    const wide = await rows();
    // One row for the title and the tools (centres within a few pixels), then the navigation.
    for (const centre of wide.tools) expect(Math.abs(centre - wide.title)).toBeLessThanOrEqual(4);
    expect(wide.navBelow).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await rows();
    for (const centre of narrow.tools) {
      expect(Math.abs(centre - narrow.tools[0]!)).toBeLessThanOrEqual(4);
    }
    expect(narrow.navBelow).toBe(true);
  });

  it('shows where focus is on the size buttons, whose hidden radio takes it', async () => {
    const page = await open('/shop/p/walnut-serving-board');
    await page.locator('.instalment-pill-info').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page, '#variant-option-Size-Small')).toBe(true);
    const outline = () =>
      page
        .locator('label[for="variant-option-Size-Small"]')
        .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(await outline()).toBe('solid');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page, '#variant-option-Size-Large')).toBe(true);
    expect(await outline()).toBe('none');
  });

  it('shows each product image once without JavaScript, none broken', async () => {
    const page = await site.newPage({ javaScript: false });
    await page.goto(`${site.base}/shop/p/walnut-serving-board`, { waitUntil: 'load' });
    const shown = await page
      .locator('.product-detail img')
      .evaluateAll((images) =>
        images
          .filter((img) => img.getBoundingClientRect().height > 0)
          .map((img) => `${img.getAttribute('src')} ${(img as HTMLImageElement).naturalWidth > 0}`),
      );
    await page.close();
    expect(shown).toEqual(['/assets/img/board.svg true']);
  });

  it('has no axe violation on the search page, whose two search forms are named apart', async () => {
    const page = await open('/search?q=mug');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('skips to the main content by keyboard', async () => {
    const page = await open('/shop');
    await page.keyboard.press('Tab');
    expect(await focused(page, 'a.skip-link')).toBe(true);
    const box = await page.locator('a.skip-link').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(await page.locator('a.skip-link').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await focused(page, 'main#main-content')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe(
      'main-content',
    );
  });

  it('shows the pop-up overlay after its delay, once, and remembers its closing', async () => {
    const page = await site.newPage({ popupOverlay: true });
    await page.clock.install();
    await site.open('/', { page });
    const dialog = page.getByRole('dialog', { name: 'Winter studio sale' });
    await page.clock.runFor(11_000);
    expect(await dialog.count()).toBe(0);
    await page.clock.runFor(1_000);
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('popup-overlay')!));
    expect(stored).toMatchObject({ version: '2026-winter' });
    expect(typeof stored['date-closed']).toBe('number');
    await page.goto(`${site.base}/shop`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    await page.clock.runFor(60_000);
    expect(await dialog.count()).toBe(0);
  });

  for (const width of [320, 390]) {
    it(`fits ${width} px on every route, with controls of 24 px or more`, async () => {
      const page = await site.newPage();
      await page.setViewportSize({ width, height: 800 });
      const watched = site.watch(page);
      const found: string[] = [];
      for (const url of [...Object.keys(DEMO_ROUTES), NOT_FOUND]) {
        await page.goto(site.base + url, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
        // Lazy images get their source after hydration: measure once they have their size.
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        found.push(...(await page.evaluate(layoutProblems)).map((p) => `${url}: ${p}`));
      }
      expect(found).toEqual([]);
      // The not-found page's own status is the only console message.
      expect(watched.problems.length).toBeGreaterThan(0);
      expect(watched.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
      watched.problems.length = 0;
    });
  }
});

/**
 * Run in the page: horizontal overflow, and visible controls smaller than 24 × 24 px. Links in
 * running text (inside a paragraph) are exempt, as WCAG 2.5.8 exempts inline targets.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`overflows by ${root.scrollWidth - root.clientWidth} px`);
  }
  const controls = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex="0"]',
  );
  for (const el of controls) {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const hidden =
      box.width === 0 ||
      style.visibility === 'hidden' ||
      Number(style.opacity) === 0 ||
      el.closest('[hidden], .visually-hidden') !== null;
    if (hidden || el.closest('p') !== null) continue;
    if (box.width < 24 || box.height < 24) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      problems.push(
        `${el.tagName.toLowerCase()} "${name}" is ${box.width.toFixed(0)}×${box.height.toFixed(0)}`,
      );
    }
  }
  return problems;
}
