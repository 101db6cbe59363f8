// The expression evaluator agrees with the reference model of docs/language.md, "Expressions"
// (tests/properties/expression-model.ts): precedence, coercions between all value types, and
// the token and string-length limits with their exact messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../engine/expressions/helpers.js';
import { expressionModelProperty } from './expression-model.js';

describe('expressions agree with the model', () => {
  it('precedence and coercions over numbers, strings, booleans and null', () => {
    fc.assert(expressionModelProperty(evaluate), { numRuns: 3000 });
  });

  it('the token limit: exactly N tokens pass, N + 1 give the exact error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 80 }), (n, limit) => {
        const source = Array.from({ length: n }, (_, i) => String(i)).join(' + ');
        const tokens = 2 * n - 1;
        const result = evaluate(source, {}, { maxTokens: limit, maxStringLength: 0 });
        if (tokens <= limit) {
          expect(result.errors).toEqual([]);
        } else {
          expect(result.errors).toEqual([
            `RuntimeError: Error parsing expression: ${JSON.stringify(source)}: ` +
              `Expression exceeds the maximum number of allowed tokens: ${limit}`,
          ]);
          expect(result.output).toBe('');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the string-length limit: a concatenation longer than N gives the exact error', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{0,6}$/), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 30 }),
        (parts, limit) => {
          const source = parts.map((p) => `"${p}"`).join(' + ');
          const result = evaluate(source, {}, { maxTokens: 0, maxStringLength: limit });
          // Checked on each +: the first prefix longer than the limit fails.
          let length = parts[0]!.length;
          let exceeded = false;
          for (const part of parts.slice(1)) {
            length += part.length;
            if (length > limit) exceeded = true;
          }
          if (exceeded) {
            expect(result.errors).toEqual([
              `RuntimeError: Error reducing expression: ${source}: ` +
                `Concatenation would exceed maximum string length ${limit}`,
            ]);
            expect(result.output).toBe('');
          } else {
            expect(result.errors).toEqual([]);
            expect(result.output).toBe(parts.join(''));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
