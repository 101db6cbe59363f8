/**
 * The state of one render: the frame stack, the output buffer, the error list, the render
 * options, and partial lookup with its recursion accounting. It implements the plugin-facing
 * RenderContext. It knows nothing about how instructions run: the executor hands it a
 * `compile` function for blocks (so the two modules do not import each other).
 */
import type { Block, Code, MacroCode, Path } from './code.js';
import { ErrorCode, makeError, type TemplateError } from './errors.js';
import type { EvalHost } from './expressions/index.js';
import { StackFrame } from './frame.js';
import type { RenderContext, Registry } from './plugin.js';
import {
  locateInstruction,
  type InstructionLocation,
  type LocationUnit,
} from './instruction-locations.js';
import { resolvePath, splitReference } from './resolve.js';
import { parseStringPartial } from './string-partial.js';
import type { ParseFunction, RenderOptions, Template } from './template.js';
import { partialDepth, partialLimit, partialMissing, unexpectedError } from './error-texts.js';

/**
 * A compiled instruction or block: runs it and returns the text it produced. Returning the text
 * (rather than appending to a shared buffer) lets each block build its output in a local string,
 * which V8 keeps in a register instead of re-reading and re-writing a context field per step.
 */
export type Emit = (ctx: ExecContext) => string;

/**
 * A closure that appends its output to `ctx.out` (or produces none): the contract of the
 * engine/fragments.ts hooks, where the output may go somewhere else than a string.
 */
export type Exec = (ctx: ExecContext) => void;

/** Turns a block into a closure (cached by the executor per block array). */
export type BlockCompiler = (block: Block) => Emit;

/** What instruction compilers get: the registry and a way to compile nested blocks. */
export interface EmitCompiler {
  readonly registry: Registry;
  /** A block (instruction array) as one closure; anything else compiles to a no-op. */
  block(block: unknown): Emit;
  /** END/EOF (no-op) or an OR_PREDICATE chain. */
  alternate(alternate: unknown): Emit;
  /**
   * When a block is exactly one step with no literal text around it: that step unguarded, and
   * its instruction, so that a caller running the block in a loop can guard it itself.
   */
  step(block: unknown): { run: Emit; inst: unknown } | null;
}

/** `EmitCompiler` for `Exec` closures (engine/fragments.ts `controlFlow`). */
export interface Compiler {
  readonly registry: Registry;
  block(block: unknown): Exec;
  alternate(alternate: unknown): Exec;
}

/** Nested apply/include limit shared by both (docs/language.md, "Limits"). */
export const MAX_PARTIAL_DEPTH = 16;

/**
 * Applications of partials and macros (apply and include together) in one render, by default
 * (docs/language.md, "Limits"). The depth limit bounds how deep partials nest, not how many run:
 * a partial applying itself four times runs 4^16 times within it. A product list applies a few
 * partials per item; this leaves room for thousands of items.
 */
export const DEFAULT_MAX_APPLICATIONS = 100_000;

const DEFAULT_MAX_TOKENS = 2000;
const DEFAULT_MAX_STRING_LENGTH = 1_000_000;
const hasOwn = Object.prototype.hasOwnProperty;

export class ExecContext implements RenderContext {
  /**
   * Output buffer of the engine/fragments.ts hooks (`Exec` closures append here). The engine's
   * own closures return their text instead.
   */
  out = '';
  /** The current frame. */
  cur: StackFrame;
  readonly errors: TemplateError[] = [];
  /** The instruction being executed, for locating errors reported by plugins. */
  inst: unknown = null;

  /** `.eval` instructions whose parse error was already reported in this render. */
  reportedEvals: Set<unknown> | null = null;
  /** How `.eval` reads variables; created by the first `.eval` of the render. */
  evalHost: EvalHost | null = null;

  private depth = 0;
  /**
   * Partials and macros applied so far in this render (`enterPartial`), counted on the
   * render's first context: a context made by `withRegistry` runs part of the same render.
   */
  private applied = 0;
  private counter: ExecContext = this;
  // Created on first use: most renders use no partials, and a render is short enough that
  // every allocation or field in this constructor shows up in the small benchmarks (which is
  // also why the options below are getters rather than fields copied here).
  private partialCache: Map<string, Block> | null = null;
  /** Location sources besides the template itself: the partials parsed in this render. */
  private partialUnits: LocationUnit[] | null = null;

