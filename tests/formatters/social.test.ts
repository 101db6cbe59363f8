/**
 * Unit tests of the social formatters (docs/language.md, "Social formatters") and their built-in
 * templates (docs/language.md, "Built-in templates"). Expected values are the reference engine's
 * observed behaviour (probed with
 * @squarespace/template-engine) and the spec fixtures. Template-backed formatters run through
 * the real root render(), since their output depends on the engine's frames.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { SOCIAL_FORMATTERS } from '../../formatters/social.js';
import { FakeContext, runFormatter } from '../support/fake-context.js';

function fmt(name: string) {
  const formatter = SOCIAL_FORMATTERS[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  return (value: unknown, ctx?: FakeContext) => runFormatter(formatter, value, [], ctx);
}

/** Renders `[{x|NAME}]` with `x` bound to `value`, plus extra root data; fails on any error. */
function renderX(name: string, value: unknown, root: Record<string, unknown> = {}): string {
  const result = render(`[{x|${name}}]`, { ...root, x: value });
  expect(result.errors).toEqual([]);
  return result.html;
}

describe('social formatter table', () => {
  it('has the 9 social formatters, all in ALL_FORMATTERS', () => {
    const names = Object.keys(SOCIAL_FORMATTERS).sort();
    expect(names).toEqual(
      [
        'activate-twitter-links',
        'comment-count',
        'comment-link',
        'comments',
        'google-calendar-url',
        'like-button',
        'social-button',
        'social-button-inline',
        'twitter-follow-button',
      ].sort(),
    );
    for (const name of names) expect(ALL_FORMATTERS[name]).toBe(SOCIAL_FORMATTERS[name]);
  });
});

describe('activate-twitter-links', () => {
  const link = fmt('activate-twitter-links');
  const user = (u: string) => `<a target="new" href="https://twitter.com/${u}/">@${u}</a>`;
  const tag = (t: string) =>
    `<a target="new" href="https://twitter.com/hashtag/${t}?src=hash">#${t}</a>`;
  const url = (u: string) => `<a target="new" href="${u}">${u}</a>`;

  it('links handles and hashtags at the start or after a space', () => {
    expect(link('@a hi #b')).toBe(`${user('a')} hi ${tag('b')}`);
    expect(link('x @a_1 #1b')).toBe(`x ${user('a_1')} ${tag('1b')}`);
  });

  it('needs a plain space before the sigil: not a newline, tab, word or markup', () => {
    expect(link('a\n@b\t#c x@y.com x#y (@p) <b>@q</b>')).toBe(
      'a\n@b\t#c x@y.com x#y (@p) <b>@q</b>',
    );
  });

  it('stops handles and tags at the first non-ASCII-word character', () => {
    expect(link('@a.b #c-d @é')).toBe(`${user('a')}.b ${tag('c')}-d @é`);
    expect(link('@ab#cd #ab@cd')).toBe(`${user('ab')}#cd ${tag('ab')}@cd`);
  });

  it('links http, https, ftp and file URLs in any case, without trailing punctuation', () => {
    expect(link('see http://a.com/x?b=1&c=2. or HTTPS://B.ORG, ftp://f.g/h! file://x')).toBe(
      `see ${url('http://a.com/x?b=1&c=2')}. or ${url('HTTPS://B.ORG')}, ${url('ftp://f.g/h')}! ${url('file://x')}`,
    );
    expect(link('(http://a.com/x_(y)) http://a.com/é "http://a.com/q"')).toBe(
      `(${url('http://a.com/x_')}(y)) ${url('http://a.com/')}é "${url('http://a.com/q')}"`,
    );
  });

  it('needs a word boundary before the scheme and only knows four schemes', () => {
    expect(link('xhttp://a.com mailto:a@b.c git+ssh://a.b http://')).toBe(
      'xhttp://a.com mailto:a@b.c git+ssh://a.b http://',
    );
    expect(link('-http://d.com')).toBe(`-${url('http://d.com')}`);
  });

  it('does not link handles or tags inside a URL, nor re-link its own anchors', () => {
    expect(link('http://a.b/?q=@x&r=#y @z')).toBe(`${url('http://a.b/?q=@x&r=#y')} ${user('z')}`);
  });

  it('reads scalars as text and everything else as empty', () => {
    expect(link(5)).toBe('5');
    expect(link(true)).toBe('true');
    expect(link(null)).toBe('');
    expect(link(undefined)).toBe('');
    expect(link(['@a'])).toBe('');
    expect(link({ a: 1 })).toBe('');
  });
});

