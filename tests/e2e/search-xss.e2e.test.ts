/**
 * The reflected XSS of issue 17: a search query holding markup is shown as text on /search, in
 * the server HTML and after hydration, and runs no script; under the preview and `jsont serve`.
 */
import { expect, it } from 'vitest';

import { describeSite } from './site-harness.js';

describeSite('a hostile search query in Chromium', { prefix: 'jsont-xss-' }, (site) => {
  it('shows /search?q=<img src=x onerror=…> as text: no <img> element, no script run', async () => {
    const query = '<img src=x onerror="window.__xss=1">';
    const page = await site.open(`/search?q=${encodeURIComponent(query)}`);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('.search-count').textContent()).toBe(`No results for “${query}”`);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});
