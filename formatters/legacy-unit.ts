/**
 * `unit` of the Java original (docs/language.md, "Java-era formatters" lists it as a no-op in the
 * TypeScript reference): `{n|unit in:UNIT [out:UNIT | out:U1,U2… | sequence:U1,U2…]
 * [compact:CATEGORY] [format:narrow| short|long] [group] [number options]}`. Behaviour inferred
 * from the Java-era fixtures in conformance/legacy-i18n: without `out` the value moves to the
 * largest unit of its system it reaches (12345 inches → 342.9 yards; temperatures to the locale's
 * scale); a sequence splits it into whole units with the remainder in the last (`1028′ 9″`),
 * skipping zero parts. Numbers keep one fraction digit and no grouping unless told otherwise. Names
 * come from the platform Intl for the units it knows, else from a small English table.
 */
import { decimalText, numberOptions } from './i18n-decimal.js';
import { extend, type Options } from './i18n-options.js';
import { localeRegion, numberFormat } from './intl-cache.js';

type Category = 'length' | 'area' | 'duration' | 'digital' | 'temperature' | 'frequency' | 'angle';

interface UnitDef {
  category: Category;
  /**
   * Size in the category's base unit (meter, square meter, second, bit, hertz, degree) as an
   * exact decimal or `a/b`: conversions run on exact rationals so long results keep the digits
   * the Java original printed (its BigDecimal math); a year is 365.2422 days.
   */
  factor: string;
  /** Unit systems for the automatic choice; undefined = stays as it is. */
  system?: string;
  /** [narrow, short, long singular, long plural] patterns when Intl lacks the unit. */
  names?: [string, string, string, string];
}

/**
 * The units by category (a line with the category's name, then its units), one a line: name,
 * factor in the category's base unit (meter, square meter, second, bit, hertz, degree), system
 * (`-`: none) and, for units Intl lacks, the text after the number in each of the four `names`
 * patterns, `|`-separated. Text, not an object literal: the browser runtime's size budget (a
 * year is 365.2422 days, a month a twelfth of it; bytes count in powers of 1024, bits in powers
 * of 1000; temperatures convert through kelvin).
 */
const UNIT_TABLE = `
length
inch 0.0254 imperial
foot 0.3048 imperial
yard 0.9144 imperial
mile 1609.344 imperial
millimeter 0.001 metric
centimeter 0.01 metric
meter 1 metric
kilometer 1000 metric
point 0.0254/72 - pt| pt| point| points
astronomical-unit 149597870700 - au| au| astronomical unit| astronomical units
light-year 9460730472580800 - ly| ly| light year| light years
parsec 30856775814913673 - pc| pc| parsec| parsecs
area
square-inch 0.00064516 imperial in²| in²| square inch| square inches
square-foot 0.09290304 imperial ft²| sq ft| square foot| square feet
square-yard 0.83612736 imperial yd²| yd²| square yard| square yards
acre 4046.8564224 imperial
square-mile 2589988.110336 imperial mi²| sq mi| square mile| square miles
square-centimeter 1e-4 metric cm²| cm²| square centimeter| square centimeters
square-meter 1 metric m²| m²| square meter| square meters
hectare 10000 metric
square-kilometer 1e6 metric  km²| km²| square kilometer| square kilometers
duration
nanosecond 1e-9 time
microsecond 1e-6 time
millisecond 1e-3 time
second 1 time
minute 60 time
hour 3600 time
day 86400 time
week 604800 -
month 2629743.84 time
year 31556926.08 time
century 3155692608 time c| c| century| centuries
digital
bit 1 bits
kilobit 1e3 bits
megabit 1e6 bits
gigabit 1e9 bits
terabit 1e12 bits
byte 8 bytes
kilobyte 8192 bytes
megabyte 8388608 bytes
gigabyte 8589934592 bytes
terabyte 8796093022208 bytes
petabyte 9007199254740992 bytes
frequency
hertz 1 hz Hz| Hz| hertz| hertz
kilohertz 1e3 hz kHz| kHz| kilohertz| kilohertz
megahertz 1e6 hz MHz| MHz| megahertz| megahertz
gigahertz 1e9 hz GHz| GHz| gigahertz| gigahertz
angle
revolution 360 - rev| rev| revolution| revolutions
radian 57.29577951308232087679815481410517 - rad| rad| radian| radians
degree 1 angle
arc-minute 1/60 angle ′| arcmin| arcminute| arcminutes
arc-second 1/3600 angle ″| arcsec| arcsecond| arcseconds
temperature
celsius 1 -
fahrenheit 1 -
kelvin 1 - K| K| kelvin| kelvins`;

