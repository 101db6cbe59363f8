// Braces that are not tags (CSS rules, script objects, JSON-LD, stray and unclosed braces) among
// real tags and comments: our code tree must equal the reference's exactly, text pieces split
// where the reference splits them. The lexer keeps such braces inside its text tokens
// (engine/lexer.ts), so this pins its piece boundaries against the reference's own scan.
import fc from 'fast-check';
import { Compiler } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import { textHeavyTemplates } from '../../bench/pages/text-heavy.js';
import { compile } from '../../index.js';

const reference = new Compiler();

const sameCode = (source: string): void => {
  expect(JSON.stringify(compile(source).code)).toBe(JSON.stringify(reference.parse(source).code));
};

/** Pieces whose every mix has the same code tree in both engines (no block deviations). */
const piece = fc.constantFrom(
  ...['{', '}', '{{', '}}', '{#', '{##', '##}', '#', 'a', ' ', '\n', '{$', '{.', '{[', '{/}'],
  ...['{ a}', '{"x":1}', '{}', '{-x}', '{ color: red; }', 'function () { return a; }'],
  ...['{a}', '{A}', '{1}', '{@}', '{$b}', '{a|html}', '{.section a}', '{.end}'],
  ...['{## c ##}', '{# c}', '{.meta-left}', '{a:1}'],
);

describe('text with braces that are not tags, against the reference', () => {
  it('compiles the bench text-heavy templates to the same code tree', () => {
    for (const { source } of textHeavyTemplates()) sameCode(source);
  });

  it('compiles generated brace-heavy sources to the same code tree', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')),
        sameCode,
      ),
      { numRuns: 3000 },
    );
  });
});
