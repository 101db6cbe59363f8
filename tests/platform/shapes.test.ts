/**
 * The developer-platform preview on a folder shaped like public templates
 * (tests/fixtures/platform-shapes): every page answers 200, inline navigation templates, combined
 * scripts, platform partials, index pages, galleries with a video, list filters and pagination,
 * item neighbours, `?format=page` for client navigation, and tweak values other than the
 * defaults.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runPreview } from '../../cli/preview.js';
import { createPlatformServer, type PlatformServer } from '../../server/preview/platform-server.js';
import { captureIO, runJsont } from '../cli/helpers.js';
import { PlatformSite } from '../../server/site/platform/platform-site.js';
import { folderReaderOf } from '../../server/site/platform/reader.js';
import { memoryReader } from '../../server/site/reader.js';
import { fixtureFiles } from './support.js';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/platform-shapes');

let dir: string;
let server: PlatformServer;
let base: string;
const logged: string[] = [];

async function start(tweaks?: Record<string, string>) {
  const s = createPlatformServer({
    root: dir,
    dbFile: ':memory:',
    now: () => Date.UTC(2026, 0, 1),
    log: (m) => logged.push(m),
    ...(tweaks && { tweaks }),
  });
  return { server: s, base: await s.listen(0, '127.0.0.1') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsont-platform-shapes-'));
  cpSync(FIXTURE, dir, { recursive: true });
  ({ server, base } = await start());
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, at = base) => fetch(`${at}${path}`, { redirect: 'manual' });
const text = async (path: string) => (await get(path)).text();
/** The page body: what the page template rendered inside the hydration root. */
const body = async (path: string) =>
  /<div id="__jsont-root" style="display:contents">([\s\S]*?)<\/div>\s*<\/main>/.exec(
    await text(path),
  )![1]!;

describe('a folder shaped like public templates', () => {
  it('answers 200 on every page, and warns only of the partials no stand-in knows', async () => {
    const urls = server.site.urls();
    expect(urls).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/blog',
        '/events',
        '/gallery',
        '/index',
        '/products',
      ]),
    );
    for (const url of urls) {
      const res = await get(url);
      expect(res.status === 200 || (url === '/folders' && res.status === 302), url).toBe(true);
    }
    const codes = server.site.check().map((p) => `${p.code} ${p.file}:${p.line}`);
    expect(codes).toEqual(['UNKNOWN_PARTIAL footer.region:3']);
  });

  it('types collections as the platform does: by name, chronological text as a blog', async () => {
    const types = Object.fromEntries(server.site.model().collections.map((c) => [c.name, c.type]));
    expect(types).toEqual({
      blog: 'blog',
      events: 'events',
      folders: 'folder',
      gallery: 'gallery',
      index: 'index',
      products: 'products',
    });
  });

  it('renders a navigation tag with an inline template inside an attribute value', async () => {
    const html = await text('/about');
    expect(html).toMatch(
      /<body id="page-about" class="[^"]*collection-type-page[^"]* has-primary-nav">/,
    );
    expect(html).toContain('<a href="/folders/ember-notes-1">Ember Notes</a>');
  });

  it('combines scripts, evaluating template syntax in the combo attribute', async () => {
    const html = await text('/about');
    expect(html).toContain('<script src="/scripts/site.js,extra.js"></script>');
    expect(html).toContain('<!-- squarespace:script: no scripts/vendor-bundle.js -->');
    const combined = await get('/scripts/site.js,extra.js');
    expect(combined.headers.get('content-type')).toContain('text/javascript');
    const js = await combined.text();
    expect(js.indexOf("add('site-js')")).toBeLessThan(js.indexOf("add('extra-js')"));
    expect((await get('/scripts/site.js,nope.js')).status).toBe(404);
    expect((await get('/scripts/site.js,..%2Ftemplate.conf')).status).toBe(404);
  });

  it('renders platform partials by their .block name, and a labelled stand-in for others', async () => {
    const html = await text('/about');
    expect(html).toContain(
      '<nav class="jsont-stand-in sqs-social-links" aria-label="Social links">',
    );
    expect(html).toContain(
      '<div class="jsont-stand-in sqs-missing-partial" role="note" data-partial="platform-only.block">',
    );
  });

  it('answers the pages the platform renders itself with a labelled stand-in in the layout', async () => {
    const signIn = await get('/account/sign-in?returnTo=%2Fblog');
    expect(signIn.status).toBe(200);
    const html = await signIn.text();
    expect(html).toContain('<section class="jsont-stand-in system-page" role="note">');
    expect(html).toContain('The platform renders this page (/account/sign-in) on the live site.');
    expect(html).toContain('<nav class="site-navigation" aria-label="Main">');
    expect((await get('/members/access-denied?format=page')).status).toBe(200);
    expect((await get('/accounts')).status).toBe(404);
  });

  it('renders an index page from its sections, and a gallery with images and a video', async () => {
    const index = await body('/index');
    expect(index.match(/<section id="[\w-]+" class="index-page/g)).toHaveLength(2);
    expect(index.match(/<section id="[\w-]+" class="index-gallery"/g)).toHaveLength(1);
    const gallery = await body('/gallery');
    expect(gallery.match(/<img class="gallery-image" data-src=/g)).toHaveLength(5);
    expect(gallery).toMatch(
      /<div class="gallery-video sqs-video-wrapper" data-html="&lt;img [^"]*" data-provider-name="Sample" data-src="\/__placeholder\/gallery-6\.svg" data-image-dimensions="1500x1000" data-image-focal-point="0\.5,0\.5"><\/div>/,
    );
  });
});

