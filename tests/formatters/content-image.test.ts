/**
 * Unit tests of formatters/content-image.ts (docs/language.md, "Content formatters"): image-meta
 * and its child/cover variants, image, image-color and image-srcset. Expected values are the
 * reference engine's observed behaviour (probed with @squarespace/template-engine) and the spec
 * fixtures.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { stripTags } from '../../formatters/content-image.js';

function html(template: string, data: unknown): string {
  return render(compile(template), data).html;
}

/** The alt="…" text of an image-meta rendering of `image` (with optional root data). */
function alt(image: unknown, root: Record<string, unknown> = {}): string {
  const out = html('{img|image-meta}', { ...root, img: image });
  const match = /alt="([^"]*)"/.exec(out);
  if (!match) throw new Error(`no alt in ${out}`);
  return match[1]!;
}

const BASE = { assetUrl: '/a.jpg', originalSize: '100x200' };

describe('stripTags', () => {
  it('drops tags and leaves one space for each closing >', () => {
    expect(stripTags('<b>bold</b><div><i>italics</i></div>')).toBe(' bold   italics  ');
    expect(stripTags('a < b > c')).toBe('a   c');
    expect(stripTags('a<b<c>d')).toBe('a d');
    expect(stripTags('a>>b')).toBe('a  b');
    expect(stripTags('x<!-- c -->y')).toBe('x y');
  });

  it('drops an unclosed tag to the end, without a space', () => {
    expect(stripTags('a<b c')).toBe('a');
    expect(stripTags('a<b>c<d')).toBe('a c');
    expect(stripTags('a<b\nc')).toBe('a');
    expect(stripTags('<')).toBe('');
  });
});

describe('image-meta', () => {
  it('renders the attribute fragment with a trailing space, defaults filled in', () => {
    expect(html('{@|image-meta}', BASE)).toBe(
      'data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="100x200" ' +
        'data-image-focal-point="0.5,0.5" alt="" ',
    );
  });

  it('adds the licensed-preview marker only for an object, the component key when present', () => {
    const withPreview = (v: unknown) => html('{@|image-meta}', { licensedAssetPreview: v });
    expect(withPreview({})).toMatch(/^data-licensed-asset-preview="true" data-src/);
    for (const v of [true, 1, 'x', [], null]) expect(withPreview(v)).toMatch(/^data-src/);
    expect(html('{@|image-meta}', { componentKey: null })).toMatch(
      /^data-component-key="" data-src/,
    );
    expect(html('{@|image-meta}', { componentKey: 'a"b' })).toMatch(/^data-component-key="a"b" /);
  });

  it('reads the focal point loosely; an explicit null is 0,0', () => {
    const point = (v: unknown) =>
      /focal-point="([^"]*)"/.exec(html('{@|image-meta}', { mediaFocalPoint: v }))![1];
    expect(point({ x: 0.3, y: 0.7 })).toBe('0.3,0.7');
    expect(point({ x: 0.1 })).toBe('0.1,0');
    expect(point({ x: '0.2', y: '0.3' })).toBe('0.2,0.3');
    expect(point({ x: 'a', y: null })).toBe('NaN,0');
    expect(point(null)).toBe('0,0');
    expect(point(5)).toBe('0,0');
  });

  it('prints URLs and sizes as stored, and escapes only the alt text', () => {
    const out = html('{@|image-meta}', { assetUrl: '/a"b&<.jpg', title: `a"b&<>'c` });
    expect(out).toContain('data-src="/a"b&<.jpg"');
    expect(out).toContain(`alt="a&quot;b&amp;&lt;&gt;'c"`);
  });

  it('gives "" for MISSING but renders any other value, even null or text', () => {
    expect(html('{foo|image-meta 1}', {})).toBe('');
    expect(html('{a|image-meta|json}', {})).toBe('""');
    expect(html('{a|image-meta}', { a: null })).toMatch(/^data-src="" data-image="" /);
  });
});

