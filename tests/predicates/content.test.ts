/**
 * Unit tests of the 81 content predicates (predicates/content.ts and content-generated.ts,
 * docs/language.md, "Predicates"). Expected values are the reference engine's observed behaviour
 * (probed with
 * @squarespace/template-engine) and the spec fixtures.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { CONTENT_PREDICATES } from '../../predicates/content.js';
import { ALL_PREDICATES } from '../../predicates/index.js';
import { FakeContext } from '../support/fake-context.js';

/** Evaluates `{.name args}` with the current frame on `node`, below a root frame on `root`. */
function check(name: string, node: unknown, root: unknown = {}, args: string[] = []): boolean {
  const predicate = CONTENT_PREDICATES[name];
  if (!predicate) throw new Error(`no predicate ${name}`);
  const ctx = new FakeContext(root);
  ctx.push(node);
  return predicate.apply(args, ctx);
}

/** The values of `values` for which `{.name}` holds on `{[key]: value}`. */
function holdsFor(name: string, key: string, values: unknown[]): unknown[] {
  return values.filter((value) => check(name, { [key]: value }));
}

const MIXED = [
  true,
  false,
  1,
  0,
  2,
  -1,
  1.5,
  '1',
  'true',
  'false',
  'x',
  '',
  ' ',
  null,
  {},
  { a: 1 },
  [],
  [1],
];
const TRUTHY = [true, 1, 2, -1, 1.5, '1', 'true', 'false', 'x', ' ', { a: 1 }, [1]];

describe('content predicate table', () => {
  it('has the 81 content predicates (docs/language.md, "Predicates"), all in ALL_PREDICATES', () => {
    const names = Object.keys(CONTENT_PREDICATES);
    expect(names).toHaveLength(81);
    const expected = [
      'calendar-view?',
      'child-images?',
      'clickable?',
      'collection?',
      'collection-page?',
      'collection-template-page?',
      'collectionTypeNameEquals?',
      'excerpt?',
      'external-link?',
      'folder?',
      'gallery-meta?',
      'has-multiple?',
      'index?',
      'location?',
      'main-image?',
      'passthrough?',
      'redirect?',
      'same-day?',
      'serviceNameEmail?',
      'show-past-events?',
      'gallery-design-grid?',
      'gallery-design-slideshow?',
      'gallery-design-slider?',
      'gallery-design-stacked?',
      'gallery-meta-position-top?',
      'gallery-meta-position-top-left?',
      'gallery-meta-position-top-right?',
      'gallery-meta-position-center?',
      'gallery-meta-position-bottom?',
      'gallery-meta-position-bottom-left?',
      'gallery-meta-position-bottom-right?',
      'gallery-active-alignment-center?',
      'gallery-active-alignment-left?',
      'gallery-active-alignment-right?',
      'gallery-autoplay?',
      'gallery-auto-crop?',
      'gallery-controls?',
      'gallery-lightbox?',
      'gallery-square-thumbs?',
      'gallery-show-meta?',
      'gallery-show-meta-on-hover?',
      'gallery-thumbnails?',
      'undefined?',
      'text?',
      'audio?',
      'store-item?',
      'event?',
      'binary?',
      'css-asset?',
      'tweak-asset?',
      'digital-good?',
      'attachment?',
      'wordpress-export?',
      'json-export?',
      'site-search?',
      'active-time?',
      'tweet?',
      'checkin?',
      'kbarticle?',
      'external-video?',
      'video?',
      'image?',
      'quote?',
      'link?',
      'gallery?',
      'promotedMAP?',
      'promotedEMBED?',
      'promotedIMAGE?',
      'promotedCODE?',
      'promotedQUOTE?',
      'promotedTWITTER?',
      'promotedLINK?',
      'promotedVIDEO?',
      'promotedFOURSQUARE?',
      'promotedINSTAGRAM?',
      'promotedFORM?',
      'background-source-undefined?',
      'background-source-upload?',
      'background-source-instagram?',
      'background-source-video?',
      'background-source-none?',
    ];
    expect(names.sort()).toEqual(expected.sort());
    for (const name of names) expect(ALL_PREDICATES[name]).toBe(CONTENT_PREDICATES[name]);
  });
});

