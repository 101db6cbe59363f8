/**
 * The browser runtime's named references (react-renderer/html/named-references.browser.ts, which
 * package.json "browser" puts in place of the server's table): decoded by the document's own
 * parser, they agree with the server's for every name of the table, in text and in
 * attributes; and server HTML with such references in values hydrates without a report when
 * the React path decodes with it.
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it, vi } from 'vitest';
import { decodeNamed as decodeInBrowser } from '../../../react-renderer/html/named-references.browser.js';
import { decodeNamed as decodeOnServer } from '../../../react-renderer/html/named-references.js';
import { ENTITY_NAMES } from '../entity-names.js';
import { hydrate, logged } from '../hydration-harness.js';

// The React path in this file decodes as the browser runtime does.
vi.mock('../../../react-renderer/html/named-references.js', async (original) => ({
  ...(await original<object>()),
  decodeNamed: (await import('../../../react-renderer/html/named-references.browser.js'))
    .decodeNamed,
}));

describe('named references decoded by the browser', () => {
  it('agree with the server for every name, in text and in attributes', async () => {
    const server = await vi.importActual<
      typeof import('../../../react-renderer/html/named-references.js')
    >('../../../react-renderer/html/named-references.js');
    expect(decodeOnServer).toBe(decodeInBrowser);
    for (const { name, legacy } of ENTITY_NAMES) {
      const references = [`&${name};`];
      if (legacy) references.push(`&${name}`, `&${name}x`, `&${name}=`);
      for (const reference of references) {
        for (const inAttribute of [false, true]) {
          expect(decodeInBrowser(reference, inAttribute), reference).toBe(
            server.decodeNamed(reference, inAttribute),
          );
        }
      }
    }
  });

  it('hydrate values with references from the whole table without a report', async () => {
    const source = '<div id="root"><p>{v}</p><a title="{v}">x</a><p>&frac13; &Eacute</p></div>';
    for (const v of ['a &frac13; b', '&Eacute', '&notit; &notin; &copy=1 &Eacutex &zwnj;']) {
      const { recoverable, replaced, dispose } = await hydrate(source, { v });
      expect(recoverable).toEqual([]);
      expect(replaced).toBe(0);
      expect(logged).toEqual([]);
      await dispose();
    }
  });
});