const UNITS: Record<string, UnitDef> = {};
let category = '';
for (const line of UNIT_TABLE.split('\n')) {
  const match = /^(\S+) (\S+) (\S+)(?: (.*))?$/.exec(line);
  if (match === null) {
    category = line;
    continue;
  }
  const [, name, factor, system, names] = match;
  const def: UnitDef = { category: category as Category, factor: factor! };
  if (system !== '-') def.system = system;
  if (names !== undefined) def.names = names.split('|').map((n) => `{0}${n}`) as UnitDef['names'];
  UNITS[name!] = def;
}

type Rational = [numerator: bigint, denominator: bigint];

function decimalRational(text: string): Rational {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?$/i.exec(text.trim());
  if (m === null) return [0n, 1n];
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? '0') - frac.length;
  let n = BigInt((m[2] ?? '') + frac || '0');
  if (m[1] === '-') n = -n;
  return exp >= 0 ? [n * 10n ** BigInt(exp), 1n] : [n, 10n ** BigInt(-exp)];
}

function factorRational(factor: string): Rational {
  const [a, b] = factor.split('/');
  const [an, ad] = decimalRational(a!);
  if (b === undefined) return [an, ad];
  const [bn, bd] = decimalRational(b);
  return [an * bd, ad * bn];
}

const FRACTION_DIGITS = 24;

