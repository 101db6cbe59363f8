/**
 * Template lexer (docs/language.md, "Finding tags"), built once with chevrotain.
 *
 * The reference scans with a hand-rolled loop: at the first `{` after the previous tag it either
 * opens a `{##` comment or walks forward, letting every further `{` restart the tag, until the
 * first `}`. One such walk is a scan step. The tokens:
 *
 * - TextThenTag: the raw text of one or more scan steps, then a candidate tag that may be an
 *   instruction (its first body character can start one, see `mayStartTag`);
 * - Text: the raw text of the scan steps up to a `{##` comment opener or the end of the input,
 *   when no such candidate comes first;
 * - Comment: a `{## … ##}` comment, at the first `{` of a scan step.
 *
 * Most braces in real templates are CSS rules, script objects and JSON-LD: candidates such as
 * `{ color: red }` or `{"@type": …}` that can only be text. They stay inside the text token
 * (listed in its payload, see `TokenPayload`: the code tree keeps each as a TEXT of its own) instead of
 * costing a token each: measured, chevrotain's fixed cost per token was most of compiling such
 * templates, and text now costs three native searches per brace (`indexOf`, `lastIndexOf`).
 *
 * A tag is one token, `.eval` expressions included (measured: a token per tag part, or a
 * separate expression mode, made lexing alone cost about as much as the reference's whole
 * parse); tag-parser.ts reads the body by recursive descent. Every input lexes without errors:
 * a `{…}` that is not an instruction is decided by the parser, which turns it back into text.
 *
 * All patterns are custom matchers built on indexOf (regexes over long text runs were ~50x
 * slower) and declare their start characters, so chevrotain keeps its first-character dispatch.
 * Only chevrotain's public API is used (custom token patterns with payloads, `tokenize`), so an
 * upgrade cannot change the lexer silently, and the patterns keep no state between calls:
 * lexing is re-entrant (a plugin may compile a template while another compile is under way).
 */
import { createToken, Lexer, type IToken } from 'chevrotain';

const OPEN = 123; // {
const HASH = 35; // #

/**
 * A custom-pattern match (chevrotain's public custom token API): chevrotain reads element 0, the
 * image, and copies `payload` onto the token. Each match is a fresh array: the patterns keep no
 * state between calls, so lexing is re-entrant.
 */
type Match = [string] & { payload?: TokenPayload };

/**
 * A token's `payload`, offsets into the lexed string. Text: the candidates inside it that can
 * only be text, as `[start, end)` pairs in source order; absent when there are none.
 * TextThenTag: absent when its tag starts at its first `{`; otherwise the start of its tag (the
 * lexer knows it, and a backward search for it in the parser, a C++ builtin, measured ~20 ns per
 * tag), and when the token holds candidates, their pairs with the tag's start appended.
 */
export type TokenPayload = number | number[] | undefined;

/**
 * The first `{` of the step after the last tag matched: a step searches for the `{` after its
 * candidate's to tell strays from the next step's first brace, and when it ends the token, the
 * next token starts there and reuses the answer. A pure memo (strings are immutable, so the
 * answer stays true for the same text whatever ran in between): lexing stays re-entrant.
 * `lexTemplate` forgets the text after each call so that it is not kept alive.
 */
let memoText = '';
let memoFrom = -1;
let memoOpen = -1;

/** `text.indexOf('{', from)`, from the memo when it holds the answer. */
function firstOpen(text: string, from: number): number {
  // `===` compares references first; a different text is almost always a different length.
  return from === memoFrom && text === memoText ? memoOpen : text.indexOf('{', from);
}

/** Start-char hints for "anything but `except`", so chevrotain keeps its first-char dispatch. */
function allCharsExcept(except: number): number[] {
  const codes: number[] = [];
  for (let c = 0; c < 65536; c++) if (c !== except) codes.push(c);
  return codes;
}

/** True when the `{` at `open` starts `{##`. */
function opensComment(text: string, open: number): boolean {
  return text.charCodeAt(open + 1) === HASH && text.charCodeAt(open + 2) === HASH;
}

/**
 * True when a candidate tag whose body starts with `code` may parse as an instruction: a
 * comment (`#`), an instruction or predicate (`.`), or a variable reference (a letter, a digit,
 * `@` or `$`) (docs/language.md, "Kinds of tag"). Any other candidate is text whatever follows.
 */
