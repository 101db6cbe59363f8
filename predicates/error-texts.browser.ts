/**
 * error-texts.ts for the browser runtime (package.json "browser"): each error a built-in
 * predicate throws said by its number and details (`PredicateError 1: x`), not in words.
 */
import type * as Full from './error-texts.js';

export const julianRange: typeof Full.julianRange = (julian) => `PredicateError 1: ${julian}`;
export const SAME_DAY_NOT_A_NUMBER: typeof Full.SAME_DAY_NOT_A_NUMBER = 'PredicateError 2';
