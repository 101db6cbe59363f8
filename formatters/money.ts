/**
 * Money helpers shared by the commerce and i18n formatters: exact decimal amounts, money nodes,
 * the legacy native money markup and locale (CLDR-mode) currency formatting.
 *
 * Amounts are kept as decimal digit strings, never as floats: prices arrive as decimal strings
 * (`"19.99"`, `"12345678901234567.125"`) and the reference shifts them by powers of ten exactly.
 * Formatting hands the exact decimal string to `Intl.NumberFormat`, which accepts strings without
 * converting them to doubles. Formatters are cached per locale + options (the render hot path).
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import { descendValue as field } from '../engine/values.js';
import { localeRegion, numberFormat as cachedNumberFormat } from './intl-cache.js';

/** An exact decimal: (-1)^neg × digits × 10^exp, or one of the non-finite values. */
export interface Decimal {
  readonly neg: boolean;
  /** Significant digits without leading or trailing zeros; "0" for zero. Empty for special values. */
  readonly digits: string;
  readonly exp: number;
  readonly special?: 'Infinity' | 'NaN';
}

export const ZERO: Decimal = { neg: false, digits: '0', exp: 0 };

const DECIMAL = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
/** Exponents beyond this are treated as unparseable: expanding them would build huge strings. */
const MAX_EXPONENT = 1000;

function makeDecimal(neg: boolean, digits: string, exp: number): Decimal {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++;
  let end = digits.length;
  while (end > start + 1 && digits.charCodeAt(end - 1) === 48) {
    end--;
    exp++;
  }
  digits = digits.slice(start, end);
  return digits === '0' ? { neg, digits, exp: 0 } : { neg, digits, exp };
}

/** Texts up to this long have their decimals kept (see `readDecimal`). */
const PARSED_DECIMAL_TEXT = 40;

/**
 * Reads a JSON number or a decimal string (`12`, `-0.5`, `.5`, `5.`, `1e3`, `+2`, `Infinity`,
 * `NaN`) exactly. Anything else (whitespace, thousands separators, hex, non-scalars) is null.
 */
export function parseDecimal(value: unknown): Decimal | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value);
  return text.length > PARSED_DECIMAL_TEXT ? decimalOf(text) : readDecimal(text);
}

function decimalOf(text: string): Decimal | null {
  const m = DECIMAL.exec(text);
  if (m === null) {
    if (text === 'NaN') return { neg: false, digits: '', exp: 0, special: 'NaN' };
    const inf = /^([+-])?Infinity$/.exec(text);
    return inf ? { neg: inf[1] === '-', digits: '', exp: 0, special: 'Infinity' } : null;
  }
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? m[4] ?? '';
  const exp = m[5] === undefined ? 0 : Number(m[5]);
  if (Math.abs(exp) > MAX_EXPONENT) return null;
  return makeDecimal(m[1] === '-', intPart + fracPart || '0', exp - fracPart.length);
}

/**
 * A page reads the same prices over and over (every variant's, for each price formatter), and
 * the regex costs about ten lookups; decimals are immutable, so one may be shared.
 */
const readDecimal = boundedMemo(decimalOf);

/** Multiplies by 10^places (negative places divide), exactly. */
export function shiftDecimal(d: Decimal, places: number): Decimal {
  if (d.special !== undefined || d.digits === '0') return d;
  return { neg: d.neg, digits: d.digits, exp: d.exp + places };
}

/** Plain notation (no exponent), trailing fraction zeros dropped: `1250`, `0.5`, `-0`, `Infinity`. */
export function decimalToString(d: Decimal): string {
  const sign = d.neg ? '-' : '';
  if (d.special === 'NaN') return 'NaN';
  if (d.special === 'Infinity') return sign + 'Infinity';
  const { digits, exp } = d;
  if (exp >= 0) return sign + digits + (digits === '0' ? '' : '0'.repeat(exp));
  const point = digits.length + exp;
  if (point <= 0) return sign + '0.' + '0'.repeat(-point) + digits;
  return sign + digits.slice(0, point) + '.' + digits.slice(point);
}

/** -1, 0 or 1; NaN compares equal to everything so it never wins a min/max. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  if (a.special === 'NaN' || b.special === 'NaN') return 0;
  const sa = signOf(a);
  const sb = signOf(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  const mag = compareMagnitude(a, b);
  return sa > 0 ? mag : -mag;
}

function signOf(d: Decimal): number {
  if (d.special === undefined && d.digits === '0') return 0;
  return d.neg ? -1 : 1;
}

function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.special === 'Infinity' || b.special === 'Infinity') {
    if (a.special === b.special) return 0;
    return a.special === 'Infinity' ? 1 : -1;
  }
  const ea = a.digits.length + a.exp;
  const eb = b.digits.length + b.exp;
  if (ea !== eb) return ea < eb ? -1 : 1;
  // Digits carry no leading or trailing zeros (makeDecimal): at the same magnitude they compare
  // as text, a prefix being the smaller number (its missing digits are zeros).
  return a.digits === b.digits ? 0 : a.digits < b.digits ? -1 : 1;
}

// ---------------------------------------------------------------------------------------------
// Money nodes

/** An amount in major units (`12.50` dollars) with its ISO 4217 currency code. */
export interface Money {
  readonly amount: Decimal;
  readonly currency: string;
}

