/**
 * `relative-time [opts]` and `timesince` (docs/language.md, "Internationalisation formatters"):
 * distances between raw instants (no time zone), from the render's `now` (or the current time) to
 * the value, or between two values.
 */
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber } from '../engine/values.js';
import { clampEpoch, parseOptions, renderLocale, type Options } from './i18n-options.js';
import { intlCache } from './intl-cache.js';

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';
const UNITS = new Set<string>(['year', 'month', 'week', 'day', 'hour', 'minute', 'second']);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function addMonths(epoch: number, months: number): number {
  const d = new Date(epoch);
  const target = new Date(epoch);
  target.setUTCDate(1);
  target.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** Whole plus fractional calendar months from `a` to `b` (a <= b), in UTC. */
function monthsBetween(a: number, b: number): number {
  const da = new Date(a);
  const db = new Date(b);
  let whole =
    (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + db.getUTCMonth() - da.getUTCMonth();
  if (addMonths(a, whole) > b) whole--;
  const from = addMonths(a, whole);
  const to = addMonths(a, whole + 1);
  return whole + (b - from) / (to - from);
}

/** The largest unit the distance reaches (weeks only when allowed) and the rounded amount. */
function relativeAmount(
  start: number,
  end: number,
  allowWeeks: boolean,
  forced: Unit | undefined,
): [number, Unit] {
  const sign = end < start ? -1 : 1;
  const a = Math.min(start, end);
  const b = Math.max(start, end);
  const ms = b - a;
  const months = monthsBetween(a, b);
  const amounts: Record<Unit, number> = {
    year: months / 12,
    month: months,
    week: ms / (7 * DAY),
    day: ms / DAY,
    hour: ms / HOUR,
    minute: ms / MINUTE,
    second: ms / SECOND,
  };
  let unit: Unit = forced ?? 'second';
  if (forced === undefined) {
    for (const u of ['year', 'month', 'week', 'day', 'hour', 'minute'] as const) {
      if (u === 'week' && !allowWeeks) continue;
      if (amounts[u] >= 1) {
        unit = u;
        break;
      }
    }
  }
  return [sign * Math.round(amounts[unit]), unit];
}

const relativeFormat = intlCache(Intl.RelativeTimeFormat);

export function formatRelative(start: number, end: number, opts: Options, locale: string): string {
  const field = opts.values.get('field');
  const forced = field !== undefined && UNITS.has(field) ? (field as Unit) : undefined;
  const [amount, unit] = relativeAmount(
    start,
    end,
    opts.values.get('allowWeeks') === 'true',
    forced,
  );
  const width = opts.values.get('width');
  const style: Intl.RelativeTimeFormatStyle =
    width === 'short' || width === 'narrow' ? width : 'long';
  const numeric = opts.values.get('numericOnly') === 'true' ? 'always' : 'auto';
  // 0 is "-0" when the end is before the start; Intl would say "0 seconds ago".
  const text = relativeFormat(locale, { style, numeric }).format(amount === 0 ? 0 : amount, unit);
  if (opts.values.get('context') !== 'begin-sentence' || text === '') return text;
  return text[0]!.toLocaleUpperCase() + text.slice(1);
}

const SINCE_UNITS: Array<[ms: number, one: string, many: string]> = [
  [365 * DAY, 'a year', 'years'],
  [30 * DAY, 'a month', 'months'],
  [7 * DAY, 'a week', 'weeks'],
  [DAY, 'a day', 'days'],
  [HOUR, 'an hour', 'hours'],
  [MINUTE, 'a minute', 'minutes'],
];

/** The English humanizer of `timesince`: whole units, floored. */
function humanizeSince(ms: number): string {
  for (const [size, one, many] of SINCE_UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `about ${n === 1 ? one : `${n} ${many}`} ago`;
  }
  return 'less than a minute ago';
}

export const RELATIVE_FORMATTERS: FormatterTable = {
  'relative-time': {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      let start: number;
      let end: number;
      if (vars.length >= 2) {
        start = clampEpoch(asNumber(first.value));
        end = clampEpoch(asNumber(vars[1]!.value));
      } else {
        start = ctx.now ?? Date.now();
        end = clampEpoch(asNumber(first.value));
      }
      first.set(
        Number.isFinite(start) && Number.isFinite(end)
          ? formatRelative(start, end, parseOptions(args), renderLocale(ctx))
          : '',
      );
    },
  },
  timesince: {
    apply(_args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const epoch = asNumber(first.value);
      if (!Number.isFinite(epoch)) {
        first.set('Invalid date.');
        return;
      }
      const now = ctx.now ?? Date.now();
      first.set(
        `<span class="timesince" data-date="${epoch}">${humanizeSince(now - epoch)}</span>`,
      );
    },
  },
};
