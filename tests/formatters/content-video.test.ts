/**
 * Unit tests of formatters/content-video.ts (`video`, docs/language.md, "Content formatters").
 * Expected values are the reference engine's observed behaviour (probed with
 * @squarespace/template-engine) and the spec fixtures f-video-1..3.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';

function video(args: string, node: unknown): string {
  return render(compile(`{a|video${args}}`), { a: node }).html;
}

const OPAQUE_AND_ICON = '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div>';
const COLORS = {
  topLeftAverage: '111',
  topRightAverage: '222',
  bottomLeftAverage: '333',
  bottomRightAverage: '444',
  centerAverage: '555',
};
const FULL = {
  oembed: { html: '<i a="b">&amp;</i>', providerName: 'you"tube' },
  originalSize: '10x20',
  assetUrl: '/a.mp4',
  mediaFocalPoint: { x: 0.1, y: 0.2 },
  overlay: true,
  mainImageId: 'M',
  colorData: COLORS,
};
const WRAPPER_ATTRS =
  'data-html="&lt;i a=&quot;b&quot;&gt;&amp;amp;&lt;/i&gt;" data-provider-name="you"tube"';
const THUMB =
  '<img data-load="false" data-src="/a.mp4" data-image-dimensions="10x20" ' +
  'data-image-focal-point="0.1,0.2"';

describe('video', () => {
  it('escapes the oEmbed html into data-html and adds the overlay with its thumbnail', () => {
    expect(video('', FULL)).toBe(
      `<div class="sqs-video-wrapper" ${WRAPPER_ATTRS}>` +
        `<div class="sqs-video-overlay" style="opacity: 0;">${THUMB} />${OPAQUE_AND_ICON}</div></div>`,
    );
  });

  it('load-false marks the wrapper (after a double space) wherever the argument is', () => {
    const expected = '<div class="sqs-video-wrapper"  data-load="false" data-html=';
    expect(video(' load-false', FULL).startsWith(expected)).toBe(true);
    expect(video(' color-data load-false', FULL).startsWith(expected)).toBe(true);
    expect(video(',load-false', FULL).startsWith(expected)).toBe(true);
    expect(video(' LOAD-FALSE', FULL)).not.toContain('data-load="false" data-html');
  });

  it('color-data adds lower-case corner colours when colorData is truthy', () => {
    expect(video(' color-data', FULL)).toContain(
      `${THUMB} data-color-topleft="#111" data-color-topright="#222" data-color-bottomleft="#333" ` +
        'data-color-bottomright="#444" data-color-center="#555" />',
    );
    expect(video(' color-data', { ...FULL, colorData: {} })).toContain(`${THUMB} />`);
    expect(video(' color-data', { ...FULL, colorData: { centerAverage: 0 } })).toContain(
      'data-color-topleft="#" data-color-topright="#" data-color-bottomleft="#" ' +
        'data-color-bottomright="#" data-color-center="#0" />',
    );
    expect(video('', FULL)).not.toContain('data-color');
  });

  it('marks the overlay no-thumb when neither image id is truthy', () => {
    const noThumb = `<div class="sqs-video-overlay no-thumb" style="opacity: 0;">${OPAQUE_AND_ICON}</div>`;
    expect(video('', { ...FULL, mainImageId: '' })).toContain(noThumb);
    expect(video('', { ...FULL, mainImageId: {}, systemDataId: 0 })).toContain(noThumb);
    expect(video('', { ...FULL, mainImageId: '', systemDataId: 'S' })).toContain(THUMB);
    expect(video('', { ...FULL, mainImageId: 'false' })).toContain(THUMB);
  });

  it('adds the overlay only for a truthy overlay flag', () => {
    const bare = `<div class="sqs-video-wrapper" ${WRAPPER_ATTRS}></div>`;
    expect(video('', { ...FULL, overlay: false })).toBe(bare);
    expect(video('', { ...FULL, overlay: {} })).toBe(bare);
    expect(video('', { ...FULL, overlay: 'false' })).toContain('sqs-video-overlay');
  });

  it('uses the focal-point default only when the key is absent', () => {
    const { mediaFocalPoint: _unused, ...rest } = FULL;
    expect(video('', rest)).toContain('data-image-focal-point="0.5,0.5"');
    expect(video('', { ...FULL, mediaFocalPoint: null })).toContain('data-image-focal-point="0,0"');
  });

  it('renders an empty wrapper for anything without oEmbed data', () => {
    const empty = '<div class="sqs-video-wrapper" data-html="" data-provider-name=""></div>';
    for (const node of [{}, null, 's', undefined, { oembed: 'x' }])
      expect(video('', node)).toBe(empty);
    expect(video('', { oembed: { html: 5, providerName: null } })).toBe(
      '<div class="sqs-video-wrapper" data-html="5" data-provider-name=""></div>',
    );
  });
});

describe('video-meta', () => {
  const meta = (node: unknown) => render(compile('<div {a|video-meta}>'), { a: node }).html;

  it('gives the wrapper attributes of `video`, with the poster when the video has one', () => {
    expect(meta(FULL)).toBe(
      `<div ${WRAPPER_ATTRS.replace('you"tube', 'you&quot;tube')} data-src="/a.mp4" ` +
        'data-image-dimensions="10x20" data-image-focal-point="0.1,0.2">',
    );
  });

  it('leaves the poster out without an image id, and escapes every value', () => {
    const node = { oembed: { html: '<iframe>', providerName: '"><script>' }, assetUrl: 'x"y' };
    expect(meta(node)).toBe(
      '<div data-html="&lt;iframe&gt;" data-provider-name="&quot;&gt;&lt;script&gt;">',
    );
  });

  it('renders empty attributes for a value that is not a video', () => {
    expect(meta('text')).toBe('<div data-html="" data-provider-name="">');
  });
});
