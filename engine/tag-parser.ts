/**
 * Parses the body of one tag into an instruction (docs/language.md, "Syntax"), exactly as the
 * reference accepts it: anything that does not match the grammar makes the caller emit the whole
 * tag as literal text. Recursive descent over the tag token's text: the functions read the source
 * string in place (char codes on the hot paths — references, formatter names, keywords — and sticky
 * regexes on the rare ones), so nothing is sliced out until a piece is accepted.
 */
import type { Args, FormatterCall, FormatterList, Instruction, MaybeArgs, Path } from './code.js';
import { ErrorCode } from './errors.js';
import { Op } from './opcodes.js';
import { lookupName, type NameIndex } from './name-index.js';
import type { Formatter, Predicate, Registry } from './plugin.js';
import {
  DEFINITION_RE,
  FILE_PATH_RE,
  WORD_RE,
  instructionArgs,
  isLetter,
  isWhitespace,
  isWordChar,
  matchAt,
  readPath,
  readVariableList,
  skipWhitespace,
  spellsAt,
  splitArgs,
  type Cursor,
} from './tag-scan.js';

/** Receives the parser's own errors (unknown names, arity warnings) with the tag's offset. */
export interface TagErrorSink {
  parseError(
    code: ErrorCode,
    message: string,
    offset: number,
    severity?: 'error' | 'warning',
  ): void;
}

/**
 * Per-tag inputs shared by the helpers: the source, the operand range and where the tag starts.
 * It is also the readers' cursor (`pos`): one object per compile instead of one per tag.
 */
export interface TagScope extends Cursor {
  source: string;
  registry: Registry;
  errors: TagErrorSink;
  /** Offset of the tag's `{`, used to locate errors. */
  tagOffset: number;
  /** Names already looked up in this registry's tables (name-index.ts). */
  knownFormatters: NameIndex<Formatter>;
  knownPredicates: NameIndex<Predicate>;
}

function checkArity(
  scope: TagScope,
  kind: 'Formatter' | 'Predicate',
  name: string,
  plugin: { minArgs?: number; maxArgs?: number },
  args: MaybeArgs,
): void {
  const count = args === 0 ? 0 : args[0].length;
  const tooFew = plugin.minArgs !== undefined && count < plugin.minArgs;
  const tooMany = plugin.maxArgs !== undefined && count > plugin.maxArgs;
  if (!tooFew && !tooMany) return;
  const code = kind === 'Formatter' ? ErrorCode.FORMATTER_ARITY : ErrorCode.PREDICATE_ARITY;
  const range =
    plugin.maxArgs === undefined
      ? `at least ${plugin.minArgs}`
      : plugin.minArgs === plugin.maxArgs
        ? `${plugin.maxArgs}`
        : `${plugin.minArgs ?? 0} to ${plugin.maxArgs}`;
  scope.errors.parseError(
    code,
    `${kind} '${name}' expects ${range} argument(s) but got ${count}`,
    scope.tagOffset,
    'warning',
  );
}

/**
 * A PREDICATE or OR_PREDICATE for the name `source[nameStart, nameEnd)` (with its `?`) whose
 * arguments run to `end`. An unknown name is reported and kept.
 */
function predicateTag(
  scope: TagScope,
  opcode: Op.PREDICATE | Op.OR_PREDICATE,
  nameStart: number,
  nameEnd: number,
  end: number,
): Instruction {
  const { source, registry } = scope;
  const args = instructionArgs(source, nameEnd, end);
  const known = lookupName(
    scope.knownPredicates,
    registry.predicates,
    source,
    nameStart,
    nameEnd,
    false,
  );
  let name: string;
  if (known === undefined) {
    name = source.slice(nameStart, nameEnd);
    scope.errors.parseError(
      ErrorCode.PREDICATE_UNKNOWN,
      `SyntaxError: Predicate '${name}' is unknown`,
      scope.tagOffset,
    );
  } else {
    name = known.name;
    if (known.checksArity) checkArity(scope, 'Predicate', name, known.plugin, args);
  }
  return [opcode, name, args, [], Op.END] as Instruction;
}

/**
 * One `|name[args]` at `scope.pos` (the chain runs to `end`); `scope.pos` moves past it. Null
 * when malformed or the formatter is unknown (the latter also reports an error).
 */
