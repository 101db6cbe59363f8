/**
 * Platform Intl objects kept for reuse: building one costs far more than using one, so each
 * locale+options pair is built once.
 */

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
