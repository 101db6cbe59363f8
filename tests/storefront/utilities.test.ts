/**
 * The shared utilities' constants and texts (docs/storefront.md, "Shared utilities"): the
 * storefront's tween, scroll, query and colour helpers, and the formatters' money, image and
 * relative-time constants they sit beside. Frames and the clock are fakes.
 */
import { describe, expect, it, vi } from 'vitest';
import { extensibleCopy, type Rec } from '../../storefront/utils/records.js';
import {
  DARK_LUMINANCE_THRESHOLD,
  hexChannels,
  isDarkColor,
} from '../../storefront/utils/color.js';
import {
  clampDuration,
  DEFAULT_TWEEN_MS,
  easeOutSine,
  SCROLL_INTO_VIEW_OFFSET,
  SCROLL_MAX_MS,
  SCROLL_MIN_MS,
  scrollToY,
  tween,
  TWEEN_DURATION_ERROR,
  TWEEN_STEP_ERROR,
} from '../../storefront/utils/motion.js';
import {
  fitsUrlLimit,
  keyPath,
  parseQuery,
  QUERY_ARRAY_LIMIT,
  QUERY_MAX_DEPTH,
  QUERY_MAX_KEYS,
  URL_MAX_LENGTH,
} from '../../storefront/utils/query.js';
import { currencyFractionDigits, STORE_CURRENCIES } from '../../formatters/money.js';
import { thumbnailForWidth } from '../../formatters/content-misc.js';

/** A frame loop driven by the test: `advance(ms)` moves the clock and runs one frame. */
function frames() {
  let clock = 0;
  let queue: Array<() => void> = [];
  return {
    now: () => clock,
    requestFrame: (fn: () => void) => {
      queue.push(fn);
      return fn;
    },
    cancelFrame: (h: unknown) => {
      queue = queue.filter((f) => f !== h);
    },
    advance(ms: number) {
      clock += ms;
      const run = queue;
      queue = [];
      for (const f of run) f();
    },
    pending: () => queue.length,
  };
}