function mayStartTag(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 64 && code <= 90) || // @ A-Z
    (code >= 46 && code <= 57 && code !== 47) || // . 0-9
    code === HASH ||
    code === 36 // $
  );
}

/**
 * Scans the steps from `offset` (a step start) and matches their raw text, with the candidates
 * that can only be text listed in the payload. With `withTag`, the match runs through the first
 * candidate that may be a tag and fails when none comes before a `{##` opener or the end; without,
 * it runs to that opener or the end and fails when such a candidate comes first (or when it would
 * be empty).
 */
function matchSteps(text: string, offset: number, withTag: boolean): Match | null {
  let candidates: number[] | undefined;
  let end = text.length;
  let open = firstOpen(text, offset);
  while (open !== -1) {
    if (opensComment(text, open)) {
      end = open;
      break;
    }
    const close = text.indexOf('}', open + 1);
    // No `}` after it: the rest of the input is text.
    if (close === -1) break;
    // The next `{` is the next step's first when it lies past `close`; before it, it is a stray
    // (as is every `{` up to the last one before `close`), and the candidate starts at that last.
    let next = text.indexOf('{', open + 1);
    let tagStart = open;
    if (next !== -1 && next < close) {
      tagStart = text.lastIndexOf('{', close);
      next = text.indexOf('{', close + 1);
    }
    if (mayStartTag(text.charCodeAt(tagStart + 1))) {
      if (!withTag) return null;
      memoText = text;
      memoFrom = close + 1;
      memoOpen = next;
      const match: Match = [text.slice(offset, close + 1)];
      if (candidates !== undefined) (match.payload = candidates).push(tagStart);
      else if (tagStart !== open) match.payload = tagStart;
      return match;
    }
    (candidates ??= []).push(tagStart, close + 1);
    open = next;
  }
  if (withTag || end === offset) return null;
  const match: Match = [text.slice(offset, end)];
  if (candidates !== undefined) match.payload = candidates;
  return match;
}

export const TextThenTag = createToken({
  name: 'TextThenTag',
  pattern: { exec: (text: string, offset: number) => matchSteps(text, offset, true) },
  start_chars_hint: allCharsExcept(-1),
  line_breaks: true,
});

export const Text = createToken({
  name: 'Text',
  pattern: { exec: (text: string, offset: number) => matchSteps(text, offset, false) },
  start_chars_hint: allCharsExcept(-1),
  line_breaks: true,
});

/**
 * `{##` at the first `{` of a scan step: a multi-line comment through the first `##}` after the
 * opener (so `{##}` does not close itself), or to the end of the input when none follows.
 */
export const Comment = createToken({
  name: 'Comment',
  pattern: {
    exec(text: string, offset: number): Match | null {
      if (!opensComment(text, offset)) return null;
      const close = text.indexOf('##}', offset + 3);
      return [close === -1 ? text.slice(offset) : text.slice(offset, close + 3)];
    },
  },
  start_chars_hint: [String.fromCharCode(OPEN)],
  line_breaks: true,
});

/** True when a Comment token ends with its `##}` (an unclosed one runs to the end of the input). */
export function isClosedComment(image: string): boolean {
  return image.length >= 6 && image.endsWith('##}');
}

/**
 * Created once: chevrotain analyses the token set at construction, which is costly. Every
 * pattern declares its start characters, so the first-char dispatch stays enabled. Tags far
 * outnumber comments, so TextThenTag is tried first (it fails at a `{##` opener); a text token
 * that may end with a tag before one that may not.
 */
const templateLexer = new Lexer([TextThenTag, Comment, Text], {
  positionTracking: 'onlyOffset',
  ensureOptimizations: true,
  skipValidations: true,
});

/**
 * Splits template source into tokens. Never fails: the token set covers every input. `tokenize`
 * re-checks the lexer definition on each call (a fixed ~60 ns, measured); the tokenizer behind it
 * is not public API, so that check is paid rather than bypassed.
 */
export function lexTemplate(source: string): IToken[] {
  const tokens = templateLexer.tokenize(source).tokens;
  memoText = '';
  memoFrom = -1;
  return tokens;
}
