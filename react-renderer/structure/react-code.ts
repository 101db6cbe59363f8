/**
 * The "React code": what the structuring pass makes of a template's code tree, and what the
 * browser receives next to it. Plain JSON (tuples tagged by a number), so a page can ship it.
 * Instructions inside it are the template's own instruction arrays; block instructions become
 * "shells" whose nested blocks are React code in turn.
 */
import type { Code, Instruction } from '../../engine/code.js';
import type { Quote } from '../html/tokens.js';

export const enum Kind {
  /** An element: tag, attributes, children, and the raw attribute source when it has holes. */
  ELEMENT = 0,
  /** An instruction whose output lands here (see HoleMode). */
  HOLE = 1,
  /** SECTION/REPEATED/PREDICATE/IF with structured blocks (a shell of the instruction). */
  BLOCK = 2,
  /** Unstructurable template text: run to a string, then parsed (or raw, for `<head>`). */
  REGION = 3,
  /**
   * First child of a `<pre>`, `<listing>` or `<textarea>` whose content begins with output made
   * at render time: the browser drops that output's leading newline (html/tree-builder.ts skips the
   * template text's own).
   */
  DROPS_NEWLINE = 4,
  /**
   * Where a comment stood after text: the DOM keeps the texts on either side as two nodes,
   * so the text made before it is not continued by the text made after it.
   */
  TEXT_BREAK = 5,
}

export const enum HoleMode {
  /** Text, or markup parsed when it contains `<` or `&`. */
  MARKUP = 0,
  /** Inside `<script>`/`<style>`…: the output is the element's raw text. */
  RAW = 1,
  /** Inside `<textarea>`/`<title>`: text with entities decoded. */
  RCDATA = 2,
  /** Inside a comment: run for its effects, output dropped. */
  SILENT = 3,
}

/** An attribute value piece: decoded static text, or an instruction rendered to a string. */
export type Part = string | Instruction;

/**
 * An attribute, or (with the name '') a block of attributes, stored as an `RAttrBlock`. A value
 * with holes that is not double-quoted says how it is delimited (html/tokens.ts `Quote`):
 * a hole's output containing the delimiter ends the value early in the browser.
 */
export type RAttr = [name: string, value: string | Part[], quote?: Quote];

/**
 * A block of attributes (`<option{.equal? @ x} selected{.end}>`): an IF, PREDICATE/OR chain or
 * SECTION shell whose blocks are attribute lists (attributes and blocks of attributes), where
 * the block stands in its element's attribute list. Its name is empty, which no attribute's
 * name can be (code that knows nothing of blocks skips it as a name React cannot render). No
 * other attribute of the list has a React name that the block may set (conditional-attributes.ts).
 */
export type RAttrBlock = [name: '', shell: unknown[]];

export type RElement = [
  kind: Kind.ELEMENT,
  tag: string,
  attrs: RAttr[],
  children: RNode[],
  /**
   * Attribute source with holes outside values (`<img {@|image-meta}>`), tokenized at run
   * time; the attributes are then unused. (Blocks of attributes leave the list structured.)
   */
  dynamic: Part[] | 0,
  /**
   * The element's content as template code, where a value inside it may leave it
   * (local-regions.ts): run and parsed in its place when one does.
   */
  local?: Instruction[],
  /** Where the element's children start in `local`, after its first (`LocalSplits`). */
  splits?: LocalSplits,
];

/** An element's fields after its kind: what its maker is made of (NodeCompiler.elementMaker). */
export type ElementParts = RElement extends [Kind.ELEMENT, ...infer Parts] ? Parts : never;

/**
 * Pairs of (index of a child among the element's children, index of the instruction of its
 * content code where that child starts), flat: the content from that child on is the code
 * from there on (structure/local-regions.ts).
 */
export type LocalSplits = number[];
export type RHole = [kind: Kind.HOLE, inst: Instruction, mode: HoleMode];
export type RBlock = [kind: Kind.BLOCK, shell: unknown[]];
export type RRegion = [kind: Kind.REGION, block: Instruction[], raw: 0 | 1];

export type RNode =
  | string
  | RElement
  | RHole
  | RBlock
  | RRegion
  | [kind: Kind.DROPS_NEWLINE]
  | [kind: Kind.TEXT_BREAK];

/** A template prepared for the React path: serialisable as JSON. */
export interface ReactTemplate {
  code: Code;
  react: RNode[];
}

/** Shell -> the instruction it was made from, so runtime errors keep their locations. */
export const SHELL_ORIGIN = new WeakMap<object, unknown>();
