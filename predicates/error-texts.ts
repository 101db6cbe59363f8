/**
 * The texts of the errors built-in predicates throw, in the reference's words. The browser
 * runtime ships error-texts.browser.ts instead (package.json "browser"): the same errors said
 * by number. Every export here has its counterpart there.
 */
export const julianRange = (julian: number): string =>
  `Julian day ${julian} is outside the supported range of this library: ` +
  'Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.';
export const SAME_DAY_NOT_A_NUMBER: string = 'same-day?: date is not a number';
