/**
 * Runtime error texts: the server's sentences (engine/, formatters/ and predicates/
 * error-texts.ts) and the browser runtime's numbers (each error-texts.browser.ts, swapped in by
 * package.json "browser"; the bundle test checks the swap). Both say every error with its
 * details; the browser's numbers tell the errors apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instruction } from '../../engine/code.js';
import * as browser from '../../engine/error-texts.browser.js';
import * as server from '../../engine/error-texts.js';
import * as formattersInBrowser from '../../formatters/error-texts.browser.js';
import * as formatters from '../../formatters/error-texts.js';
import * as predicatesInBrowser from '../../predicates/error-texts.browser.js';
import * as predicates from '../../predicates/error-texts.js';
import { renderTemplate } from '../../engine/render.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { ALL_PREDICATES } from '../../predicates/index.js';

type Texts = Record<string, string | ((...details: string[]) => string)>;
const texts = (module: object): Texts => module as unknown as Texts;

/** Each text with distinct details filled in (none for a fixed text). */
function said(texts: Texts): Map<string, { text: string; details: string[] }> {
  const out = new Map<string, { text: string; details: string[] }>();
  for (const [name, text] of Object.entries(texts)) {
    if (typeof text === 'string') {
      out.set(name, { text, details: [] });
    } else {
      const details = Array.from({ length: 3 }, (_, i) => `<${name}-${i}>`);
      out.set(name, { text: text(...details), details });
    }
  }
  return out;
}

const PAIRS: Array<[folder: string, server: object, browser: object]> = [
  ['engine', server, browser],
  ['formatters', formatters, formattersInBrowser],
  ['predicates', predicates, predicatesInBrowser],
];

describe.each(PAIRS)('%s error texts', (_folder, server, browser) => {
  it('the browser has a text for every error the server words, and no other', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(server).sort());
    for (const name of Object.keys(server)) {
      expect(typeof texts(browser)[name], name).toBe(typeof texts(server)[name]);
    }
  });

  it('says each error with the details the server puts in its sentence', () => {
    const full = said(texts(server));
    const short = said(texts(browser));
    for (const [name, { text, details }] of full) {
      // The server's sentence uses only the details it is given (which ones is its choice).
      const used = details.filter((d) => text.includes(d));
      const browserText = short.get(name)!.text;
      for (const detail of used) expect(browserText, name).toContain(detail);
    }
  });

  it('tells the errors apart by number in the browser', () => {
    const numbers = [...said(texts(browser)).values()].map(
      ({ text }) => /\d+/.exec(text)?.[0] ?? '',
    );
    expect(numbers.every((n) => n !== '')).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('runtime error texts', () => {
  describe('a render with the browser texts', () => {
    afterEach(() => {
      vi.doUnmock('../../engine/error-texts.js');
      vi.resetModules();
    });

    it('reports the same errors, by code and location, with the details', async () => {
      const code = [
        17,
        1,
        [[1, [['x']], [['apply', [['missing'], ' ']]]] as Instruction, [23, "'a"] as Instruction],
        18,
      ] as const;
      const registry = { formatters: ALL_FORMATTERS, predicates: ALL_PREDICATES };
      const onServer = renderTemplate([...code] as never, { x: 1 }, {}, registry);
      vi.resetModules();
      vi.doMock('../../engine/error-texts.js', () => import('../../engine/error-texts.browser.js'));
      const inBrowser = (await import('../../engine/render.js')).renderTemplate(
        [...code] as never,
        { x: 1 },
        {},
        registry,
      );
      expect(inBrowser.html).toBe(onServer.html);
      expect(inBrowser.errors.map((e) => e.code)).toEqual(onServer.errors.map((e) => e.code));
      expect(onServer.errors.map((e) => e.message)).toEqual([
        "RuntimeError: Attempt to apply partial 'missing' which could not be found.",
        'RuntimeError: Error parsing expression: "\'a": Unterminated string',
      ]);
      expect(inBrowser.errors.map((e) => e.message)).toEqual([
        'RuntimeError 3: missing',
        'RuntimeError 8: "\'a" 17',
      ]);
    });
  });
});