export const DEFAULT_CURRENCY = 'USD';

/**
 * The 27 store currencies (docs/storefront.md, "Currencies"): JPY has no minor unit, all others two
 * digits.
 */
export const STORE_CURRENCIES: readonly string[] = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
];

export function currencyFractionDigits(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

/**
 * A product price node (`priceMoney`, `salePriceMoney`): `{value, currency}` where value is a
 * decimal in major units. Missing or unparseable values count as zero, a missing currency as USD,
 * as the reference's product price formatters do.
 */
export function readPriceMoney(node: unknown): Money {
  return { amount: parseDecimal(field(node, 'value')) ?? ZERO, currency: priceCurrency(node) };
}

/** A product price node's currency (`readPriceMoney`). */
export function priceCurrency(node: unknown): string {
  const currency = field(node, 'currency');
  return typeof currency === 'string' && currency !== '' ? currency : DEFAULT_CURRENCY;
}

/**
 * A money node in either shape: `{decimalValue, currencyCode}` (preferred when `decimalValue` is
 * present) or `{value, currency}`. Returns null amount / currency where they are missing or
 * unparseable, so callers choose their own defaults (the i18n `money` formatter prints nothing).
 */
export function readMoney(node: unknown): { amount: Decimal | null; currency: string | null } {
  const modern = field(node, 'decimalValue') !== undefined;
  const amount = parseDecimal(field(node, modern ? 'decimalValue' : 'value'));
  const currency = field(node, modern ? 'currencyCode' : 'currency');
  return { amount, currency: typeof currency === 'string' && currency !== '' ? currency : null };
}

// ---------------------------------------------------------------------------------------------
// Formatting

/**
 * A cached `Intl.NumberFormat`, or null when the locale (e.g. `none`) or options are rejected:
 * callers then print nothing, as the reference does without CLDR data.
 */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions & { roundingMode?: string },
): Intl.NumberFormat | null {
  try {
    return cachedNumberFormat(locale, options as Intl.NumberFormatOptions);
  } catch {
    return null;
  }
}

/**
 * `Intl.NumberFormat.format` with an exact decimal string (ES2023 accepts numeric strings). The
 * server entry installs a memo of it (formatters/kept-results.ts, `useFormatText`).
 */
let formatText = (nf: Intl.NumberFormat, text: string): string =>
  nf.format(text as unknown as number);

export const useFormatText = (format: typeof formatText): void => {
  formatText = format;
};

export const formatNumberText = (nf: Intl.NumberFormat, text: string): string =>
  formatText(nf, text);

export const formatDecimal = (nf: Intl.NumberFormat, amount: Decimal): string =>
  formatText(nf, decimalToString(amount));

/** Built once: the legacy money path runs for every price on every page. */
let nativeFormat: Intl.NumberFormat | undefined;

/**
 * The legacy money markup: en-US grouping, always exactly two decimals whatever the currency
 * (the reference prints JPY 2500.5 as `2,500.50`), half-up rounding, no currency symbol.
 */
export function formatMoneyNative(amount: Decimal): string {
  return `<span class="sqs-money-native">${formatAmountNative(amount)}</span>`;
}

/**
 * The server's writer of that number (money-digits.ts), installed by the server entry: the same
 * text as `Intl`, faster. The browser runtime renders a page once and prints with `Intl`; its
 * size budget does not carry the writer.
 */
let amountWriter: ((amount: Decimal) => string) | null = null;

/** Installs (or, with null, removes) the writer `formatAmountNative` uses for finite amounts. */
export function useAmountWriter(writer: ((amount: Decimal) => string) | null): void {
  amountWriter = writer;
}

/**
 * The number inside the legacy money markup: `1,234.50`, what en-US `Intl.NumberFormat` with
 * exactly two decimals prints (half away from zero; a minus sign whenever the amount is
 * negative, zero included).
 */
export function formatAmountNative(amount: Decimal): string {
  if (amountWriter !== null && amount.special === undefined) return amountWriter(amount);
  nativeFormat ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return formatDecimal(nativeFormat, amount);
}

const WELL_FORMED_CURRENCY = /^[A-Za-z]{3}$/;

