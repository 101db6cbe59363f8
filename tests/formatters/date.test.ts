/**
 * `date FORMAT…` (docs/language.md, "The date formatter") through the real render(). Expected
 * values were probed with the reference engine or follow from the calendar (ISO/US week rules);
 * every test must give the same result whatever the process TZ (`npm run test:tz`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { MAX_EPOCH, MIN_EPOCH } from '../../formatters/i18n-options.js';
import { arithmeticFields } from '../../formatters/calendar-arithmetic.js';
import {
  strftime,
  useFieldsIn,
  zoneAbbreviation,
  zonedFields,
  type ZonedFields,
} from '../../formatters/strftime.js';

function run(
  template: string,
  data: unknown,
  timeZone?: string,
): { html: string; errors: string[] } {
  const result = render(compile(template), data, { timeZone });
  return { html: result.html, errors: result.errors.map((e) => e.message) };
}

const date = (t: unknown, pattern: string, zone?: string): string =>
  run(`{t|date ${pattern}}`, { t, website: zone === undefined ? undefined : { timeZone: zone } })
    .html;

describe('date', () => {
  it('formats in website.timeZone, default America/New_York', () => {
    expect(date(1613597165345, '%F %T %Z', 'Asia/Tokyo')).toBe('2021-02-18 06:26:05 JST');
    expect(date(1613597165345, '%F %T %Z')).toBe('2021-02-17 16:26:05 EST');
    expect(date(1594000000000, '%H:%M %Z %z')).toBe('21:46 EDT -04:00');
  });

  it('falls back to UTC for unknown, empty or non-string zones', () => {
    expect(date(1000, '%c', 'Bogus/Zone')).toBe('Thu, Jan 1, 1970 12:00:01 AM UTC');
    expect(date(1000, '%Z', '')).toBe('UTC');
    expect(run('{t|date %Z}', { t: 0, website: { timeZone: 5 } }).html).toBe('UTC');
  });

  it('lets the render option override website.timeZone', () => {
    expect(run('{t|date %H %Z}', { t: 0, website: { timeZone: 'Asia/Tokyo' } }, 'UTC').html).toBe(
      '00 UTC',
    );
  });

  it('prints tz-database abbreviations', () => {
    expect(date(1594000000000, '%Z', 'Europe/London')).toBe('BST');
    expect(date(1613597165345, '%Z', 'Europe/Paris')).toBe('CET');
    expect(date(1594000000000, '%Z', 'Europe/Paris')).toBe('CEST');
    expect(date(1613597165345, '%Z', 'Australia/Sydney')).toBe('AEDT');
    expect(date(1613597165345, '%Z', 'Asia/Kolkata')).toBe('IST');
    expect(date(1613597165345, '%Z', 'Asia/Shanghai')).toBe('CST');
    expect(date(1613597165345, '%Z %z', 'America/Sao_Paulo')).toBe('-03 -03:00');
    expect(date(1613597165345, '%Z %z', 'Asia/Singapore')).toBe('+08 +08:00');
  });

  it('pads the way strftime does', () => {
    // 2022-01-02 00:00 UTC, a Sunday
    expect(date(1641081600000, '%e/%k/%l/%i/%I/%v/%j', 'UTC')).toBe(
      ' 2/ 0/12/12/12/ 2-Jan-2022/002',
    );
    expect(date(1641081600000, '%r/%X/%p/%P', 'UTC')).toBe('12:00:00 AM/12:00:00 AM/AM/am');
  });

  it('numbers weeks the US way for %U/%W and the ISO way for %V/%G/%g', () => {
    // Friday 2021-12-31 is in the week of 2022-01-01: US week 1; ISO week 52 of 2021.
    expect(date(1640995199000, '%U %W %V %G %g', 'UTC')).toBe('01 01 52 2021 21');
    expect(date(1641081600000, '%U %V', 'UTC')).toBe('02 52');
    // Friday 2021-01-01 belongs to ISO week 53 of 2020.
    expect(date(1609459200000, '%U %V %G', 'UTC')).toBe('01 53 2020');
    expect(date(1593561600000, '%U %q %u %w', 'UTC')).toBe('27 3 3 3');
  });

  it('handles negative and fractional instants', () => {
    expect(date(-1500, '%N %s %S', 'UTC')).toBe('500000000 -1 58');
    expect(date(1613597165345, '%N %C', 'UTC')).toBe('345000000 20');
  });

  it('drops unknown codes, keeps %% and a trailing %, re-joins args with spaces', () => {
    expect(date(0, '%Y %Q%E %% %', 'UTC')).toBe('1970  % %');
    expect(date(0, '%n%t', 'UTC')).toBe('\n\t');
  });

  it('reads numeric strings, missing as 0, and records an error for non-numeric text', () => {
    expect(date('1613597165345', '%Y', 'UTC')).toBe('2021');
    expect(run('{t|date %Y}', {}).html).toBe('1969');
    const bad = run('[{t|date %Y}]', { t: 'abc' });
    expect(bad.html).toBe('[]');
    expect(bad.errors.length).toBe(1);
  });

  it('records an error beyond the supported calendar range', () => {
    const out = run('[{t|date %Y}]', { t: 1e20 });
    expect(out.html).toBe('[]');
    expect(out.errors.length).toBe(1);
  });

  it('prints nothing without a format', () => {
    expect(run('[{t|date}]', { t: 1000 }).html).toBe('[]');
  });
});

describe('strftime helpers', () => {
  it('computes wall-clock fields without the process time zone', () => {
    const f = zonedFields(Date.UTC(2020, 2, 8, 7, 0), 'America/New_York'); // DST starts at 2am
    expect([f.hour, f.offset / 3_600_000]).toEqual([3, -4]);
    expect(zoneAbbreviation(f)).toBe('EDT');
    expect(strftime('%F', Date.UTC(2020, 0, 1, 3), 'America/Los_Angeles')).toBe('2019-12-31');
  });

  it('uses the offset in force at the instant, in the hours around a transition too', () => {
    // New York's clocks went forward at 07:00 UTC on 2024-03-10 and back at 06:00 UTC on
    // 2024-11-03; every quarter hour of the five hours before each is still on the old offset.
    for (let minutes = 0; minutes < 300; minutes += 15) {
      const spring = Date.UTC(2024, 2, 10, 2, minutes);
      expect(strftime('%z', spring, 'America/New_York'), new Date(spring).toISOString()).toBe(
        '-05:00',
      );
      const autumn = Date.UTC(2024, 10, 3, 1, minutes);
      expect(strftime('%z', autumn, 'America/New_York'), new Date(autumn).toISOString()).toBe(
        '-04:00',
      );
    }
    expect(strftime('%F %T %Z', Date.UTC(2024, 2, 10, 6, 59, 59), 'America/New_York')).toBe(
      '2024-03-10 01:59:59 EST',
    );
    expect(strftime('%F %T %Z', Date.UTC(2024, 2, 10, 7), 'America/New_York')).toBe(
      '2024-03-10 03:00:00 EDT',
    );
    // Before 1883 the zone kept local mean time, to the second; years BC count from 1 BC = 0.
    expect(zonedFields(Date.UTC(1850, 0, 1), 'America/New_York').offset).toBe(-17_762_000);
    expect(strftime('%Y', Date.UTC(-100, 5, 1), 'Asia/Tokyo')).toBe('-100');
  });
});

describe('zonedFields', () => {
  /** The fields with the browser's reading of a `Date` and with the server's arithmetic. */
  function bothWays(epoch: number, zone: string): [ZonedFields, ZonedFields] {
    try {
      useFieldsIn(null);
      const byDate = zonedFields(epoch, zone);
      useFieldsIn(arithmeticFields);
      return [byDate, zonedFields(epoch, zone)];
    } finally {
      useFieldsIn(arithmeticFields);
    }
  }

  it('gives the same fields by arithmetic as by a Date over the whole range, leap days and BC years too', () => {
    fc.assert(
      fc.property(
        fc.double({ min: MIN_EPOCH, max: MAX_EPOCH, noNaN: true }),
        fc.constantFrom('UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Bogus/Zone'),
        (epoch, zone) => {
          const [byDate, byArithmetic] = bothWays(epoch, zone);
          expect(byArithmetic).toEqual(byDate);
        },
      ),
      { numRuns: 3000 },
    );
    for (const epoch of [
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2000, 11, 31, 0, 0, 0, 1),
      Date.UTC(0, 0, 1),
      Date.UTC(-1, 11, 31, 23),
      -1,
      -0.5,
      MIN_EPOCH,
      MAX_EPOCH,
    ]) {
      const [byDate, byArithmetic] = bothWays(epoch, 'UTC');
      expect(byArithmetic, new Date(epoch).toISOString()).toEqual(byDate);
    }
  });
});