function readFormatterCall(scope: TagScope, end: number): FormatterCall | null {
  const { source } = scope;
  const pos = scope.pos;
  if (source.charCodeAt(pos) !== 124 /* | */) return null;
  if (!isLetter(source.charCodeAt(pos + 1))) return null;
  const known = lookupName(
    scope.knownFormatters,
    scope.registry.formatters,
    source,
    pos + 1,
    -1,
    true,
  );
  if (known === undefined) {
    let nameEnd = pos + 2;
    while (isWordChar(source.charCodeAt(nameEnd))) nameEnd++;
    scope.errors.parseError(
      ErrorCode.FORMATTER_UNKNOWN,
      `SyntaxError: Formatter '${source.slice(pos + 1, nameEnd)}' is unknown`,
      scope.tagOffset,
    );
    return null;
  }
  const { name } = known;
  const nameEnd = pos + 1 + name.length;
  if (nameEnd === end || source.charCodeAt(nameEnd) === 124) {
    scope.pos = nameEnd;
    if (known.checksArity) checkArity(scope, 'Formatter', name, known.plugin, 0);
    return [name];
  }
  const delimiter = source[nameEnd]!;
  let argsEnd = source.indexOf('|', nameEnd + 1);
  if (argsEnd === -1 || argsEnd > end) argsEnd = end;
  const args: Args = [splitArgs(source, nameEnd + 1, argsEnd, delimiter), delimiter];
  scope.pos = argsEnd;
  if (known.checksArity) checkArity(scope, 'Formatter', name, known.plugin, args);
  return [name, args];
}

/**
 * `|name[args]` repeated from `scope.pos` up to `end`. Returns null when the chain is malformed
 * or a formatter is unknown (the latter also reports an error): the tag then stays literal. A
 * single call (the usual case) comes back in a one-slot literal.
 */
function readFormatters(scope: TagScope, end: number): FormatterList | null {
  if (scope.pos === end) return 0;
  const first = readFormatterCall(scope, end);
  if (first === null) return null;
  if (scope.pos === end) return [first];
  const calls: FormatterCall[] = [first];
  while (scope.pos < end) {
    const call = readFormatterCall(scope, end);
    if (call === null) return null;
    calls.push(call);
  }
  return calls;
}

/** A variable tag: `refs [formatters]`. */
export function parseVariableTag(scope: TagScope, start: number, end: number): Instruction | null {
  scope.pos = start;
  const paths = readVariableList(scope.source, scope, end);
  if (paths === null) return null;
  const formatters = readFormatters(scope, end);
  if (formatters === null) return null;
  return [Op.VARIABLE, paths, formatters];
}

/** Reads a single reference that must run to `end`. */
function readSoleReference(scope: TagScope, pos: number, end: number): Path | null {
  scope.pos = pos;
  const path = readPath(scope.source, scope);
  return scope.pos === end ? path : null;
}

/**
 * End of a predicate name `[a-zA-Z][\w-]*\?` at `pos` (after its `?`), or -1. A char loop: the
 * sticky regex it replaces cost as much as the rest of an `{.if}` tag.
 */
function predicateNameEnd(source: string, pos: number): number {
  if (!isLetter(source.charCodeAt(pos))) return -1;
  pos++;
  while (isWordChar(source.charCodeAt(pos))) pos++;
  return source.charCodeAt(pos) === 63 /* ? */ ? pos + 1 : -1;
}

function parseIf(scope: TagScope, pos: number, end: number): Instruction | null {
  const { source } = scope;
  const afterSpace = skipWhitespace(source, pos, end);
  if (afterSpace === pos) return null;
  pos = afterSpace;
  const nameEnd = predicateNameEnd(source, pos);
  if (nameEnd !== -1 && nameEnd <= end) {
    return predicateTag(scope, Op.PREDICATE, pos, nameEnd, end);
  }
  scope.pos = pos;
  const first = readPath(source, scope);
  if (first === null || scope.pos > end) {
    return pos === end ? [Op.IF, [], [], [], Op.END] : null;
  }
  pos = skipWhitespace(source, scope.pos, end);
  // One condition (the usual case): exact-size literals.
  if (pos === end) return [Op.IF, [], [first], [], Op.END];
  const operators: number[] = [];
  const paths: Path[] = [first];
  do {
    const c0 = source.charCodeAt(pos);
    if (c0 !== source.charCodeAt(pos + 1) || pos + 1 >= end) return null;
    if (c0 === 38 /* & */) operators.push(1);
    else if (c0 === 124 /* | */) operators.push(0);
    else return null;
    scope.pos = skipWhitespace(source, pos + 2, end);
    const path = readPath(source, scope);
    if (path === null || scope.pos > end) return null;
    paths.push(path);
    pos = skipWhitespace(source, scope.pos, end);
  } while (pos !== end);
  return [Op.IF, operators, paths, [], Op.END];
}

