/**
 * The preview server on the demo store (fixtures/site) and on temporary copies of it: every
 * route renders with no template error, compiled templates are cached by file version, broken
 * templates give a 500 page carrying file:line:col, and saves reach live-reload subscribers.
 */
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { parsePort, runPreview } from '../../cli/preview.js';
import { compile, prepareReact } from '../../index.js';
import { runCli } from '../../cli/run.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { DEMO_ROUTES } from '../e2e/demo-routes.js';
import { sendRaw } from './support.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const NOW = Date.parse('2026-11-20T12:00:00Z');

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return send(base, 'GET', path, headers);
}

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Reply> {
  return sendRaw(base, method, path, headers, body);
}

/** A copy of the demo site in a temp folder, which tests may break. */
function copySite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-site-'));
  cpSync(SITE, dir, { recursive: true, filter: (src) => !src.includes(`${SITE}/.data`) });
  return dir;
}

/** Rewrites a file and moves its mtime forward, so the cache sees a change within one tick. */
function edit(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  const later = new Date(Date.now() + 2000);
  utimesSync(file, later, later);
}

/** Runs `check` with `file` edited, restoring the original text afterwards whatever happens. */
async function withEdit(
  file: string,
  change: (text: string) => string,
  check: () => Promise<void>,
) {
  const original = readFileSync(file, 'utf8');
  edit(file, change);
  try {
    await check();
  } finally {
    edit(file, () => original);
  }
}

/** Resolves once `done()` holds (checked every 10 ms); fails after `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not done after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Registers a suite's `beforeAll` starting the site server on the demo store (`:memory:` db,
 * clock at NOW, quiet log) and handing it and its base URL to `receive`, and the `afterAll`
 * closing it.
 */
function useDemoSiteServer(receive: (started: { server: SiteServer; base: string }) => void): void {
  let server: SiteServer;
  beforeAll(async () => {
    server = createSiteServer({
      root: SITE,
      dbFile: ':memory:',
      now: () => NOW,
      log: () => undefined,
    });
    receive({ server, base: await server.listen(0, '127.0.0.1') });
  });
  afterAll(() => server.close());
}

describe('demo store (fixtures/site)', () => {
  const site = siteFolder(SITE, { now: () => NOW });

  it('has no template, partial or data problem', () => {
    expect(site.check()).toEqual([]);
  });

  it('is fully structured for the React path (no REACT_UNSTRUCTURED warning)', () => {
    for (const folder of ['templates', 'partials']) {
      for (const name of readdirSync(join(SITE, folder))) {
        const file = `${folder}/${name}`;
        const template = compile(readFileSync(join(SITE, file), 'utf8'), { name: file });
        expect(prepareReact(template).warnings, file).toEqual([]);
      }
    }
  });

  it('lists every route, item routes expanded, and each has expectations', () => {
    const urls = site.urls();
    for (const url of urls) expect(DEMO_ROUTES).toHaveProperty([url]);
    for (const url of Object.keys(DEMO_ROUTES).filter((u) => !u.includes('?'))) {
      expect(urls).toContain(url);
    }
  });

  it.each(Object.entries(DEMO_ROUTES))(
    'renders %s with no errors and its content',
    (url, { html: snippets }) => {
      const [pathname, query] = url.split('?') as [string, string | undefined];
      const outcome = site.render({
        pathname,
        query: new URLSearchParams(query ?? ''),
        extra: { cart: { totalQuantity: 0, entries: [] } },
      });
      if (outcome.status === 500) {
        throw new Error(outcome.problems.map((p) => p.frame).join('\n\n'));
      }
      expect(outcome.status).toBe(200);
      if (outcome.status !== 200) return;
      for (const snippet of snippets) expect(outcome.html).toContain(snippet);
      expect(outcome.html).toContain('<nav class="site-nav"');
    },
  );
});