describe('alt text', () => {
  it('takes a truthy title, then the stripped body, then a truthy filename', () => {
    expect(alt({ title: 'T', body: 'B', filename: 'F' })).toBe('T');
    expect(alt({ title: '  x  ' })).toBe('  x  ');
    expect(alt({ title: 5 })).toBe('5');
    expect(alt({ title: false, filename: 7 })).toBe('7');
    expect(alt({ title: {}, body: 'b' })).toBe('b');
    expect(alt({ title: [1], filename: 'F' })).toBe('');
    expect(alt({ body: '<p>a</p>\n\n<p>b  c</p>' })).toBe(' a \n\n b  c ');
    expect(alt({ body: '   ', filename: 'F' })).toBe('   ');
    expect(alt({ body: '<', filename: 'F' })).toBe('F');
    expect(alt({ body: [1], filename: 'F' })).toBe('F');
    expect(alt({ body: 0, filename: 'F' })).toBe('F');
    expect(alt({ filename: 0 })).toBe('');
  });

  it('cuts the body after stripping and before escaping, at 250 units', () => {
    expect(alt({ body: `<b>${'a'.repeat(260)}` })).toBe(' ' + 'a'.repeat(249));
    expect(alt({ body: '&'.repeat(260) })).toBe('&amp;'.repeat(250));
    expect(alt({ title: 'x'.repeat(300) })).toBe('x'.repeat(300));
  });

  it('in an image block (context blockType 5) uses the trimmed altText, even empty', () => {
    const image = { altText: ' alt ', title: 'T' };
    expect(alt(image, { blockType: 5 })).toBe('alt');
    expect(alt(image, { blockType: '5' })).toBe('alt');
    expect(alt(image, { blockType: '5abc' })).toBe('alt');
    expect(alt(image, { blockType: 5.5 })).toBe('T');
    expect(alt(image, { blockType: true })).toBe('T');
    expect(alt({ title: 'T' }, { blockType: 5 })).toBe('');
    expect(alt({ altText: 0 }, { blockType: 5 })).toBe('0');
    expect(alt({ altText: ' <b>"x&y" ' }, { blockType: 5 })).toBe('&lt;b&gt;&quot;x&amp;y&quot;');
  });

  it('finds blockType through the frames, starting at the image itself', () => {
    expect(alt({ blockType: 5, altText: 'a', title: 't' })).toBe('a');
    const data = { blockType: 5, y: { x: { altText: 'a', title: 't' } } };
    expect(html('{.section y}{x|image-meta}{.end}', data)).toContain('alt="a"');
  });
});

describe('child-image-meta and cover-image-meta', () => {
  it('describe items[I] (default 0, I read with parseInt) and coverImage', () => {
    const data = { a: { items: [{ title: 'x' }, { title: 'y' }], coverImage: { title: 'c' } } };
    expect(html('{a|child-image-meta}', data)).toContain('alt="x"');
    expect(html('{a|child-image-meta 1.7}', data)).toContain('alt="y"');
    expect(html('{a|cover-image-meta}', data)).toContain('alt="c"');
  });

  it('give "" when there is no such image; null still renders', () => {
    const data = { a: { items: [{ title: 'x' }, { title: 'y' }] } };
    for (const arg of ['abc', '-1', '5'])
      expect(html(`{a|child-image-meta ${arg}}`, data)).toBe('');
    expect(html('{a|child-image-meta}', { a: {} })).toBe('');
    expect(html('{a|cover-image-meta}', { a: 5 })).toBe('');
    expect(html('{a|cover-image-meta}', { a: { coverImage: null } })).toMatch(/^data-src="" /);
    expect(html('{a|child-image-meta}', { a: { items: { 0: { title: 'o' } } } })).toContain(
      'alt="o"',
    );
  });
});