describe('comment-count', () => {
  const count = fmt('comment-count');

  it('says No Comments, 1 Comment or N Comments', () => {
    expect(count({ publicCommentCount: 0 })).toBe('No Comments');
    expect(count({ publicCommentCount: 1 })).toBe('1 Comment');
    expect(count({ publicCommentCount: 10 })).toBe('10 Comments');
    expect(count({ publicCommentCount: -1 })).toBe('-1 Comments');
    expect(count({ publicCommentCount: 1.5 })).toBe('1.5 Comments');
  });

  it('reads the count loosely from the value only', () => {
    expect(count({ publicCommentCount: '1' })).toBe('1 Comment');
    expect(count({ publicCommentCount: '2.7' })).toBe('2.7 Comments');
    expect(count({ publicCommentCount: '1e3' })).toBe('1 Comment');
    expect(count({ publicCommentCount: true })).toBe('1 Comment');
    expect(count({ publicCommentCount: 'abc' })).toBe('NaN Comments');
    for (const v of [null, [1], {}, undefined]) {
      expect(count({ publicCommentCount: v })).toBe('No Comments');
    }
    expect(count(5)).toBe('No Comments');
    const ctx = new FakeContext({ publicCommentCount: 7 });
    expect(count({ a: 1 }, ctx)).toBe('No Comments');
  });
});

describe('comment-link (built-in template)', () => {
  const native = (href: string, id: string, count: string, word: string) =>
    `[\n  <a href="${href}" class="sqs-comment-link" data-id="${id}">\n  ${count}\n  ${word}\n  </a>\n]`;

  it('links to the native thread with the count and the right word', () => {
    const item = (n: unknown) => ({ id: 'X', fullUrl: '/p', publicCommentCount: n });
    expect(renderX('comment-link', item(0))).toBe(native('/p#comments-X', 'X', 'No', 'Comments'));
    expect(renderX('comment-link', item(1))).toBe(native('/p#comments-X', 'X', '1', 'Comment'));
    expect(renderX('comment-link', item(20))).toBe(native('/p#comments-X', 'X', '20', 'Comments'));
  });

  it('prints other counts as they are; only the number 1 is singular', () => {
    const item = (n: unknown) => ({ id: 'X', fullUrl: '/p', publicCommentCount: n });
    expect(renderX('comment-link', item('1'))).toBe(native('/p#comments-X', 'X', '1', 'Comments'));
    expect(renderX('comment-link', item('0'))).toBe(native('/p#comments-X', 'X', '0', 'Comments'));
    expect(renderX('comment-link', item(false))).toBe(
      native('/p#comments-X', 'X', 'false', 'Comments'),
    );
    expect(renderX('comment-link', { id: 'X', fullUrl: '/p' })).toBe(
      native('/p#comments-X', 'X', '', 'Comments'),
    );
  });

  it('uses the Disqus link when websiteSettings.disqusShortname is truthy anywhere above', () => {
    const disqus =
      '[\n  <a href="/p" class="sqs-comment-link sqs-disqus-comment-link" data-id="X"></a>\n]';
    const item = { id: 'X', fullUrl: '/p', publicCommentCount: 2 };
    expect(renderX('comment-link', item, { websiteSettings: { disqusShortname: 'abc' } })).toBe(
      disqus,
    );
    expect(renderX('comment-link', { ...item, websiteSettings: { disqusShortname: '0' } })).toBe(
      disqus,
    );
    expect(renderX('comment-link', item, { websiteSettings: { disqusShortname: '' } })).toBe(
      native('/p#comments-X', 'X', '2', 'Comments'),
    );
    // The predicate's spelling (disqusShortName) does not count here.
    expect(renderX('comment-link', item, { websiteSettings: { disqusShortName: 'abc' } })).toBe(
      native('/p#comments-X', 'X', '2', 'Comments'),
    );
  });

  it('is not private: missing fields are found further up, values are not escaped', () => {
    expect(renderX('comment-link', {}, { id: 'R', fullUrl: 'RU' })).toBe(
      native('RU#comments-R', 'R', '', 'Comments'),
    );
    expect(renderX('comment-link', { id: 'X', fullUrl: '/a"<', publicCommentCount: 1 })).toBe(
      native('/a"<#comments-X', 'X', '1', 'Comment'),
    );
  });
});