describe('field tests on the current node', () => {
  it('collection?, external-link?, folder? use template truthiness', () => {
    expect(holdsFor('collection?', 'collection', MIXED)).toEqual(TRUTHY);
    expect(holdsFor('external-link?', 'externalLink', MIXED)).toEqual(TRUTHY);
    expect(MIXED.filter((v) => check('folder?', { collection: { folder: v } }))).toEqual(TRUTHY);
  });

  it('read only the current node, not the frames around it', () => {
    expect(check('collection?', {}, { collection: { a: 1 } })).toBe(false);
    expect(check('external-link?', {}, { externalLink: 'x' })).toBe(false);
    expect(check('main-image?', {}, { mainImageId: 'x' })).toBe(false);
    expect(check('same-day?', {}, { startDate: 0, endDate: 1e11 })).toBe(true);
  });

  it('main-image? and child-images? want a truthy image id', () => {
    expect(holdsFor('main-image?', 'mainImageId', MIXED)).toEqual(TRUTHY);
    expect(holdsFor('main-image?', 'systemDataId', MIXED)).toEqual(TRUTHY);
    expect(check('child-images?', { items: [{ systemDataId: 'x' }, {}] })).toBe(true);
    expect(check('child-images?', { items: [{ mainImageId: 'x' }] })).toBe(true);
    expect(check('child-images?', { items: [{}, { systemDataId: 'x' }] })).toBe(false);
    expect(check('child-images?', { items: { 0: { systemDataId: 'x' } } })).toBe(false);
    expect(check('child-images?', { items: [] })).toBe(false);
  });

  it('excerpt? wants visible text in the excerpt string or its html', () => {
    const yes = ['x', '0', '<p>x</p>', 'a<b', 'x>', '<a>b<c>', '<p>&nbsp;</p>'];
    const no = [
      '',
      '  ',
      '\u00a0',
      '<p></p>',
      '<p> </p>',
      '<br/>',
      '<',
      '>',
      '<x',
      '<<>',
      '<!-- x -->',
    ];
    for (const e of yes) {
      expect(check('excerpt?', { excerpt: e })).toBe(true);
      expect(check('excerpt?', { excerpt: { html: e } })).toBe(true);
    }
    for (const e of no) {
      expect(check('excerpt?', { excerpt: e })).toBe(false);
      expect(check('excerpt?', { excerpt: { html: e } })).toBe(false);
    }
    for (const e of [123, true, null, [], ['x'], { text: 'x' }, { html: 5 }]) {
      expect(check('excerpt?', { excerpt: e })).toBe(false);
    }
  });

  it('has-multiple? counts array elements or object keys', () => {
    expect(check('has-multiple?', [null, null])).toBe(true);
    expect(check('has-multiple?', { a: 1, b: 2 })).toBe(true);
    for (const v of [[1], [], 'ab', { a: 1 }, 2, null])
      expect(check('has-multiple?', v)).toBe(false);
  });

  it('location? needs both coordinates present, whatever their values', () => {
    for (const v of [0, null, '', false, {}, []]) {
      expect(check('location?', { location: { mapLat: v, mapLng: v } })).toBe(true);
    }
    expect(check('location?', { location: { mapLat: 1 } })).toBe(false);
    expect(check('location?', { location: 'x' })).toBe(false);
    expect(check('location?', { mapLat: 1, mapLng: 1 })).toBe(false);
  });

  it('passthrough? needs a truthy flag and a non-empty source URL text', () => {
    const pass = (passthrough: unknown, sourceUrl: unknown) =>
      check('passthrough?', { passthrough, sourceUrl });
    expect(pass(true, 'x')).toBe(true);
    expect(pass(true, 5)).toBe(true);
    expect(pass(true, ' ')).toBe(true);
    expect(pass('false', 'x')).toBe(true);
    expect(pass({}, 'x')).toBe(false);
    for (const url of ['', null, {}, [1]]) expect(pass(true, url)).toBe(false);
  });

  it('serviceNameEmail? and show-past-events? compare text exactly', () => {
    expect(
      holdsFor('serviceNameEmail?', 'serviceName', ['email', 'Email', ' email', null]),
    ).toEqual(['email']);
    expect(
      holdsFor('show-past-events?', 'showPastOrUpcomingEvents', ['past', 'Past', 'upcoming', true]),
    ).toEqual(['past']);
  });
});

