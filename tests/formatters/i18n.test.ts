/**
 * The i18n formatters other than `message` (docs/language.md, "Internationalisation formatters"):
 * datetime, datetime-interval, decimal, money, relative-time, timesince. Expected values are the
 * reference engine's observed output (with @phensley/cldr) and must not depend on the process TZ
 * (`npm run test:tz`).
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';

const NNBSP = '\u202f';
const THIN = '\u2009';

function run(
  template: string,
  data: unknown,
  options: { locale?: string; now?: number } = {},
): string {
  return render(compile(template), data, options).html;
}

describe('datetime', () => {
  const t = 1582571080000; // 2020-02-24 19:04:40 UTC

  it('defaults to a long date in America/New_York', () => {
    expect(run('{t|datetime}', { t })).toBe('February 24, 2020');
  });

  it('combines date and time widths with the locale glue', () => {
    expect(run('{t|datetime short wrap:full}', { t })).toBe(`2/24/20 at 2:04${NNBSP}PM`);
    expect(run('{t|datetime EEEE time:short}', { t })).toBe(`Monday, 2:04${NNBSP}PM`);
    expect(run('{t|datetime date}|{t|datetime time}', { t })).toBe(`2/24/20|2:04${NNBSP}PM`);
    expect(run('{t|datetime hmz}', { t })).toBe(`2:04${NNBSP}PM EST`);
  });

  it('uses website.timeZone and the render locale', () => {
    expect(
      run('{t|datetime date:short time:short}', { t, website: { timeZone: 'Asia/Tokyo' } }),
    ).toBe(`2/25/20, 4:04${NNBSP}AM`);
    expect(run('{t|datetime date:full}', { t }, { locale: 'fr-FR' })).toBe('lundi 24 février 2020');
  });

  it('reads numeric strings and missing values (0); non-numeric text prints nothing', () => {
    expect(run('{a|datetime}|{c|datetime}|[{b|datetime}]', { a: String(t), b: 'abc' })).toBe(
      'February 24, 2020|December 31, 1969|[]',
    );
  });
});

describe('instants beyond the calendar range', () => {
  it('are pinned to 31 Dec 8652 as the reference does', () => {
    const now = 1502298000000;
    expect(run('{t|datetime}|{t|relative-time}', { t: 1e20 }, { now })).toBe(
      'December 31, 8652|in 6,635 years',
    );
  });
});

describe('datetime-interval', () => {
  const s = 1582571080000;

  it('picks hm within a day and yMMMd across days', () => {
    expect(run('{s,e|datetime-interval}', { s, e: 1582591080000 })).toBe(
      `2:04${THIN}–${THIN}7:38${NNBSP}PM`,
    );
    expect(run('{s,e|datetime-interval}', { s, e: 1592591080000 })).toBe(
      `Feb 24${THIN}–${THIN}Jun 19, 2020`,
    );
    expect(run('{s,e|datetime-interval yMMM}', { s, e: 1692591080000 })).toBe(
      `Feb 2020${THIN}–${THIN}Aug 2023`,
    );
  });

  it('keeps the order of its arguments', () => {
    expect(run('{s,e|datetime-interval}', { s, e: 1582471080000 })).toBe(
      `Feb 24${THIN}–${THIN}23, 2020`,
    );
  });

  it('needs two valid instants', () => {
    expect(run('[{s|datetime-interval}][{s,e|datetime-interval}]', { s, e: 'abc' })).toBe('[][]');
  });
});

describe('decimal', () => {
  const cases: Array<[string, unknown, string]> = [
    ['', 1234.5678, '1,234.568'],
    ['style:short', 1234.5678, '1.2K'],
    ['style:long', 1234.5678, '1.2 thousand'],
    ['style:percent', 1234.5678, '123,457%'],
    ['style:percent-scaled', 1234.5678, '1,235%'],
    ['style:permille', 1234.5678, '1,234,568‰'],
    ['style:scientific', 1234.5678, '1E+3'],
    ['style:scientific', '-0.5', '-5E-1'],
    ['style:scientific', 0, '0'],
    ['maxfrac:1 round:ceil', 1234.5678, '1,234.6'],
    ['no-group', 1234.5678, '1234.568'],
    ['minint:3 minfrac:1', '-0.5', '-000.5'],
    ['maxsig:2', '-0.5', '-0.50'],
    ['maxsig:2', 1234.5678, '1,200'],
    ['round:truncate maxfrac:0', '-0.5', '0'],
    ['', '1e3', '1,000'],
    ['', 1e21, '1,000,000,000,000,000,000,000'],
  ];
  it.each(cases)('decimal %s of %j', (args, n, expected) => {
    expect(run(`{n|decimal ${args}}`, { n })).toBe(expected);
  });

  it('prints nothing for values that are not decimal numbers', () => {
    for (const n of ['abc', true, null, { a: 1 }, '12abc', ' 7 '])
      expect(run('[{n|decimal}]', { n })).toBe('[]');
  });

  it('uses the locale symbols', () => {
    expect(run('{n|decimal}', { n: -1234.5 }, { locale: 'de' })).toBe('-1.234,5');
  });
});

describe('money', () => {
  const usd = { decimalValue: '-1234.5', currencyCode: 'USD' };

  it('formats both node shapes with the currency digits (half-even)', () => {
    expect(run('{m|money}', { m: usd })).toBe('-$1,234.50');
    expect(run('{m|money}', { m: { value: '1234.5', currency: 'CAD' } })).toBe('CA$1,234.50');
    expect(run('{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'JPY' } })).toBe('¥1,234');
  });

  it('supports the styles and narrow symbols', () => {
    const styles = ['style:code', 'style:accounting', 'style:name', 'maxfrac:0', 'style:short'];
    expect(styles.map((s) => run(`{m|money ${s}}`, { m: usd }))).toEqual([
      '-1,234.50 USD',
      '($1,234.50)',
      '-1,234.50 US dollars',
      '-$1,234',
      '-$1.2K',
    ]);
    expect(run('{m|money symbol:narrow}', { m: { value: '1', currency: 'CAD' } })).toBe('$1.00');
  });

  it('prints nothing for malformed nodes', () => {
    for (const m of [{ decimalValue: 'abc', currencyCode: 'USD' }, { decimalValue: '1' }, 5, '5'])
      expect(run('[{m|money}]', { m })).toBe('[]');
  });
});

describe('relative-time', () => {
  const now = 1502298000000;
  const rel = (d: number, args = ''): string =>
    run(`{t|relative-time ${args}}`, { t: now + d }, { now });

  it('picks the largest reached unit and rounds', () => {
    expect([0, 1000, 90_000, 5_400_000, 129_600_000].map((d) => rel(d))).toEqual([
      'now',
      'in 1 second',
      'in 2 minutes',
      'in 2 hours',
      'in 2 days',
    ]);
    expect([2_592_000_000, 3_888_000_000, 47_304_000_000].map((d) => rel(d))).toEqual([
      'in 30 days',
      'next month',
      'next year',
    ]);
    expect(rel(-172_800_000)).toBe('2 days ago');
  });

  it('uses words for ±1 unless numericOnly, weeks only when allowed', () => {
    expect(rel(86_400_000)).toBe('tomorrow');
    expect(rel(86_400_000, 'numericOnly:true')).toBe('in 1 day');
    expect(rel(604_800_000)).toBe('in 7 days');
    expect(rel(604_800_000, 'allowWeeks:true')).toBe('next week');
    expect(rel(3_888_000_000, 'field:day')).toBe('in 45 days');
    expect(rel(3_600_000, 'width:short')).toBe('in 1 hr.');
    expect(rel(7_200_000, 'context:begin-sentence')).toBe('In 2 hours');
  });

  it('measures between two variables', () => {
    const data = { s: 1509647217000, e: 1510641417000 };
    expect(run('{s,e|relative-time}|{s,e|relative-time allowWeeks:true}', data, { now })).toBe(
      'in 12 days|in 2 weeks',
    );
    expect(run('[{s,x|relative-time}]', { s: 1, x: 'abc' }, { now })).toBe('[]');
  });
});

describe('timesince', () => {
  const now = 1627849845000;
  const since = (seconds: number): string => {
    const html = run('{t|timesince}', { t: now - seconds * 1000 }, { now });
    return /<span class="timesince" data-date="-?\d+">(.*)<\/span>/.exec(html)?.[1] ?? html;
  };

  it('humanizes with floored English units', () => {
    const seconds = [
      59, 60, 120, 3600, 7200, 86399, 604800, 2591999, 2592000, 31535999, 31536000, 63072000,
    ];
    expect(seconds.map(since)).toEqual([
      'less than a minute ago',
      'about a minute ago',
      'about 2 minutes ago',
      'about an hour ago',
      'about 2 hours ago',
      'about 23 hours ago',
      'about a week ago',
      'about 4 weeks ago',
      'about a month ago',
      'about 12 months ago',
      'about a year ago',
      'about 2 years ago',
    ]);
    expect(since(-100)).toBe('less than a minute ago');
  });

  it('wraps the instant and rejects non-numeric values', () => {
    expect(run('{t|timesince}', { t: '1627849845000' }, { now })).toBe(
      '<span class="timesince" data-date="1627849845000">less than a minute ago</span>',
    );
    expect(run('{t|timesince}', { t: 'abc' }, { now })).toBe('Invalid date.');
  });
});
