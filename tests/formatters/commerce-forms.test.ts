/**
 * Unit tests of summary-form-field (formatters/commerce-forms.ts, docs/language.md, "Built-in
 * templates", docs/storefront.md, "Forms"). Expected values are the reference engine's observed
 * behaviour (probed with
 * @squarespace/template-engine) and the spec fixtures; rendering goes through the real root
 * render() because the per-type answers are built-in templates.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { COMMERCE_FORM_FORMATTERS, likertRows } from '../../formatters/commerce-forms.js';

/** The answer part of `{field|summary-form-field}` (between `TITLE:</span> ` and `\n</div>`). */
function answer(field: unknown, root: Record<string, unknown> = {}): string {
  const result = render('{field|summary-form-field}', { ...root, field });
  expect(result.errors).toEqual([]);
  const m =
    /^<div style="font-size:11px; margin-top:3px">\n {2}<span style="font-weight:bold;">(.*?):<\/span> ([\s\S]*)\n<\/div>$/.exec(
      result.html,
    );
  if (!m) throw new Error(`unexpected wrapper: ${JSON.stringify(result.html)}`);
  return m[2]!;
}

describe('summary-form-field', () => {
  it('is registered in ALL_FORMATTERS', () => {
    expect(ALL_FORMATTERS['summary-form-field']).toBe(
      COMMERCE_FORM_FORMATTERS['summary-form-field'],
    );
  });

  it('wraps the answer with the raw title', () => {
    expect(
      render('{f|summary-form-field}', { f: { type: 'text', rawTitle: 'Size <b>', value: 'XL' } })
        .html,
    ).toBe(
      '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">Size <b>:</span> XL\n</div>',
    );
    // Titles and values that are not scalars print as nothing.
    expect(
      render('{f|summary-form-field}', { f: { rawTitle: [1, 2], value: 'v' } }).html,
    ).toContain('bold;">:</span> v');
  });

  it('shows the raw value for types without a template (value read as a scalar)', () => {
    expect(answer({ type: 'unknown', value: '<i>x</i>' })).toBe('<i>x</i>');
    expect(answer({ type: 'text', value: 0 })).toBe('0');
    expect(answer({ type: 'text', value: false })).toBe('false');
    expect(answer({ type: 'Address', value: 'case matters' })).toBe('case matters');
  });

  it('shows N/A, or the localized no-answer text, for an empty answer', () => {
    expect(answer({ type: 'text' })).toBe('N/A');
    expect(answer({ type: 'text', value: [1, 2] })).toBe('N/A');
    expect(answer({ type: 'text', value: '  ' })).toBe('  ');
    expect(
      answer({ type: 'text' }, { localizedStrings: { productSummaryFormNoAnswerText: 'None' } }),
    ).toBe('None');
    expect(
      answer({ type: 'text' }, { localizedStrings: { productSummaryFormNoAnswerText: 0 } }),
    ).toBe('0');
    expect(
      answer({ type: 'text' }, { localizedStrings: { productSummaryFormNoAnswerText: '' } }),
    ).toBe('N/A');
    expect(answer(null)).toBe('N/A');
  });

  it('checkbox: the checked values comma-joined (then a newline), else the single value', () => {
    expect(answer({ type: 'checkbox', values: ['One', 'Two'] })).toBe('One, Two\n');
    expect(answer({ type: 'checkbox', values: [], value: 'x' })).toBe('x');
    expect(answer({ type: 'checkbox', value: 'Static' })).toBe('Static');
    expect(answer({ type: 'checkbox', value: 0 })).toBe('N/A');
    expect(answer({ type: 'checkbox' })).toBe('N/A');
  });

  it('address: line 2 only when present, then city, state, zip and country', () => {
    expect(
      answer({
        type: 'address',
        values: {
          Line1: '1 Main St',
          Line2: 'Apt 1',
          City: 'NYC',
          State: 'NY',
          Zip: '10013',
          Country: 'US',
        },
      }),
    ).toBe(
      '<div style="padding-left:5px;">\n  <div>1 Main St</div>\n  <div>Apt 1</div>\n  <div>NYC, NY 10013 US</div>\n</div>',
    );
    expect(answer({ type: 'address', values: { Line1: 'L1', Line2: '' } })).toBe(
      '<div style="padding-left:5px;">\n  <div>L1</div>\n  <div>,   </div>\n</div>',
    );
  });

  it('date, name and phone join their parts', () => {
    expect(answer({ type: 'date', values: { Month: '11', Day: '23', Year: '2010' } })).toBe(
      '11/23/2010',
    );
    expect(answer({ type: 'date' })).toBe('//');
    expect(answer({ type: 'name', values: { First: 'John', Last: 'Doe' } })).toBe('John Doe');
    expect(
      answer({
        type: 'phone',
        values: { Country: '1', Areacode: '646', Prefix: '123', Line: '0000' },
      }),
    ).toBe('+1 646-123-0000');
    expect(
      answer({ type: 'phone', values: { Country: '', Areacode: '1', Prefix: '2', Line: '3' } }),
    ).toBe('1-2-3');
  });

  it('time: falsy hour, minute and second print as 00', () => {
    expect(answer({ type: 'time', values: { Hour: 9, Minute: 15, Second: 31, Ampm: 'am' } })).toBe(
      '9:15:31 am',
    );
    expect(answer({ type: 'time', values: { Hour: 0, Minute: '', Second: null } })).toBe(
      '00:00:00 ',
    );
  });

  it('templates see only the field (private): page data does not leak in', () => {
    const result = render('{.section field}{@|summary-form-field}{.end}', {
      values: { First: 'Outer' },
      field: { type: 'name', rawTitle: 'T' },
    });
    expect(result.html).toContain('T:</span>  \n');
  });

  it('likert: one row per question with the -2..2 answer in words', () => {
    expect(answer({ type: 'likert', values: { 'Is it good': '1', 'Is it nice': 2 } })).toBe(
      '<div style="padding-left:5px;">\n' +
        '  <div><span style="font-weight:bold;">Is it good:</span> Agree</div>\n' +
        '  <div><span style="font-weight:bold;">Is it nice:</span> Strongly Agree</div>\n</div>',
    );
    expect(answer({ type: 'likert', values: {} })).toBe('<div style="padding-left:5px;">\n</div>');
  });

  it('likert without values records a TypeError and leaves the tag empty, as the reference does', () => {
    const result = render('[{f|summary-form-field}]', { f: { type: 'likert', rawTitle: 'T' } });
    expect(result.html).toBe('[]');
    expect(result.errors.map((e) => e.message)).toEqual([
      'RuntimeError: Unexpected TypeError error when executing VARIABLE: Cannot convert undefined or null to object',
    ]);
  });
});

describe('likertRows', () => {
  it('maps -2..2 to words and anything else to Neutral', () => {
    const rows = likertRows({
      a: '-2',
      b: '-1',
      c: '0',
      d: '1',
      e: '2',
      f: '3',
      g: 'x',
      h: null,
      i: [2],
      j: ' 1',
    });
    expect(rows.map((r) => r.answer)).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
      'Neutral',
      'Neutral',
      'Neutral',
      'Strongly Agree',
      'Neutral',
    ]);
  });

  it('reads keys like Object.keys: array and string indexes, nothing for numbers', () => {
    expect(likertRows(['-2', '1'])).toEqual([
      { question: '0', answer: 'Strongly Disagree' },
      { question: '1', answer: 'Agree' },
    ]);
    expect(likertRows('2')).toEqual([{ question: '0', answer: 'Strongly Agree' }]);
    expect(likertRows(5)).toEqual([]);
    expect(() => likertRows(undefined)).toThrow(TypeError);
    expect(() => likertRows(null)).toThrow(TypeError);
  });
});
