/**
 * The wall-clock fields of the `date` formatter (strftime.ts `zonedFields`) without a `Date`:
 * integer arithmetic on the day number gives what `Date`'s UTC getters give, without the runtime
 * calls of its getters on every formatted date (a tenth of a dense product page's render), and
 * zone offsets are kept per zone under a number key rather than a key string made per call. The
 * server entry installs it (`useFieldsIn`); the browser reads a `Date`.
 */
import { offsetAt, type FieldsIn } from './strftime.js';

const DAY_MS = 86_400_000;
const QUARTER_HOUR = 900_000;
/** Days in a 400-year Gregorian cycle, and from 0000-03-01 to 1970-01-01. */
const DAYS_PER_ERA = 146_097;
const EPOCH_FROM_MARCH_0000 = 719_468;

/** Offsets kept per zone before that zone's are dropped (see `zoneOffset`). */
const OFFSETS_PER_ZONE = 10_000;
/** Per zone, offsets by quarter hour since the epoch. */
const offsetsByZone = new Map<string, Map<number, number>>();
/** The zone of the previous call and its offsets: a page formats its dates in one zone. */
let lastZone = '';
let lastOffsets: Map<number, number> | undefined;

/**
 * The zone's offset at `epoch`, cached per zone and quarter hour (modern zone transitions fall
 * on quarter-hour boundaries; reading the platform's clock takes microseconds). Zones are the
 * platform's known names only, so the outer map is bounded too.
 */
function zoneOffset(zone: string, epoch: number): number {
  let byQuarter = zone === lastZone ? lastOffsets : undefined;
  if (byQuarter === undefined) {
    byQuarter = offsetsByZone.get(zone);
    if (byQuarter === undefined) {
      byQuarter = new Map();
      offsetsByZone.set(zone, byQuarter);
    }
    lastZone = zone;
    lastOffsets = byQuarter;
  }
  const quarter = Math.floor(epoch / QUARTER_HOUR);
  const kept = byQuarter.get(quarter);
  if (kept !== undefined) return kept;
  if (byQuarter.size >= OFFSETS_PER_ZONE) byQuarter.clear();
  const offset = offsetAt(zone, Math.floor(epoch));
  byQuarter.set(quarter, offset);
  return offset;
}

/**
 * Proleptic Gregorian fields, counting years from March so that the leap day ends the year (the
 * civil-from-days method); year 0 is 1 BC, as `Date` has it.
 */
export const arithmeticFields: FieldsIn = (epoch, zone) => {
  const offset = zone === 'UTC' ? 0 : zoneOffset(zone, epoch);
  const wall = Math.floor(epoch) + offset;
  const days = Math.floor(wall / DAY_MS);
  const msOfDay = wall - days * DAY_MS;
  const shifted = days + EPOCH_FROM_MARCH_0000;
  const era = Math.floor(shifted / DAYS_PER_ERA);
  const dayOfEra = shifted - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  // Day of the year counted from March 1st (0-365), then the month counted from March (0-11).
  const dayFromMarch =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayFromMarch + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 2 : monthFromMarch - 10;
  const year = yearOfEra + era * 400 + (month < 2 ? 1 : 0);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // January and February end the March-based year: 306 days (March to December) before them.
  const dayOfYear = month < 2 ? dayFromMarch - 305 : dayFromMarch + 60 + (leap ? 1 : 0);
  return {
    epoch,
    zone,
    offset,
    year,
    month,
    day: dayFromMarch - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
    weekday: (((days + 4) % 7) + 7) % 7,
    hour: Math.floor(msOfDay / 3_600_000),
    minute: Math.floor(msOfDay / 60_000) % 60,
    second: Math.floor(msOfDay / 1000) % 60,
    dayOfYear,
  };
};
