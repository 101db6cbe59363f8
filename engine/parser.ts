/**
 * Parser: turns the lexer's tokens into a flat stream of instructions, each with the source
 * offset of its tag, and feeds them to a sink (the assembler). Follows docs/language.md, "Syntax":
 * consecutive raw text pieces of one scan step form a single TEXT; a tag that fails to parse is
 * emitted as its own TEXT (braces included) and is never merged with neighbouring text.
 */
import type { IToken } from 'chevrotain';
import type { Instruction } from './code.js';
import { Comment, isClosedComment, lexTemplate, TextThenTag, type TokenPayload } from './lexer.js';
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
 * benchmarks lost most of their lead to GC); chunks keep the token arrays short-lived. A chunk
 * boundary costs a rescan of the text after the chunk's last tag, so the size is large enough
 * for text-heavy templates (tens of KB with a tag every KB or two) to be lexed in one go; at
 * this size the 4096-repetition templates showed as many scavenges as with 16 KB chunks.
 */
const DEFAULT_CHUNK_SIZE = 65536;

/** True for a token after which a new scan step starts: a tag, or the end of a `{##` comment. */
function endsScanStep(token: IToken): boolean {
  const type = token.tokenType;
  return type === TextThenTag || (type === Comment && isClosedComment(token.image));
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
 * Emits the text of a text token from `start` to `end` (source offsets): raw text as one TEXT per
 * scan step, each candidate that can only be text (the first `count` entries of `candidates`,
 * offsets relative to `base`) as a TEXT of its own. A step's raw text (text before its tag, stray braces included) is one piece.
 * One `accept` call site: V8 inlines the assembler's `accept` into it, and more sites measured
 * as pushing other inlining out of the parse loop.
 */
function emitText(
  sink: InstructionSink,
  source: string,
  start: number,
  end: number,
  candidates: number[] | undefined,
  count: number,
  base: number,
): void {
  let k = 0;
  while (start < end) {
    let pieceEnd = end;
    if (k < count) {
      const from = base + candidates![k]!;
      if (from > start) {
        pieceEnd = from;
      } else {
        pieceEnd = base + candidates![k + 1]!;
        k += 2;
      }
    }
    sink.accept([Op.TEXT, source.slice(start, pieceEnd)], start);
    start = pieceEnd;
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
      const start = base + token.startOffset;
      const end = start + token.image.length;
      if (type === Comment) {
        // The close may be missing (the comment then runs to the end).
        const bodyEnd = isClosedComment(token.image) ? end - 3 : end;
        sink.accept([Op.COMMENT, source.slice(start + 3, bodyEnd), 1], start);
        continue;
      }
      const payload = token.payload as TokenPayload;
      const isTag = type === TextThenTag;
      let candidates: number[] | undefined;
      let pairEnds = 0;
      let tagStart = end;
      if (payload === undefined) {
        // No candidates, no strays: the tag starts at the token's first `{`.
        if (isTag) tagStart = source.indexOf('{', start);
      } else if (typeof payload === 'number') {
        tagStart = base + payload;
      } else {
        candidates = payload;
        pairEnds = isTag ? payload.length - 1 : payload.length;
        if (isTag) tagStart = base + payload[pairEnds]!;
      }
      emitText(sink, source, start, tagStart, candidates, pairEnds, base);
      if (isTag) {
        scope.tagOffset = tagStart;
        sink.accept(
          parseTag(scope, tagStart, end - 1) ?? [Op.TEXT, source.slice(tagStart, end)],
          tagStart,
        );
      }
    }
    base = nextBase;
  }
  sink.accept(Op.EOF, source.length);
}