describe('comments (built-in template)', () => {
  const thread = (attrs: string) => `[\n  <div class="squarespace-comments" ${attrs}></div>\n]`;

  it('renders the Disqus thread when a shortname is set', () => {
    expect(renderX('comments', { id: 'X' }, { websiteSettings: { disqusShortname: 'abc' } })).toBe(
      thread('id="disqus_thread"'),
    );
  });

  it("names the page item, or else the collection, with that object's count and state", () => {
    // The formatted value gives only the thread id; the count and state come from the object
    // whose id is printed (the reference's template reads item.* or collection.*).
    const node = { id: 'X', publicCommentCount: 3, commentState: 2 };
    const item = { id: 'I', publicCommentCount: 5, commentState: 1 };
    const collection = { id: 'C', publicCommentCount: 9, commentState: 4 };
    const itemCounts = 'data-public-comment-count="5" data-comment-state="1"';
    expect(renderX('comments', node, { item })).toBe(
      thread(`id="comments-X" data-item-id="I" ${itemCounts}`),
    );
    expect(renderX('comments', node, { item, collection })).toBe(
      thread(`id="comments-X" data-item-id="I" ${itemCounts}`),
    );
    expect(renderX('comments', node, { item: 0, collection })).toBe(
      thread(
        `id="comments-X" data-collection-id="C" data-public-comment-count="9" data-comment-state="4"`,
      ),
    );
    // An item without counts prints empty ones, not the formatted value's.
    expect(renderX('comments', node, { item: { id: 'I' } })).toBe(
      thread('id="comments-X" data-item-id="I" data-public-comment-count="" data-comment-state=""'),
    );
  });

  it('on a list page pairs the collection id with the collection count, for every item', () => {
    const data = {
      collection: { id: 'C', publicCommentCount: 9, commentState: 1 },
      items: [
        { id: 'A', publicCommentCount: 2, commentState: 2 },
        { id: 'B', publicCommentCount: 0, commentState: 3 },
      ],
    };
    const result = render('{.repeated section items}{@|comments}{.end}', data);
    expect(result.errors).toEqual([]);
    const div = (id: string) =>
      `\n  <div class="squarespace-comments" id="comments-${id}" data-collection-id="C" ` +
      'data-public-comment-count="9" data-comment-state="1"></div>\n';
    expect(result.html).toBe(div('A') + div('B'));
  });

  it("on an item page's list of related items names the page item for each", () => {
    const data = {
      item: { id: 'P', publicCommentCount: 4, commentState: 1 },
      collection: { id: 'C', publicCommentCount: 9, commentState: 1 },
      related: [{ id: 'R', publicCommentCount: 7, commentState: 2 }],
    };
    const result = render('{.repeated section related}{@|comments}{.end}', data);
    expect(result.html).toBe(
      '\n  <div class="squarespace-comments" id="comments-R" data-item-id="P" ' +
        'data-public-comment-count="4" data-comment-state="1"></div>\n',
    );
  });

  it('leaves out the data attributes when there is neither an item nor a collection', () => {
    expect(renderX('comments', { id: 'X', publicCommentCount: 3 })).toBe(thread('id="comments-X"'));
    expect(renderX('comments', null)).toBe(thread('id="comments-"'));
  });

  it('matches the fixtures when called on the item itself', () => {
    const html = render('{item|comments}', {
      item: { id: 'A', publicCommentCount: 0, commentState: 1 },
    });
    expect(html.html.trim()).toBe(
      '<div class="squarespace-comments" id="comments-A" data-item-id="A" data-public-comment-count="0" data-comment-state="1"></div>',
    );
  });
});

