/**
 * Character references (react-renderer/html/entities.ts): the byte path for long text thick with
 * the references `escapeHtml` writes decodes exactly as the general decoder, and gives up
 * (null) on anything else, leaving it to the general decoder.
 */
import fc from 'fast-check';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../formatters/core-text.js';
import { decodeEntities, decodeEscapedAscii } from '../../../react-renderer/html/entities.js';

/** Pieces of text: references of every kind, bare `&`, non-ASCII and surrogates. */
const piece = fc.oneof(
  fc.constantFrom('&quot;', '&amp;', '&lt;', '&gt;', '&quot', '&amp', '&lt', '&ampx', '&'),
  fc.constantFrom('&#34;', '&#x22;', '&copy;', '&copy', '&copy=1', '&nbsp;', '&unknown;'),
  fc.constantFrom('a', ' ', 'text', '{', '"', '=', ';', 'é', '😀', '\ud800'),
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

/** An attribute value as parse5 (the HTML parser tests trust) decodes it. */
function parsedValue(source: string): string {
  const doc = parse(`<p title="${source.replace(/"/g, '&quot;')}">`) as unknown as {
    childNodes: Array<{
      childNodes: Array<{ childNodes: Array<{ attrs: Array<{ value: string }> }> }>;
    }>;
  };
  return doc.childNodes[0]!.childNodes[1]!.childNodes[0]!.attrs[0]!.value;
}

describe('decodeEscapedAscii', () => {
  it('decodes as decodeEntities does, or gives up', () => {
    fc.assert(
      fc.property(text, (source) => {
        // Short text: decodeEntities decodes it by itself (the byte path is for long text).
        const fast = decodeEscapedAscii(source);
        if (fast !== null) expect(fast).toBe(decodeEntities(source, true));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes ASCII with only the references escapeHtml writes', () => {
    expect(decodeEscapedAscii('{&quot;a&quot;:&quot;&lt;b&gt; &amp; c&quot;}')).toBe(
      '{"a":"<b> & c"}',
    );
    expect(decodeEscapedAscii('no references')).toBe('no references');
    for (const other of ['&copy;', '&quot', 'a & b', 'é&quot;', '😀', '&#34;', '&amp']) {
      expect(decodeEscapedAscii(other)).toBeNull();
    }
  });

  it('does not read past the end into an earlier, longer text', () => {
    expect(decodeEscapedAscii('x'.repeat(100) + '&quot;')).toBe('x'.repeat(100) + '"');
    expect(decodeEscapedAscii('&quot')).toBeNull();
    expect(decodeEscapedAscii('&am')).toBeNull();
  });
});

describe('decodeEntities on long text thick with references', () => {
  it('gives back the JSON that escapeHtml escaped', () => {
    // Values of all kinds, strings with any code unit (non-ASCII, lone surrogates) among them.
    const value = fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' });
    const json = fc.array(value, { minLength: 20, maxLength: 40 }).map((v) => JSON.stringify(v));
    fc.assert(
      fc.property(json, (source) => {
        expect(decodeEntities(escapeHtml(source, true), true)).toBe(source);
      }),
      { numRuns: 100 },
    );
  });

  it('decodes as the HTML parser does, other references and characters included', () => {
    const dense = escapeHtml(JSON.stringify({ a: '"x" & <y>' }), true).repeat(40);
    // Text goes in between references: glued to a name, it could make one this decoder does
    // not know (`&` + `mp;` is `&mp;`, ∓), which is a separate matter.
    const between = [...dense.matchAll(/&/g)].map((m) => m.index);
    fc.assert(
      fc.property(text, fc.constantFrom(...between, dense.length), (extra, at) => {
        const source = dense.slice(0, at) + extra + dense.slice(at);
        expect(decodeEntities(source, true)).toBe(parsedValue(source));
      }),
      { numRuns: 300 },
    );
  });
});
