/**
 * Platform Intl objects kept for reuse: building one costs far more than using one, so each
 * locale+options pair is built once.
 */
import { boundedMemo } from '../engine/bounded-memo.js';

/** A maker of `Make` objects that keeps each one by its locale and options. */
export function intlCache<O, T>(
  Make: new (locale: string, options: O) => T,
): (locale: string, options: O) => T {
  const built = new Map<string, T>();
  return (locale, options) => {
    const key = locale + JSON.stringify(options);
    let made = built.get(key);
    if (made === undefined) built.set(key, (made = new Make(locale, options)));
    return made;
  };
}

export const numberFormat = intlCache(Intl.NumberFormat);
export const dateFormat = intlCache(Intl.DateTimeFormat);

/** The region of a locale, maximized (`fr` → FR, `en` → US); null when the locale is unusable. */
export const localeRegion = boundedMemo((locale): string | null => {
  try {
    return new Intl.Locale(locale).maximize().region ?? '';
  } catch {
    return null;
  }
});