describe('like-button (built-in template)', () => {
  const button = (id: string, count: string) =>
    `[\n  <span class="sqs-simple-like" data-item-id="${id}" data-like-count="${count}">\n` +
    '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n]';
  const enabled = { websiteSettings: { simpleLikingEnabled: true } };

  it('renders the like span when simple liking is enabled', () => {
    expect(renderX('like-button', { id: 'X', likeCount: 0 }, enabled)).toBe(button('X', '0'));
    expect(renderX('like-button', 'str', enabled)).toBe(button('', ''));
  });

  it('renders nothing when liking is off or the value is falsy', () => {
    expect(renderX('like-button', { id: 'X', likeCount: 5 })).toBe('[]');
    expect(
      renderX('like-button', { id: 'X' }, { websiteSettings: { simpleLikingEnabled: false } }),
    ).toBe('[]');
    for (const value of [{}, 0, null, ''])
      expect(renderX('like-button', value, enabled)).toBe('[]');
  });
});

describe('google-calendar-url', () => {
  const cal = fmt('google-calendar-url');
  const base = 'http://www.google.com/calendar/event?action=TEMPLATE';

  it('formats both dates as UTC stamps, whatever the site time zone', () => {
    const ctx = new FakeContext({ website: { timeZone: 'Asia/Tokyo' } });
    expect(cal({ startDate: 1384518630000, endDate: 1384518716400 }, ctx)).toBe(
      `${base}&text=&dates=20131115T123030Z/20131115T123156Z`,
    );
  });

  it('floors fractional milliseconds and reads numbers loosely', () => {
    expect(cal({ startDate: -0.5, endDate: -1000.5 })).toBe(
      `${base}&text=&dates=19691231T235959Z/19691231T235958Z`,
    );
    expect(cal({ startDate: '1384518630000', endDate: null })).toBe(
      `${base}&text=&dates=20131115T123030Z/19700101T000000Z`,
    );
    expect(cal({ startDate: true, endDate: {} })).toBe(
      `${base}&text=&dates=19700101T000000Z/19700101T000000Z`,
    );
    expect(cal('not an event')).toBe(`${base}&text=&dates=19700101T000000Z/19700101T000000Z`);
  });

  it('pads years below 1000 to four digits', () => {
    expect(cal({ startDate: Date.UTC(999, 0, 2, 3, 4, 5), endDate: 0 })).toMatch(
      /&dates=09990102T030405Z\//,
    );
  });

  it('throws, so the tag is left empty, on a non-numeric or unrepresentable date', () => {
    expect(() => cal({ startDate: 'abc', endDate: 0 })).toThrow(TypeError);
    expect(() => cal({ startDate: '', endDate: 0 })).toThrow(TypeError);
    expect(() => cal({ startDate: 0, endDate: 253402300800000 })).toThrow(RangeError);
    expect(() => cal({ startDate: 1e20, endDate: 0 })).toThrow(RangeError);
    const result = render('[{x|google-calendar-url}]', { x: { startDate: 'abc' } });
    expect(result.html).toBe('[]');
    expect(result.errors).toHaveLength(1);
  });

  it('escapes the title with legacy escape() and the location with encodeURIComponent', () => {
    expect(cal({ title: 'A & B/c?d é€', startDate: 0, endDate: 0 })).toBe(
      `${base}&text=A%20%26%20B/c%3Fd%20%E9%u20AC&dates=19700101T000000Z/19700101T000000Z`,
    );
    expect(
      cal({ startDate: 0, endDate: 0, location: { addressLine1: "a'é,", addressCountry: 'US' } }),
    ).toBe(`${base}&text=&dates=19700101T000000Z/19700101T000000Z&location=a'%C3%A9%2C%2C%20US`);
  });

  it('joins the trimmed, non-blank address parts and omits an empty location', () => {
    const loc = (location: unknown) => cal({ startDate: 0, endDate: 0, location });
    expect(loc({ addressLine1: '  a ', addressLine2: ' ', addressCountry: 0 })).toMatch(
      /&location=a%2C%200$/,
    );
    expect(loc({ addressLine2: false })).toMatch(/&location=false$/);
    for (const empty of [{}, 'str', { addressLine1: '\t', mapLat: 1 }, [1]]) {
      expect(loc(empty)).not.toContain('&location');
    }
  });
});

