/**
 * error-texts.ts for the browser runtime (package.json "browser"): each error a built-in
 * formatter throws said by its number and details (`FormatterError 3: x`), not in words.
 */
import type * as Full from './error-texts.js';

const text =
  (n: number) =>
  (...details: unknown[]): string =>
    [`FormatterError ${n}:`, ...details].join(' ');

// Not the text itself, which may be long: only which error it is.
export const loneSurrogate: typeof Full.loneSurrogate = () => text(1)();
export const templateMissing: typeof Full.templateMissing = text(2);
export const notTimestamp: typeof Full.notTimestamp = text(3);
export const dateRange: typeof Full.dateRange = text(4);
export const calendarNotNumber: typeof Full.calendarNotNumber = text(5);
export const calendarRange: typeof Full.calendarRange = text(6);
