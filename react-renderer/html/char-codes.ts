/**
 * Character codes the HTML code compares by name (`c === Char.SLASH`, not `c === 47`), and the
 * character classes of the WHATWG tokenizer. A const enum: the compiled code still compares
 * numbers.
 */
export const enum Char {
  TAB = 0x09,
  LINE_FEED = 0x0a,
  FORM_FEED = 0x0c,
  CARRIAGE_RETURN = 0x0d,
  SPACE = 0x20,
  BANG = 0x21,
  DOUBLE_QUOTE = 0x22,
  HASH = 0x23,
  AMPERSAND = 0x26,
  SINGLE_QUOTE = 0x27,
  HYPHEN = 0x2d,
  SLASH = 0x2f,
  DIGIT_0 = 0x30,
  DIGIT_9 = 0x39,
  SEMICOLON = 0x3b,
  LESS_THAN = 0x3c,
  EQUALS = 0x3d,
  GREATER_THAN = 0x3e,
  QUESTION_MARK = 0x3f,
  UPPER_A = 0x41,
  UPPER_Z = 0x5a,
  UNDERSCORE = 0x5f,
  LOWER_A = 0x61,
  LOWER_D = 0x64,
  LOWER_F = 0x66,
  LOWER_X = 0x78,
  LOWER_Z = 0x7a,
  /** The last ASCII code: above it, a tag name's character may have a case of its own. */
  ASCII_LAST = 0x7f,
}

export const enum Ascii {
  /** `c | Ascii.LOWER_CASE_BIT` is `c` in lower case, for an ASCII letter `c`. */
  LOWER_CASE_BIT = 0x20,
}

/** ASCII whitespace as HTML counts it: space, tab, line feed, form feed, carriage return. */
export const isHtmlSpace = (c: number): boolean =>
  c === Char.SPACE ||
  c === Char.LINE_FEED ||
  c === Char.TAB ||
  c === Char.FORM_FEED ||
  c === Char.CARRIAGE_RETURN;

export const isAsciiDigit = (c: number): boolean => c >= Char.DIGIT_0 && c <= Char.DIGIT_9;

export const isAsciiAlpha = (c: number): boolean =>
  (c | Ascii.LOWER_CASE_BIT) >= Char.LOWER_A && (c | Ascii.LOWER_CASE_BIT) <= Char.LOWER_Z;

/** A hexadecimal digit, either case. */
export const isAsciiHexDigit = (c: number): boolean =>
  isAsciiDigit(c) ||
  ((c | Ascii.LOWER_CASE_BIT) >= Char.LOWER_A && (c | Ascii.LOWER_CASE_BIT) <= Char.LOWER_F);

export const isAsciiLower = (c: number): boolean => c >= Char.LOWER_A && c <= Char.LOWER_Z;
