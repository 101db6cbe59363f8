/**
 * Shared plumbing of the date and i18n formatters (docs/language.md, "Internationalisation
 * formatters" and "The date formatter"): `key:value` option parsing, the render's time zone and
 * locale, and the platform's plural rules per locale (its Intl formatters: intl-cache.ts).
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import type { RenderContext } from '../engine/plugin.js';
import { isValidTimeZone } from './strftime.js';

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The path of the site's zone, made once (every date formatter call looks it up). */
const WEBSITE_TIME_ZONE = ['website', 'timeZone'];

/**
 * `{ ...base, ...extra }`, written without a spread: in Node 20 (V8 11.3), an object made by a
 * spread that then gets a property of its own (`{ ...base, dateStyle: 'long' }`) took about
 * 1.5 µs, and the objects made around it survived minor collections (and were promoted).
 */
export const extend = <T extends object>(base: T, extra: Partial<T>): T =>
  Object.assign({}, base, extra);

/** Parsed formatter options: `key:value` pairs (last one wins) plus the bare words in order. */
export interface Options {
  values: Map<string, string>;
  bare: string[];
}

/** Splits `key:value` args (only the first `:` separates); args without `:` are bare words. */
export function parseOptions(args: readonly string[]): Options {
  const values = new Map<string, string>();
  const bare: string[] = [];
  for (const arg of args) {
    if (arg === '') continue;
    const colon = arg.indexOf(':');
    if (colon < 0) bare.push(arg);
    else values.set(arg.slice(0, colon), arg.slice(colon + 1));
  }
  return { values, bare };
}

/**
 * The zone dates render in: the render option, else `website.timeZone` found by normal variable
 * lookup (default America/New_York when absent). A present but unknown, empty or non-string
 * zone falls back to UTC, as the reference does.
 */
export function renderTimeZone(ctx: RenderContext): string {
  let zone: unknown = ctx.timeZone;
  if (zone === undefined) {
    zone = ctx.resolve(WEBSITE_TIME_ZONE);
    if (zone === undefined || zone === null) return DEFAULT_TIME_ZONE;
  }
  return typeof zone === 'string' && zone !== '' && isValidTimeZone(zone) ? zone : 'UTC';
}

/**
 * The render locale as a BCP 47 tag the platform accepts (`en_US` → `en-US`); anything
 * unparseable becomes `en`, the reference's default.
 */
export function renderLocale(ctx: RenderContext): string {
  return canonicalLocale(ctx.locale);
}

export const canonicalLocale = boundedMemo((locale) => {
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0] ?? 'en';
  } catch {
    return 'en';
  }
});

/**
 * Plural rules per type, then per locale: looked up for every plural of every message on every
 * render, so the key is the locale string itself rather than a key string built per call.
 */
const pluralRulesByType = {
  cardinal: new Map<string, PluralSelect>(),
  ordinal: new Map<string, PluralSelect>(),
};

type PluralSelect = Pick<Intl.PluralRules, 'select'>;

/** The server entry installs rules that keep their answers (kept-results.ts `keptPlurals`). */
let makePlurals = (rules: Intl.PluralRules): PluralSelect => rules;

export const usePluralsMaker = (make: typeof makePlurals): void => {
  makePlurals = make;
};

export function plurals(locale: string, type: Intl.PluralRuleType): PluralSelect {
  const byLocale = pluralRulesByType[type];
  let rules = byLocale.get(locale);
  if (rules === undefined) {
    rules = makePlurals(new Intl.PluralRules(locale, { type }));
    byLocale.set(locale, rules);
  }
  return rules;
}

/** The reference's calendar range: 1 Jan 4713 BC to 31 Dec 8652 AD (UTC). */
export const MIN_EPOCH = Date.UTC(-4712, 0, 1);
export const MAX_EPOCH = Date.UTC(8652, 11, 31, 23, 59, 59, 999);

/** Instants beyond the reference's calendar range are pinned to its ends, as it does. */
export function clampEpoch(epoch: number): number {
  return Math.min(MAX_EPOCH, Math.max(MIN_EPOCH, epoch));
}
