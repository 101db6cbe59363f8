import { describe, expect, it } from 'vitest';
import { ErrorCode, LineIndex, formatCodeFrame, makeError } from '../../engine/errors.js';

describe('LineIndex', () => {
  const index = new LineIndex('ab\ncd\n\nef');
  it.each([
    [0, 1, 1],
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 1],
    [6, 3, 1],
    [7, 4, 1],
    [8, 4, 2],
  ])('offset %i is line %i column %i', (offset, line, column) => {
    expect(index.locate(offset)).toEqual({ line, column });
  });
});

describe('formatCodeFrame', () => {
  const source = 'one\ntwo\n{.section a}\nfour\nfive\nsix\n';

  it('marks the error line and puts a caret under the column', () => {
    const error = makeError(ErrorCode.EOF_IN_BLOCK, 'boom', { line: 3, column: 2 });
    const frame = formatCodeFrame(error, source, 'page.html');
    expect(frame.split('\n')).toEqual([
      'page.html:3:2 error: boom [EOF_IN_BLOCK]',
      '   1 | one',
      '   2 | two',
      '>> 3 | {.section a}',
      '     |  ^',
      '   4 | four',
      '   5 | five',
    ]);
  });

  it('does not show an empty line after a final newline', () => {
    const error = makeError(ErrorCode.EOF_IN_BLOCK, 'boom', { line: 6, column: 1 });
    const lines = formatCodeFrame(error, source, 'page.html').split('\n');
    expect(lines[lines.length - 1]).toBe('     | ^');
    expect(lines).not.toContain('   7 | ');
  });

  it('prints only the header when the error has no location', () => {
    const error = makeError(ErrorCode.INVALID_CODE, 'bad code', undefined, 'warning', 'p.html');
    expect(formatCodeFrame(error, source)).toBe('p.html:0:0 warning: bad code [INVALID_CODE]');
  });
});
