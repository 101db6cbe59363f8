/**
 * error-texts.ts for the browser runtime (package.json "browser"): each error is said by its
 * number here and its details, `RuntimeError 3: name` for a partial that could not be found,
 * with the same error code as on the server. The sentences stay on the server, which reported
 * the same errors when it rendered the page.
 */
import type * as Full from './error-texts.js';

const text =
  (n: number) =>
  (...details: unknown[]): string =>
    [`RuntimeError ${n}:`, ...details].join(' ');

export const partialLimit: typeof Full.partialLimit = text(1);
export const partialDepth: typeof Full.partialDepth = text(2);
export const partialMissing: typeof Full.partialMissing = text(3);
export const partialSyntax: typeof Full.partialSyntax = text(4);
export const unexpectedError: typeof Full.unexpectedError = text(5);
export const invalidInstruction: typeof Full.invalidInstruction = text(6);
export const NOT_A_TEMPLATE: typeof Full.NOT_A_TEMPLATE = text(7)();
export const expressionParse: typeof Full.expressionParse = text(8);
export const expressionReduce: typeof Full.expressionReduce = (source) => text(9)(source, '');
export const tooManyTokens: typeof Full.tooManyTokens = text(10);
export const invalidFunction: typeof Full.invalidFunction = text(11);
export const unexpectedChar: typeof Full.unexpectedChar = text(12);
export const HEX_DIGITS: typeof Full.HEX_DIGITS = '13';
export const EXPONENT_POINT: typeof Full.EXPONENT_POINT = '14';
export const DUPLICATE_POINT: typeof Full.DUPLICATE_POINT = '15';
export const EXPONENT_DIGIT: typeof Full.EXPONENT_DIGIT = '16';
export const UNTERMINATED_STRING: typeof Full.UNTERMINATED_STRING = '17';
export const BARE_LINE_FEED: typeof Full.BARE_LINE_FEED = '18';
export const BARE_CARRIAGE_RETURN: typeof Full.BARE_CARRIAGE_RETURN = '19';
export const HEX_ESCAPE: typeof Full.HEX_ESCAPE = '20';
export const UNICODE_ESCAPE: typeof Full.UNICODE_ESCAPE = '21';
export const LEFT_PAREN: typeof Full.LEFT_PAREN = '22';
export const RIGHT_PAREN: typeof Full.RIGHT_PAREN = '23';
export const callFailed: typeof Full.callFailed = text(24);
export const operatorArguments: typeof Full.operatorArguments = text(25);
export const concatenationLimit: typeof Full.concatenationLimit = text(26);
export const REDUCE_STACK: typeof Full.REDUCE_STACK = '27';
