// Property: compile never throws on any template, and every error's line/column lies inside
// the source. Templates mix text, stray braces and tag-ish fragments of every kind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../engine/compile.js';
import { parseTemplate } from '../../engine/parser.js';
import { testRegistry } from './compiler-registry.js';

const word = fc.constantFrom('a', 'b.c', '@', '@x', 'items.0', '1', 'é', '', ' ', 'a b');

const fragment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{{',
    '}}',
    '\n',
    '\r\n',
    ' ',
    '\t',
    '#',
    '##}',
    '{##',
    '|',
    '.',
    ',',
    '?',
  ),
  fc.string({ maxLength: 6 }),
  word.map((w) => `{.section ${w}}`),
  word.map((w) => `{.repeated section ${w}}`),
  fc.constantFrom('{.end}', '{.or}', '{.alternates with}', '{.eof}', '{.end }', '{.or  x?}'),
  word.map((w) => `{.or equal? ${w}}`),
  word.map((w) => `{.equal? ${w} x}`),
  word.map((w) => `{.unknown? ${w}}`),
  word.map((w) => `{${w}|nope}`),
  word.map((w) => `{${w}|html|truncate 3}`),
  word.map((w) => `{${w}}`),
  word.map((w) => `{.if ${w} && b}`),
  word.map((w) => `{.if ${w}}`),
  word.map((w) => `{.var @v ${w}|json}`),
  word.map((w) => `{.ctx @c k=${w}}`),
  word.map((w) => `{.macro ${w}}`),
  word.map((w) => `{.eval ${w} + 1}`),
  word.map((w) => `{# ${w}}`),
  word.map((w) => `{## ${w} ##}`),
);

const template = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''));

describe('error locations', () => {
  it('compile never throws and every error lies inside the source', () => {
    fc.assert(
      fc.property(template, (source) => {
        const result = compileTemplate(source, testRegistry);
        const lines = source.split('\n');
        for (const error of result.errors) {
          expect(error.line).toBeGreaterThanOrEqual(1);
          expect(error.line).toBeLessThanOrEqual(lines.length);
          expect(error.column).toBeGreaterThanOrEqual(1);
          expect(error.column).toBeLessThanOrEqual(lines[error.line - 1]!.length + 1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('locates an error on the brace of its tag', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((s) => !/[{}]/.test(s)),
        (prefix) => {
          const source = `${prefix}{a|nope}`;
          const [error] = compileTemplate(source, testRegistry).errors;
          const lines = source.split('\n');
          expect(error!.line).toBe(lines.length);
          expect(lines[error!.line - 1]!.slice(error!.column - 1)).toBe('{a|nope}');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('chunked lexing', () => {
  it('gives the same instructions and offsets for any chunk size', () => {
    const record = (source: string, chunkSize?: number): unknown[] => {
      const events: unknown[] = [];
      const sink = {
        accept: (instruction: unknown, offset: number) => events.push([instruction, offset]),
        parseError: (code: string, _message: string, offset: number) => events.push([code, offset]),
      };
      parseTemplate(source, testRegistry, sink, chunkSize);
      return events;
    };
    fc.assert(
      fc.property(template, fc.integer({ min: 1, max: 40 }), (source, chunkSize) => {
        expect(record(source, chunkSize)).toEqual(record(source, Number.MAX_SAFE_INTEGER));
      }),
      { numRuns: 1000 },
    );
  });
});
