/**
 * `date FORMAT…` (docs/language.md, "The date formatter"): strftime codes on the value (epoch ms)
 * in the render's time zone, with English names.
 */
import type { FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber } from '../engine/values.js';
import { MAX_EPOCH, MIN_EPOCH, renderTimeZone } from './i18n-options.js';
import { formatStrftime, parseStrftime, type StrftimePattern } from './strftime.js';
import { dateRange, notTimestamp } from './error-texts.js';

export const DATE_FORMATTERS: FormatterTable = {
  date: {
    // The pattern is split once per tag, not on every call.
    prepare: (args) => parseStrftime(args.join(' ')),
    apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
      const first = vars[0]!;
      // The reference re-joins the arguments with single spaces; no arguments give "".
      if (args.length === 0) {
        first.set('');
        return;
      }
      const epoch = dateEpoch(first.value);
      const pattern = (prepared as StrftimePattern | undefined) ?? parseStrftime(args.join(' '));
      first.set(formatStrftime(pattern, epoch, renderTimeZone(ctx)));
    },
  },
};

/** The instant a `date` tag formats; throws where the reference fails. */
export function dateEpoch(value: unknown): number {
  const epoch = asNumber(value);
  // Non-numeric strings make the reference fail inside its date code: the engine records the
  // error and the tag renders nothing.
  if (!Number.isFinite(epoch)) throw new TypeError(notTimestamp(String(value)));
  // Beyond its calendar range the reference fails too (datetime clamps instead).
  if (epoch < MIN_EPOCH || epoch > MAX_EPOCH) throw new RangeError(dateRange(epoch));
  return epoch;
}