describe('tween', () => {
  it('runs 300 ms by default, pauses and resumes, and ends with the final step then onEnd', () => {
    expect(DEFAULT_TWEEN_MS).toBe(300);
    const f = frames();
    const seen: number[] = [];
    const onEnd = vi.fn(() => seen.push(-1));
    const t = tween((p) => seen.push(p), { ...f, onEnd });
    t.start();
    f.advance(150);
    expect(seen).toEqual([0.5]);
    t.pause();
    expect(f.pending()).toBe(0);
    f.advance(1000); // paused time does not count
    t.resume();
    f.advance(75);
    expect(seen.at(-1)).toBe(0.75);
    f.advance(75);
    expect(seen.slice(-2)).toEqual([1, -1]);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(t.running).toBe(false);
    t.end();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('end() runs the final step at once', () => {
    const f = frames();
    const seen: number[] = [];
    const t = tween((p) => seen.push(p), { ...f, duration: 1000 });
    t.start();
    t.end();
    expect(seen).toEqual([1]);
    expect(f.pending()).toBe(0);
  });

  it('needs a finite duration and a step function', () => {
    expect(() => tween(() => undefined, { duration: Infinity })).toThrow(TWEEN_DURATION_ERROR);
    expect(() => tween(() => undefined, { duration: NaN })).toThrow(
      'Tween duration must be a finite number',
    );
    expect(() => tween('x' as unknown as () => void)).toThrow(TWEEN_STEP_ERROR);
  });
});

describe('scroll to', () => {
  it('clamps the duration between 50 and 50 ms by default and eases out (sine)', () => {
    expect([SCROLL_MIN_MS, SCROLL_MAX_MS, SCROLL_INTO_VIEW_OFFSET]).toEqual([50, 50, 30]);
    expect(clampDuration(1000)).toBe(50);
    expect(clampDuration(10)).toBe(50);
    expect(clampDuration(1000, 100, 400)).toBe(400);
    expect(clampDuration(10, 100, 400)).toBe(100);
    expect(easeOutSine(0)).toBe(0);
    expect(easeOutSine(0.5)).toBeCloseTo(Math.SQRT1_2, 12);
    expect(easeOutSine(1)).toBe(1);
    const f = frames();
    const positions: number[] = [];
    scrollToY(1000, { ...f, duration: 5000, scrollY: () => 0, scrollTo: (y) => positions.push(y) });
    f.advance(25);
    expect(positions[0]).toBeCloseTo(1000 * Math.SQRT1_2, 9);
    f.advance(25);
    expect(positions.at(-1)).toBe(1000);
  });
});

describe('query strings', () => {
  it('nest to depth 5, arrays of 20, and read at most 1000 keys', () => {
    expect([QUERY_MAX_KEYS, QUERY_MAX_DEPTH, QUERY_ARRAY_LIMIT, URL_MAX_LENGTH]).toEqual([
      1000, 5, 20, 2083,
    ]);
    expect(parseQuery('?a[b][c]=1&a[b][d]=2&q=x%20y')).toEqual({
      a: { b: { c: '1', d: '2' } },
      q: 'x y',
    });
    expect(parseQuery('a[]=1&a[]=2&b=1&b=2')).toEqual({ a: ['1', '2'], b: ['1', '2'] });
    expect(keyPath('a[1][2][3][4][5][6][7]')).toEqual(['a', '1', '2', '3', '4', '5', '[6][7]']);
    expect(keyPath('a[b')).toEqual(['a[b']);
    expect(parseQuery('a[20][x]=1').a).toEqual(expect.any(Array));
    expect(Array.isArray(parseQuery('a[21][x]=1').a)).toBe(false);
    const many = Array.from({ length: 1005 }, (_, i) => `k${i}=${i}`).join('&');
    const parsed = parseQuery(many);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.k1000).toBeUndefined();
    expect(parseQuery('__proto__[x]=1&a[__proto__][y]=2&constructor[prototype][z]=3')).toEqual({});
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('URLs are at most 2083 characters', () => {
    const base = 'https://example.com/';
    expect(fitsUrlLimit(base + 'a'.repeat(2083 - base.length))).toBe(true);
    expect(fitsUrlLimit(base + 'a'.repeat(2084 - base.length))).toBe(false);
  });
});

describe('colours', () => {
  it('a site colour is dark below a luminance of 0.65 of 256', () => {
    expect(DARK_LUMINANCE_THRESHOLD).toBe(166.4);
    expect(hexChannels('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(hexChannels('12345')).toBeUndefined();
    expect(isDarkColor('#000')).toBe(true);
    expect(isDarkColor('ffffff')).toBe(false);
    // Grey 166 is just below the threshold, 167 just above.
    expect(isDarkColor('#a6a6a6')).toBe(true);
    expect(isDarkColor('#a7a7a7')).toBe(false);
    expect(isDarkColor('red')).toBeUndefined();
  });
});

describe('the formatters constants beside them', () => {
  it('27 store currencies, JPY without a minor unit', () => {
    expect(STORE_CURRENCIES).toEqual(
      'EUR USD AUD NOK CAD NZD DKK GBP HKD CHF MXN SGD SEK CZK ILS PHP RUB PLN THB MYR ARS BRL COP IDR INR JPY ZAR'.split(
        ' ',
      ),
    );
    expect(STORE_CURRENCIES.filter((c) => currencyFractionDigits(c) !== 2)).toEqual(['JPY']);
    expect(currencyFractionDigits('JPY')).toBe(0);
  });

  it('thumbnail buckets', () => {
    const pick = [1, 100, 101, 300, 301, 500, 750, 1000, 1001, 5000].map(thumbnailForWidth);
    expect(pick).toEqual([
      '100w',
      '100w',
      '300w',
      '300w',
      '500w',
      '500w',
      '750w',
      '1000w',
      '1500w',
      '1500w',
    ]);
  });
});

describe('extensibleCopy', () => {
  it('copies own keys as a spread does, an own __proto__ key of JSON data included', () => {
    const data = JSON.parse('{"a": 1, "__proto__": {"polluted": true}, "b": [2]}') as Rec;
    const copy = extensibleCopy(data);
    expect(copy).not.toBe(data);
    expect(Object.keys(copy)).toEqual(['a', '__proto__', 'b']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    expect(copy.b).toBe(data.b);
    copy.c = 3;
    expect(data).not.toHaveProperty('c');
    expect({ ...copy }).toEqual({ ...data, c: 3 });
  });
});
