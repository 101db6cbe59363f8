/**
 * The texts of the errors a render reports (docs/language.md, "Errors": the reference's words,
 * which tools match on). The browser runtime ships error-texts.browser.ts instead (package.json
 * "browser"): the same errors and codes, each said by its number and its details, since its
 * size budget does not carry the sentences. Every export here has its counterpart there.
 */
import { OPCODE_NAMES } from './opcodes.js';

export const partialLimit = (name: string, max: number): string =>
  `RuntimeError: Attempt to apply partial '${name}' exceeded maximum of ${max} applications in one render`;
export const partialDepth = (name: string, max: number): string =>
  `RuntimeError: Attempt to apply partial '${name}' exceeded maximum recursion depth of ${max}`;
export const partialMissing = (name: string): string =>
  `RuntimeError: Attempt to apply partial '${name}' which could not be found.`;
export const partialSyntax = (name: string, message: string): string =>
  `RuntimeError: Parse of partial "${name}" failed: ${message}`;
/** `op`: the instruction's opcode, named here. */
export const unexpectedError = (name: string, op: unknown, message: string): string =>
  `RuntimeError: Unexpected ${name} error when executing ${(typeof op === 'number' ? OPCODE_NAMES[op] : undefined) ?? 'UNKNOWN'}: ${message}`;
export const invalidInstruction = (json: string): string =>
  `RuntimeError: Invalid instruction in code tree: ${json}`;
export const NOT_A_TEMPLATE: string = 'RuntimeError: Not a template or code tree';

// `.eval`: a parse or reduce error is the expression's source and one of the details below.
export const expressionParse = (source: string, detail: string): string =>
  `RuntimeError: Error parsing expression: ${source}: ${detail}`;
export const expressionReduce = (source: string): string =>
  `RuntimeError: Error reducing expression: ${source}: `;
export const tooManyTokens = (max: number): string =>
  `Expression exceeds the maximum number of allowed tokens: ${max}`;
export const invalidFunction = (name: string): string => `Invalid function ${name}`;
/** `code`: the character's code unit, named here. */
export const unexpectedChar = (code: number, at: number, char: string): string =>
  `Unexpected ${charKind(code)} at ${at}: ${char}`;

function charKind(c: number): string {
  switch (c) {
    case 8:
      return 'backspace';
    case 9:
      return 'tab';
    case 10:
      return 'line feed';
    case 12:
      return 'form feed';
    case 13:
      return 'carriage return';
    default:
      return c <= 0x1f ? 'control character' : 'character';
  }
}

export const HEX_DIGITS: string = 'Expected digits after start of hex number';
export const EXPONENT_POINT: string = 'Unexpected decimal point in exponent';
export const DUPLICATE_POINT: string = 'Duplicate decimal point in number';
export const EXPONENT_DIGIT: string = 'Expected a digit after exponent in decimal number';
export const UNTERMINATED_STRING: string = 'Unterminated string';
export const BARE_LINE_FEED: string = 'Illegal bare line feed character in string literal';
export const BARE_CARRIAGE_RETURN: string =
  'Illegal bare carriage return character in string literal';
export const HEX_ESCAPE: string = 'Invalid 2-char hex escape found';
export const UNICODE_ESCAPE: string = 'Invalid unicode escape found';
export const LEFT_PAREN: string = 'Mismatched operator found: left paren';
export const RIGHT_PAREN: string = 'Mismatched operator found: right paren';
export const callFailed = (name: string): string => `Error calling function ${name}`;
export const operatorArguments = (desc: string): string => `Invalid arguments to operator ${desc}`;
export const concatenationLimit = (max: number): string =>
  `Concatenation would exceed maximum string length ${max}`;
export const REDUCE_STACK: string = 'Reduce error: unexpected token on stack';
