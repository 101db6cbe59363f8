/**
 * Results of the platform's Intl formatters kept per formatter, for the server (installed by the
 * server entry; the browser renders a page once and formats as it goes). An Intl call takes a
 * microsecond or more, and a store's pages format the same prices and dates on every render: a
 * related product's price and its dates come back with every page that lists it. Bounded: each
 * formatter keeps at most `KEPT_PER_FORMATTER` results, then drops them all (see BoundedMemo).
 */
import { BoundedMemo } from '../engine/bounded-memo.js';

const KEPT_PER_FORMATTER = 1000;

/** Formats one instant (epoch ms). */
export type EpochFormat = (epoch: number) => string;

const keptTexts = new WeakMap<Intl.NumberFormat, BoundedMemo<string>>();
let lastFormat: Intl.NumberFormat | undefined;
let lastMemo: BoundedMemo<string> | undefined;

/** `nf.format(text)` for an exact decimal text, kept per formatter and text. */
export function keptFormatText(nf: Intl.NumberFormat, text: string): string {
  // A page formats run after run with one formatter (its prices): the last one's memo first.
  let memo = nf === lastFormat ? lastMemo : keptTexts.get(nf);
  if (memo === undefined) {
    memo = new BoundedMemo(KEPT_PER_FORMATTER);
    keptTexts.set(nf, memo);
  }
  lastFormat = nf;
  lastMemo = memo;
  const kept = memo.get(text);
  return kept !== undefined ? kept : memo.set(text, nf.format(text as unknown as number));
}

/** `format`, its results kept per instant (a number key). */
export function keptByEpoch(format: EpochFormat): EpochFormat {
  const kept = new Map<number, string>();
  return (epoch) => {
    let text = kept.get(epoch);
    if (text === undefined) {
      text = format(epoch);
      if (kept.size >= KEPT_PER_FORMATTER) kept.clear();
      kept.set(epoch, text);
    }
    return text;
  };
}

/** Plural rules whose category is kept per number (a page's counts repeat: 0 to 5 reviews). */
export function keptPlurals(rules: Intl.PluralRules): Pick<Intl.PluralRules, 'select'> {
  const kept = new Map<number, Intl.LDMLPluralRule>();
  return {
    select(n) {
      let category = kept.get(n);
      if (category === undefined) {
        category = rules.select(n);
        if (kept.size >= KEPT_PER_FORMATTER) kept.clear();
        kept.set(n, category);
      }
      return category;
    },
  };
}