describe('social-button, social-button-inline', () => {
  const item = {
    mainImageId: 'M',
    mainImage: { assetUrl: 'http://a/b.jpg' },
    recordType: 1,
    title: 'foo "<&>\'',
    fullUrl: 'http://full/url',
  };
  const attrs =
    'data-system-data-id="M" data-asset-url="http://a/b.jpg" data-record-type="1" ' +
    'data-full-url="http://full/url" data-title="foo &quot;&lt;&amp;&gt;\'"';
  const on = { website: { shareButtonOptions: ['facebook'] } };

  it('renders the div or span with the item fields, escaping only the title', () => {
    expect(renderX('social-button', item, on)).toBe(
      `[<div class="squarespace-social-buttons button-style" ${attrs}></div>]`,
    );
    expect(renderX('social-button-inline', item, on)).toBe(
      `[<span class="squarespace-social-buttons inline-style" ${attrs}></span>]`,
    );
  });

  it('reads only the value own fields, as scalars', () => {
    const empty =
      'data-system-data-id="" data-asset-url="" data-record-type="" data-full-url="" data-title=""';
    expect(renderX('social-button', 'str', { ...on, title: 'root' })).toBe(
      `[<div class="squarespace-social-buttons button-style" ${empty}></div>]`,
    );
    expect(renderX('social-button', { title: [1], fullUrl: { a: 1 }, mainImage: 's' }, on)).toBe(
      `[<div class="squarespace-social-buttons button-style" ${empty}></div>]`,
    );
  });

  it('renders nothing unless shareButtonOptions is a non-empty array or object', () => {
    for (const options of [[], {}, 'x', 5, true, null]) {
      const root = { website: { shareButtonOptions: options } };
      expect(renderX('social-button', item, root)).toBe('[]');
      expect(renderX('social-button-inline', 'text', root)).toBe('[]');
    }
    expect(renderX('social-button', item)).toBe('[]');
    expect(
      renderX('social-button', { title: 't' }, { website: { shareButtonOptions: { a: 1 } } }),
    ).toContain('data-title="t"');
  });

  it('lets settings nearer the value win', () => {
    const local = { ...item, website: { shareButtonOptions: [] } };
    expect(renderX('social-button', local, on)).toBe('[]');
  });
});

describe('twitter-follow-button', () => {
  const follow = fmt('twitter-follow-button');
  const script =
    "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";
  const div = (user: string) =>
    `${script}<div class="squarespace-follow-button" data-username="${user}"></div>`;

  it('uses userName when it is not empty', () => {
    expect(follow({ userName: 'foobar', profileUrl: 'http://t/x' })).toBe(div('foobar'));
    expect(follow({ userName: ' ' })).toBe(div(' '));
    expect(follow({ userName: 0 })).toBe(div('0'));
    expect(follow({ userName: false, profileUrl: 'a/b' })).toBe(div('false'));
  });

  it('falls back to the last segment of profileUrl', () => {
    expect(follow({ userName: '', profileUrl: 'http://twitter.com/foobar' })).toBe(div('foobar'));
    expect(follow({ userName: null, profileUrl: 'https://twitter.com/a/b?c' })).toBe(div('b?c'));
    expect(follow({ profileUrl: 'https://twitter.com/foo/' })).toBe(div(''));
    expect(follow({ profileUrl: 'nourl' })).toBe(div('nourl'));
    expect(follow({ profileUrl: ['a/b'] })).toBe(div(''));
    expect(follow('str')).toBe(div(''));
  });
});
