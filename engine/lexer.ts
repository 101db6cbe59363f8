/**
 * Template lexer (docs/language.md, "Finding tags"), built once with chevrotain.
 *
 * The reference scans with a hand-rolled loop: at the first `{` after the previous tag it either
 * opens a `{##` comment or walks forward, letting every further `{` restart the tag, until the
 * first `}`. The token patterns below encode that loop declaratively, in three lexer modes:
 *
 * - text mode: plain text (with the tag that follows it, when one does: TextThenTag); a `{##`
 *   comment opener; a whole tag (a `{` whose body reaches a `}` without meeting another
 *   brace); a run of "stray" `{…` fragments that precede the real tag
 *   start; or an unclosed `{` that swallows the rest of the input;
 * - after-stray mode: the tag that follows stray braces. It exists because `{##` is only a
 *   comment opener at the *first* `{` of a scan step; after strays it is an ordinary tag;
 * - comment mode: a `{## … ##}` body.
 *
 * A tag is one token, `.eval` expressions included (measured: a token per tag part, or a
 * separate expression mode, made lexing alone cost about as much as the reference's whole
 * parse); tag-parser.ts reads the body by recursive descent. Every input lexes without errors: a `{…}` that is not an instruction is
 * decided by the parser, which turns it back into literal text.
 *
 * All patterns are custom matchers built on indexOf/charCodeAt (regexes over long text runs
 * were ~50x slower than indexOf) and declare their start characters, so chevrotain keeps its
 * first-character dispatch. Only chevrotain's public API is used (custom token patterns, lexer
 * modes, `tokenize`), so an upgrade cannot change the lexer silently, and the patterns keep no
 * state between calls: lexing is re-entrant (a plugin may compile a template while another
 * compile is under way).
 */
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

const OPEN = 123; // {
const HASH = 35; // #

/**
 * A custom-pattern match (chevrotain's public custom token API): chevrotain reads element 0, the
 * image, and copies it out at once. Each match is a fresh array: the patterns keep no state
 * between calls, so lexing is re-entrant.
 */
type Match = [string];

/**
 * `text.indexOf(brace, from)` that remembers its last answer: the first brace at or after
 * `from` is also the answer for any later `from` up to it. Lexing asks for the next `{` and `}`
 * from positions that only move forward, so each brace is searched for once, and a run of
 * braces without partners (hostile input) stays linear. A pure memo (strings are immutable, so
 * an answer stays true for the same text whatever ran in between): lexing stays re-entrant.
 * `lexTemplate` forgets the text after each call so that it is not kept alive.
 */
class BraceSearch {
  private text = '';
  private from = -1;
  private at = -1;
  constructor(private readonly brace: string) {}

  next(text: string, from: number): number {
    // `!==` compares references first; a different text is almost always a different length.
    if (text !== this.text || from < this.from || (this.at !== -1 && from > this.at)) {
      this.text = text;
      this.at = text.indexOf(this.brace, from);
    }
    this.from = from;
    return this.at;
  }

  forget(): void {
    this.text = '';
  }
}

const nextOpen = new BraceSearch('{');
const nextClose = new BraceSearch('}');

/**
 * Offset of the `}` closing a tag that starts at the `{` at `open`, or -1 when another `{`
 * comes first or no `}` follows. Remembered searches rather than a char loop over the tag body
 * (that loop measured ~15% of compiling a page): the `{` found here is where the next token's
 * search for a tag lands.
 */
function closingBrace(text: string, open: number): number {
  const close = nextClose.next(text, open + 1);
  if (close === -1) return -1;
  const next = nextOpen.next(text, open + 1);
  return next !== -1 && next < close ? -1 : close;
}

/** Start-char hints for "anything but `except`", so chevrotain keeps its first-char dispatch. */
function allCharsExcept(except: number): number[] {
  const codes: number[] = [];
  for (let c = 0; c < 65536; c++) if (c !== except) codes.push(c);
  return codes;
}

/** Everything up to (not including) `stop`, or to the end; null when empty. */
function runUntil(stop: string) {
  return {
    exec(text: string, offset: number): Match | null {
      const end = text.indexOf(stop, offset);
      if (end === offset) return null;
      return [end === -1 ? text.slice(offset) : text.slice(offset, end)];
    },
  };
}

/** Start chars of the text tokens: anything but `{`. */
const ALL_BUT_OPEN = allCharsExcept(OPEN);

// ---- text mode ---------------------------------------------------------------------------------

/** True when the `{` at `open` starts `{##`. */
function opensComment(text: string, open: number): boolean {
  return text.charCodeAt(open + 1) === HASH && text.charCodeAt(open + 2) === HASH;
}

/** A tag from the `{` at `offset` to the first `}`, or null when another `{` comes first. */
function matchTag(text: string, offset: number): Match | null {
  const close = closingBrace(text, offset);
  return close === -1 ? null : [text.slice(offset, close + 1)];
}

/**
 * `{body}`: a candidate tag, body without braces. At the first `{` of a scan step `{##` opens a
 * comment instead; checking that here rather than trying MultiCommentOpen first saves a pattern
 * call for every tag (tags far outnumber comments).
 */