describe('folders and collections', () => {
  it('redirect? and collection-page? read the code loosely, index? wants the number 1', () => {
    expect(
      holdsFor('redirect?', 'folderBehavior', [2, '2', '2.0', ' 2', 2.5, true, 1, null, [2]]),
    ).toEqual([2, '2', '2.0', ' 2']);
    const page = (type: unknown) => check('collection-page?', { collection: { type } });
    expect([10, '10', ' 10', '10.0', 10.5, true, [10], null].filter(page)).toEqual([
      10,
      '10',
      ' 10',
      '10.0',
    ]);
    expect(check('collection-page?', { type: 10 })).toBe(false);
    const index = (folder: unknown, folderBehavior: unknown) =>
      check('index?', { collection: { folder, folderBehavior } });
    expect(index(true, 1)).toBe(true);
    expect(index('x', 1)).toBe(true);
    for (const fb of ['1', ' 1', true, [1], 1.5, null]) expect(index(true, fb)).toBe(false);
    expect(index({}, 1)).toBe(false);
  });

  it('collection-template-page? judges the node by its collection when it has one', () => {
    expect(check('collection-template-page?', { collection: { type: ' 7' } })).toBe(true);
    expect(check('collection-template-page?', { type: '7' })).toBe(true);
    expect(check('collection-template-page?', { collection: { type: 6 }, type: 7 })).toBe(false);
    expect(check('collection-template-page?', { collection: 5, type: 7 })).toBe(false);
    expect(check('collection-template-page?', { collection: { type: [7] } })).toBe(false);
  });

  it('clickable? reads folderBehavior through the frames; none in reach is clickable', () => {
    expect(check('clickable?', {})).toBe(true);
    expect(check('clickable?', {}, { folderBehavior: -1 })).toBe(false);
    expect(
      holdsFor('clickable?', 'folderBehavior', [1, 2, true, 3, -1, '-1', 0, null, 'x', 1.5]),
    ).toEqual([1, 2, true]);
  });

  it('collectionTypeNameEquals? compares the typeName text found through the frames', () => {
    const equals = (node: unknown, args: string[], root: unknown = {}) =>
      check('collectionTypeNameEquals?', node, root, args);
    expect(equals({ typeName: 'foo' }, ['foo', 'bar'])).toBe(true);
    expect(equals({ typeName: 'foo' }, ['bar', 'foo'])).toBe(false);
    expect(equals({ typeName: 5 }, ['5'])).toBe(true);
    expect(equals({}, ['foo'], { typeName: 'foo' })).toBe(true);
    expect(equals({ collection: { typeName: 'foo' } }, ['foo'])).toBe(false);
    expect(equals({ typeName: 'foo' }, [])).toBe(false);
    expect(equals({ typeName: null }, [''])).toBe(true);
  });

  it('calendar-view? is a Jackson-style boolean found through the frames', () => {
    const yes = [true, 1, 2, -1, 'true'];
    expect(
      holdsFor('calendar-view?', 'calendarView', [...yes, false, 0, 1.5, '1', 'x', null, {}, [1]]),
    ).toEqual(yes);
    expect(check('calendar-view?', {}, { calendarView: true })).toBe(true);
  });
});

describe('same-day?', () => {
  const day = (start: unknown, end: unknown) =>
    check('same-day?', { startDate: start, endDate: end });

  it('compares calendar days in UTC, not in the site time zone', () => {
    const ny = { website: { timeZone: 'America/New_York' } };
    const late = {
      startDate: Date.parse('2020-01-01T23:00:00Z'),
      endDate: Date.parse('2020-01-02T01:00:00Z'),
    };
    const early = {
      startDate: Date.parse('2020-01-01T03:00:00Z'),
      endDate: Date.parse('2020-01-01T06:00:00Z'),
    };
    expect(check('same-day?', late, ny)).toBe(false);
    expect(check('same-day?', early, ny)).toBe(true);
    expect(day(1, 86399999)).toBe(true);
    expect(day(1, 86400000)).toBe(false);
    expect(day(-1, -86400000)).toBe(true);
  });

  it('reads dates loosely: missing is 0, numeric text is parsed', () => {
    expect(check('same-day?', {})).toBe(true);
    expect(day('1577847600000', 1577851200000)).toBe(true);
    expect(day('2020-01-01', '2020-01-01')).toBe(true);
  });

  it('throws (the block renders nothing) for a non-number or a day outside the calendar', () => {
    expect(() => day('abc', 'abc')).toThrow();
    expect(() => day(2.6e14, 2.6e14)).toThrow(/Julian day 5449847 is outside the supported range/);
    const jd = (n: number) => (n - 2440588) * 86400000;
    expect(day(jd(0), jd(0))).toBe(true);
    expect(day(jd(4881503), jd(4881503))).toBe(true);
    expect(() => day(jd(0), jd(0) - 1)).toThrow(/Julian day -1 /);
    expect(() => day(jd(4881504), jd(4881504))).toThrow(/Julian day 4881504 /);
    const { html, errors } = render(compile('a{.section x}{.same-day?}Y{.or}N{.end}{.end}b'), {
      x: { startDate: 'abc' },
    });
    expect(html).toBe('ab');
    expect(errors).toHaveLength(1);
  });
});