describe('an events collection (its .list alone, a system collection)', () => {
  it('lists upcoming events from the soonest and past ones from the latest, by the clock', () => {
    const at = (now: number) => {
      const site = new PlatformSite(folderReaderOf(memoryReader(fixtureFiles(FIXTURE))), {
        now: () => now,
      });
      const outcome = site.render({ pathname: '/events' });
      if (outcome.status !== 200) throw new Error(`status ${outcome.status}`);
      const titles = (cls: string) =>
        [...outcome.html.matchAll(new RegExp(`${cls}[^>]*>(?:<a [^>]*>)?([^<]+)<`, 'g'))].map(
          (m) => m[1],
        );
      return { upcoming: titles('entry-title'), past: titles('past-event') };
    };
    const before = at(Date.UTC(2026, 0, 1));
    expect(before.upcoming).toHaveLength(3);
    expect(before.past).toEqual([]);
    // The sample events start 10, 20 and 30 days after 2026-01-05.
    const between = at(Date.UTC(2026, 0, 20));
    expect(between.upcoming).toEqual(before.upcoming.slice(1));
    expect(between.past).toEqual(before.upcoming.slice(0, 1));
    const after = at(Date.UTC(2026, 2, 1));
    expect(after.upcoming).toEqual([]);
    expect(after.past).toEqual([...before.upcoming].reverse());
  });
});

describe('list filters and pagination', () => {
  const titles = (html: string) =>
    [...html.matchAll(/<h1 class="title"><a href="([^"]+)"/g)].map((m) => m[1]);

  it('pages a blog by its pageSize, the next page after the date of the last item shown', async () => {
    const first = await body('/blog');
    expect(titles(first)).toHaveLength(3);
    const older = /<a class="older" href="([^"]+)">/.exec(first)![1]!;
    expect(older).toMatch(/^\/blog\?offset=\d+$/);
    expect(first).not.toContain('class="newer"');
    const second = await body(older);
    expect(titles(second)).toHaveLength(1);
    expect(titles(first)).not.toContain(titles(second)[0]);
    expect(second).toContain('<a class="newer" href="/blog">Newer</a>');
    expect(second).not.toContain('class="older"');
  });

  it('filters by category, tag and author, keeping the filter in the pagination links', async () => {
    const studio = await body('/blog?category=Studio');
    expect(studio).toContain('<p class="filtered-by">Filtered by Category: Studio</p>');
    expect(titles(studio)).toHaveLength(2);
    expect(studio).not.toContain('class="category" href="?category=Travel"');
    const tagged = await body('/blog?tag=news');
    expect(tagged).toContain('Filtered by Tag: news');
    expect(titles(tagged)).toHaveLength(2);
    const authorId = /\?author=(\w+)"/.exec(studio)![1]!;
    const byAuthor = await body(`/blog?author=${authorId}`);
    expect(byAuthor).toContain('<p class="filtered-by">Filtered by Author: Sample Author</p>');
    expect(byAuthor).toContain(`<a class="older" href="/blog?author=${authorId}&offset=`);
  });

  it('prints a filter value from the URL escaped, even where the template prints it raw', async () => {
    const html = await body('/blog?tag=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(html).toContain('Filtered by Tag: &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<p class="no-posts">');
  });

  it('gives an item page its newer and older neighbours', async () => {
    const [first, second, third] = server.site.urls().filter((u) => u.startsWith('/blog/'));
    const page = await body(second!);
    expect(page).toContain(`<a class="newer" href="${first}">Newer</a>`);
    expect(page).toContain(`<a class="older" href="${third}">Older</a>`);
    expect(await body(first!)).not.toContain('class="newer"');
  });
});

describe('?format=page', () => {
  it('answers the page JSON a client navigation renders, with its code served for good', async () => {
    const res = await get('/blog?category=Studio&format=page');
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      data: Record<string, unknown>;
      shell: string;
      code: string;
    };
    expect(page.data.categoryFilter).toBe('Studio');
    expect((page.data.request as { query: unknown }).query).toEqual({ category: 'Studio' });
    expect(page.shell).toContain('<div id="__jsont-root" style="display:contents"></div>');
    expect(page.shell).toContain('<title>Journal — Shapes</title>');
    expect(page.shell).not.toContain('Filtered by');
    const code = await get(page.code);
    expect(code.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const parsed = (await code.json()) as { root: string; partials: Record<string, unknown> };
    expect(parsed.root).toBe('__jsont-root');
    expect(Object.keys(parsed.partials)).toContain('site-navigation.block');
  });

  it('answers an error status where the client cannot render the page', async () => {
    expect((await get('/nowhere?format=page')).status).toBe(404);
    expect((await get('/folders?format=page')).status).toBe(404);
    expect((await get('/__jsont/code/0000000000000000.json')).status).toBe(404);
  });
});

