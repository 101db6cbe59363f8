/**
 * `slugify` and `encode-space` (formatters/char-scan.ts, docs/language.md, "Core formatters") on
 * long inputs that cross the output buffer's chunk boundaries, and on whitespace and surrogates
 * beyond ASCII. Expected values come from independent regex oracles; the reference engine agrees on
 * random strings of these characters (checked with @squarespace/template-engine). Both
 * implementations run: the buffered one the server entry installs (formatters/char-buffer.ts)
 * and the regex one the browser runtime keeps.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bufferedEncodeSpace, bufferedSlugify } from '../../formatters/char-buffer.js';
import { useCharBuffer } from '../../formatters/char-scan.js';
import { CORE_FORMATTERS } from '../../formatters/core.js';
import { runFormatter } from '../support/fake-context.js';

function fmt(name: 'slugify' | 'encode-space') {
  return (value: unknown) => runFormatter(CORE_FORMATTERS[name]!, value, []);
}

const SERVER = { slugify: bufferedSlugify, encodeSpace: bufferedEncodeSpace };

for (const [where, transforms] of [
  ['buffered (server)', SERVER],
  ['regex (browser runtime)', null],
] as const) {
  describe(`slugify and encode-space on long and unusual text, ${where}`, () => {
    beforeEach(() => useCharBuffer(transforms));
    afterAll(() => useCharBuffer(null));
    // Independent oracles written from the spec (docs/language.md, "Core formatters") with JS
    // regexes.
    const slugOracle = (s: string): string =>
      s
        .replace(/[^A-Za-z0-9\s-]/g, '')
        .toLowerCase()
        .replace(/\s+/g, '-');
    const spaceOracle = (s: string): string => s.replace(/\s/g, '&nbsp;');
    const pieces = [
      'a',
      'Z',
      '9',
      '-',
      '_',
      ' ',
      '\t',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
      'é',
      '東',
    ];
    const notSpaces = '\u200b\u0085\u180e';

    it('treats exactly JS \\s as whitespace', () => {
      const spaces = ' \t\n\v\f\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
      expect(fmt('slugify')(`a${spaces}b${notSpaces}c`)).toBe('a-bc');
      expect(fmt('encode-space')(`${spaces}${notSpaces}`)).toBe('&nbsp;'.repeat(16) + notSpaces);
    });

    it('keeps lone surrogates and non-BMP characters in encode-space', () => {
      expect(fmt('encode-space')('\ud800 \udc00\ud83d\ude00 x'.repeat(2000))).toBe(
        '\ud800&nbsp;\udc00\ud83d\ude00&nbsp;x'.repeat(2000),
      );
    });

    it('gives short texts the same slug from its cache of recent slugs, past its bound too', () => {
      let seed = 11;
      const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
      const texts = Array.from({ length: 2500 }, (_, i) =>
        Array.from({ length: 1 + (i % 70) }, () => pieces[next() % pieces.length]).join(''),
      );
      // Twice over more texts than the cache holds: first builds, then (partly) cached slugs.
      for (const round of [1, 2]) {
        for (const text of texts)
          expect(fmt('slugify')(text), `round ${round}`).toBe(slugOracle(text));
      }
    });

    it('matches the oracles across chunk boundaries (up to 100k units)', () => {
      let seed = 7;
      const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
      for (const length of [8191, 8192, 8193, 20000, 100000]) {
        const text = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
        expect(fmt('slugify')(text)).toBe(slugOracle(text));
        expect(fmt('encode-space')(text)).toBe(spaceOracle(text));
        expect(fmt('slugify')(' '.repeat(length) + 'X')).toBe('-x');
      }
    });
  });
}
