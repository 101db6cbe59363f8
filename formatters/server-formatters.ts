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
 * - `date` splits its pattern once per tag and keeps its texts per zone and instant.
 */
import { boundedMemo } from '../engine/bounded-memo.js';
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asString, descendValue as field } from '../engine/values.js';
import { srcsetPieces } from './content-image.js';
import { dateEpoch } from './date.js';
import { formatStrftime, parseStrftime, type StrftimePattern } from './strftime.js';
import { epochOf, formatDatetime } from './i18n-datetime.js';
import { parseOptions, renderLocale, renderTimeZone, type Options } from './i18n-options.js';
import { ALL_FORMATTERS } from './index.js';
import { keptByEpoch, type EpochFormat } from './kept-results.js';
import { attributeJson } from './json-attribute.js';

/** Distinct locale and zone pairs one `datetime` tag keeps formatters for. */
const MAX_KEPT_FORMATTERS = 16;

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
  private readonly byZone = new Map<string, EpochFormat>();
  private lastZone = '';
  private last: EpochFormat | undefined;
  constructor(private readonly pattern: StrftimePattern) {}

  format(epoch: number, zone: string): string {
    if (this.last === undefined || zone !== this.lastZone) {
      let formatter = this.byZone.get(zone);
      if (formatter === undefined) {
        formatter = keptByEpoch((epoch) => formatStrftime(this.pattern, epoch, zone));
        if (this.byZone.size >= MAX_KEPT_FORMATTERS) this.byZone.clear();
        this.byZone.set(zone, formatter);
      }
      this.last = formatter;
      this.lastZone = zone;
    }
    return this.last(epoch);
  }
}

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
