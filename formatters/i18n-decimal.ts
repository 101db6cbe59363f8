/**
 * `decimal [opts]` (docs/language.md, "Internationalisation formatters") and the number options
 * shared with `money` and the message argument formatters: reference (CLDR) option names mapped
 * onto the platform Intl.NumberFormat. Numbers are handed to Intl as decimal strings so long inputs
 * keep every digit.
 */
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { parseOptions, renderLocale, type Options } from './i18n-options.js';
import { numberFormat } from './intl-cache.js';

/** A JSON number or a strict decimal string (`-1.5`, `1e3`), as a decimal string; else null. */
export function decimalText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value))
    return value;
  return null;
}

const ROUNDING: Record<string, Intl.NumberFormatOptions['roundingMode']> = {
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  truncate: 'trunc',
  down: 'trunc',
  up: 'expand',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
  'half-ceiling': 'halfCeil',
  'half-floor': 'halfFloor',
};

/** Each option's accepted spellings (short reference names and the long CLDR ones). */
const DIGIT_OPTIONS: Array<[keyof Intl.NumberFormatOptions, string[]]> = [
  ['minimumIntegerDigits', ['minint', 'minInt', 'minimumIntegerDigits']],
  ['maximumFractionDigits', ['maxfrac', 'maxFrac', 'maximumFractionDigits']],
  ['minimumFractionDigits', ['minfrac', 'minFrac', 'minimumFractionDigits']],
  ['maximumSignificantDigits', ['maxsig', 'maxSig', 'maximumSignificantDigits']],
  ['minimumSignificantDigits', ['minsig', 'minSig', 'minimumSignificantDigits']],
];

function option(opts: Options, names: string[]): string | undefined {
  for (const name of names) {
    const v = opts.values.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** True unless grouping was switched off (`no-group`, `group:false`). */
function grouping(opts: Options, fallback: boolean): boolean {
  if (opts.bare.includes('no-group')) return false;
  if (opts.bare.includes('group')) return true;
  const v = opts.values.get('group');
  return v === undefined ? fallback : v !== 'false';
}

/**
 * The digit, rounding and grouping options of `opts` on top of `base`. A maximum significant
 * digit count alone also becomes the minimum, as the reference prints (`0.50` for maxsig:2).
 */
export function numberOptions(
  opts: Options,
  base: Intl.NumberFormatOptions,
): Intl.NumberFormatOptions {
  const out: Intl.NumberFormatOptions = {
    ...base,
    // `base` may switch grouping off by default (the legacy unit formatter); options decide.
    useGrouping: grouping(opts, base.useGrouping !== false),
    signDisplay: 'negative',
  };
  const digits: Partial<Record<keyof Intl.NumberFormatOptions, number>> = {};
  for (const [key, names] of DIGIT_OPTIONS) {
    const raw = option(opts, names);
    if (raw === undefined) continue;
    const n = parseInt(raw, 10);
    if (Number.isFinite(n))
      digits[key] = Math.max(0, Math.min(n, key === 'minimumIntegerDigits' ? 21 : 20));
  }
  const maxSig = digits.maximumSignificantDigits;
  const minSig = digits.minimumSignificantDigits;
  if (maxSig !== undefined || minSig !== undefined) {
    const mode = opts.values.get('mode');
    if (mode === 'significant-maxfrac' && digits.maximumFractionDigits !== undefined) {
      // Fraction digits limit, significant digits only as a floor.
      out.minimumSignificantDigits = Math.max(1, minSig ?? 1);
      out.maximumFractionDigits = digits.maximumFractionDigits;
      out.roundingPriority = 'lessPrecision';
      out.maximumSignificantDigits = 21;
    } else {
      out.maximumSignificantDigits = Math.max(1, maxSig ?? 21);
      out.minimumSignificantDigits = Math.max(
        1,
        Math.min(minSig ?? maxSig ?? 1, out.maximumSignificantDigits),
      );
    }
  }
  if (out.maximumSignificantDigits === undefined) {
    let max = digits.maximumFractionDigits ?? (out.maximumFractionDigits as number | undefined);
    let min = digits.minimumFractionDigits ?? (out.minimumFractionDigits as number | undefined);
    if (min !== undefined && max !== undefined && max < min) {
      if (digits.maximumFractionDigits !== undefined) min = max;
      else max = min;
    }
    if (max !== undefined) out.maximumFractionDigits = max;
    if (min !== undefined) out.minimumFractionDigits = min;
  }
  if (digits.minimumIntegerDigits !== undefined)
    out.minimumIntegerDigits = Math.max(1, digits.minimumIntegerDigits);
  const round = opts.values.get('round');
  if (round !== undefined && ROUNDING[round] !== undefined) out.roundingMode = ROUNDING[round];
  else out.roundingMode = 'halfEven';
  return out;
}

/** Scientific notation the way the reference prints it: `1E+3`, `-5E-1`, plain `0`. */
function scientific(text: string, locale: string, opts: Options): string {
  if (Number(text) === 0) return '0';
  const fmt = numberFormat(
    locale,
    numberOptions(opts, { notation: 'scientific', maximumFractionDigits: 0 }),
  );
  return fmt.format(text as unknown as number).replace(/E(\d)/, 'E+$1');
}

function scaled(text: string, power: number): string {
  // Shift the decimal point of an exact decimal string (Intl keeps the digits exact).
  return `${text}e${power}`;
}

/** Formats a decimal string with `decimal` options; unknown styles format as plain decimals. */
export function formatDecimal(text: string, opts: Options, locale: string): string {
  const style = opts.values.get('style') ?? 'decimal';
  let base: Intl.NumberFormatOptions = { maximumFractionDigits: 3 };
  let value = text;
  let suffix = '';
  switch (style) {
    case 'short':
    case 'long':
      base = { notation: 'compact', compactDisplay: style };
      break;
    case 'scientific':
      return scientific(text, locale, opts);
    case 'percent':
      base = { style: 'percent', maximumFractionDigits: 0 };
      break;
    case 'percent-scaled':
      base = { style: 'percent', maximumFractionDigits: 0 };
      value = scaled(text, -2);
      break;
    case 'permille':
      base = { maximumFractionDigits: 0 };
      value = scaled(text, 3);
      suffix = '‰';
      break;
    case 'permille-scaled':
      base = { maximumFractionDigits: 0 };
      suffix = '‰';
      break;
    default:
      break;
  }
  const fmt = numberFormat(locale, numberOptions(opts, base));
  return fmt.format(value as unknown as number) + suffix;
}

export const DECIMAL_FORMATTERS: FormatterTable = {
  decimal: {
    apply(args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const text = decimalText(first.value);
      first.set(text === null ? '' : formatDecimal(text, parseOptions(args), renderLocale(ctx)));
    },
  },
};