function parseBindvar(scope: TagScope, pos: number, end: number): Instruction | null {
  const { source } = scope;
  if (source.charCodeAt(pos) !== 32) return null;
  const defEnd = matchAt(DEFINITION_RE, source, pos + 1);
  if (defEnd === -1 || defEnd >= end || source.charCodeAt(defEnd) !== 32) return null;
  scope.pos = defEnd + 1;
  const paths = readVariableList(source, scope, end);
  if (paths === null) return null;
  const formatters = readFormatters(scope, end);
  if (formatters === null) return null;
  return [Op.BINDVAR, source.slice(pos + 1, defEnd), paths, formatters];
}

/** `.ctx @name key=ref …`; a trailing bare word is accepted and ignored (reference quirk). */
function parseCtxvar(scope: TagScope, pos: number, end: number): Instruction | null {
  const { source } = scope;
  if (source.charCodeAt(pos) !== 32) return null;
  const defStart = pos + 1;
  const defEnd = matchAt(DEFINITION_RE, source, defStart);
  if (defEnd === -1 || defEnd >= end || source.charCodeAt(defEnd) !== 32) return null;
  const bindings: [string, Path][] = [];
  pos = defEnd + 1;
  while (pos < end) {
    const keyEnd = matchAt(WORD_RE, source, pos);
    if (keyEnd === -1 || keyEnd > end) return null;
    if (keyEnd === end || source.charCodeAt(keyEnd) !== 61 /* = */) {
      pos = keyEnd;
      break;
    }
    scope.pos = keyEnd + 1;
    const path = readPath(source, scope);
    if (path === null || scope.pos > end) return null;
    bindings.push([source.slice(pos, keyEnd), path]);
    pos = skipWhitespace(source, scope.pos, end);
  }
  if (pos !== end || bindings.length === 0) return null;
  return [Op.CTXVAR, source.slice(defStart, defEnd), bindings];
}

function parseInject(source: string, pos: number, end: number): Instruction | null {
  if (source.charCodeAt(pos) !== 32) return null;
  const defEnd = matchAt(DEFINITION_RE, source, pos + 1);
  if (defEnd === -1 || defEnd >= end || source.charCodeAt(defEnd) !== 32) return null;
  const pathEnd = matchAt(FILE_PATH_RE, source, defEnd + 1);
  if (pathEnd === -1 || pathEnd > end) return null;
  return [
    Op.INJECT,
    source.slice(pos + 1, defEnd),
    source.slice(defEnd + 1, pathEnd),
    instructionArgs(source, pathEnd, end),
  ];
}

function parseInclude(source: string, pos: number, end: number): Instruction | null {
  const args = instructionArgs(source, pos, end);
  if (args === 0 || args[1] !== ' ' || args[0].length === 0) return null;
  const values = args[0];
  return [Op.INCLUDE, values[0]!, [values.slice(1), ' ']];
}

function parseMacro(source: string, pos: number, end: number): Instruction | null {
  if (source.charCodeAt(pos) !== 32) return null;
  const pathEnd = matchAt(FILE_PATH_RE, source, pos + 1);
  if (pathEnd !== end) return null;
  return [Op.MACRO, source.slice(pos + 1, end), []];
}

function parseOr(scope: TagScope, pos: number, end: number): Instruction | null {
  if (pos === end) return [Op.OR_PREDICATE, 0, 0, [], Op.END];
  const { source } = scope;
  if (source.charCodeAt(pos) !== 32) return null;
  const nameEnd = predicateNameEnd(source, pos + 1);
  if (nameEnd === -1 || nameEnd > end) return null;
  return predicateTag(scope, Op.OR_PREDICATE, pos + 1, nameEnd, end);
}

/** The instruction keywords, numbered by their index in KEYWORDS (a switch on numbers is a jump). */
const enum Keyword {
  SECTION,
  REPEATED,
  ALTERNATES,
  OR,
  END,
  EOF,
  IF,
  VAR,
  CTX,
  INCLUDE,
  INJECT,
  MACRO,
  META_LEFT,
  META_RIGHT,
  NEWLINE,
  SPACE,
  TAB,
  EVAL,
}

const KEYWORDS = [
  'section',
  'repeated',
  'alternates',
  'or',
  'end',
  'eof',
  'if',
  'var',
  'ctx',
  'include',
  'inject',
  'macro',
  'meta-left',
  'meta-right',
  'newline',
  'space',
  'tab',
  'eval',
];

