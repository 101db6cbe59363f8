import { describe, expect, it } from 'vitest';

import { locateJsonError } from '../../engine/json-location.js';

/** [label, text, line, column] — the position of the first character that cannot be JSON. */
const CASES: Array<[string, string, number, number]> = [
  ['missing value', '{\n  "a": 1,\n  "b": }', 3, 8],
  ['trailing comma in object', '{"a": 1,}', 1, 9],
  ['missing colon', '{"a" 1}', 1, 6],
  ['unclosed array', '[1, 2', 1, 6],
  ['bad literal', '{"a": tru}', 1, 7],
  ['single quotes', "{'a': 1}", 1, 2],
  ['raw newline in string', '{"a": "x\ny"}', 1, 9],
  ['unterminated string', '["abc', 1, 2],
  ['bad escape', '["a\\qb"]', 1, 4],
  ['text after the value', '{"a": 1}\n  x', 2, 3],
  ['leading zero', '[01]', 1, 3],
  ['empty input', '   ', 1, 4],
  ['bare minus', '-', 1, 1],
];

describe('locateJsonError', () => {
  it.each(CASES)('%s', (_label, text, line, column) => {
    expect(() => JSON.parse(text)).toThrow();
    const where = locateJsonError(text);
    expect({ line: where.line, column: where.column }).toEqual({ line, column });
    expect(where.message.length).toBeGreaterThan(0);
  });

  it('describes what it expected', () => {
    expect(locateJsonError('{"a" 1}').message).toBe(
      "expected ':' after a property name, found '1'",
    );
    expect(locateJsonError('[1 2]').message).toBe("expected ',' or ']' in an array, found '2'");
  });
});