describe('tweak values', () => {
  const css = async (at: string) => (await get('/site.css', at)).text();

  it('compiles a tweak set in tweaks.json or by --tweak over its default', async () => {
    expect(await css(base)).toContain('color: #2a6f97;');
    writeFileSync(join(dir, 'tweaks.json'), '{ "accentColor": "#c0392b", "@pageWidth": "1200px" }');
    try {
      const fromFile = await css(base);
      expect(fromFile).toContain('color: #c0392b;');
      expect(fromFile).toContain('max-width: 1200px;');
      expect(fromFile).toMatch(/\.sidebar \{\s+display: block;/);
      const cli = await start({ 'tweak-show-sidebar': 'false', accentColor: '#111111' });
      try {
        const overridden = await css(cli.base);
        expect(overridden).toContain('color: #111111;');
        expect(overridden).toContain('max-width: 1200px;');
        expect(overridden).toMatch(/\.sidebar \{\s+display: none;/);
      } finally {
        await cli.server.close();
      }
    } finally {
      rmSync(join(dir, 'tweaks.json'));
    }
  });

  it('shows checkbox and dropdown tweaks as body classes, set by tweaks.json too', async () => {
    expect((await server.recheck()).filter((p) => p.code.startsWith('TWEAK'))).toEqual([]);
    const classes = async () =>
      /<body id="page-about" class="([^"]*)"/.exec(await text('/about'))![1]!;
    expect((await classes()).split(' ')).toEqual(
      expect.arrayContaining(['tweak-show-footer', 'tweak-nav-style-icon']),
    );
    writeFileSync(
      join(dir, 'tweaks.json'),
      '{ "tweak-show-footer": false, "tweak-nav-style": "Standard" }',
    );
    try {
      const set = (await classes()).split(' ');
      expect(set).toContain('tweak-nav-style-standard');
      expect(set).not.toContain('tweak-show-footer');
      expect(set).not.toContain('tweak-nav-style-icon');
      // Class tweaks never reach LESS as variables.
      expect(await css(base)).toContain('.tweak-show-footer .site-footer');
    } finally {
      rmSync(join(dir, 'tweaks.json'));
    }
  });

  it('reports a tweak no stylesheet declares, and a value that would end the declaration', async () => {
    writeFileSync(join(dir, 'tweaks.json'), '{\n  "accentColour": "#c0392b"\n}');
    try {
      const found = await server.recheck();
      const tweakProblems = found.filter((p) => p.code.startsWith('TWEAK'));
      expect(tweakProblems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
        'tweaks.json:2:3 TWEAK_UNKNOWN',
      ]);
      expect(tweakProblems[0]!.frame).toContain('>> 2 |   "accentColour": "#c0392b"');
    } finally {
      rmSync(join(dir, 'tweaks.json'));
    }
    const cli = await start({ accentColor: 'red; } body { display: none' });
    try {
      const sheet = await css(cli.base);
      expect(sheet).toContain('TWEAK_VALUE');
      // Nothing but the problem, as a comment: the value never reaches the stylesheet.
      expect(sheet.trim()).toMatch(/^\/\*[^]*\*\/$/);
      expect(sheet.indexOf('*/')).toBe(sheet.trim().length - 2);
    } finally {
      await cli.server.close();
    }
  });
});

describe('the jsont commands on the folder', () => {
  it('jsont preview --tweak sets a tweak for the folder served', async () => {
    const stop = new AbortController();
    let sheet = '';
    const io = captureIO(dir);
    const code = await runPreview(
      ['.', '--port', '0', '--tweak', 'accentColor=#0b6e4f', '--tweak', 'pageWidth=720px'],
      io,
      {
        signal: stop.signal,
        onPlatformListening: (url) => {
          void fetch(`${url}/site.css`)
            .then((r) => r.text())
            .then((t) => (sheet = t))
            .finally(() => stop.abort());
        },
      },
    );
    expect(code).toBe(0);
    expect(sheet).toContain('color: #0b6e4f;');
    expect(sheet).toContain('max-width: 720px;');
    const bad = await runJsont(dir, ['preview', '.', '--tweak', 'accentColor']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--tweak must be name=value, got 'accentColor'");
  });

  it('jsont check reports the unknown partials and a missing stylesheet as warnings, exits 0', async () => {
    const run = await runJsont(dir, ['check', '.']);
    expect(run.stderr).toContain(
      'footer.region:3:9 warning: no block platform-only.block in blocks/ and no built-in stand-in',
    );
    expect(run.stderr).toContain(
      'template.conf:21:21 warning: no styles/reset.css: the stylesheet is compiled without it',
    );
    expect(run.stdout).toContain('0 errors, 2 warnings');
    expect(run.code).toBe(0);
  });
});
