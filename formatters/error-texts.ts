/**
 * The texts of the errors built-in formatters throw (the render records them as
 * UNEXPECTED_ERROR, in the reference's words where it has them). The browser runtime ships
 * error-texts.browser.ts instead (package.json "browser"): the same errors said by number, as
 * its size budget does not carry the sentences. Every export here has its counterpart there.
 */

/** The reference's UTF-8 encoder message for text that is not valid UTF-16. */
export function loneSurrogate(text: string): string {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  const code = lone ? lone[0].charCodeAt(0).toString(16).toUpperCase() : '?';
  return `Lone surrogate U+${code} is not a scalar value`;
}
export const templateMissing = (name: string): string => `built-in template ${name} is missing`;
export const notTimestamp = (value: string): string => `date: not a timestamp: ${value}`;
export const dateRange = (epoch: number): string => `date: out of range: ${epoch}`;
export const calendarNotNumber = (value: string): string =>
  `google-calendar-url: date is not a number: ${value}`;
export const calendarRange = (ms: number): string =>
  `google-calendar-url: date out of range: ${ms}`;
