/**
 * The page budget's definition against a real browser (tests/storefront/page-scripts.ts): a
 * product page of the production client, with no visitor action, fetches exactly the scripts
 * the bundle test counts (AT_LOAD) by the time the network is idle and analytics has loaded;
 * none of the ON_ACTION chunks.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { AT_LOAD, asksFor, loaded, production, type Output } from '../storefront/page-scripts.js';
import { chromiumAvailable } from './chromium.js';
import { E2E_TEST_TIMEOUT_MS, useSiteInChromium } from './site-harness.js';

const PAGES = ['/shop/p/stoneware-mug-set', '/shop/p/wheel-throwing-workshop'];

describe.skipIf(!chromiumAvailable())(
  'the scripts a product page loads',
  { timeout: E2E_TEST_TIMEOUT_MS },
  () => {
    let base: string;
    let newPage: () => Promise<Page>;
    let outputs: Output[];
    // Preview only: the counted scripts come from the preview client's esbuild metafile
    // (tests/storefront/page-scripts.ts), whose chunk names the rules match; `jsont build` names its
    // chunks by content alone, and reports its own sizes against the budgets (its size table).
    useSiteInChromium(
      'jsont-page-scripts-',
      { clientBuild: 'production', log: () => {} },
      (site) => {
        ({ base, newPage } = site);
      },
    );
    beforeAll(async () => {
      outputs = (await production()).filter((o) => o.url.endsWith('.js'));
    });

    for (const path of PAGES) {
      it(`${path} fetches the counted scripts and no others`, async () => {
        const page = await newPage();
        const fetched: string[] = [];
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script') {
            fetched.push(new URL(response.url()).pathname);
          }
        });
        await page.goto(base + path, { waitUntil: 'networkidle' });
        // Analytics loads once the page is idle after hydration: the last script of the load.
        await expect
          .poll(() => fetched.some((url) => url.startsWith('/__client/analytics-')))
          .toBe(true);
        await page.waitForLoadState('networkidle');
        const html = await (await fetch(base + path)).text();
        const counted = loaded(outputs, true, asksFor(html, AT_LOAD)).map((o) => o.url);
        expect(fetched.sort()).toEqual(counted.sort());
      });
    }
  },
);
