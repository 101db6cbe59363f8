/**
 * Parser: turns the lexer's tokens into a flat stream of instructions, each with the source
 * offset of its tag, and feeds them to a sink (the assembler). Follows docs/language.md, "Syntax":
 * consecutive raw text pieces of one scan step form a single TEXT; a tag that fails to parse is
 * emitted as its own TEXT (braces included) and is never merged with neighbouring text.
 */
import type { IToken } from 'chevrotain';
import type { Instruction } from './code.js';
import {
  lexTemplate,
  MultiCommentClose,
  MultiCommentOpen,
  Tag,
  TagAfterStray,
  TextThenTag,
} from './lexer.js';
import { nameIndex } from './name-index.js';
import { spellsAt } from './tag-scan.js';
import { Op } from './opcodes.js';
import type { Registry } from './plugin.js';
import {
  parseInstructionTag,
  parseVariableTag,
  type TagErrorSink,
  type TagScope,
} from './tag-parser.js';

/** Consumer of the instruction stream (the assembler). */
export interface InstructionSink extends TagErrorSink {
  /** `offset` is where the instruction's tag (or text) starts in the source. */
  accept(instruction: Instruction, offset: number): void;
}

/**
 * Classifies a tag by its first body character (docs/language.md, "Kinds of tag") and parses it.
 * `start` is the offset of `{`, `end` that of `}`. Returns null when the tag is literal text.
 */
function parseTag(scope: TagScope, start: number, end: number): Instruction | null {
  const source = scope.source;
  switch (source.charCodeAt(start + 1)) {
    case 35 /* # */:
      return [Op.COMMENT, source.slice(start + 2, end), 0];
    case 46 /* . */:
      // `{.end}`, a quarter of all tags on real pages, recognised by its letters: the general
      // keyword path measured ~3% of compiling them.
      if (end - start === 5 && spellsAt(source, start + 2, 'end')) return Op.END;
      return parseInstructionTag(scope, start + 1, end);
    case 125 /* } */:
      return null;
    default:
      return parseVariableTag(scope, start + 1, end);
  }
}

/**
 * Characters lexed at a time. Lexing a large template in one go keeps every token alive until
 * the end, and those tokens outlive young-generation GC (measured: the 4096-repetition
 * benchmarks lost most of their lead to GC); chunks keep the token arrays short-lived.
 */
const DEFAULT_CHUNK_SIZE = 16384;

/** True for a token after which a new scan step starts (a tag or the end of a `{##` comment). */
function endsScanStep(token: IToken): boolean {
  const type = token.tokenType;
  return (
    type === Tag || type === TagAfterStray || type === TextThenTag || type === MultiCommentClose
  );
}

/**
 * Lexes `source` from `base` in chunks that end after a complete tag: at that point the scan is
 * at the start of a step (docs/language.md, "Finding tags"), and every token before it was decided
 * by characters inside the chunk, so the tokens equal those of lexing the whole source. Returns the
 * tokens (offsets relative to `base`), how many of them to consume, and where the next chunk
 * starts.
 */
function lexChunk(source: string, base: number, chunkSize: number): [IToken[], number, number] {
  for (let size = chunkSize; ; size *= 2) {
    const chunkEnd = base + size;
    if (chunkEnd >= source.length) {
      const tokens = lexTemplate(base === 0 ? source : source.slice(base));
      return [tokens, tokens.length, source.length];
    }
    const tokens = lexTemplate(source.slice(base, chunkEnd));
    let last = tokens.length - 1;
    while (last >= 0 && !endsScanStep(tokens[last]!)) last--;
    if (last >= 0) {
      const token = tokens[last]!;
      return [tokens, last + 1, base + token.startOffset + token.image.length];
    }
  }
}

/**
 * Scans `source` and feeds every instruction, then EOF, to `sink`. `chunkSize` only changes how
 * much is lexed at once, never the result (tests vary it).
 */
export function parseTemplate(
  source: string,
  registry: Registry,
  sink: InstructionSink,
  chunkSize = DEFAULT_CHUNK_SIZE,
): void {
  const scope: TagScope = {
    source,
    registry,
    errors: sink,
    tagOffset: 0,
    pos: 0,
    knownFormatters: nameIndex(registry, 'formatters'),
    knownPredicates: nameIndex(registry, 'predicates'),
  };
  let textStart = -1;
  let textEnd = -1;
  let base = 0;

  while (base < source.length) {
    let tokens: IToken[];
    let count: number;
    let nextBase: number;
    if (base === 0 && source.length <= chunkSize) {
      // The common case, one chunk: no tuple to allocate.
      tokens = lexTemplate(source);
      count = tokens.length;
      nextBase = source.length;
    } else {
      [tokens, count, nextBase] = lexChunk(source, base, chunkSize);
    }
    for (let i = 0; i < count; i++) {
      const token = tokens[i]!;
      const type = token.tokenType;
      let start = base + token.startOffset;
      const isTag = type === Tag || type === TagAfterStray;
      if (type === TextThenTag) {
        // Text, then a tag from its `{`: the first one, as the text part holds none (indexOf
        // runs at memchr speed; scanning the tag back from the image's end measured ~6% of
        // compiling a page).
        const tagStart = source.indexOf('{', start);
        if (textStart === -1) textStart = start;
        textEnd = tagStart;
        start = tagStart;
      } else if (!isTag && type !== MultiCommentOpen) {
        // Text, StrayBraces or UnclosedText: raw text of the current scan step.
        if (textStart === -1) textStart = start;
        textEnd = start + token.image.length;
        continue;
      }
      if (textStart !== -1) {
        sink.accept([Op.TEXT, source.slice(textStart, textEnd)], textStart);
        textStart = -1;
      }
      if (type !== MultiCommentOpen) {
        const end = base + token.startOffset + token.image.length - 1;
        scope.tagOffset = start;
        sink.accept(parseTag(scope, start, end) ?? [Op.TEXT, source.slice(start, end + 1)], start);
      } else {
        // The body may be absent, and the close missing (the comment then runs to the end).
        let j = i + 1;
        while (j < count && tokens[j]!.tokenType !== MultiCommentClose) j++;
        const bodyEnd = j < count ? base + tokens[j]!.startOffset : source.length;
        sink.accept([Op.COMMENT, source.slice(start + 3, bodyEnd), 1], start);
        i = j;
      }
    }
    base = nextBase;
  }
  if (textStart !== -1) sink.accept([Op.TEXT, source.slice(textStart, textEnd)], textStart);
  sink.accept(Op.EOF, source.length);
}