/** Keywords by first letter, so a tag's keyword is found without slicing it out of the source. */
const KEYWORDS_BY_FIRST_CHAR: (Keyword[] | undefined)[] = [];
KEYWORDS.forEach((keyword, id) => {
  (KEYWORDS_BY_FIRST_CHAR[keyword.charCodeAt(0)] ??= []).push(id);
});

/**
 * The keyword spelled at `start` (whose char code is `first`) and ending there: followed by
 * neither a word character nor the `?` of a predicate name. Or -1. Matching where the word starts
 * reads each character once; scanning the word's end first and comparing after read it twice.
 */
function keywordAt(source: string, first: number, start: number): Keyword | -1 {
  const candidates = KEYWORDS_BY_FIRST_CHAR[first];
  if (candidates === undefined) return -1;
  for (const id of candidates) {
    const keyword = KEYWORDS[id]!;
    const next = source.charCodeAt(start + keyword.length);
    if (!isWordChar(next) && next !== 63 /* ? */ && spellsAt(source, start, keyword)) return id;
  }
  return -1;
}

/**
 * `.keyword operands`; the operands run from `pos` (just after the keyword) to `end`. `.eval`
 * is an instruction only when whitespace follows it; a bare `.eval` is literal.
 */
function parseKeywordTag(
  scope: TagScope,
  keyword: Keyword,
  pos: number,
  end: number,
): Instruction | null {
  const { source } = scope;
  switch (keyword) {
    case Keyword.SECTION: {
      const refStart = skipWhitespace(source, pos, end);
      if (refStart === pos) return null;
      const path = readSoleReference(scope, refStart, end);
      return path === null ? null : [Op.SECTION, path, [], Op.END];
    }
    case Keyword.REPEATED: {
      if (!spellsAt(source, pos, ' section')) return null;
      const refStart = skipWhitespace(source, pos + 8, end);
      if (refStart === pos + 8) return null;
      const path = readSoleReference(scope, refStart, end);
      return path === null ? null : [Op.REPEATED, path, [], Op.END, []];
    }
    case Keyword.ALTERNATES:
      return end - pos === 5 && spellsAt(source, pos, ' with') ? Op.ALTERNATES_WITH : null;
    case Keyword.OR:
      return parseOr(scope, pos, end);
    case Keyword.IF:
      return parseIf(scope, pos, end);
    case Keyword.VAR:
      return parseBindvar(scope, pos, end);
    case Keyword.CTX:
      return parseCtxvar(scope, pos, end);
    case Keyword.INCLUDE:
      return parseInclude(source, pos, end);
    case Keyword.INJECT:
      return parseInject(source, pos, end);
    case Keyword.MACRO:
      return parseMacro(source, pos, end);
    // Bare keywords: nothing may follow them.
    case Keyword.END:
      return pos === end ? Op.END : null;
    case Keyword.EOF:
      return pos === end ? Op.EOF : null;
    case Keyword.META_LEFT:
      return pos === end ? Op.META_LEFT : null;
    case Keyword.META_RIGHT:
      return pos === end ? Op.META_RIGHT : null;
    case Keyword.NEWLINE:
      return pos === end ? Op.NEWLINE : null;
    case Keyword.SPACE:
      return pos === end ? Op.SPACE : null;
    case Keyword.TAB:
      return pos === end ? Op.TAB : null;
    // `.eval` and whitespace: the rest of the tag, after the whitespace, is a raw expression.
    case Keyword.EVAL: {
      if (!isWhitespace(source.charCodeAt(pos))) return null;
      const expressionStart = skipWhitespace(source, pos, end);
      return [Op.EVAL, source.slice(expressionStart, end)];
    }
  }
}

/**
 * A tag whose body starts with `.` (at `start`): a keyword instruction (`.eval` included), or a
 * predicate when the name ends in `?`. Null = literal.
 */
export function parseInstructionTag(
  scope: TagScope,
  start: number,
  end: number,
): Instruction | null {
  const source = scope.source;
  // `.keyword …`, `.word?` or literal.
  const first = source.charCodeAt(start + 1);
  if (!isLetter(first)) return null;
  const keyword = keywordAt(source, first, start + 1);
  if (keyword !== -1) {
    return parseKeywordTag(scope, keyword, start + 1 + KEYWORDS[keyword]!.length, end);
  }
  let nameEnd = start + 2;
  while (isWordChar(source.charCodeAt(nameEnd))) nameEnd++;
  return source.charCodeAt(nameEnd) === 63 /* ? */
    ? predicateTag(scope, Op.PREDICATE, start + 1, nameEnd + 1, end)
    : null;
}
