/**
 * `datetime [opts]` and `datetime-interval [skeleton|opts]` (docs/language.md,
 * "Internationalisation formatters"): CLDR widths and skeletons mapped onto the platform
 * Intl.DateTimeFormat, in the render's time zone.
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber } from '../engine/values.js';
import {
  clampEpoch,
  extend,
  parseOptions,
  renderLocale,
  renderTimeZone,
  type Options,
} from './i18n-options.js';
import { dateFormat } from './intl-cache.js';

type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS = new Set<string>(['short', 'medium', 'long', 'full']);
const isWidth = (s: string | undefined): s is Width => s !== undefined && WIDTHS.has(s);

const TEXT_WIDTHS = ['short', 'short', 'short', 'long', 'narrow'] as const;

/** Intl options for a CLDR skeleton such as `yMMMEEEd` or `Bh` (unknown letters are ignored). */
export function skeletonOptions(skeleton: string): Intl.DateTimeFormatOptions {
  const o: Intl.DateTimeFormatOptions = {};
  for (let i = 0; i < skeleton.length;) {
    const ch = skeleton[i]!;
    let n = 1;
    while (skeleton[i + n] === ch) n++;
    i += n;
    const num = n === 1 ? 'numeric' : '2-digit';
    const text = TEXT_WIDTHS[Math.min(n, 5) - 1]!;
    switch (ch) {
      case 'G':
        o.era = text;
        break;
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = n <= 2 ? num : text;
        break;
      case 'd':
        o.day = num;
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = text;
        break;
      case 'h':
      case 'K':
        o.hour = num;
        o.hour12 = true;
        break;
      case 'H':
      case 'k':
        o.hour = num;
        o.hourCycle = 'h23';
        break;
      case 'j':
      case 'J':
      case 'C':
        o.hour = num;
        break;
      case 'm':
        o.minute = num;
        break;
      case 's':
        o.second = num;
        break;
      case 'S':
        o.fractionalSecondDigits = Math.min(n, 3) as 1 | 2 | 3;
        break;
      case 'B':
      case 'b':
        o.dayPeriod = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'z':
        o.timeZoneName = n === 4 ? 'long' : 'short';
        break;
      case 'v':
      case 'V':
        o.timeZoneName = n === 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
        o.timeZoneName = n === 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        break;
    }
  }
  return o;
}

function baseOptions(opts: Options, zone: string): Intl.DateTimeFormatOptions {
  return { timeZone: zone, calendar: opts.values.get('calendar') ?? 'gregory' };
}

/**
 * The space CLDR puts between a time and its day period in `locale` (U+202F in English). V8
 * turns it into a plain space in single-date output for web compatibility but keeps it in
 * ranges, so the range output tells what the data says.
 */
const dayPeriodSpace = boundedMemo((locale) => {
  const fmt = dateFormat(locale, {
    hour: 'numeric',
    minute: 'numeric',
    hour12: true,
    timeZone: 'UTC',
  });
  const parts = fmt.formatRangeToParts(0, 5 * 3_600_000);
  const at = parts.findIndex((p) => p.type === 'dayPeriod');
  const next = at > 0 && parts[at - 1]!.type === 'literal' ? parts[at - 1]! : parts[at + 1];
  return next?.type === 'literal' && next.value.trim() === '' ? next.value : ' ';
});

/** Formats one instant, restoring the CLDR day-period space (see dayPeriodSpace). */
function formatWith(
  fmt: Intl.DateTimeFormat,
  locale: string,
  epoch: number,
  plain: boolean,
): string {
  // Without an hour there is no day period; flexible day periods ("in the afternoon",
  // skeleton B) keep their plain space. Both skip the costlier formatToParts.
  const space = plain ? ' ' : dayPeriodSpace(locale);
  if (space === ' ') return fmt.format(epoch);
  const parts = fmt.formatToParts(epoch);
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // The space before the period, or after a leading one (`PM 2:04` in Korean).
    const beforePeriod =
      parts[i + 1]?.type === 'dayPeriod' || (i === 1 && parts[0]!.type === 'dayPeriod');
    out += part.type === 'literal' && part.value === ' ' && beforePeriod ? space : part.value;
  }
  return out;
}

function format(locale: string, options: Intl.DateTimeFormatOptions, epoch: number): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = dateFormat(locale, options);
  } catch {
    // An unknown calendar name: format in the default one.
    fmt = dateFormat(locale, { ...options, calendar: 'gregory' });
  }
  const hasHour = options.hour !== undefined || options.timeStyle !== undefined;
  return formatWith(fmt, locale, epoch, !hasHour || options.dayPeriod !== undefined);
}

/** The text between the two ends of a range in `locale` (` – ` with thin spaces in English). */
const rangeSeparator = boundedMemo(
  (locale) =>
    dateFormat(locale, { year: 'numeric', timeZone: 'UTC' })
      .formatRangeToParts(0, Date.UTC(1980, 0, 1))
      .find((p) => p.source === 'shared' && p.type === 'literal')?.value ?? ' – ',
);

const glues = new Map<string, [before: string, between: string, after: string]>();

/** How the locale joins a date and a time at a wrapper width (en full: `{date} at {time}`). */
function glue(locale: string, wrap: Width): [string, string, string] {
  const key = `${locale}|${wrap}`;
  let g = glues.get(key);
  if (g === undefined) {
    const sample = Date.UTC(2020, 0, 15, 12);
    const both = dateFormat(locale, { dateStyle: wrap, timeStyle: wrap, timeZone: 'UTC' }).format(
      sample,
    );
    const date = dateFormat(locale, { dateStyle: wrap, timeZone: 'UTC' }).format(sample);
    const time = dateFormat(locale, { timeStyle: wrap, timeZone: 'UTC' }).format(sample);
    const d = both.indexOf(date);
    const t = both.indexOf(time);
    g =
      d >= 0 && t > d + date.length - 1
        ? [both.slice(0, d), both.slice(d + date.length, t), both.slice(t + time.length)]
        : ['', ' ', ''];
    glues.set(key, g);
  }
  return g;
}