describe('site server', () => {
  let server: SiteServer;
  let base: string;
  useDemoSiteServer((started) => ({ server, base } = started));

  it('answers every route 200 with the client script', async () => {
    for (const url of [...server.site.urls(), '/shop?view=list', '/search?q=coffee']) {
      const reply = await get(base, url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.body).toContain('<script type="module" src="/__client.js"></script>');
      expect(reply.body).toMatch(/id="__jsont-boot">\{"preview":false/);
    }
  });

  it('answers 404 for unknown pages and items, and refuses other methods', async () => {
    expect((await get(base, '/nope')).status).toBe(404);
    expect((await get(base, '/shop/p/no-such-product')).status).toBe(404);
    expect((await send(base, 'DELETE', '/shop')).status).toBe(405);
  });

  it('ignores a trailing slash, decodes item ids and answers HEAD without a body', async () => {
    expect((await get(base, '/shop/')).body).toContain('<h1>Shop</h1>');
    expect((await get(base, '/shop/p/gift-card/')).status).toBe(200);
    expect((await get(base, '/shop/p/%E0%A4%A')).status).toBe(404);
    const head = await send(base, 'HEAD', '/journal');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves assets and keeps requests inside the assets folder', async () => {
    const css = await get(base, '/assets/site.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect((await get(base, '/assets/img/apron.svg')).headers['content-type']).toBe(
      'image/svg+xml',
    );
    expect((await get(base, '/assets/%2e%2e/site.json')).status).toBe(404);
    expect((await get(base, '/assets/missing.css')).status).toBe(404);
  });

  it('prints a hostile search query as text, in the page and in the hydration data', async () => {
    const query = '<img src=x onerror=alert(1)>"&';
    const reply = await get(base, `/search?q=${encodeURIComponent(query)}`);
    expect(reply.status).toBe(200);
    // Nowhere raw: not in the markup, not in the hydration JSON.
    expect(reply.body).not.toContain('<img src=x');
    const { document } = new JSDOM(reply.body).window;
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('.search-count')!.textContent).toBe(`No results for “${query}”`);
    expect(document.querySelector<HTMLInputElement>('#search-input')!.value).toBe(query);
    expect(
      document.querySelector<HTMLInputElement>('input[aria-label="Search the site"]')!.value,
    ).toBe(query);
  });

  it('serves the client bundle', async () => {
    const js = await get(base, '/__client.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('__livereload');
    // The error overlay is a chunk of its own, imported when there is a problem to show.
    const chunk =
      /import\("(\/__client\/overlay-[A-Z0-9]+\.js)"\)|"(\/__client\/overlay-[A-Z0-9]+\.js)"/.exec(
        js.body,
      );
    expect(chunk, 'the entry names the overlay chunk').not.toBeNull();
    const overlay = await get(base, (chunk![1] ?? chunk![2])!);
    expect(overlay.status).toBe(200);
    expect(overlay.body).toContain('jsont-error-overlay');
    // Each script links its map by the SourceMap header, not by a line of its own.
    for (const script of [js, overlay]) {
      expect(script.body).not.toContain('sourceMappingURL');
      const map = await get(base, script.headers['sourcemap'] as string);
      expect(map.status).toBe(200);
      expect(map.headers['content-type']).toMatch(/^application\/json/);
      expect((JSON.parse(map.body) as { version: number }).version).toBe(3);
    }
    expect(js.headers['sourcemap']).toBe('/__client/__client.js.map');
  });

  it('mounts the commerce API: an added item shows in the cart page and the pill', async () => {
    const first = await get(base, '/cart');
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    const crumb = /crumb=([^;]+)/.exec(cookies.join(';'))?.[1];
    expect(crumb).toBeDefined();
    const products = JSON.parse(readFileSync(join(SITE, 'data/collections/shop.json'), 'utf8')) as {
      items: Array<{
        id: string;
        urlId: string;
        structuredContent: { variants: Array<{ sku: string }> };
      }>;
    };
    const board = products.items.find((i) => i.urlId === 'walnut-serving-board')!;
    const added = await send(
      base,
      'POST',
      '/api/commerce/shopping-cart/entries',
      { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb! },
      JSON.stringify({
        itemId: board.id,
        sku: board.structuredContent.variants[1]!.sku,
        quantity: 2,
      }),
    );
    expect(added.status, added.body).toBe(200);
    const cart = /CART=([^;]+)/.exec(
      ([] as string[]).concat(added.headers['set-cookie'] ?? []).join(';'),
    )?.[1];
    const page = await get(base, '/cart', { cookie: `crumb=${crumb}; CART=${cart}` });
    expect(page.body).toContain('Walnut Serving Board');
    expect(page.body).toContain('$170.00');
    expect(page.body).toContain('data-cart-quantity="2"');
  });
});

describe('site server: the demo contact form in the forms API', () => {
  let base: string;
  useDemoSiteServer((started) => ({ base } = started));

  it('validates submissions against the form defined in data/pages/contact.json', async () => {
    const { form } = JSON.parse(readFileSync(join(SITE, 'data/pages/contact.json'), 'utf8')) as {
      form: { id: string; fields: Array<{ id: string; type: string; required?: boolean }> };
    };
    const reply = await send(
      base,
      'POST',
      `/api/rest/forms/validate/${form.id}`,
      { 'content-type': 'application/json' },
      '{}',
    );
    expect(reply.status).toBe(400);
    const required = form.fields.filter((f) => f.required === true).map((f) => f.id);
    expect(Object.keys((JSON.parse(reply.body) as { errors: object }).errors).sort()).toEqual(
      required.sort(),
    );
  });
});

describe('site server on a copy of the site', () => {
  let dir: string;
  let server: SiteServer | undefined;

  beforeAll(() => {
    dir = copySite();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The preview server on the copy, its log lines collected. */
  async function previewLogging(debounceMs?: number): Promise<{ base: string; logs: string[] }> {
    const logs: string[] = [];
    server = createSiteServer({
      root: dir,
      preview: true,
      dbFile: ':memory:',
      now: () => NOW,
      log: (m) => logs.push(m),
      ...(debounceMs === undefined ? {} : { debounceMs }),
    });
    return { base: await server.listen(0, '127.0.0.1'), logs };
  }

  it('compiles a template once per file version', async () => {
    server = createSiteServer({
      root: dir,
      dbFile: ':memory:',
      now: () => NOW,
      log: () => undefined,
    });
    const base = await server.listen(0, '127.0.0.1');
    const misses = () => server!.site.files.misses.get('template') ?? 0;
    await get(base, '/events');
    const afterFirst = misses();
    await get(base, '/events');
    await get(base, '/events');
    expect(misses()).toBe(afterFirst);
    edit(join(dir, 'templates/events.html'), (t) =>
      t.replace('<ol class="event-list">', '<ol class="event-list" data-edited="yes">'),
    );
    const reply = await get(base, '/events');
    expect(reply.body).toContain('data-edited="yes"');
    expect(misses()).toBe(afterFirst + 1);
  });

  it('answers a broken template with a 500 page naming file:line:col, and recovers', async () => {
    const { base, logs } = await previewLogging(20);
    const file = join(dir, 'templates/gallery.html');
    const good = readFileSync(file, 'utf8');
    // Line 2, column 3: an unknown formatter.
    edit(file, (t) =>
      t.replace('  <h1>{collection.title}</h1>', '  {collection.title|no-such-formatter}'),
    );
    onTestFinished(() => writeFileSync(file, good));
    const broken = await get(base, '/gallery');
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('templates/gallery.html:2:3');
    const boot = JSON.parse(/id="__jsont-boot">(.*?)<\/script>/.exec(broken.body)![1]!) as {
      problems: Array<{ file: string; line: number; column: number; frame: string }>;
    };
    expect(boot.problems[0]).toMatchObject({ file: 'templates/gallery.html', line: 2, column: 3 });
    expect(boot.problems[0]!.frame).toContain('>> 2 |');
    expect(logs.join('\n')).toContain('templates/gallery.html:2:3');
    edit(file, () => good);
    expect((await get(base, '/gallery')).status).toBe(200);
  });

  it("prints a page's React warnings once, at the value's file:line:col", async () => {
    const { base, logs } = await previewLogging();
    const excerpt = 'Stonewashed Lithuanian linen with a cross-back strap and two deep pockets.';
    await withEdit(
      join(dir, 'data/collections/shop.json'),
      // Markup that closes the excerpt's <div>: the browser's tree is not the template's.
      (t) => t.replace(excerpt, '</div><div class=\\"moved\\">moved'),
      async () => {
        // The watcher's report of the edit forgets the warnings printed so far (they are
        // printed again after a change): wait for it, or a late one reprints the warning.
        await until(() => logs.some((line) => line.includes('changed, reloading')));
        const page = await get(base, '/shop/p/linen-work-apron');
        expect(page.status).toBe(200);
        const printed = logs.join('\n');
        expect(printed).toContain('templates/product.html:17:34');
        expect(printed).toContain('REACT_UNBALANCED_VALUE');
        const count = logs.length;
        await get(base, '/shop/p/linen-work-apron');
        expect(logs.length).toBe(count);
      },
    );
    // Other pages, and the page once the data is fixed, print nothing of the kind.
    logs.length = 0;
    await get(base, '/shop/p/linen-work-apron');
    await get(base, '/shop');
    expect(logs.join('\n')).not.toContain('REACT_');
  });

  it("prints what jsont check --react reports of a page template, at the tag's file:line:col", async () => {
    const { base, logs } = await previewLogging();
    await withEdit(
      join(dir, 'templates/product.html'),
      // An inline handler, which React cannot render: the element is built without it.
      (t) => t.replace('<a href="/shop">Shop</a>', '<a href="/shop" onclick="track()">Shop</a>'),
      async () => {
        await until(() => logs.some((line) => line.includes('changed, reloading')));
        expect((await get(base, '/shop/p/linen-work-apron')).status).toBe(200);
        const printed = logs.join('\n');
        expect(printed).toContain('templates/product.html:2:50');
        expect(printed).toContain('REACT_DROPPED_ATTRIBUTE');
        expect(printed.match(/REACT_DROPPED_ATTRIBUTE/g)).toHaveLength(1);
      },
    );
  });

  it('serves a product whose body nests elements past the depth limit, with a located warning', async () => {
    const { base, logs } = await previewLogging();
    await withEdit(
      join(dir, 'data/collections/shop.json'),
      // 9 KB of unclosed <b>: the React render of the page (for its warnings) overflowed the
      // stack and the preview answered 500.
      (text) => {
        const shop = JSON.parse(text) as { items: Array<{ urlId: string; body: string }> };
        shop.items.find((item) => item.urlId === 'linen-work-apron')!.body = '<b>'.repeat(3000);
        return JSON.stringify(shop);
      },
      async () => {
        await until(() => logs.some((line) => line.includes('changed, reloading')));
        const reply = await get(base, '/shop/p/linen-work-apron');
        expect(reply.status).toBe(200);
        expect(reply.body).toContain('<b><b><b>');
        const printed = logs.join('\n');
        expect(printed).toMatch(/templates\/product\.html:\d+:\d+ warning: .*\[REACT_TOO_DEEP\]/);
      },
    );
  });

  it('prints the UNESCAPED_REQUEST_VALUE warnings of a page template once, at file:line:col', async () => {
    const { base, logs } = await previewLogging();
    await withEdit(
      join(dir, 'templates/search.html'),
      // The page before the XSS fix: the raw query as a message argument.
      (t) =>
        t
          .replace('{.var @query query|html}', '')
          .replace('resultCount @query}', 'resultCount query}'),
      async () => {
        await until(() => logs.some((line) => line.includes('changed, reloading')));
        expect((await get(base, '/search?q=linen')).status).toBe(200);
        await get(base, '/search?q=coffee');
        const printed = logs.join('\n');
        expect(printed).toContain('[preview] /search: template warning (the page is served)');
        expect(printed).toContain(
          'templates/search.html:10:27 warning: the query argument is the request value search.query',
        );
        expect(printed.match(/UNESCAPED_REQUEST_VALUE/g)).toHaveLength(1);
      },
    );
  });

  it('reports problems in partials and data files with their own file names', async () => {
    server = createSiteServer({
      root: dir,
      preview: true,
      dbFile: ':memory:',
      now: () => NOW,
      log: () => undefined,
    });
    const base = await server.listen(0, '127.0.0.1');
    await withEdit(
      join(dir, 'partials/footer.block'),
      (t) => `${t}{.section website}\n`,
      async () => {
        const reply = await get(base, '/');
        expect(reply.status).toBe(500);
        expect(reply.body).toMatch(/partials\/footer\.block:\d+:1 error/);
      },
    );
    await withEdit(
      join(dir, 'data/pages/home.json'),
      (t) => t.replace('"title": "Home",', '"title": "Home"'),
      async () => {
        const bad = await get(base, '/');
        expect(bad.status).toBe(500);
        expect(bad.body).toMatch(/data\/pages\/home\.json:\d+:\d+/);
      },
    );
    expect((await get(base, '/')).status).toBe(200);
  });

  it('shows no template source on the 500 page outside preview mode', async () => {
    server = createSiteServer({
      root: dir,
      dbFile: ':memory:',
      now: () => NOW,
      log: () => undefined,
    });
    const base = await server.listen(0, '127.0.0.1');
    await withEdit(
      join(dir, 'templates/cart.html'),
      (t) => `{.section cart}${t}`,
      async () => {
        const reply = await get(base, '/cart');
        expect(reply.status).toBe(500);
        expect(reply.body).not.toContain('templates/cart.html');
      },
    );
  });

  it('tells live-reload subscribers to reload after a save, or sends the problems', async () => {
    server = createSiteServer({
      root: dir,
      preview: true,
      dbFile: ':memory:',
      now: () => NOW,
      log: () => undefined,
      debounceMs: 20,
    });
    const base = await server.listen(0, '127.0.0.1');
    const events = subscribe(base);
    try {
      await events.next('hello');
      const file = join(dir, 'templates/search.html');
      const good = readFileSync(file, 'utf8');
      onTestFinished(() => writeFileSync(file, good));
      edit(file, (t) => t.replace('<h1>{page.title}</h1>', '<h1>{page.title} now</h1>'));
      await events.next('reload');
      edit(file, (t) => t.replace('<h1>{page.title} now</h1>', '<h1>{.section page}</h1>'));
      const problems = (await events.next('problems')) as {
        problems: Array<{ file: string; line: number }>;
      };
      expect(problems.problems[0]).toMatchObject({ file: 'templates/search.html' });
      edit(file, () => good);
      await events.next('reload');
    } finally {
      events.close();
    }
  });
});

/** A minimal SSE reader: `next(type)` resolves with the data of the next event of that type. */
function subscribe(base: string) {
  const queue: Array<{ type: string; data: unknown }> = [];
  let wake: (() => void) | undefined;
  const req = request(new URL('/__livereload', base), (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type && data) queue.push({ type, data: JSON.parse(data) });
      }
      wake?.();
    });
  });
  req.on('error', () => undefined);
  req.end();
  return {
    async next(type: string, timeoutMs = 5000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((e) => e.type === type);
        if (index !== -1) return queue.splice(0, index + 1).pop()!.data;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no '${type}' event within ${timeoutMs} ms (got ${queue.map((e) => e.type).join(', ')})`,
          );
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, Math.min(left, 100));
        });
      }
    },
    close: () => req.destroy(),
  };
}

describe('jsont preview command', () => {
  // `jsont preview site` keeps its store in site/.data: run it on a copy in a temp folder, so
  // the test writes nothing into the working tree.
  let parent: string;
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'jsont-preview-'));
    cpSync(SITE, join(parent, 'site'), {
      recursive: true,
      filter: (src) => !src.includes(`${SITE}/.data`),
    });
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        stdout: { write: (t: string) => out.push(t) },
        stderr: { write: (t: string) => err.push(t) },
        cwd: parent,
      },
    };
  };

  it('takes the next free port when the asked one is busy, prints the URL, stops cleanly', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, r));
    const busy = (blocker.address() as AddressInfo).port;
    const { out, io: cliIo } = io();
    const stop = new AbortController();
    let url = '';
    let status = 0;
    try {
      const code = await runPreview(['site', '--port', String(busy)], cliIo, {
        signal: stop.signal,
        onListening: (u) => {
          url = u;
          // Stop whatever the request gives; the status is checked below.
          void get(u, '/shop')
            .then((reply) => (status = reply.status))
            .finally(() => stop.abort());
        },
      });
      expect(code).toBe(0);
    } finally {
      blocker.close();
    }
    expect(status).toBe(200);
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(Number(new URL(url).port)).toBeGreaterThan(busy);
    expect(out.join('')).toContain(url);
    expect(out.join('')).toContain('stopped');
  });

  it('listens on localhost unless --host is given', async () => {
    const addressOf = async (argv: string[]) => {
      const stop = new AbortController();
      let address = '';
      await runPreview(['site', '--port', '0', ...argv], io().io, {
        signal: stop.signal,
        onListening: (_url, server) => {
          address = (server.server.address() as AddressInfo).address;
          stop.abort();
        },
      });
      return address;
    };
    expect(['127.0.0.1', '::1']).toContain(await addressOf([]));
    expect(await addressOf(['--host', '0.0.0.0'])).toBe('0.0.0.0');
    const help = io();
    await runCli(['preview', '--help'], help.io);
    expect(help.out.join('')).toMatch(/--host <name> +interface to listen on \(default: localhost/);
  });

  it('is listed by jsont --help and rejects a folder without site.json', async () => {
    const help = io();
    await runCli(['--help'], help.io);
    expect(help.out.join('')).toMatch(/preview\s+serve a site folder/);
    const bad = io();
    expect(await runCli(['preview', 'site/templates'], bad.io)).toBe(2);
    expect(bad.err.join('')).toContain('not a site folder');
    expect(() => parsePort('70000')).toThrow(/--port/);
  });
});

describe('site.json validation', () => {
  it('names the problem: an item route without a collection, bad JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsont-config-'));
    try {
      writeFileSync(
        join(dir, 'site.json'),
        JSON.stringify({ routes: { '/p/:urlId': { template: 'p.html' } } }),
      );
      const site = siteFolder(dir);
      expect(site.check()).toMatchObject([
        { file: 'site.json', code: 'SITE_CONFIG', message: expect.stringContaining(':urlId') },
      ]);
      edit(join(dir, 'site.json'), () => '{\n  "routes": {\n}');
      expect(site.check()).toMatchObject([{ file: 'site.json', code: 'JSON_SYNTAX', line: 3 }]);
      expect(site.render({ pathname: '/' })).toMatchObject({ status: 500 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