export const Tag = createToken({
  name: 'Tag',
  pattern: {
    exec: (text: string, offset: number): Match | null =>
      opensComment(text, offset) ? null : matchTag(text, offset),
  },
  start_chars_hint: ['{'],
  line_breaks: true,
});

/** `{##` at the first `{` of a scan step: a multi-line comment up to the next `##}`. */
export const MultiCommentOpen = createToken({
  name: 'MultiCommentOpen',
  pattern: {
    exec: (text: string, offset: number): Match | null =>
      opensComment(text, offset) ? ['{##'] : null,
  },
  start_chars_hint: ['{'],
  push_mode: 'comment',
});

/**
 * Text up to the next `{` together with the whole tag that starts there (not a `{##` comment
 * opener). The parser splits the two at the image's last `{` (the text holds none). Measured: most
 * text runs end at a tag, and one token for both instead of two made lexing ~25% cheaper on
 * text-heavy templates. Fails (and Text takes the run alone) when no such tag follows.
 */
function matchTextThenTag(text: string, offset: number): Match | null {
  const open = nextOpen.next(text, offset);
  if (open !== -1 && !opensComment(text, open)) {
    const close = closingBrace(text, open);
    if (close !== -1) return [text.slice(offset, close + 1)];
  }
  return null;
}

export const TextThenTag = createToken({
  name: 'TextThenTag',
  pattern: { exec: matchTextThenTag },
  start_chars_hint: ALL_BUT_OPEN,
  line_breaks: true,
});

/** Text up to the next `{` (not followed by a tag, see TextThenTag). `}` is ordinary text. */
function matchText(text: string, offset: number): Match {
  const end = nextOpen.next(text, offset);
  return [end === -1 ? text.slice(offset) : text.slice(offset, end)];
}

export const Text = createToken({
  name: 'Text',
  pattern: { exec: matchText },
  start_chars_hint: ALL_BUT_OPEN,
  line_breaks: true,
});

/**
 * `{` fragments before the real tag start: in `a{b{c}` the tag is `{c}` and `{b` is text. The
 * match stops at the last `{` before the first `}`; it fails when no `}` follows at all. Two
 * native searches instead of a char loop: CSS and script blocks nest braces, and that loop was
 * the largest single cost of compiling them.
 */
function matchStrayBraces(text: string, offset: number): Match | null {
  const close = nextClose.next(text, offset + 1);
  if (close === -1) return null;
  // The `{` at `offset` bounds the backward search, so it reads only what the loop read.
  const lastOpen = text.lastIndexOf('{', close);
  return lastOpen === offset ? null : [text.slice(offset, lastOpen)];
}

export const StrayBraces = createToken({
  name: 'StrayBraces',
  pattern: { exec: matchStrayBraces },
  start_chars_hint: ['{'],
  push_mode: 'afterStray',
  line_breaks: true,
});

/** A `{` with no `}` anywhere after it: the rest of the input is text. */
export const UnclosedText = createToken({
  name: 'UnclosedText',
  pattern: { exec: (text: string, offset: number): Match => [text.slice(offset)] },
  start_chars_hint: ['{'],
  line_breaks: true,
});

// ---- after-stray mode (the tag that follows StrayBraces; back to text mode after it) -----------

export const TagAfterStray = createToken({
  name: 'TagAfterStray',
  pattern: { exec: matchTag },
  start_chars_hint: ['{'],
  pop_mode: true,
  line_breaks: true,
});

// ---- comment mode ------------------------------------------------------------------------------

export const MultiCommentClose = createToken({
  name: 'MultiCommentClose',
  pattern: /##\}/,
  pop_mode: true,
});

/** A `{## … ##}` body: everything before the next `##}` (or the rest of the input). */
export const CommentBody = createToken({
  name: 'CommentBody',
  pattern: runUntil('##}'),
  start_chars_hint: allCharsExcept(-1),
  line_breaks: true,
});

const modes: Record<string, TokenType[]> = {
  text: [Tag, MultiCommentOpen, TextThenTag, Text, StrayBraces, UnclosedText],
  afterStray: [TagAfterStray],
  comment: [MultiCommentClose, CommentBody],
};

/**
 * Created once: chevrotain analyses the token set at construction, which is costly. Every
 * pattern declares its start characters, so the first-char dispatch stays enabled.
 */
const templateLexer = new Lexer(
  { modes, defaultMode: 'text' },
  { positionTracking: 'onlyOffset', ensureOptimizations: true, skipValidations: true },
);

/**
 * Splits template source into tokens. Never fails: the token set covers every input. `tokenize`
 * re-checks the lexer definition on each call (a fixed ~60 ns, measured); the tokenizer behind it
 * is not public API, so that check is paid rather than bypassed.
 */
export function lexTemplate(source: string): IToken[] {
  const tokens = templateLexer.tokenize(source).tokens;
  nextOpen.forget();
  nextClose.forget();
  return tokens;
}