  constructor(
    data: unknown,
    readonly registry: Registry,
    private readonly compile: BlockCompiler,
    private readonly options: RenderOptions,
    private readonly template: Template | null,
    private readonly parse: ParseFunction | undefined,
  ) {
    this.cur = new StackFrame(data, null);
  }

  /**
   * A context for the same render at the current frame, with another registry: runs part of
   * the template again with its formatters wrapped (the React path's local fallback).
   */
  withRegistry(registry: Registry, compile: BlockCompiler): ExecContext {
    const ctx = new ExecContext(null, registry, compile, this.options, this.template, this.parse);
    ctx.cur = this.cur;
    ctx.counter = this.counter;
    return ctx;
  }

  /** The options this render was given. */
  get renderOptions(): RenderOptions {
    return this.options;
  }

  get locale(): string {
    return this.options.locale ?? 'en-US';
  }

  get now(): number | undefined {
    return this.options.now;
  }

  get timeZone(): string | undefined {
    return this.options.timeZone;
  }

  get expressions(): boolean {
    return this.options.expressions ?? true;
  }

  get includes(): boolean {
    return this.options.includes ?? true;
  }

  get maxTokens(): number {
    return this.options.maxExpressionTokens ?? DEFAULT_MAX_TOKENS;
  }

  get maxStringLength(): number {
    return this.options.maxStringLength ?? DEFAULT_MAX_STRING_LENGTH;
  }

  /** path -> decoded JSON value for `{.inject}` */
  get injects(): Record<string, unknown> | undefined {
    const injects = this.options.injects;
    return typeof injects === 'object' && injects !== null ? injects : undefined;
  }

  // ---- RenderContext -------------------------------------------------------------------------

  node(): unknown {
    return this.cur.node;
  }

  frame(): StackFrame {
    return this.cur;
  }

  resolve(path: Path, from?: StackFrame): unknown {
    return Array.isArray(path) ? resolvePath(from ?? this.cur, path) : undefined;
  }

  resolveRef(ref: string, from?: StackFrame): unknown {
    return typeof ref === 'string' ? resolvePath(from ?? this.cur, splitReference(ref)) : undefined;
  }

  error(message: string): void {
    this.record(ErrorCode.PLUGIN_ERROR, String(message), this.inst);
  }

  executeTemplate(code: Code, node: unknown, isPrivate: boolean): string {
    if (!Array.isArray(code)) return '';
    return this.runInNewFrame(this.compile(code[2] ?? []), this, node, isPrivate, null);
  }

  /**
   * `executeTemplate` for another output representation (engine/fragments.ts): calls `run`
   * with the template's code block inside the frame `executeTemplate` would make.
   */
  executeTemplateBlock(
    code: Code,
    node: unknown,
    isPrivate: boolean,
    run: (block: Block) => void,
  ): void {
    this.runInNewFrame(run, code[2] ?? [], node, isPrivate, null);
  }

  applyPartial(
    name: string,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | null,
  ): string {
    const run = this.findPartial(name);
    if (run === undefined || !this.enterPartial(name)) return '';
    try {
      return this.runInNewFrame(run, this, node, isPrivate, args);
    } finally {
      this.depth--;
    }
  }

  /**
   * `applyPartial` for another output representation (engine/fragments.ts): finds the partial
   * or macro as `applyPartial` does (recording the same errors) and calls `run` with its code
   * block inside the partial's frame, with the same recursion accounting. `run` puts the output
   * wherever its representation keeps it.
   */
  applyPartialBlock(
    name: string,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | null,
    run: (block: Block) => void,
  ): void {
    const block = this.findPartialBlock(name);
    if (block === undefined || !this.enterPartial(name)) return;
    try {
      this.runInNewFrame(run, block, node, isPrivate, args);
    } finally {
      this.depth--;
    }
  }

  // ---- executor helpers ----------------------------------------------------------------------

  /**
   * `{.include NAME [output]}`: runs a partial or macro inline in the current frame; its text
   * is kept only with `output` (without it, only its bindings and errors count).
   */
  include(name: string, output: boolean): string {
    const run = this.findPartial(name);
    if (run === undefined || !this.enterPartial(name)) return '';
    try {
      const text = run(this);
      return output ? text : '';
    } finally {
      this.depth--;
    }
  }

  /** Records an error at the location of `inst` (0/0 when the code carries no locations). */
  record(code: ErrorCode, message: string, inst: unknown): void {
    const { loc, source } = this.locate(inst);
    this.errors.push(makeError(code, message, loc, 'error', source));
  }

