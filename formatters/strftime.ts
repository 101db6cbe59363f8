/**
 * strftime-style formatting of an instant in a named time zone with fixed English names
 * (docs/language.md, "The date formatter"). The wall-clock fields come from the zone's offset at
 * the instant (read from the platform's Intl) applied to the instant and read back with UTC
 * getters, so the result never depends on the process's TZ.
 */
import { BoundedMemo, boundedMemo } from '../engine/bounded-memo.js';
import { dateFormat } from './intl-cache.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 86_400_000;

/** The wall-clock view of one instant in one zone. */
export interface ZonedFields {
  /** The instant, epoch ms (may be fractional). */
  epoch: number;
  zone: string;
  /** Offset from UTC in ms at that instant. */
  offset: number;
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  /** 1-366 */
  dayOfYear: number;
}

/** True when the platform knows the IANA zone (checked once per name). */
export const isValidTimeZone = boundedMemo((zone) => {
  try {
    return !Number.isNaN(offsetAt(zone, 0));
  } catch {
    return false;
  }
});

/** Per zone, a formatter giving the wall clock's fields (Gregorian, 24-hour, with the era). */
const clock = boundedMemo(
  (zone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/**
 * The zone's offset from UTC at an instant, in ms: its wall clock read as if it were UTC, minus
 * the instant (both to the whole second, as the platform's clock reads). Throws for a zone the
 * platform does not know.
 */
export function offsetAt(zone: string, epoch: number): number {
  const at = epoch - (((epoch % 1000) + 1000) % 1000);
  const f: Record<string, string> = {};
  for (const part of clock(zone).formatToParts(at)) f[part.type] = part.value;
  const wall = new Date(0);
  wall.setUTCFullYear(f.era === 'BC' ? 1 - +f.year! : +f.year!, +f.month! - 1, +f.day!);
  wall.setUTCHours(+f.hour! % 24, +f.minute!, +f.second!);
  return wall.getTime() - at;
}

const QUARTER_HOUR = 900_000;
const offsets = new BoundedMemo<number>(10_000);

/**
 * `offsetAt`, cached: reading the clock takes microseconds, and pages format the same few
 * instants over and over, so offsets are cached per zone and quarter hour (modern zone
 * transitions fall on quarter-hour boundaries).
 */
function zoneOffset(zone: string, epoch: number): number {
  const key = `${zone}|${Math.floor(epoch / QUARTER_HOUR)}`;
  const offset = offsets.get(key);
  return offset !== undefined ? offset : offsets.set(key, offsetAt(zone, Math.floor(epoch)));
}

/** The wall-clock fields of `epoch` in `zone`, a zone the platform knows (or `UTC`). */
export type FieldsIn = (epoch: number, zone: string) => ZonedFields;

/** Read back from a `Date` with its UTC getters. */
const dateFields: FieldsIn = (epoch, zone) => {
  const offset = zone === 'UTC' ? 0 : zoneOffset(zone, epoch);
  const d = new Date(Math.floor(epoch) + offset);
  const year = d.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const midnight = Date.UTC(year, d.getUTCMonth(), d.getUTCDate());
  return {
    epoch,
    zone,
    offset,
    year,
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    dayOfYear: Math.round((midnight - startOfYear) / DAY_MS) + 1,
  };
};

let fieldsIn = dateFields;

/**
 * Installs (or, with null, removes) a faster way to the same fields: the server entry installs
 * calendar-arithmetic.ts; the browser's size budget does not carry it.
 */
export function useFieldsIn(fields: FieldsIn | null): void {
  fieldsIn = fields ?? dateFields;
}

/** Breaks `epoch` into wall-clock fields in `zone` (unknown zones are treated as UTC). */
export function zonedFields(epoch: number, zone: string): ZonedFields {
  return fieldsIn(epoch, isValidTimeZone(zone) ? zone : 'UTC');
}

function pad(n: number, width = 2, fill = '0'): string {
  return String(n).padStart(width, fill);
}

/** ISO 8601 week number and week-based year. */
function isoWeek(f: ZonedFields): { week: number; year: number } {
  const isoDay = f.weekday === 0 ? 7 : f.weekday;
  // The Thursday of this ISO week decides the week-based year.
  const thursday = Date.UTC(f.year, f.month, f.day + 4 - isoDay);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return { week, year };
}

/**
 * US week of year (weeks start on Sunday, week 1 contains January 1st), the reference's `%U` and
 * `%W`: the last days of December belong to week 1 of the next year when January 1st falls in
 * their week.
 */
function usWeek(f: ZonedFields): number {
  const today = Date.UTC(f.year, f.month, f.day);
  const weekStart = today - f.weekday * DAY_MS;
  const nextJan1 = Date.UTC(f.year + 1, 0, 1);
  if (weekStart + 7 * DAY_MS > nextJan1) return 1;
  const jan1 = Date.UTC(f.year, 0, 1);
  const firstWeekStart = jan1 - new Date(jan1).getUTCDay() * DAY_MS;
  return Math.floor((weekStart - firstWeekStart) / DAY_MS / 7) + 1;
}

const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-IE', 'en-ZA', 'ja-JP'];
/**
 * Zones whose tz database abbreviation no English CLDR locale spells out (Intl gives `GMT+8`).
 * Only a handful of common storefront zones; other zones get the numeric tz-database form.
 */
const EXTRA_ABBREVIATIONS: Record<string, [standard: string, daylight: string]> = {
  'Asia/Shanghai': ['CST', 'CST'],
  'Asia/Hong_Kong': ['HKT', 'HKST'],
  'Asia/Taipei': ['CST', 'CDT'],
  'Asia/Seoul': ['KST', 'KDT'],
  'Asia/Manila': ['PST', 'PDT'],
  'Asia/Karachi': ['PKT', 'PKST'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Europe/Moscow': ['MSK', 'MSD'],
};
const abbreviations = new Map<string, string>();

function shortZoneName(locale: string, zone: string, epoch: number): string {
  return (
    dateFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(epoch)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

function numericAbbreviation(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const mm = minutes % 60;
  return sign + pad(Math.floor(minutes / 60)) + (mm === 0 ? '' : pad(mm));
}

/**
 * The tz-database style abbreviation (`EST`, `JST`, `BST`, `-03`) of a zone at an instant: the
 * first English CLDR short name that is not a `GMT±h` fallback, else a small table, else the
 * numeric form the tz database itself uses for zones without letters.
 */
export function zoneAbbreviation(f: ZonedFields): string {
  if (f.zone === 'UTC' || f.zone === 'Etc/UTC') return 'UTC';
  const key = `${f.zone}|${f.offset}`;
  let name = abbreviations.get(key);
  if (name !== undefined) return name;
  const when = Math.floor(f.epoch);
  for (const locale of ABBREVIATION_LOCALES) {
    const candidate = shortZoneName(locale, f.zone, when);
    if (!/^(GMT|UTC)[+-−]/.test(candidate) && candidate !== 'GMT+0') {
      name = candidate;
      break;
    }
  }
  if (name === undefined) {
    const extra = EXTRA_ABBREVIATIONS[f.zone];
    const januaryOffset = zoneOffset(f.zone, Date.UTC(f.year, 0, 1));
    const julyOffset = zoneOffset(f.zone, Date.UTC(f.year, 6, 1));
    const daylight = f.offset > Math.min(januaryOffset, julyOffset);
    name = extra !== undefined ? extra[daylight ? 1 : 0] : numericAbbreviation(f.offset);
  }
  abbreviations.set(key, name);
  return name;
}

function hour12(f: ZonedFields): number {
  return f.hour % 12 === 0 ? 12 : f.hour % 12;
}

function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return (offset < 0 ? '-' : '+') + pad(Math.floor(minutes / 60)) + ':' + pad(minutes % 60);
}

/** Nanoseconds within the second; fractional milliseconds keep the float digits, as the reference does. */
function nanos(epoch: number): string {
  const ms = ((epoch % 1000) + 1000) % 1000;
  return String(ms * 1e6).padStart(9, '0');
}

function field(code: string, f: ZonedFields): string {
  switch (code) {
    case 'a':
      return DAYS[f.weekday]!.slice(0, 3);
    case 'A':
      return DAYS[f.weekday]!;
    case 'b':
    case 'h':
      return MONTHS[f.month]!.slice(0, 3);
    case 'B':
      return MONTHS[f.month]!;
    case 'c':
      return `${field('a', f)}, ${field('b', f)} ${f.day}, ${f.year} ${field('r', f)} ${zoneAbbreviation(f)}`;
    case 'C':
      return pad(Math.floor(f.year / 100));
    case 'd':
      return pad(f.day);
    case 'D':
      return `${pad(f.month + 1)}/${pad(f.day)}/${pad(f.year % 100)}`;
    case 'e':
      return pad(f.day, 2, ' ');
    case 'F':
      return `${f.year}-${pad(f.month + 1)}-${pad(f.day)}`;
    case 'g':
      return pad(isoWeek(f).year % 100);
    case 'G':
      return String(isoWeek(f).year);
    case 'H':
      return pad(f.hour);
    case 'i':
      return String(hour12(f));
    case 'I':
      return pad(hour12(f));
    case 'j':
      return pad(f.dayOfYear, 3);
    case 'k':
      return pad(f.hour, 2, ' ');
    case 'l':
      return pad(hour12(f), 2, ' ');
    case 'm':
      return pad(f.month + 1);
    case 'M':
      return pad(f.minute);
    case 'n':
      return '\n';
    case 'N':
      return nanos(f.epoch);
    case 'p':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return f.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor(f.month / 3) + 1);
    case 'r':
      return `${hour12(f)}:${pad(f.minute)}:${pad(f.second)} ${field('p', f)}`;
    case 'R':
      return `${pad(f.hour)}:${pad(f.minute)}`;
    case 's':
      return String(Math.trunc(f.epoch / 1000));
    case 'S':
      return pad(f.second);
    case 't':
      return '\t';
    case 'T':
      return `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
    case 'u':
      return String(f.weekday === 0 ? 7 : f.weekday);
    case 'U':
    case 'W':
      return pad(usWeek(f));
    case 'v':
      return `${pad(f.day, 2, ' ')}-${field('b', f)}-${f.year}`;
    case 'V':
      return pad(isoWeek(f).week);
    case 'w':
      return String(f.weekday);
    case 'x':
      return `${pad(f.month + 1)}/${pad(f.day)}/${f.year}`;
    case 'X':
      return `${pad(hour12(f))}:${pad(f.minute)}:${pad(f.second)} ${field('p', f)}`;
    case 'y':
      return pad(f.year % 100);
    case 'Y':
      return String(f.year);
    case 'z':
      return offsetText(f.offset);
    case 'Z':
      return zoneAbbreviation(f);
    case '%':
      return '%';
    default:
      // Unknown conversion codes print nothing.
      return '';
  }
}

/**
 * A strftime pattern split once into literal runs and conversion codes, alternating: literals at
 * even indexes (possibly empty), one code character at each odd index. A trailing lone `%` is a
 * literal. Templates format the same few patterns on every render (the `date` formatter splits
 * its pattern once per tag, see `Formatter.prepare`), so the per-character scan is paid once.
 */
export type StrftimePattern = readonly string[];

export function parseStrftime(pattern: string): StrftimePattern {
  const parts: string[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== '%' || i === pattern.length - 1) {
      literal += ch;
      continue;
    }
    parts.push(literal, pattern[++i]!);
    literal = '';
  }
  parts.push(literal);
  return parts;
}

/** Formats `epoch` (ms) with a parsed pattern in `zone`. */
export function formatStrftime(parts: StrftimePattern, epoch: number, zone: string): string {
  const f = zonedFields(epoch, zone);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += field(parts[i]!, f) + parts[i + 1]!;
  return out;
}

/** Formats `epoch` (ms) with strftime `pattern` in `zone`. A trailing lone `%` is kept. */
export function strftime(pattern: string, epoch: number, zone: string): string {
  return formatStrftime(parseStrftime(pattern), epoch, zone);
}
