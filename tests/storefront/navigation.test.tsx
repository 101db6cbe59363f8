/**
 * Client-side navigation (docs/navigation.md) in jsdom: which clicks it takes, the page it
 * renders from the page JSON (a fake fetch serving what the site server would), history and
 * back/forward from the cache, focus on the main heading and the title announced, one page
 * view per navigation, and the one fallback rule: anything unexpected ends in a full load, and
 * nothing of the page changes before it.
 *
 * @vitest-environment jsdom
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { pageJsonAnswer, type PageCodeStore } from '../../server/site/page-json.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { clickTarget, linkTarget } from '../../storefront/navigation/links.js';
import {
  PAGE_VIEW_EVENT,
  startNavigation,
  type Navigation,
  type PageViewDetail,
} from '../../storefront/navigation/index.js';
import { ANNOUNCER_ID } from '../../storefront/navigation/announce.js';
import { NAVIGATION_HOST } from '../../storefront/navigation-host.js';
import { FakeCommerce, logged, mountPage, SITE } from './support.js';

const ORIGIN = new URL(location.href).origin;
const here = (path: string) => new URL(path, ORIGIN);

describe('which links navigate in the browser', () => {
  const link = (attrs: Record<string, string>) => {
    const a = document.createElement('a');
    for (const [name, value] of Object.entries(attrs)) a.setAttribute(name, value);
    document.body.append(a);
    return a;
  };

  it.each([
    ['/shop', '/shop'],
    ['/shop?category=Kitchen', '/shop?category=Kitchen'],
    ['shop/p/linen-work-apron', '/shop/p/linen-work-apron'],
    [`${ORIGIN}/journal`, '/journal'],
    ['/journal#comments', '/journal'],
  ])('takes a link to a page of the site (%s)', (href, path) => {
    const url = linkTarget(link({ href }), here('/'));
    expect(url && url.pathname + url.search).toBe(path);
  });

  it.each([
    ['another origin', { href: 'https://example.com/shop' }],
    ['mailto', { href: 'mailto:hello@example.com' }],
    ['javascript', { href: 'javascript:alert(1)' }],
    ['a fragment of this page', { href: '#main-content' }],
    ['this page with a fragment', { href: '/?x=1#top' }, '/?x=1'],
    ['target _blank', { href: '/shop', target: '_blank' }],
    ['a download', { href: '/shop', download: '' }],
    ['rel external', { href: '/shop', rel: 'noopener external' }],
    ['data-reload', { href: '/shop', 'data-reload': '' }],
    ['the API', { href: '/api/commerce/shopping-cart' }],
    ['checkout', { href: '/checkout' }],
    ['checkout below', { href: '/checkout/subscription' }],
    ['an asset', { href: '/assets/site.css' }],
    ['a file', { href: '/favicon.ico' }],
    ['no href', {}],
  ])('leaves %s to the browser', (_, attrs, from = '/') => {
    expect(linkTarget(link(attrs), here(from))).toBeUndefined();
  });

  it('takes plain left clicks only', () => {
    const a = link({ href: '/shop' });
    const click = (init: MouseEventInit) => {
      let target: URL | undefined;
      a.addEventListener('click', (e) => (target = clickTarget(e, here('/'))), { once: true });
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
      return target?.pathname;
    };
    expect(click({})).toBe('/shop');
    expect(click({ button: 1 })).toBeUndefined();
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      expect(click({ [key]: true }), key).toBeUndefined();
    }
    // A click inside the link (on its text's element) counts; one already handled does not.
    const inner = document.createElement('span');
    a.append(inner);
    let seen: string | undefined;
    document.addEventListener('click', (e) => (seen = clickTarget(e, here('/'))?.pathname), {
      once: true,
    });
    fireEvent.click(inner);
    expect(seen).toBe('/shop');
    a.addEventListener('click', (e) => e.preventDefault(), { once: true });
    document.addEventListener('click', (e) => (seen = clickTarget(e, here('/'))?.pathname), {
      once: true,
    });
    fireEvent.click(a);
    expect(seen).toBeUndefined();
  });
});

describe('navigation rendered in the browser', () => {
  const NOW = Date.parse('2026-11-20T12:00:00Z');
  const site = siteFolder(SITE, { now: () => NOW });
  const commerce = new FakeCommerce();
  let codes: PageCodeStore;
  /** What the fake server answers instead of a page's JSON (undefined: the real one). */
  let tamper: ((path: string) => Response | Promise<Response> | undefined) | undefined;
  const fetched: string[] = [];
  const fullLoads: Array<[string, string]> = [];
  const views: PageViewDetail[] = [];
  let navigation: Navigation | undefined;

  const serve = async (path: string): Promise<Response> => {
    fetched.push(path);
    const replaced = tamper?.(path);
    if (replaced !== undefined) return replaced;
    const url = here(path);
    const code = codes.get(url.pathname);
    if (code !== undefined) return new Response(code);
    url.searchParams.delete('format');
    const outcome = site.render({
      pathname: url.pathname,
      query: url.searchParams,
      extra: { cart: commerce.cart() },
      shell: true,
    });
    const answer = pageJsonAnswer(outcome);
    if (answer.code !== undefined) codes.set(answer.code.path, answer.code.text);
    return new Response(answer.body, { status: answer.status });
  };

  const onView = (e: Event) => views.push((e as CustomEvent<PageViewDetail>).detail);

  /** The home page, hydrated, with its head as the server sends it, and navigation started. */
  async function start(): Promise<Navigation> {
    history.replaceState(null, '', '/');
    // Timers that never fire: the home page's pop-up would open after its delay, mid-test on a
    // loaded machine, and change the page the cases compare.
    const heldTimers = { setTimeout: () => 0, clearTimeout: () => {} };
    const { runtime } = await mountPage('/', { commerce, timers: heldTimers });
    const html = site.render({ pathname: '/', extra: { cart: commerce.cart() } });
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(
      html.status === 200 ? html.html : '',
    )![1]!;
    navigation = startNavigation({
      runtime,
      stopWidgets: Promise.resolve(() => {}),
      host: NAVIGATION_HOST,
      seams: {
        fetch: ((input: string) => serve(input)) as typeof fetch,
        now: () => NOW,
        fullLoad: (url, kind) => fullLoads.push([here(url).pathname, kind]),
      },
    });
    return navigation;
  }

  beforeEach(() => {
    codes = new Map();
    tamper = undefined;
    fetched.length = 0;
    fullLoads.length = 0;
    views.length = 0;
    document.addEventListener(PAGE_VIEW_EVENT, onView);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    navigation?.stop();
    document.removeEventListener(PAGE_VIEW_EVENT, onView);
    document.getElementById(ANNOUNCER_ID)?.remove();
  });

  const heading = () => screen.getByRole('heading', { level: 1 });

  it('renders the next page for a click on a link, with its title, focus and one page view', async () => {
    await start();
    expect(heading().textContent).toBe('Goods for slow mornings');
    const link = document.querySelector<HTMLAnchorElement>('#site-header a[href="/shop"]')!;
    await act(async () => {
      fireEvent.click(link);
      await vi.waitFor(() => expect(views).toHaveLength(1));
    });
    expect(location.pathname).toBe('/shop');
    expect(heading().textContent).toBe('Shop');
    expect(document.activeElement).toBe(heading());
    expect(heading().getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Shop · Juniper & Pine');
    const announcer = document.getElementById(ANNOUNCER_ID)!;
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('Shop · Juniper & Pine');
    expect(views).toEqual([
      {
        url: `${ORIGIN}/shop`,
        title: 'Shop · Juniper & Pine',
        referrer: `${ORIGIN}/`,
        kind: 'push',
        // The new page's route data, for the tracker (storefront/analytics/index.ts) to read.
        data: expect.objectContaining({ collection: expect.objectContaining({ urlId: 'shop' }) }),
      },
    ]);
    // The page JSON, then the page's code.
    expect(fetched).toEqual(['/shop?format=page', expect.stringMatching(/^\/__jsont\/code\//)]);
    // The layout outside the roots is the new page's: the body's class, main's route.
    expect(document.body.className).toBe('collection-page');
    expect(document.querySelector('main')!.dataset['route']).toBe('/shop');
    expect(fullLoads).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('prefetches on hover and renders from the prefetch', async () => {
    await start();
    const link = document.querySelector<HTMLAnchorElement>('#site-header a[href="/journal"]')!;
    fireEvent.pointerOver(link);
    expect(fetched).toEqual(['/journal?format=page']);
    await act(async () => navigation!.go('/journal'));
    expect(fetched.filter((p) => p.startsWith('/journal'))).toEqual(['/journal?format=page']);
    expect(heading().textContent).toBe('Journal');
  });

  it('goes back and forward from the cache, restoring the scroll position', async () => {
    await start();
    await act(async () => navigation!.go('/shop'));
    Object.defineProperty(window, 'scrollY', { value: 240, configurable: true });
    await act(async () => navigation!.go('/journal'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    const requests = fetched.length;
    const popped = async (move: () => void) =>
      act(async () => {
        const count = views.length;
        move();
        await vi.waitFor(() => expect(views.length).toBe(count + 1));
      });
    await popped(() => history.back());
    expect(location.pathname).toBe('/shop');
    expect(heading().textContent).toBe('Shop');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 240);
    await popped(() => history.forward());
    expect(heading().textContent).toBe('Journal');
    expect(fetched.length).toBe(requests);
    expect(views.map((v) => [here(v.url).pathname, v.kind])).toEqual([
      ['/shop', 'push'],
      ['/journal', 'push'],
      ['/shop', 'pop'],
      ['/journal', 'pop'],
    ]);
    expect(fullLoads).toEqual([]);
  });

  it('leaves an entry of the same page (a chosen variant) to the page', async () => {
    await start();
    await act(async () => navigation!.go('/shop'));
    history.pushState(history.state, '', '/shop?variant=x');
    const before = views.length;
    await act(async () => {
      history.back();
      await new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    });
    expect(views.length).toBe(before);
    expect(fetched.filter((p) => p.includes('format=page'))).toEqual(['/shop?format=page']);
  });

  /** The page JSON as served, with `edit` applied to its shell. */
  const editShell = (edit: (shell: string) => string) => (p: string) => {
    if (!p.includes('format=page')) return undefined;
    return serve(p).then(async (r) => {
      const page = (await r.json()) as { shell: string };
      return Response.json({ ...page, shell: edit(page.shell) });
    });
  };

  it.each<[string, (path: string) => Response | Promise<Response> | undefined]>([
    ['a failed fetch', () => Promise.reject(new TypeError('Failed to fetch')) as never],
    ['an error status', () => new Response('{"error":"x"}', { status: 500 })],
    ['a not-found status', () => new Response('{}', { status: 404 })],
    [
      'JSON that is not a page',
      (p) => (p.includes('format=page') ? Response.json({ data: 1 }) : undefined),
    ],
    ['unreadable JSON', (p) => (p.includes('format=page') ? new Response('{"data":') : undefined)],
    [
      'page code of another shape',
      (p) => (p.includes('/code/') ? Response.json({ root: 1 }) : undefined),
    ],
    [
      'another layout (other styles)',
      editShell((shell) => shell.replace('/assets/site.css', '/assets/other.css')),
    ],
    [
      'a layout without the header island',
      editShell((shell) => shell.replace('id="site-header"', 'id="other-header"')),
    ],
  ])('loads the page in full after %s, the page left as it was', async (_, answer) => {
    await start();
    const before = document.body.innerHTML;
    // The first answer the case replaces, then the server's own.
    tamper = (path) => {
      const replaced = answer(path);
      if (replaced !== undefined) tamper = undefined;
      return replaced;
    };
    await act(async () => navigation!.go('/shop'));
    expect(fullLoads).toEqual([['/shop', 'push']]);
    expect(location.pathname).toBe('/');
    expect(document.body.innerHTML).toBe(before);
    expect(views).toEqual([]);
    // The same navigation with the server well: rendered in the browser.
    await act(async () => navigation!.go('/shop'));
    expect(logged).toEqual([]);
    expect(fullLoads).toHaveLength(1);
    expect(heading().textContent).toBe('Shop');
  });
});
