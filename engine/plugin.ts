/**
 * The plugin API: everything a formatter or predicate may use. formatters/ and predicates/
 * import only this module (and values/code/errors), never the executor's internals, so the
 * engine can change how it runs without touching plugins.
 */
import type { Code, Path } from './code.js';

/**
 * How `RenderContext.resolveRef` reads a dotted reference (`items.0.name`), for plugins that
 * split their argument references once, in `prepare`, and then call `resolve`.
 */
export { splitReference } from './resolve.js';

/** A mutable holder passed through a formatter chain; formatters replace `vars[0]` via `set`. */
export class Variable {
  /**
   * True after `setUndefined`: the value is MISSING to everything except `raw`. The reference
   * keeps a computed JS `undefined` (e.g. `cycle` indexing past its arguments) apart from its
   * MISSING node, and only `raw` tells them apart (`""` instead of `null`).
   */
  undefinedResult = false;
  constructor(public value: unknown) {}
  set(value: unknown): void {
    this.value = value;
    this.undefinedResult = false;
  }
  /** Sets MISSING as a computed `undefined` (see `undefinedResult`). */
  setUndefined(): void {
    this.value = undefined;
    this.undefinedResult = true;
  }
}

/** One level of the data stack (docs/language.md, "Values and frames"). */
export interface Frame {
  /** The data value this frame wraps (`undefined` = MISSING). */
  readonly node: unknown;
  readonly parent: Frame | null;
  /** Index of the element being rendered when this frame iterates an array, else -1. */
  index: number;
  /** Set on private partials: variable lookup stops after this frame. */
  stopResolution: boolean;
}

export interface RenderContext {
  /** The value of the current frame. Inside a formatter called from `{a|f}` this is `a`. */
  node(): unknown;
  /** The current frame. Inside a formatter called from a variable tag, `frame().parent` is where the tag appeared. */
  frame(): Frame;
  /**
   * Variable resolution (docs/language.md, "Resolution"), searching from `from` (default: current
   * frame) to the root.
   */
  resolve(path: Path, from?: Frame): unknown;
  /** Same as `resolve` for a dotted reference as written in a template, e.g. `item.title` or `@index`. */
  resolveRef(ref: string, from?: Frame): unknown;
  /** Records a runtime error at the location of the instruction being executed; rendering goes on. */
  error(message: string): void;
  /**
   * Runs compiled code (a built-in template, a partial) with `node` as its data in a new frame and
   * returns its output. Private templates cannot see variables outside that frame.
   */
  executeTemplate(code: Code, node: unknown, isPrivate: boolean): string;
  /**
   * `{x|apply NAME ...}`: renders a macro or partial with depth accounting (limit 16).
   * `args` is bound as `@args` when not null. Returns "" and records an error on failure.
   */
  applyPartial(
    name: string,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | null,
  ): string;
  /** BCP 47 locale of this render, default 'en-US'. */
  readonly locale: string;
  /** Epoch ms used by relative-time and timesince; undefined means "the current time". */
  readonly now: number | undefined;
  /** Time zone override from the render options; plugins fall back to website.timeZone. */
  readonly timeZone: string | undefined;
}

export interface Formatter {
  /**
   * Transforms `vars[0]` (and rarely others) in place by calling `set`. May throw: the engine
   * records the error and leaves the output of this tag empty. `prepared` is what `prepare`
   * returned for this call's arguments, or undefined (no `prepare`, or a caller that does not
   * prepare): `apply` must give the same result either way.
   */
  apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void;
  /**
   * Compile-time hook: the engine calls it once per formatter call of a compiled instruction,
   * with that call's arguments, and hands the result to every `apply` of that call. Work that
   * depends only on the arguments (parsing options and patterns, building Intl formatters)
   * then happens once per instruction instead of once per render. Must not throw and must not
   * depend on any render; the result may hold caches that later renders fill.
   */
  prepare?: (args: string[]) => unknown;
  /** Compile-time arity check; omitted means any number of arguments is accepted. */
  minArgs?: number;
  maxArgs?: number;
  /**
   * Declares the formatter pure: `apply(args, vars, ctx)` is exactly
   * `vars[0].set(map(vars[0].value))` (no arguments, no other variables, no context). The engine
   * may then call `map` directly and skip the Variable and the frame push. Omitted (the safe
   * default) means the engine always goes through `apply`. A copy of a formatter object with a
   * different `apply` must not keep the original's `map`.
   */
  map?: (value: unknown) => unknown;
  /**
   * For a pure formatter (`map`) followed by the pure `next` in a chain, both without
   * arguments: a single mapping whose result is exactly `next.map(this.map(value))`, when this
   * formatter knows a cheaper way to produce it (e.g. `json|htmlattr` in one pass); undefined
   * otherwise. The engine asks once per compiled instruction.
   */
  fuse?: (next: Formatter) => ((value: unknown) => unknown) | undefined;
  /**
   * Declares the formatter an HTML escape: with no arguments, its output is exactly
   * `unescaped(value)` with `&`, `<`, `>` (and maybe `"`) written as character references, and
   * nothing else. A renderer that decodes references in that output again (the React path, for
   * text and attribute values) may use `unescaped(value)` as is. Like `map`, a copy with a
   * different `apply` must not keep it.
   */
  unescaped?: (value: unknown) => string;
}

export interface Predicate {
  /**
   * `prepared` is what `prepare` returned for these arguments, or undefined (no `prepare`, or a
   * caller that does not prepare): the result must be the same either way.
   */
  apply(args: string[], ctx: RenderContext, prepared?: unknown): boolean;
  /** Compile-time hook, as `Formatter.prepare`: once per predicate call of a compiled instruction. */
  prepare?: (args: string[]) => unknown;
  minArgs?: number;
  maxArgs?: number;
}

/** Predicate names include their trailing `?`. */
export type FormatterTable = Record<string, Formatter>;
export type PredicateTable = Record<string, Predicate>;

export interface Registry {
  formatters: FormatterTable;
  predicates: PredicateTable;
}
