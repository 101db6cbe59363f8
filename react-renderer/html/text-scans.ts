/**
 * Searches the HTML tokenizer (tokenizer.ts) makes ahead of where it stands, outside the tag
 * and attribute states: the end of a comment, the end tag that ends raw text, and a character
 * reference a chunk may end in the middle of.
 */
import { Char, isAsciiAlpha, isAsciiDigit, isHtmlSpace } from './char-codes.js';

/** The end of a comment: `-->`, or `--!>` (a parse error that ends it too). */
export const COMMENT_END = /--!?>/;

/** Whether the `&` at `at` starts a reference that the text ends before finishing. */
export function isUnfinishedReference(text: string, at: number): boolean {
  const n = text.length;
  if (n - at > 34) return false;
  for (let i = at + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    const alnum = isAsciiDigit(c) || isAsciiAlpha(c);
    if (!alnum && !(c === Char.HASH && i === at + 1)) return false;
  }
  return true;
}

/** Offset of the first `&` at or after `from`, or the length of the text when there is none. */
export function nextAmp(text: string, from: number): number {
  const amp = text.indexOf('&', from);
  return amp === -1 ? text.length : amp;
}

/** Whether `text` from `at` to its end could begin `</rawTag` (case-insensitive). */
export function startsEndTag(rawTag: string, text: string, at: number): boolean {
  if (rawTag === NO_END) return false;
  const head = `</${rawTag}`;
  const rest = text.slice(at).toLowerCase();
  return rest.length <= head.length && head.startsWith(rest);
}

/** The element whose raw text has no end: the rest of the input, `</plaintext>` included. */
const NO_END = 'plaintext';

/** Offset of `</rawTag` followed by space, `/` or `>` (case-insensitive), or -1. */
export function findRawEnd(rawTag: string, text: string, from: number): number {
  if (rawTag === NO_END) return -1;
  for (let i = text.indexOf('</', from); i !== -1; i = text.indexOf('</', i + 2)) {
    if (text.slice(i + 2, i + 2 + rawTag.length).toLowerCase() !== rawTag) continue;
    const c = text.charCodeAt(i + 2 + rawTag.length);
    if (isHtmlSpace(c) || c === Char.SLASH || c === Char.GREATER_THAN) return i;
  }
  return -1;
}
