/**
 * The boot tags (boot data, hydration data, client script) go right before the last `</body>`,
 * whatever the page holds: `İ` lowercases to two characters, so an index found in a lowercased
 * copy would land inside the tag and show the boot JSON as page text.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLIENT_PATH, injectClient, type BootData } from '../../server/site/html.js';
import { createSiteServer } from '../../server/preview/site-server.js';
import { startDemoSite } from './support.js';

const BOOT: BootData = { preview: false, route: '/', problems: [], version: 'v' };
const CLIENT_TAG = `<script type="module" src="${CLIENT_PATH}"></script>\n`;
/** Served pages end their body with the tags, then `</body>` whole. */
const TAGS_THEN_BODY_END = new RegExp(
  `${CLIENT_TAG.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}</body>`,
);

describe('injectClient', () => {
  it.each([
    ['İ before the end tag', '<body><p>İİİ</p></body></html>', '</body>'],
    ['an upper-case end tag after İ', '<BODY>İ x İ</BODY></HTML>', '</BODY>'],
    ['several end tags', '<body>İ</body><p>İ</p></Body>', '</Body>'],
  ])('puts the tags right before the last end tag: %s', (_name, html, endTag) => {
    const out = injectClient(html, BOOT);
    const at = html.lastIndexOf(endTag);
    expect(out.slice(0, at)).toBe(html.slice(0, at));
    expect(out.slice(at)).toMatch(/^<script type="application\/json" id="__jsont-boot">/);
    expect(out.endsWith(`${CLIENT_TAG}${html.slice(at)}`)).toBe(true);
  });

  it('appends the tags to a page without </body>', () => {
    expect(injectClient('<p>İ</p>', BOOT)).toMatch(/^<p>İ<\/p><script/);
  });
});

describe('served pages', () => {
  let stop: () => Promise<void>;
  let base: string;
  beforeAll(async () => {
    const demo = await startDemoSite();
    ({ base } = demo);
    stop = () => demo.site.close();
  });
  afterAll(() => stop());

  it('keep </body> whole with İ in the query', async () => {
    const html = await (await fetch(`${base}/search?q=%C4%B0%C4%B0%C4%B0`)).text();
    expect(html).toContain('İİİ');
    expect(html).toMatch(TAGS_THEN_BODY_END);
  });

  it('keep </body> whole with İ in the site data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsont-boot-'));
    try {
      cpSync(resolve(import.meta.dirname, '../../fixtures/site'), dir, { recursive: true });
      const file = join(dir, 'data', 'website.json');
      const data = JSON.parse(readFileSync(file, 'utf8'));
      data.website.siteTitle = 'İstanbul İpek';
      writeFileSync(file, JSON.stringify(data));
      const site = createSiteServer({ root: dir, dbFile: ':memory:', log: () => undefined });
      try {
        const url = await site.listen(0, '127.0.0.1');
        const html = await (await fetch(`${url}/`)).text();
        expect(html).toContain('İstanbul İpek');
        expect(html).toMatch(TAGS_THEN_BODY_END);
      } finally {
        await site.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