function capitalizeFirst(text: string): string {
  return text.length === 0 ? text : text[0]!.toLocaleUpperCase() + text.slice(1);
}

/**
 * `datetime` options → formatted text (see docs/language.md, "Internationalisation formatters" for
 * the option grammar).
 */
export function formatDatetime(epoch: number, opts: Options, locale: string, zone: string): string {
  let date: string | undefined = opts.values.get('date');
  let time: string | undefined = opts.values.get('time');
  let skeleton = opts.values.get('skeleton') ?? '';
  const datetime = opts.values.get('datetime');
  if (datetime !== undefined) {
    if (isWidth(datetime)) date = time = datetime;
    else skeleton += datetime;
  }
  for (const word of opts.bare) {
    if (isWidth(word)) date = time = word;
    else if (word === 'date') date = 'short';
    else if (word === 'time') time = 'short';
    else skeleton += word;
  }
  const base = baseOptions(opts, zone);
  let out: string;
  if (skeleton !== '' && date === undefined && time === undefined) {
    out = format(locale, extend(base, skeletonOptions(skeleton)), epoch);
  } else if (date === undefined && time === undefined) {
    out = format(locale, extend(base, { dateStyle: 'long' }), epoch);
  } else {
    // A bare skeleton fragment alongside widths plays the date part.
    if (skeleton !== '' && date === undefined) date = skeleton;
    out = formatParts(epoch, date, time, opts.values.get('wrap'), base, locale);
  }
  return opts.values.get('context') === 'begin-sentence' ? capitalizeFirst(out) : out;
}

function formatParts(
  epoch: number,
  date: string | undefined,
  time: string | undefined,
  wrapOption: string | undefined,
  base: Intl.DateTimeFormatOptions,
  locale: string,
): string {
  const dateOpts = (s: string): Intl.DateTimeFormatOptions =>
    isWidth(s) ? extend(base, { dateStyle: s }) : extend(base, skeletonOptions(s));
  const timeOpts = (s: string): Intl.DateTimeFormatOptions =>
    isWidth(s) ? extend(base, { timeStyle: s }) : extend(base, skeletonOptions(s));
  if (time === undefined) return format(locale, dateOpts(date!), epoch);
  if (date === undefined) return format(locale, timeOpts(time), epoch);
  const wrap: Width = isWidth(wrapOption)
    ? wrapOption
    : isWidth(date)
      ? date
      : isWidth(time)
        ? time
        : 'medium';
  if (isWidth(date) && isWidth(time) && wrap === date) {
    return format(locale, extend(base, { dateStyle: date, timeStyle: time }), epoch);
  }
  if (!isWidth(date) && !isWidth(time) && !isWidth(wrapOption)) {
    return format(locale, extend(base, skeletonOptions(date + time)), epoch);
  }
  const [before, between, after] = glue(locale, wrap);
  return (
    before +
    format(locale, dateOpts(date), epoch) +
    between +
    format(locale, timeOpts(time), epoch) +
    after
  );
}

const DAY_FIELDS = /[GyYuMLdEce]/;
const TIME_FIELDS = /[hHkKjJCmsSBb]/;

/** `datetime-interval`: the default skeleton is `hm` within one day, else `yMMMd`. */
export function formatInterval(
  start: number,
  end: number,
  opts: Options,
  locale: string,
  zone: string,
): string {
  let skeleton = opts.values.get('skeleton') ?? opts.bare.join('');
  const base = baseOptions(opts, zone);
  const dayKey = dateFormat(locale, {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const sameDay = dayKey.format(start) === dayKey.format(end);
  if (skeleton === '') skeleton = sameDay ? 'hm' : 'yMMMd';
  else if (
    !sameDay &&
    !/[GyYuMLd]/.test(skeleton) &&
    !TIME_FIELDS.test(skeleton) &&
    DAY_FIELDS.test(skeleton)
  ) {
    // A weekday alone cannot tell two different days apart: CLDR falls back to each end's
    // weekday and time, joined like a medium date-time.
    const [before, between, after] = glue(locale, 'medium');
    const end1 = (t: number): string =>
      before +
      format(locale, extend(base, skeletonOptions(skeleton)), t) +
      between +
      format(locale, extend(base, skeletonOptions('hm')), t) +
      after;
    return end1(start) + rangeSeparator(locale) + end1(end);
  }
  const fmt = dateFormat(locale, extend(base, skeletonOptions(skeleton)));
  return fmt.formatRange(start, end);
}

/**
 * An instant from a value the way the reference reads dates (missing → 0, `"abc"` → NaN),
 * pinned to the supported calendar range.
 */
export function epochOf(value: unknown): number {
  return clampEpoch(asNumber(value));
}

export const DATETIME_FORMATTERS: FormatterTable = {
  datetime: {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const epoch = epochOf(first.value);
      first.set(
        Number.isFinite(epoch)
          ? formatDatetime(epoch, parseOptions(args), renderLocale(ctx), renderTimeZone(ctx))
          : '',
      );
    },
  },
  'datetime-interval': {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      if (vars.length < 2) {
        first.set('');
        return;
      }
      const start = epochOf(first.value);
      const end = epochOf(vars[1]!.value);
      first.set(
        Number.isFinite(start) && Number.isFinite(end)
          ? formatInterval(start, end, parseOptions(args), renderLocale(ctx), renderTimeZone(ctx))
          : '',
      );
    },
  },
};
