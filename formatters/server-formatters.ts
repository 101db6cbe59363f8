/**
 * The built-in formatters as the server uses them: the same output as ALL_FORMATTERS, faster for
 * a server that renders the same templates all day, with code the browser runtime's size budget
 * does not carry (the browser renders a page once):
 *
 * - `json` followed by the built-in attribute escape (`htmlattr`, `htmltag`) fuses into
 *   `attributeJson` (`Formatter.fuse`);
 * - `datetime` parses its options once per tag (`Formatter.prepare`, `DatetimeFormat`) and keeps
 *   its results per locale, zone and instant (kept-results.ts);
 * - `image-srcset` keeps the split of each `systemDataVariants` list it meets and links its
 *   pieces instead of joining them;
 * - `date` splits its pattern once per tag and keeps its texts per zone and instant;
 * - `message` (and `plural`) keeps its texts per pattern, locale and scalar arguments;
 * - `bookkeeper-money-format` keeps its texts per locale and amount.
 */
import { BoundedMemo, boundedMemo } from '../engine/bounded-memo.js';
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asString, descendValue as field } from '../engine/values.js';
import { srcsetPieces } from './content-image.js';
import { dateEpoch } from './date.js';
import { formatStrftime, parseStrftime, type StrftimePattern } from './strftime.js';
import { epochOf, formatDatetime } from './i18n-datetime.js';
import { argSpecs, argValues, formatMessage, messageArgs, type ArgSpec } from './i18n-message.js';
import { parseOptions, renderLocale, renderTimeZone, type Options } from './i18n-options.js';
import { ALL_FORMATTERS } from './index.js';
import { keptByEpoch, type EpochFormat } from './kept-results.js';
import { attributeJson } from './json-attribute.js';

/** Distinct locale and zone pairs one `datetime` tag keeps formatters for. */
const MAX_KEPT_FORMATTERS = 16;

/**
 * `make`'s value per key, at most `size` of them (see BoundedMemo), the last key's found without
 * a lookup: a tag meets the same zone, pattern or locale call after call.
 */
function keptPerKey<T>(make: (key: string) => T, size: number): (key: string) => T {
  const kept = boundedMemo(make, size);
  let lastKey: string | undefined;
  let last: T;
  return (key) => {
    if (key !== lastKey) {
      last = kept(key);
      lastKey = key;
    }
    return last;
  };
}

/**
 * A `datetime` tag's options, parsed once per instruction (`Formatter.prepare`), and its results
 * for each locale and zone it has met (the zone comes from the data: bounded). Parsing the
 * options, finding the Intl formatter by its options' JSON and formatting cost a microsecond or
 * more per call, and a store's pages show the same dates on every render.
 */
export class DatetimeFormat {
  private readonly formatters = new Map<string, EpochFormat>();
  private lastLocale = '';
  private lastZone = '';
  private last: EpochFormat | undefined;
  constructor(private readonly opts: Options) {}

  format(epoch: number, locale: string, zone: string): string {
    if (this.last === undefined || locale !== this.lastLocale || zone !== this.lastZone) {
      const key = `${locale} ${zone}`;
      let formatter = this.formatters.get(key);
      if (formatter === undefined) {
        formatter = keptByEpoch((epoch) => formatDatetime(epoch, this.opts, locale, zone));
        if (this.formatters.size >= MAX_KEPT_FORMATTERS) this.formatters.clear();
        this.formatters.set(key, formatter);
      }
      this.last = formatter;
      this.lastLocale = locale;
      this.lastZone = zone;
    }
    return this.last(epoch);
  }
}

/**
 * A `date` tag's pattern, split once per instruction (`Formatter.prepare`), and its texts for
 * each zone and instant it has met: a product grid prints two dates per item, the same ones on
 * every render, and a date costs a third of a microsecond to write out.
 */
export class KeptDates {
  private readonly byZone: (zone: string) => EpochFormat;
  constructor(pattern: StrftimePattern) {
    this.byZone = keptPerKey(
      (zone) => keptByEpoch((epoch) => formatStrftime(pattern, epoch, zone)),
      MAX_KEPT_FORMATTERS,
    );
  }

  format(epoch: number, zone: string): string {
    return this.byZone(zone)(epoch);
  }
}

/** Texts a `message` tag keeps per pattern, and patterns per tag (each bound drops all). */
const KEPT_MESSAGE_TEXTS = 1000;
const KEPT_MESSAGE_PATTERNS = 16;

/**
 * Argument formats worth keeping texts for. A pattern without any (`{price}`, the price
 * templates' own) is a substitution that costs less than a key made of its arguments, which
 * may be long HTML (measured: the product page 5% slower when those were keyed too).
 */
const KEPT_FORMATS = /plural|select|number|decimal|money|currency|unit/;

/**
 * A `message` tag's arguments, split once per instruction (`Formatter.prepare`), and its texts
 * per pattern, locale and argument values: a product grid prints a review count on every item,
 * the same ones on every render, and a plural message costs a quarter of a microsecond to
 * write out. Only patterns with a plural, select or number-like argument are kept, and only
 * their scalar arguments are keyed (by type and text); a pattern that mentions `datetime` (its
 * text depends on the render's zone) is never kept.
 */
export class KeptMessages {
  /** The texts kept for a pattern, or null when its texts are not kept. */
  readonly texts = keptPerKey(
    (pattern): BoundedMemo<string> | null =>
      KEPT_FORMATS.test(pattern) && !pattern.includes('datetime')
        ? new BoundedMemo(KEPT_MESSAGE_TEXTS)
        : null,
    KEPT_MESSAGE_PATTERNS,
  );
  constructor(readonly specs: readonly ArgSpec[]) {}
}