  /** Where `inst` is: in the template, or in a partial parsed in this render (then `source`). */
  locate(inst: unknown): InstructionLocation {
    return locateInstruction(this.template, this.partialUnits, inst);
  }

  /** An exception escaped an instruction: record it the way the reference words it. */
  unexpected(thrown: unknown, inst: unknown): void {
    // The reference swallows non-Error throwables silently; we keep that.
    if (!(thrown instanceof Error)) return;
    const op: unknown = Array.isArray(inst) ? inst[0] : inst;
    this.record(ErrorCode.UNEXPECTED_ERROR, unexpectedError(thrown.name, op, thrown.message), inst);
  }

  /** Pushes a frame for `node` and returns it; callers restore `cur` themselves (in a finally). */
  push(node: unknown): StackFrame {
    return (this.cur = new StackFrame(node, this.cur));
  }

  /**
   * `run(arg)` in a new frame for `node`: an `Emit` with this context, or a code block's runner
   * with its block (given apart, so that no closure is made per template or partial run).
   */
  private runInNewFrame<A, R>(
    run: (arg: A) => R,
    arg: A,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | null,
  ): R {
    const savedFrame = this.cur;
    const frame = this.push(node);
    frame.stopResolution = isPrivate;
    if (args !== null) frame.setVar('@args', args);
    try {
      return run(arg);
    } finally {
      this.cur = savedFrame;
    }
  }

  /**
   * Whether a partial or macro may run now; records why not. Every attempt counts towards
   * the render's limit (`maxPartialApplications`), those refused by the depth limit too (each one's error is work as well).
   */
  private enterPartial(name: string): boolean {
    const counter = this.counter;
    const max = this.options.maxPartialApplications ?? DEFAULT_MAX_APPLICATIONS;
    if (counter.applied++ >= max && max > 0) {
      // Reported once: every attempt after it is refused too, and returns at once.
      if (counter.applied === max + 1) {
        this.record(ErrorCode.APPLY_PARTIAL_LIMIT, partialLimit(name, max), this.inst);
      }
      return false;
    }
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.record(
        ErrorCode.APPLY_PARTIAL_RECURSION_DEPTH,
        partialDepth(name, MAX_PARTIAL_DEPTH),
        this.inst,
      );
      return false;
    }
    this.depth++;
    return true;
  }

  /**
   * docs/language.md, "Partials, macros, apply and include": macros from the innermost frame
   * outward, then partials (string partials are compiled on first use, and the compiled template
   * is kept per name and source across renders: engine/partial-templates.ts).
   * Records the "could not be found" error.
   */
  private findPartial(name: string): Emit | undefined {
    const block = this.findPartialBlock(name);
    return block === undefined ? undefined : this.compile(block);
  }

  /** `findPartial`'s lookup, giving the code block (compiled by the caller). */
  private findPartialBlock(name: string): Block | undefined {
    for (let f: StackFrame | null = this.cur; f !== null; f = f.parent) {
      const macro: MacroCode | undefined = f.macros?.get(name);
      if (macro !== undefined) return Array.isArray(macro[2]) ? macro[2] : [];
    }
    const cached = this.partialCache?.get(name);
    if (cached !== undefined) return cached;
    const block = this.preparePartial(name);
    if (block === undefined) {
      this.record(ErrorCode.APPLY_PARTIAL_MISSING, partialMissing(name), this.inst);
    }
    return block;
  }

  private preparePartial(name: string): Block | undefined {
    const partials = this.options.partials;
    if (partials === undefined || partials === null || !hasOwn.call(partials, name))
      return undefined;
    const value: unknown = partials[name];
    const template: Template | undefined =
      typeof value === 'string'
        ? parseStringPartial(this.parse, value, name, this.errors)
        : Array.isArray(value)
          ? { code: value as Code, errors: [] }
          : typeof value === 'object' && value !== null && Array.isArray((value as Template).code)
            ? (value as Template)
            : undefined;
    if (template === undefined) return undefined;
    // Its runtime errors are located in it (a page's precompiled code carries no locations).
    if (template.locations !== undefined) {
      (this.partialUnits ??= []).push({ locations: template.locations, source: name });
    }
    const block = Array.isArray(template.code[2]) ? template.code[2] : [];
    (this.partialCache ??= new Map()).set(name, block);
    return block;
  }
}