describe('gallery options', () => {
  it('read `options` through the frames and fill in no defaults', () => {
    for (const name of [
      'gallery-auto-crop?',
      'gallery-square-thumbs?',
      'gallery-show-meta?',
      'gallery-design-grid?',
      'gallery-meta-position-bottom?',
      'gallery-active-alignment-center?',
    ]) {
      expect(check(name, {})).toBe(false);
      expect(check(name, { options: {} })).toBe(false);
    }
    expect(check('gallery-autoplay?', {}, { options: { autoplay: true } })).toBe(true);
    expect(check('gallery-autoplay?', { options: {} }, { options: { autoplay: true } })).toBe(
      false,
    );
  });

  it('flags are Jackson-style booleans', () => {
    const flag = (v: unknown) => check('gallery-autoplay?', { options: { autoplay: v } });
    expect(
      [true, 1, 2, -1, 'true', false, 0, 1.5, 'false', 'x', '', null, {}, [1]].filter(flag),
    ).toEqual([true, 1, 2, -1, 'true']);
  });

  it('choices compare the text exactly', () => {
    const design = (v: unknown) => check('gallery-design-grid?', { options: { design: v } });
    expect(['grid', 'Grid', ' grid', 5, null, ['grid']].filter(design)).toEqual(['grid']);
    expect(
      check('gallery-meta-position-top-left?', { options: { 'meta-position': 'top-left' } }),
    ).toBe(true);
    expect(check('gallery-meta-position-top?', { options: { 'meta-position': 'top-left' } })).toBe(
      false,
    );
    expect(
      check('gallery-active-alignment-right?', { options: { 'active-alignment': 'right' } }),
    ).toBe(true);
  });

  it('gallery-meta? wants truthy controls or indicators', () => {
    expect(
      holdsFor('gallery-meta?', 'options', [
        { controls: 'false' },
        { indicators: [1] },
        { controls: {} },
        { indicators: 0 },
      ]),
    ).toEqual([{ controls: 'false' }, { indicators: [1] }]);
    expect(check('gallery-meta?', {}, { options: { controls: true } })).toBe(true);
  });
});

describe('record types, promoted blocks and background sources', () => {
  it('compare the record type code read loosely (docs/storefront.md, "Codes")', () => {
    expect(holdsFor('audio?', 'recordType', [7, '7', ' 7', '7.0', 7.5, true, [7], null])).toEqual([
      7,
      '7',
      ' 7',
      '7.0',
    ]);
    const codes: Record<string, number> = {
      'undefined?': -1,
      'text?': 1,
      'store-item?': 11,
      'event?': 12,
      'binary?': 15,
      'css-asset?': 16,
      'tweak-asset?': 17,
      'digital-good?': 18,
      'attachment?': 19,
      'wordpress-export?': 20,
      'json-export?': 21,
      'site-search?': 30,
      'active-time?': 31,
      'tweet?': 50,
      'checkin?': 52,
      'kbarticle?': 54,
    };
    for (const [name, code] of Object.entries(codes)) {
      expect(check(name, { recordType: code })).toBe(true);
      expect(check(name, { recordType: code + 1 })).toBe(false);
    }
    expect(check('undefined?', {})).toBe(false);
  });

  it('promotable kinds match the record type or the promoted block', () => {
    const kinds: Record<string, [number, string]> = {
      'external-video?': [8, 'video'],
      'video?': [8, 'video'],
      'image?': [2, 'image'],
      'quote?': [4, 'quote'],
      'link?': [5, 'link'],
      'gallery?': [14, 'gallery'],
    };
    for (const [name, [code, block]] of Object.entries(kinds)) {
      expect(check(name, { recordType: code, promotedBlockType: 'x' })).toBe(true);
      expect(check(name, { recordType: 1, promotedBlockType: block })).toBe(true);
      expect(check(name, { recordType: 18 })).toBe(false);
    }
    expect(check('video?', { promotedBlockType: 'VIDEO' })).toBe(false);
  });

  it('promotedX? matches only the lower-case promoted block name', () => {
    for (const block of [
      'map',
      'embed',
      'image',
      'code',
      'quote',
      'twitter',
      'link',
      'video',
      'foursquare',
      'instagram',
      'form',
    ]) {
      const name = `promoted${block.toUpperCase()}?`;
      expect(check(name, { promotedBlockType: block })).toBe(true);
      expect(check(name, { promotedBlockType: block.toUpperCase() })).toBe(false);
    }
    expect(check('promotedVIDEO?', { recordType: 8 })).toBe(false);
  });

  it('background-source-X? compare the code read loosely', () => {
    const sources: Record<string, number> = {
      undefined: -1,
      upload: 1,
      instagram: 2,
      video: 3,
      none: 4,
    };
    for (const [name, code] of Object.entries(sources)) {
      expect(check(`background-source-${name}?`, { backgroundSource: code })).toBe(true);
      expect(check(`background-source-${name}?`, { backgroundSource: String(code) })).toBe(true);
    }
    expect(check('background-source-upload?', { backgroundSource: true })).toBe(true);
    expect(check('background-source-upload?', { backgroundSource: 1.9 })).toBe(false);
    expect(check('background-source-upload?', {}, { backgroundSource: 1 })).toBe(false);
  });
});
