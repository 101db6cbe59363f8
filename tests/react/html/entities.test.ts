/**
 * Character references (react-renderer/html/entities.ts): every name of the table and numeric
 * references decode as the HTML parser (parse5) decodes them, in text and in attributes, and
 * so do values on the React path; the byte path for long text thick with
 * the references `escapeHtml` writes decodes exactly as the general decoder, and gives up
 * (null) on anything else, leaving it to the general decoder.
 */
import fc from 'fast-check';
import { parse } from 'parse5';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../formatters/core-text.js';
import { renderToReact } from '../../../index.js';
import { decodeEntities, useDenseDecoder } from '../../../react-renderer/html/entities.js';
import { decodeEscapedAscii } from '../../../react-renderer/html/escaped-ascii.js';
import { ENTITY_NAMES } from '../entity-names.js';
import { bothPaths } from '../support.js';

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
    // Half the inputs are what the byte path is for (ASCII escaped by escapeHtml), so a byte
    // path that gave up on everything could not pass by never being compared.
    const escapedAscii = fc
      .string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) })
      .map((ascii) => escapeHtml(ascii, true));
    let compared = 0;
    const runs = 1000;
    fc.assert(
      fc.property(fc.oneof(text, escapedAscii), (source) => {
        // Short text: decodeEntities decodes it by itself (the byte path is for long text).
        const fast = decodeEscapedAscii(source);
        if (fast === null) return;
        compared++;
        expect(fast).toBe(decodeEntities(source, true));
      }),
      { numRuns: runs },
    );
    expect(compared).toBeGreaterThan(runs / 3);
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

// The server entry installs the byte scan; the browser runtime goes without it (its size budget):
// both decode alike.
for (const [where, dense] of [
  ['with the byte scan (server)', decodeEscapedAscii],
  ['without it (browser runtime)', null],
] as const) {
  describe(`decodeEntities on long text thick with references, ${where}`, () => {
    beforeEach(() => useDenseDecoder(dense));
    afterAll(() => useDenseDecoder(decodeEscapedAscii));
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
}

/** Text as the HTML parser decodes it in a paragraph. */
function parsedText(source: string): string {
  const doc = parse(`<p>${source}`) as unknown as {
    childNodes: Array<{
      childNodes: Array<{ childNodes: Array<{ childNodes: Array<{ value: string }> }> }>;
    }>;
  };
  return doc.childNodes[0]!.childNodes[1]!.childNodes[0]!.childNodes.map((t) => t.value).join('');
}

describe('the whole table of named references', () => {
  it('has 2,231 references: 2,125 names with their `;`, 106 of them also without', () => {
    expect(ENTITY_NAMES).toHaveLength(2125);
    expect(ENTITY_NAMES.filter((entity) => entity.legacy)).toHaveLength(106);
  });

  it('decodes every name, in text and in attributes, as the HTML parser does', () => {
    for (const { name, legacy } of ENTITY_NAMES) {
      const sources = [`&${name};`, `a&${name};b`];
      // Without the `;`: alone, then glued to a letter, a digit, `=` (literal in an attribute
      // after a legacy name) and a `;` after more letters (a longer name, or none).
      if (legacy) sources.push(`&${name}`, `&${name}x`, `&${name}1`, `&${name}=`, `&${name}in;`);
      for (const source of sources) {
        expect(decodeEntities(source), source).toBe(parsedText(source));
        expect(decodeEntities(source, true), source).toBe(parsedValue(source));
      }
    }
  });

  it('decodes numeric references as the HTML parser does', () => {
    const code = fc.oneof(
      fc.integer({ min: 0, max: 0x11ffff }),
      fc.constantFrom(0, 0x80, 0x9f, 0xd800, 0xdfff, 0x10ffff, 0x110000, 2 ** 40),
    );
    fc.assert(
      fc.property(code, fc.boolean(), fc.constantFrom(';', '', 'x', ' '), (n, hex, after) => {
        const source = `&#${hex ? `x${n.toString(16)}` : n}${after}`;
        expect(decodeEntities(source)).toBe(parsedText(source));
        expect(decodeEntities(source, true)).toBe(parsedValue(source));
      }),
      { numRuns: 500 },
    );
  });
});

/** The first element of type `type` in a tree of React nodes (depth first). */
function findElement(node: ReactNode, type: string): ReactElement<{ title?: string }> | null {
  if (Array.isArray(node)) {
    for (const kid of node as ReactNode[]) {
      const found = findElement(kid, type);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isValidElement<{ title?: string; children?: ReactNode }>(node)) return null;
  return node.type === type ? node : findElement(node.props.children, type);
}

describe('references in values on the React path', () => {
  it('are decoded from the whole table, as on the string path (issue 17)', () => {
    for (const [value, decoded] of [
      ['a &frac13; b', 'a ⅓ b'],
      ['&Eacute', 'É'],
      ['&Eacutex &notit; &notin;', 'Éx ¬it; ∉'],
    ] as const) {
      const source = '<p>{v}</p>';
      const { element } = renderToReact(source, { v: value });
      expect(renderToString(element)).toBe(`<p>${decoded}</p>`);
      const both = bothPaths(source, { v: value });
      expect(both.react).toBe(both.string);
    }
  });

  it('ending a block (a name held back for what may follow) are not lost', () => {
    for (const [source, data, html] of [
      ['<p>{.section a}x&copy{.end}</p>', { a: 'y' }, '<p>x©</p>'],
      ['<p>{.section a}{a}&AElig{.or}-{.end}</p>', { a: '&AElig' }, '<p>ÆÆ</p>'],
    ] as const) {
      expect(renderToString(renderToReact(source, data).element)).toBe(html);
      const both = bothPaths(source, data);
      expect(both.react).toBe(both.string);
    }
  });

  it('keep a legacy name without `;` literal in an attribute before `=` or a letter or digit', () => {
    const value = '?a=1&copy=2&notin;&Eacutex&Eacute1 &Eacute';
    const decoded = '?a=1&copy=2∉&Eacutex&Eacute1 É';
    for (const source of ['<a title="{v}">x</a>', `<a title="${value}">x</a>`]) {
      const { element } = renderToReact(source, { v: value });
      expect(findElement(element, 'a')?.props.title).toBe(decoded);
      const both = bothPaths(source, { v: value });
      expect(both.react).toBe(both.string);
    }
  });
});
