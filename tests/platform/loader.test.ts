/** The developer-platform loader: template.conf with comments, layouts, collections, pages. */
import { describe, expect, it } from 'vitest';

import { parseLenientJson } from '../../server/site/platform/lenient-json.js';
import { layoutFor, loadModel, PlatformFileError } from '../../server/site/platform/model.js';
import { sampleCollection } from '../../server/site/platform/sample.js';
import { fixtureReader } from './support.js';

describe('developer-platform loader', () => {
  const model = loadModel(fixtureReader());

  it('reads template.conf with // and /* */ comments and a trailing comma', () => {
    expect(model.name).toBe('Fieldnotes');
    expect(model.layouts.map((l) => [l.name, l.regions])).toEqual([
      ['main', ['header', 'site', 'footer']],
      ['plain', ['header', 'plain', 'footer']],
    ]);
    expect(model.navigations.map((n) => n.name)).toEqual(['mainNav', 'secondaryNav']);
    expect(model.stylesheets).toEqual(['base.less', 'tweaks.less']);
  });

  it('types collections by acceptTypes and folder, with their .list and .item files', () => {
    const byName = Object.fromEntries(model.collections.map((c) => [c.name, c]));
    expect(byName.blog).toMatchObject({
      type: 'blog',
      title: 'Journal',
      list: 'collections/blog.list',
      item: 'collections/blog.item',
    });
    expect(byName.shop).toMatchObject({ type: 'products', list: 'collections/shop.list' });
    expect(byName.shop!.item).toBeUndefined();
    expect(byName.events!.type).toBe('events');
    expect(byName.events!.list).toBeUndefined();
    expect(byName.gallery!.type).toBe('gallery');
    expect(byName.album!.type).toBe('album');
    expect(byName.notes!.type).toBe('text');
    expect(byName.more!.type).toBe('folder');
  });

  it('reads pages with their .page.conf, blocks and scripts', () => {
    expect(model.pages).toEqual([
      { name: 'home', file: 'pages/home.page', title: 'Home', layout: 'plain' },
    ]);
    expect(model.blocks).toContain('navigation.block');
    expect(model.scripts).toEqual(['site.js']);
  });

  it('takes a system collection from its templates alone, or its name in systemCollections', () => {
    const reader = fixtureReader({
      'collections/journal.list': '{.repeated section items}{title}{.end}',
      'template.conf': '{ "name": "x", "systemCollections": ["events", "store"] }',
    });
    const found = Object.fromEntries(loadModel(reader).collections.map((c) => [c.name, c]));
    expect(found.journal).toMatchObject({ list: 'collections/journal.list', type: 'page' });
    expect(found.store!.type).toBe('products');
    expect(found.events!.type).toBe('events');
  });

  it('falls back to the first layout when there is no default one', () => {
    expect(layoutFor(model, undefined)?.name).toBe('main');
    expect(layoutFor(model, 'plain')?.name).toBe('plain');
    expect(layoutFor(model, 'missing')?.name).toBe('main');
  });

  it('locates a syntax error in template.conf', () => {
    const broken = fixtureReader({
      'template.conf': '{\n  // c\n  "name": "x",\n  "layouts": {"a" "b"}\n}',
    });
    try {
      loadModel(broken);
      expect.unreachable('the broken conf must throw');
    } catch (err) {
      expect(err).toBeInstanceOf(PlatformFileError);
      expect((err as PlatformFileError).file).toBe('template.conf');
      expect((err as PlatformFileError).line).toBe(4);
    }
  });
});

describe('lenient JSON', () => {
  it('reads the JavaScript object syntax of tweak declarations', () => {
    expect(parseLenientJson("{ type: 'value', title: 'Width', min: 600, on: true, }")).toEqual({
      type: 'value',
      title: 'Width',
      min: 600,
      on: true,
    });
  });

  it('keeps // inside strings', () => {
    expect(parseLenientJson('{"url": "http://x.test/a" // comment\n}')).toEqual({
      url: 'http://x.test/a',
    });
  });
});

describe('sample content', () => {
  const model = loadModel(fixtureReader());
  const named = (name: string) => sampleCollection(model.collections.find((c) => c.name === name)!);

  it('is the same on every call (no clock, no randomness)', () => {
    expect(named('blog')).toEqual(named('blog'));
  });

  it('gives each type its fields', () => {
    const blog = named('blog').items;
    expect(blog[0]).toMatchObject({
      excerpt: expect.stringContaining('<p>'),
      tags: expect.any(Array),
    });
    const product = named('shop').items[1]!.structuredContent as {
      variants: { onSale: boolean; priceMoney: unknown }[];
    };
    expect(product.variants).toHaveLength(2);
    expect(product.variants[0]!.onSale).toBe(true);
    expect(named('events').items[0]!.startDate).toBeGreaterThan(0);
    expect(String(named('gallery').items[0]!.assetUrl)).toMatch(/^\/__placeholder\/.+\.svg$/);
    expect(named('album').items[0]!.structuredContent).toMatchObject({ durationSeconds: 180 });
  });
});