/**
 * CLDR-mode money: the currency in the render locale with its own fraction digits (JPY none),
 * half-even rounding, no sign on negative zero. Malformed currency codes fall back to USD.
 * Returns "" when the locale is not usable; throws on Infinity / NaN like the reference.
 */
export function formatMoneyLocale(
  amount: Decimal,
  currency: string,
  locale: string,
  options?: Intl.NumberFormatOptions,
): string {
  // The reference's CLDR decimal refuses non-finite amounts and the tag fails (error recorded).
  if (amount.special !== undefined) throw new Error(`Invalid argument: ${decimalToString(amount)}`);
  let nf: Intl.NumberFormat | null;
  if (options === undefined) {
    // The common case (price templates, bookkeeper): a page's prices come in one locale and
    // currency, so the last pair's formatter is kept and the options are built only for another.
    if (last === null || locale !== last.locale || currency !== last.currency) {
      last = {
        locale,
        currency,
        nf: numberFormat(locale, currencyOptions(currencyCode(currency))),
      };
    }
    nf = last.nf;
  } else {
    nf = numberFormat(locale, { ...currencyOptions(currencyCode(currency)), ...options });
  }
  return nf === null ? '' : formatDecimal(nf, amount);
}

let last: { locale: string; currency: string; nf: Intl.NumberFormat | null } | null = null;

/** A well-formed currency code in capitals; anything else is USD. */
function currencyCode(currency: string): string {
  return WELL_FORMED_CURRENCY.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
}

function currencyOptions(currency: string): Intl.NumberFormatOptions & { roundingMode: string } {
  return { style: 'currency', currency, roundingMode: 'halfEven', signDisplay: 'negative' };
}

// ---------------------------------------------------------------------------------------------
// Locale region -> currency (bookkeeper-money-format). Regions not listed use USD.

/**
 * Currencies that begin with their own region's code (AED: AE), grouped by first letter: each
 * group is that letter and the two letters after it of each code (`AEDFN` is AED and AFN).
 * Written without separators inside a group: codes are short and varied, and every character the
 * browser runtime carries here costs gzip a byte.
 */
const OWN_REGION_CURRENCIES =
  'AEDFNLLMDOARSUDWGZN BAMBDDTHDIFMDNDOBRLSDTNWPYNZD CADDFHFLPNYOPRCUPVEZK DJFKKOPZD EGPRNTBUR ' +
  'FJDKP GBPELHSIPMDNFTQYD HKDNLTGUF IDRLSNRQDRRSK JMDODPY KESGSHRMFPWRWWDYDZT LAKBPKRRDYD ' +
  'MADDLGAKDMKNTOPRUURVRWKXNYRZN NADGNIOOKPRZD OMR PABENGKHPKRLNYG QAR RONSDUBWF ' +
  'SARBDCRDGEKGDHPLEOSRDSPTNYPZL THBJSMTNDOPRYTDWDZS UAHGXYUZS VESNDUV WST YER ZARMWWG';

/**
 * Regions that use another region's currency or a supranational one (XOF, XCD): each group is
 * the currency and the regions' two-letter codes (`SHPAC`: AC uses SHP).
 */
const SHARED_CURRENCIES =
  'SHPAC,EURADATAXBEBGBLCYDEEAEEESFIFRGFGPGRHRICIEITLTLULVMCMEMFMQMTNLPMPTRESISKSMTFVAXKYT,' +
  'XCDAGAIDMGDKNLCMSVC,AUDCCCXHMKINFNRTV,XOFBFBJCIGWMLNESNTG,NOKBVSJ,XAFCFCGCMGAGQTD,CHFLI,' +
  'NZDCKNUPNTK,XCGCWSX,DKKFOGL,MADEH,GBPGGGSIMJETA,ILSPS,ZARLS,XPFNCPFWF';

const REGION_CURRENCY = new Map<string, string>();
for (const group of OWN_REGION_CURRENCIES.split(' ')) {
  for (let i = 1; i < group.length; i += 2) {
    const currency = group[0] + group.slice(i, i + 2);
    REGION_CURRENCY.set(currency.slice(0, 2), currency);
  }
}
for (const group of SHARED_CURRENCIES.split(',')) {
  for (let i = 3; i < group.length; i += 2)
    REGION_CURRENCY.set(group.slice(i, i + 2), group.slice(0, 3));
}

/**
 * The currency of a locale's region (`de-DE` EUR, `fr` → FR → EUR, `en` → US → USD), or null
 * when the locale is not a usable BCP 47 tag.
 */
export function localeCurrency(locale: string): string | null {
  const region = localeRegion(locale);
  return region === null ? null : (REGION_CURRENCY.get(region) ?? DEFAULT_CURRENCY);
}