/**
 * The key of a message's texts: the locale, then each argument's type and text (length-prefixed,
 * so no two lists share a key); null when an argument is an object or array.
 */
function messageKey(locale: string, values: readonly unknown[]): string | null {
  let key = locale;
  for (const value of values) {
    let text: string;
    switch (typeof value) {
      case 'string':
        text = `s${value}`;
        break;
      case 'number':
        text = Object.is(value, -0) ? 'n-0' : `n${value}`;
        break;
      case 'boolean':
        text = value ? 't' : 'f';
        break;
      case 'undefined':
        text = 'u';
        break;
      default:
        if (value !== null) return null;
        text = 'l';
    }
    key += `\u0000${text.length}:${text}`;
  }
  return key;
}

const keptMessage: Formatter = {
  ...ALL_FORMATTERS.message!,
  prepare: (args) => new KeptMessages(argSpecs(args)),
  apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
    const first = vars[0]!;
    const pattern = asString(first.value);
    if (pattern === '') return first.set('');
    const kept = prepared instanceof KeptMessages ? prepared : new KeptMessages(argSpecs(args));
    const values = argValues(kept.specs, ctx);
    const locale = renderLocale(ctx);
    const texts = kept.texts(pattern);
    const key = texts === null ? null : messageKey(locale, values);
    let text = key === null ? undefined : texts!.get(key);
    if (text === undefined) {
      const args = messageArgs(kept.specs, values);
      text = formatMessage(pattern, args, locale, () => renderTimeZone(ctx));
      if (key !== null) texts!.set(key, text);
    }
    first.set(text);
  },
};

/** Locales `bookkeeper-money-format` keeps texts for, and texts per locale (each bound drops all). */
const KEPT_BOOKKEEPER_LOCALES = 16;
const KEPT_BOOKKEEPER_TEXTS = 1000;
const plainBookkeeper = ALL_FORMATTERS['bookkeeper-money-format']!;
const bookkeeperTexts = keptPerKey(
  () => new BoundedMemo<string>(KEPT_BOOKKEEPER_TEXTS),
  KEPT_BOOKKEEPER_LOCALES,
);

/**
 * `bookkeeper-money-format` with its texts kept per render locale and amount: its text depends
 * on nothing else than the locale and the amount's decimal text, and a product grid formats
 * each item's price (just written in cents by `sale-price` and the like) on every render.
 */
const keptBookkeeper: Formatter = {
  ...plainBookkeeper,
  apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
    const first = vars[0]!;
    const value = first.value;
    if (typeof value !== 'string' && typeof value !== 'number') {
      plainBookkeeper.apply(args, vars, ctx, prepared);
      return;
    }
    const texts = bookkeeperTexts(ctx.locale);
    const amount = String(value);
    const kept = texts.get(amount);
    if (kept !== undefined) {
      first.set(kept);
      return;
    }
    plainBookkeeper.apply(args, vars, ctx, prepared);
    if (typeof first.value === 'string') texts.set(amount, first.value);
  },
};

/** Distinct `systemDataVariants` lists kept (a store sends a few). */
const KEPT_SRCSET_LISTS = 256;
const keptPieces = boundedMemo(srcsetPieces, KEPT_SRCSET_LISTS);

/**
 * `image-srcset` (content-image.ts) with the split of each list kept, its pieces linked by `+`
 * rather than joined: `join` copies them all into a new flat string per image, while the page's
 * output is made of linked pieces anyway (a tenth of a product grid's render went to the copy).
 */
const keptSrcset: Formatter = {
  apply(_args, vars) {
    const first = vars[0]!;
    const variants = field(first.value, 'systemDataVariants');
    const after = typeof variants === 'string' ? keptPieces(variants) : null;
    if (after === null) return;
    const url = asString(field(first.value, 'assetUrl'));
    let srcset = ` srcset="${url}${after[0]}`;
    for (let i = 1; i < after.length; i++) srcset += `,${url}${after[i]}`;
    first.set(`${srcset}"`);
  },
};

export const SERVER_FORMATTERS: FormatterTable = {
  ...ALL_FORMATTERS,
  json: {
    ...ALL_FORMATTERS.json!,
    fuse: (next) => (next === ALL_FORMATTERS.htmlattr ? attributeJson : undefined),
  },
  datetime: {
    prepare: (args) => new DatetimeFormat(parseOptions(args)),
    apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
      const first = vars[0]!;
      const epoch = epochOf(first.value);
      if (!Number.isFinite(epoch)) return first.set('');
      const format =
        (prepared as DatetimeFormat | undefined) ?? new DatetimeFormat(parseOptions(args));
      first.set(format.format(epoch, renderLocale(ctx), renderTimeZone(ctx)));
    },
  },
  'image-srcset': keptSrcset,
  'bookkeeper-money-format': keptBookkeeper,
  message: keptMessage,
  plural: keptMessage,
  date: {
    ...ALL_FORMATTERS.date!,
    prepare: (args) => new KeptDates(parseStrftime(args.join(' '))),
    apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
      const first = vars[0]!;
      if (args.length === 0) return first.set('');
      const epoch = dateEpoch(first.value);
      const kept =
        prepared instanceof KeptDates ? prepared : new KeptDates(parseStrftime(args.join(' ')));
      first.set(kept.format(epoch, renderTimeZone(ctx)));
    },
  },
};
