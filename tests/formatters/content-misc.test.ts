/**
 * Unit tests of formatters/content-misc.ts (docs/language.md, "Content formatters"): AbsUrl,
 * capitalize, color-weight, width/height, humanizeDuration, the resize and thumbnail arithmetic,
 * website-color and the audio-player template. Expected values are the reference engine's observed
 * behaviour (probed with @squarespace/template-engine) and the spec fixtures.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { CONTENT_FORMATTERS } from '../../formatters/content.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import {
  colorWeight,
  humanizeDuration,
  INVALID_SIZE,
  parseSize,
  thumbnailForWidth,
  websiteColor,
} from '../../formatters/content-misc.js';
import { FakeContext, runFormatter } from '../support/fake-context.js';

/** Renders `template` against `data` through the real engine. */
function html(template: string, data: unknown): string {
  return render(compile(template), data).html;
}

/** Runs a content formatter on `value` (as `{value|name args}`) and returns the new value. */
function fmt(name: string, value: unknown, args: string[] = [], ctx?: FakeContext): unknown {
  const formatter = CONTENT_FORMATTERS[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  return runFormatter(formatter, value, args, ctx);
}

describe('content formatter table', () => {
  it('has exactly the 20 content formatters (docs/language.md, "Content formatters"), all in ALL_FORMATTERS', () => {
    const names = Object.keys(CONTENT_FORMATTERS).sort();
    expect(names).toEqual(
      [
        'AbsUrl',
        'audio-player',
        'capitalize',
        'child-image-meta',
        'cover-image-meta',
        'color-weight',
        'height',
        'width',
        'humanizeDuration',
        'image',
        'image-color',
        'image-meta',
        'image-srcset',
        'item-classes',
        'resizedHeightForWidth',
        'resizedWidthForHeight',
        'squarespaceThumbnailForWidth',
        'squarespaceThumbnailForHeight',
        'website-color',
        'video',
      ].sort(),
    );
    for (const name of names) expect(ALL_FORMATTERS[name]).toBe(CONTENT_FORMATTERS[name]);
  });
});

describe('AbsUrl', () => {
  it('joins base-url and the value with one slash, adding nothing else', () => {
    expect(html('{a|AbsUrl}', { 'base-url': 'http://x.com/', a: '/x' })).toBe('http://x.com///x');
    expect(html('{a|AbsUrl}', { a: 'x' })).toBe('/x');
    expect(html('{a|AbsUrl}', { 'base-url': 5, a: 'q' })).toBe('5/q');
  });

  it('reads base-url through the frames, nearest first', () => {
    const data = { 'base-url': 'outer', b: { 'base-url': 'inner', a: 'q' } };
    expect(html('{.section b}{a|AbsUrl}{.end}', data)).toBe('inner/q');
    expect(html('{b.a|AbsUrl}', data)).toBe('outer/q');
  });

  it('prints objects, arrays and null as empty text', () => {
    for (const a of [null, [1, 2], { b: 1 }]) {
      expect(html('{a|AbsUrl}', { 'base-url': 'http://x.com', a })).toBe('http://x.com/');
    }
  });
});

describe('capitalize', () => {
  it('upper-cases the whole string with full Unicode case mapping', () => {
    expect(fmt('capitalize', 'straße ǆ')).toBe('STRASSE Ǆ');
    expect(fmt('capitalize', true)).toBe('TRUE');
    expect(fmt('capitalize', 12)).toBe('12');
  });

  it('gives "" for objects, arrays, null and MISSING', () => {
    for (const v of [{ x: 1 }, ['x'], null, undefined]) expect(fmt('capitalize', v)).toBe('');
  });
});

describe('color-weight', () => {
  it('splits at half of 0xFFFFFF', () => {
    expect(colorWeight('#7fffff')).toBe('dark');
    expect(colorWeight('#800000')).toBe('light');
    expect(colorWeight('808080')).toBe('light');
    expect(colorWeight('7f7f7f')).toBe('dark');
  });

  it('doubles 3-digit colours and reads 4 or 5 digits as a plain number', () => {
    expect(colorWeight('888')).toBe('light');
    expect(colorWeight('777')).toBe('dark');
    expect(colorWeight('ffff')).toBe('dark');
    expect(colorWeight('#fffff')).toBe('dark');
    expect(colorWeight(123)).toBe('dark');
    expect(colorWeight(888)).toBe('light');
  });

  it('is MISSING for anything that is not 3 to 6 hex digits with an optional #', () => {
    for (const v of ['ff', '#7fffff0', '#ggg', '  fff', 'fff ', '##fff', '', 'fgg', true, 1e21]) {
      expect(colorWeight(v)).toBeUndefined();
    }
    expect(html('{a|color-weight}x', { a: 'zz' })).toBe('x');
  });
});

describe('width and height', () => {
  it('parse each side of "WxH" with parseInt', () => {
    expect(fmt('height', '800x400')).toBe(400);
    expect(fmt('width', '800x400')).toBe(800);
    expect(fmt('height', '800.5x400.7')).toBe(400);
    expect(fmt('height', ' 800 x 400 ')).toBe(400);
    expect(fmt('height', '800x12abc')).toBe(12);
    expect(fmt('width', '1e3x5')).toBe(1);
    expect(fmt('width', '-5x-6')).toBe(-5);
  });

  it('give NaN for an unreadable side (printed "NaN", JSON null)', () => {
    expect(html('{a|height}', { a: '800x' })).toBe('NaN');
    expect(html('{a|width|json}', { a: 'abcx400' })).toBe('null');
  });

  it('are MISSING unless the value is a string with exactly one x', () => {
    for (const v of ['800X400', '800x400x3', 800, null, undefined]) {
      expect(fmt('height', v)).toBeUndefined();
    }
    expect(parseSize('0x10x5')).toBeNull();
  });
});

describe('humanizeDuration', () => {
  it('prints milliseconds as m:ss with unbounded minutes', () => {
    expect(humanizeDuration(125000)).toBe('2:05');
    expect(humanizeDuration(0)).toBe('0:00');
    expect(humanizeDuration(59999)).toBe('0:59');
    expect(humanizeDuration(3725000)).toBe('62:05');
    expect(humanizeDuration(359999000)).toBe('5999:59');
  });

  it('truncates toward zero, in 32-bit integers, as the reference does', () => {
    expect(humanizeDuration(1999.9)).toBe('0:01');
    expect(humanizeDuration(-5000)).toBe('0:-5');
    expect(humanizeDuration(-65000)).toBe('-1:-5');
    expect(humanizeDuration(1e20)).toBe('26155417:36');
  });

  it('reads the value loosely: numeric text parsed, anything else 0', () => {
    expect(humanizeDuration('125000')).toBe('2:05');
    expect(humanizeDuration('12.5e3')).toBe('0:12');
    for (const v of ['abc', null, undefined, true]) expect(humanizeDuration(v)).toBe('0:00');
  });
});

describe('resizedHeightForWidth / resizedWidthForHeight', () => {
  it('scale proportionally and truncate (spec fixture f-resized-1)', () => {
    expect(fmt('resizedHeightForWidth', '250x175', ['50'])).toBe(35);
    expect(fmt('resizedWidthForHeight', '250x175', ['50'])).toBe(71);
    expect(fmt('resizedHeightForWidth', '400x100', ['50'])).toBe(12);
    expect(fmt('resizedHeightForWidth', '250x175', ['-10'])).toBe(-7);
  });

  it('read the argument with parseInt', () => {
    expect(fmt('resizedHeightForWidth', '100x200', ['1.5'])).toBe(2);
    expect(fmt('resizedHeightForWidth', '100x100', ['1e3'])).toBe(1);
    expect(fmt('resizedHeightForWidth', '100x100', ['0x10'])).toBe(0);
  });

  it('give 0 where the arithmetic is NaN, and wrap to 32 bits', () => {
    expect(fmt('resizedHeightForWidth', '800x400', [])).toBe(0);
    expect(fmt('resizedHeightForWidth', '800x', ['50'])).toBe(0);
    expect(fmt('resizedWidthForHeight', '0x0', ['50'])).toBe(0);
    expect(fmt('resizedHeightForWidth', '1x1', ['3000000000'])).toBe(-1294967296);
  });

  it('print the invalid-size message for a value that is not "WxH" (docs/storefront.md, "Other validation texts")', () => {
    for (const v of ['abc', '800x400x2', 800, null, undefined]) {
      expect(fmt('resizedHeightForWidth', v, ['50'])).toBe(INVALID_SIZE);
      expect(fmt('resizedWidthForHeight', v, ['50'])).toBe(INVALID_SIZE);
    }
    expect(INVALID_SIZE).toBe("Invalid source parameter. Pass in 'originalSize'");
  });
});

describe('squarespaceThumbnailForWidth / ForHeight', () => {
  it('bucket widths at 100, 300, 500, 750, 1000, else 1500w (docs/storefront.md, "Images")', () => {
    const cases: Array<[number, string]> = [
      [0, '100w'],
      [100, '100w'],
      [101, '300w'],
      [300, '300w'],
      [301, '500w'],
      [500, '500w'],
      [501, '750w'],
      [750, '750w'],
      [751, '1000w'],
      [1000, '1000w'],
      [1001, '1500w'],
      [3000000000, '1500w'],
      [-5, '100w'],
      [NaN, '100w'],
    ];
    for (const [width, name] of cases) expect(thumbnailForWidth(width)).toBe(name);
  });

  it('ForWidth buckets its parseInt argument and ignores the value', () => {
    expect(fmt('squarespaceThumbnailForWidth', 'abc', ['1001'])).toBe('1500w');
    expect(fmt('squarespaceThumbnailForWidth', null, ['100.5'])).toBe('100w');
    expect(fmt('squarespaceThumbnailForWidth', 'x', ['abc'])).toBe('100w');
  });

  it('ForHeight buckets the width that keeps the ratio, or prints the invalid-size message', () => {
    expect(fmt('squarespaceThumbnailForHeight', '100x100', ['101'])).toBe('300w');
    expect(fmt('squarespaceThumbnailForHeight', '201x200', ['100'])).toBe('100w');
    expect(fmt('squarespaceThumbnailForHeight', '400x100', ['50'])).toBe('300w');
    expect(fmt('squarespaceThumbnailForHeight', 'zz', ['50'])).toBe(INVALID_SIZE);
  });
});

describe('website-color', () => {
  it('prints hsl / hsla with S and L scaled to percent, two decimals at most', () => {
    expect(websiteColor({ hue: 200, saturation: 0.3, lightness: 0.5 })).toBe('hsl(200, 30%, 50%)');
    expect(
      websiteColor({ hue: 200.555, saturation: 0.33333, lightness: 0.123456, alpha: 0.55555 }),
    ).toBe('hsla(200.56, 33.33%, 12.35%, 0.56)');
    expect(websiteColor({ hue: 1.005, saturation: 0.005, lightness: 0.00005 })).toBe(
      'hsl(1, 0.5%, 0.01%)',
    );
  });

  it('rounds the binary value (55.555 is stored below the half, so 55.55)', () => {
    expect(websiteColor({ hue: 0, saturation: 0.55555, lightness: 0 })).toBe('hsl(0, 55.55%, 0%)');
    expect(websiteColor({ hue: 0, saturation: 0, lightness: 0, alpha: 0.125 })).toBe(
      'hsla(0, 0%, 0%, 0.13)',
    );
  });

  it('reads parts loosely; a present alpha, even null, makes hsla', () => {
    expect(websiteColor({ hue: '200', saturation: '0.3', lightness: '0.5' })).toBe(
      'hsl(200, 30%, 50%)',
    );
    expect(websiteColor({ hue: null, saturation: [], lightness: {} })).toBe('hsl(0, 0%, 0%)');
    expect(websiteColor({ hue: 200, saturation: 0.3, lightness: 0.5, alpha: null })).toBe(
      'hsla(200, 30%, 50%, 0)',
    );
    expect(websiteColor({ hue: 'x', saturation: 0, lightness: 0, alpha: 'x' })).toBe(
      'hsla(NaN, 0%, 0%, NaN)',
    );
  });

  it('reports every out-of-range part with its message, in H S L A order (docs/storefront.md, "Other validation texts")', () => {
    expect(websiteColor({ hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
    expect(websiteColor({ hue: 361, saturation: 1, lightness: 1 })).toBe('Hue out of bounds. ');
    expect(websiteColor({ hue: 200, saturation: 2, lightness: 0.5, alpha: 2 })).toBe(
      'Saturation out of bounds. Alpha out of bounds.',
    );
    // Saturation and lightness must be inside the range, so NaN fails there (not for H or A).
    expect(websiteColor({ hue: 1, saturation: 'x', lightness: 0 })).toBe(
      'Saturation out of bounds. ',
    );
    expect(websiteColor({ hue: 360, saturation: 1, lightness: 1, alpha: 1 })).toBe(
      'hsla(360, 100%, 100%, 1)',
    );
  });

  it('needs all of H, S and L', () => {
    for (const v of [
      { hue: 200, saturation: 0.3 },
      { saturation: 0.9, lightness: 1 },
      {},
      'abc',
      5,
    ]) {
      expect(websiteColor(v)).toBe('Missing an H/S/L value.');
    }
  });
});

describe('audio-player', () => {
  const PLAYER_SCRIPT = "<script>Y.use('squarespace-audio-player-frontend');</script>";

  it('renders the player for the item', () => {
    const item = { id: 'ID1', structuredContent: { audioAssetUrl: '/x.mp3' }, assetUrl: '/y.mp3' };
    expect(html('{a|audio-player}', { a: item })).toBe(
      `${PLAYER_SCRIPT}\n<div class="squarespace-audio-player" data-audio-asset-url="/x.mp3" ` +
        'data-item-id="ID1" id="audio-player-ID1"></div>',
    );
  });

  it('is private: fields missing on the item are not looked up outside it', () => {
    const data = { id: 'OUTER', structuredContent: { audioAssetUrl: 'U' }, a: { x: 1 } };
    expect(html('{a|audio-player}', data)).toBe(
      `${PLAYER_SCRIPT}\n<div class="squarespace-audio-player" data-audio-asset-url="" ` +
        'data-item-id="" id="audio-player-"></div>',
    );
  });
});