describe('image', () => {
  it('renders the noscript fallback and the lazy image (spec fixture f-image-1)', () => {
    const data = {
      id: '560c37c1a7c8465c4a71d99a',
      title: 'child image',
      originalSize: 1000,
      assetUrl: '/foo/bar.jpg',
      licensedAssetPreview: {},
      mediaFocalPoint: { x: 0.3, y: 0.7 },
    };
    expect(html('{@|image}', data)).toBe(
      '<noscript><img src="/foo/bar.jpg" alt="child image" /></noscript><img class="thumb-image" ' +
        'data-licensed-asset-preview="true" data-src="/foo/bar.jpg" data-image="/foo/bar.jpg" ' +
        'data-image-dimensions="1000" data-image-focal-point="0.3,0.7" alt="child image" ' +
        'data-load="false" data-image-id="560c37c1a7c8465c4a71d99a" data-type="image" />',
    );
  });

  it('takes the class only from a single argument', () => {
    expect(html('{a|image foo}', { a: {} })).toContain('<img class="foo" ');
    expect(html('{a|image,x y}', { a: {} })).toContain('<img class="x y" ');
    expect(html('{a|image a b}', { a: {} })).toContain('<img class="thumb-image" ');
    expect(html('{a|image }', { a: {} })).toContain('<img class="" ');
  });

  it('escapes the alt text once in the fallback and twice in the lazy image', () => {
    const out = html('{a|image}', { a: { id: 5, title: '<t>' } });
    expect(out).toContain('<noscript><img src="" alt="&lt;t&gt;" /></noscript>');
    expect(out).toContain('alt="&amp;lt;t&amp;gt;" data-load="false" data-image-id="5"');
  });

  it('still renders the shell for MISSING, without the meta attributes', () => {
    expect(html('{a|image}', {})).toBe(
      '<noscript><img src="" alt="" /></noscript><img class="thumb-image" data-load="false" ' +
        'data-image-id="" data-type="image" />',
    );
  });
});

describe('image-color', () => {
  const colorData = {
    topLeftAverage: '111',
    topRightAverage: '222',
    bottomLeftAverage: '333',
    bottomRightAverage: '444',
    centerAverage: '555',
  };

  it('without arguments lists the five positions', () => {
    expect(html('{a|image-color}', { a: { colorData } })).toBe(
      'data-color-topLeft="#111" data-color-topRight="#222" data-color-bottomLeft="#333" ' +
        'data-color-bottomRight="#444" data-color-center="#555" ',
    );
    expect(html('{a|image-color}', { a: { colorData: null } })).toBe(
      'data-color-topLeft="#" data-color-topRight="#" data-color-bottomLeft="#" ' +
        'data-color-bottomRight="#" data-color-center="#" ',
    );
  });

  it('with POS [PROP] prints one colour, or says it is not found', () => {
    const data = { a: { colorData } };
    expect(html('{a|image-color topLeft}', data)).toBe('#111');
    expect(html('{a|image-color topLeft background-color}', data)).toBe('background-color: #111');
    expect(html('{a|image-color center color x}', data)).toBe('color: #555');
    expect(html('{a|image-color topLeftAverage}', data)).toBe('"topLeftAverage" not found.');
    expect(html('{a|image-color constructor}', data)).toBe('"constructor" not found.');
    expect(html('{a|image-color topLeft}', { a: { colorData: { topLeftAverage: '' } } })).toBe(
      '"topLeft" not found.',
    );
  });

  it('is MISSING when the value has no colorData', () => {
    expect(html('{a|image-color|json}', { a: {} })).toBe('');
    expect(html('{a|image-color}', {})).toBe('');
  });
});

describe('image-srcset', () => {
  const srcset = (variants: unknown, assetUrl: unknown = '/x.jpg') =>
    html('{a|image-srcset}', { a: { assetUrl, systemDataVariants: variants } });

  it('lists the w variants and offers the original as the next standard width', () => {
    expect(srcset('100w,300w')).toBe(
      ' srcset="/x.jpg?format=100w 100w,/x.jpg?format=300w 300w,/x.jpg?format=original 500w"',
    );
    expect(srcset('1500x983,1000w')).toBe(
      ' srcset="/x.jpg?format=1000w 1000w,/x.jpg?format=original 1500w"',
    );
    expect(srcset('2500w')).toBe(' srcset="/x.jpg?format=2500w 2500w"');
  });

  it('decides the original by the last entry, and only for a standard width', () => {
    expect(srcset('300w,100w')).toContain('/x.jpg?format=original 300w"');
    expect(srcset('150w,350w')).toBe(' srcset="/x.jpg?format=150w 150w,/x.jpg?format=350w 350w"');
    expect(srcset(' 100w , 300w')).toBe(' srcset="/x.jpg?format= 300w  300w"');
  });

  it('leaves the value unchanged when there is nothing to list', () => {
    for (const v of ['', '1500x983', '100W', 5, ['100w'], null]) {
      expect(html('{a|image-srcset|json}', { a: { systemDataVariants: v } })).toBe(
        JSON.stringify({ systemDataVariants: v }),
      );
    }
    expect(html('{a|image-srcset}', { a: 'str' })).toBe('str');
  });
});
