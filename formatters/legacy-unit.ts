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
import { extend, numberFormat, type Options } from './i18n-options.js';

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

const INTL_UNITS = new Set(
  (
    'acre bit byte celsius centimeter day degree fahrenheit foot gigabit gigabyte hectare hour inch ' +
    'kilobit kilobyte kilometer megabit megabyte meter microsecond mile millimeter millisecond minute ' +
    'month nanosecond petabyte second terabit terabyte week yard year'
  ).split(' '),
);

const UNITS: Record<string, UnitDef> = {
  // length, in meters
  inch: { category: 'length', factor: '0.0254', system: 'imperial' },
  foot: { category: 'length', factor: '0.3048', system: 'imperial' },
  yard: { category: 'length', factor: '0.9144', system: 'imperial' },
  mile: { category: 'length', factor: '1609.344', system: 'imperial' },
  millimeter: { category: 'length', factor: '0.001', system: 'metric' },
  centimeter: { category: 'length', factor: '0.01', system: 'metric' },
  meter: { category: 'length', factor: '1', system: 'metric' },
  kilometer: { category: 'length', factor: '1000', system: 'metric' },
  point: {
    category: 'length',
    factor: '0.0254/72',
    names: ['{0}pt', '{0} pt', '{0} point', '{0} points'],
  },
  'astronomical-unit': {
    category: 'length',
    factor: '149597870700',
    names: ['{0}au', '{0} au', '{0} astronomical unit', '{0} astronomical units'],
  },
  'light-year': {
    category: 'length',
    factor: '9460730472580800',
    names: ['{0}ly', '{0} ly', '{0} light year', '{0} light years'],
  },
  parsec: {
    category: 'length',
    factor: '30856775814913673',
    names: ['{0}pc', '{0} pc', '{0} parsec', '{0} parsecs'],
  },
  // area, in square meters
  'square-inch': {
    category: 'area',
    factor: '0.00064516',
    system: 'imperial',
    names: ['{0}in²', '{0} in²', '{0} square inch', '{0} square inches'],
  },
  'square-foot': {
    category: 'area',
    factor: '0.09290304',
    system: 'imperial',
    names: ['{0}ft²', '{0} sq ft', '{0} square foot', '{0} square feet'],
  },
  'square-yard': {
    category: 'area',
    factor: '0.83612736',
    system: 'imperial',
    names: ['{0}yd²', '{0} yd²', '{0} square yard', '{0} square yards'],
  },
  acre: { category: 'area', factor: '4046.8564224', system: 'imperial' },
  'square-mile': {
    category: 'area',
    factor: '2589988.110336',
    system: 'imperial',
    names: ['{0}mi²', '{0} sq mi', '{0} square mile', '{0} square miles'],
  },
  'square-centimeter': {
    category: 'area',
    factor: '1e-4',
    system: 'metric',
    names: ['{0}cm²', '{0} cm²', '{0} square centimeter', '{0} square centimeters'],
  },
  'square-meter': {
    category: 'area',
    factor: '1',
    system: 'metric',
    names: ['{0}m²', '{0} m²', '{0} square meter', '{0} square meters'],
  },
  hectare: { category: 'area', factor: '10000', system: 'metric' },
  'square-kilometer': {
    category: 'area',
    factor: '1e6',
    system: 'metric',
    names: ['{0} km²', '{0} km²', '{0} square kilometer', '{0} square kilometers'],
  },
  // duration, in seconds (a year is 365.25 days, a month a twelfth of it)
  nanosecond: { category: 'duration', factor: '1e-9', system: 'time' },
  microsecond: { category: 'duration', factor: '1e-6', system: 'time' },
  millisecond: { category: 'duration', factor: '1e-3', system: 'time' },
  second: { category: 'duration', factor: '1', system: 'time' },
  minute: { category: 'duration', factor: '60', system: 'time' },
  hour: { category: 'duration', factor: '3600', system: 'time' },
  day: { category: 'duration', factor: '86400', system: 'time' },
  week: { category: 'duration', factor: '604800' },
  month: { category: 'duration', factor: '2629743.84', system: 'time' },
  year: { category: 'duration', factor: '31556926.08', system: 'time' },
  century: {
    category: 'duration',
    factor: '3155692608',
    system: 'time',
    names: ['{0}c', '{0} c', '{0} century', '{0} centuries'],
  },
  // digital, in bits: bytes count in powers of 1024, bits in powers of 1000
  bit: { category: 'digital', factor: '1', system: 'bits' },
  kilobit: { category: 'digital', factor: '1e3', system: 'bits' },
  megabit: { category: 'digital', factor: '1e6', system: 'bits' },
  gigabit: { category: 'digital', factor: '1e9', system: 'bits' },
  terabit: { category: 'digital', factor: '1e12', system: 'bits' },
  byte: { category: 'digital', factor: '8', system: 'bytes' },
  kilobyte: { category: 'digital', factor: '8192', system: 'bytes' },
  megabyte: { category: 'digital', factor: '8388608', system: 'bytes' },
  gigabyte: { category: 'digital', factor: '8589934592', system: 'bytes' },
  terabyte: { category: 'digital', factor: '8796093022208', system: 'bytes' },
  petabyte: { category: 'digital', factor: '9007199254740992', system: 'bytes' },
  // frequency, in hertz
  hertz: {
    category: 'frequency',
    factor: '1',
    system: 'hz',
    names: ['{0}Hz', '{0} Hz', '{0} hertz', '{0} hertz'],
  },
  kilohertz: {
    category: 'frequency',
    factor: '1e3',
    system: 'hz',
    names: ['{0}kHz', '{0} kHz', '{0} kilohertz', '{0} kilohertz'],
  },
  megahertz: {
    category: 'frequency',
    factor: '1e6',
    system: 'hz',
    names: ['{0}MHz', '{0} MHz', '{0} megahertz', '{0} megahertz'],
  },
  gigahertz: {
    category: 'frequency',
    factor: '1e9',
    system: 'hz',
    names: ['{0}GHz', '{0} GHz', '{0} gigahertz', '{0} gigahertz'],
  },
  // angle, in degrees
  revolution: {
    category: 'angle',
    factor: '360',
    names: ['{0}rev', '{0} rev', '{0} revolution', '{0} revolutions'],
  },
  radian: {
    category: 'angle',
    factor: '57.29577951308232087679815481410517',
    names: ['{0}rad', '{0} rad', '{0} radian', '{0} radians'],
  },
  degree: { category: 'angle', factor: '1', system: 'angle' },
  'arc-minute': {
    category: 'angle',
    factor: '1/60',
    system: 'angle',
    names: ['{0}′', '{0} arcmin', '{0} arcminute', '{0} arcminutes'],
  },
  'arc-second': {
    category: 'angle',
    factor: '1/3600',
    system: 'angle',
    names: ['{0}″', '{0} arcsec', '{0} arcsecond', '{0} arcseconds'],
  },
  // temperature: converted through kelvin (see toKelvin)
  celsius: { category: 'temperature', factor: '1' },
  fahrenheit: { category: 'temperature', factor: '1' },
  kelvin: {
    category: 'temperature',
    factor: '1',
    names: ['{0}K', '{0} K', '{0} kelvin', '{0} kelvins'],
  },
};

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
const FAHRENHEIT_REGIONS = new Set([
  'US',
  'BS',
  'BZ',
  'KY',
  'PR',
  'PW',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'LR',
]);

function temperatureUnit(locale: string): string {
  let region = '';
  try {
    region = new Intl.Locale(locale).maximize().region ?? '';
  } catch {
    // unusable locale: metric
  }
  return FAHRENHEIT_REGIONS.has(region) ? 'fahrenheit' : 'celsius';
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
  const def = UNITS[unit]!;
  if (INTL_UNITS.has(unit)) {
    return numberFormat(
      locale,
      numberOptions(opts, extend(base, { style: 'unit', unit, unitDisplay: width })),
    ).format(amount);
  }
  const number = numberFormat(locale, numberOptions(opts, base)).format(amount);
  const names = def.names!;
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