/** An exact rational as a decimal string (truncated far below any printed digit). */
function rationalText([n, d]: Rational): string {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  const digits = ((abs(n) * 10n ** BigInt(FRACTION_DIGITS)) / abs(d))
    .toString()
    .padStart(FRACTION_DIGITS + 1, '0');
  const point = digits.length - FRACTION_DIGITS;
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const ALIASES: Record<string, string> = { feet: 'foot', inches: 'inch', centuries: 'century' };

/** A unit name as written (`foot`, `feet`, `radians`), or undefined when unknown. */
function lookupUnit(name: string): string | undefined {
  if (UNITS[name] !== undefined) return name;
  const alias = ALIASES[name] ?? (name.endsWith('s') ? name.slice(0, -1) : undefined);
  return alias !== undefined && UNITS[alias] !== undefined ? alias : undefined;
}

/** Units of one system of a category, largest first. */
function systemUnits(system: string, category: Category): string[] {
  return Object.keys(UNITS)
    .filter((u) => UNITS[u]!.system === system && UNITS[u]!.category === category)
    .sort((a, b) => FACTORS.get(b)! - FACTORS.get(a)!);
}

function toKelvin(value: number, unit: string): number {
  if (unit === 'celsius') return value + 273.15;
  if (unit === 'fahrenheit') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(kelvin: number, unit: string): number {
  if (unit === 'celsius') return kelvin - 273.15;
  if (unit === 'fahrenheit') return ((kelvin - 273.15) * 9) / 5 + 32;
  return kelvin;
}

const RATIONALS = new Map<string, Rational>(
  Object.entries(UNITS).map(([name, def]) => [name, factorRational(def.factor)]),
);
const FACTORS = new Map<string, number>(
  [...RATIONALS].map(([name, [n, d]]) => [name, Number(n) / Number(d)]),
);

function convert(value: number, from: string, to: string): number {
  if (UNITS[from]!.category === 'temperature') return fromKelvin(toKelvin(value, from), to);
  return (value * FACTORS.get(from)!) / FACTORS.get(to)!;
}

/**
 * `convert` computed exactly, then rounded once to the nearest double, which is what the Java
 * original formatted (chained floating-point steps can land one double away and change the
 * last printed digit). Temperatures convert in floating point.
 */
function convertExact(text: string, from: string, to: string): number {
  if (UNITS[from]!.category === 'temperature') return convert(Number(text), from, to);
  const [vn, vd] = decimalRational(text);
  const [fn, fd] = RATIONALS.get(from)!;
  const [tn, td] = RATIONALS.get(to)!;
  return Number(rationalText([vn * fn * td, vd * fd * tn]));
}

/** The first unit of `candidates` (largest first) the value reaches, else the smallest. */
function bestUnit(value: number, from: string, candidates: string[]): string {
  for (const unit of candidates) if (Math.abs(convert(value, from, unit)) >= 1) return unit;
  return candidates[candidates.length - 1] ?? from;
}

/** Regions whose temperatures are in Fahrenheit (CLDR unit preferences). */
const FAHRENHEIT_REGIONS = new Set('US BS BZ KY PR PW GU VI AS MP UM LR'.split(' '));

/** Fahrenheit in those regions; an unusable locale is metric. */
function temperatureUnit(locale: string): string {
  return FAHRENHEIT_REGIONS.has(localeRegion(locale) ?? '') ? 'fahrenheit' : 'celsius';
}

/** Where the value goes without `out`/`sequence`: `compact:` category, else the input's own system. */
function targetUnit(
  value: number,
  from: string,
  compact: string | undefined,
  locale: string,
): string {
  const def = UNITS[from]!;
  if (def.category === 'temperature') return temperatureUnit(locale);
  // Digital amounts are shown in bytes unless bits are asked for (`compact:bits`).
  const system = compact === 'bits' ? 'bits' : def.category === 'digital' ? 'bytes' : def.system;
  return system === undefined ? from : bestUnit(value, from, systemUnits(system, def.category));
}

type Width = 'narrow' | 'short' | 'long';

function formatOne(
  amount: number,
  unit: string,
  width: Width,
  opts: Options,
  locale: string,
): string {
  const base: Intl.NumberFormatOptions = { maximumFractionDigits: 1, useGrouping: false };
  const names = UNITS[unit]!.names;
  // The units without names of their own are the ones Intl formats (its sanctioned units).
  if (names === undefined) {
    return numberFormat(
      locale,
      numberOptions(opts, extend(base, { style: 'unit', unit, unitDisplay: width })),
    ).format(amount);
  }
  const number = numberFormat(locale, numberOptions(opts, base)).format(amount);
  const pattern =
    width === 'narrow'
      ? names[0]
      : width === 'short'
        ? names[1]
        : number === '1'
          ? names[2]
          : names[3];
  return pattern.replace('{0}', number);
}

/** Whole units for all but the last of `units`, the remainder in the last; zero parts are dropped. */
function formatSequence(
  value: number,
  from: string,
  units: string[],
  width: Width,
  opts: Options,
  locale: string,
): string {
  const parts: string[] = [];
  let rest = value;
  let restUnit = from;
  units.forEach((unit, i) => {
    const amount = convert(rest, restUnit, unit);
    const last = i === units.length - 1;
    const whole = last ? amount : Math.trunc(amount);
    if (whole !== 0 || (last && parts.length === 0))
      parts.push(formatOne(whole, unit, width, opts, locale));
    rest = amount - whole;
    restUnit = unit;
  });
  return parts.join(' ');
}

/** Formats `value` per the unit options; "" when the value or the input unit is unusable. */
export function formatUnit(value: unknown, opts: Options, locale: string): string {
  const text = decimalText(value);
  const from = lookupUnit(opts.values.get('in') ?? '');
  if (text === null || from === undefined) return '';
  const n = Number(text);
  const format = opts.values.get('format');
  const width: Width = format === 'long' || format === 'short' ? format : 'narrow';
  const listed = opts.values.get('sequence') ?? opts.values.get('out');
  if (listed !== undefined) {
    const units = listed.split(',').map(lookupUnit);
    const category = UNITS[from]!.category;
    // A list naming an unknown or incompatible unit is ignored, as if no output was given.
    if (units.every((u) => u !== undefined && UNITS[u]!.category === category)) {
      if (units.length === 1) {
        const to = units[0]!;
        return formatOne(convertExact(text, from, to), to, width, opts, locale);
      }
      return formatSequence(n, from, units as string[], width, opts, locale);
    }
  }
  const target = targetUnit(n, from, opts.values.get('compact'), locale);
  return formatOne(convertExact(text, from, target), target, width, opts, locale);
}
