/**
 * One level of the data stack (LANGUAGE.md 4.1). Frames are pushed by sections, repeated
 * sections (one for the array, one per element), variable tags while their formatters run, and
 * partial/template application. `@variables` and macros live on the frame that defined them and
 * vanish with it.
 */
import type { MacroCode } from './code.js';
import type { Frame } from './plugin.js';

export class StackFrame implements Frame {
  /** Index of the element being rendered when this frame iterates an array, else -1. */
  index = -1;
  stopResolution = false;
  /** `@name` -> value; created on the first binding because most frames never bind anything. */
  vars: Map<string, unknown> | null = null;
  /** macro name -> MACRO instruction, registered when the `{.macro}` executes. */
  macros: Map<string, MacroCode> | null = null;

  constructor(
    /** Mutable so that frames can be reused (see `FramePool`). */
    public node: unknown,
    /** Mutable for the same reason; plugins see it read-only (`Frame`). */
    public parent: StackFrame | null,
  ) {}

  /** Binds `@name` (the key includes the `@`) in this frame. */
  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  defineMacro(name: string, macro: MacroCode): void {
    (this.macros ??= new Map()).set(name, macro);
  }
}

/**
 * One spare frame per push site (a compiled section or variable tag). Allocating a frame for
 * every section and every formatted tag is the bulk of what a render allocates, and the garbage
 * it makes slows down the young-generation collections that large outputs already strain. A
 * frame is only reachable while its instruction runs (frames never outlive the push that made
 * them, and plugins only see `ctx.frame()` during a call), so the site can keep it for its next
 * run. Re-entrant runs (a macro applying itself) find the spare taken and allocate.
 */
export class FramePool {
  private spare: StackFrame | null = null;

  /** A frame for `node` on top of `parent`: the spare one when free, else a new one. */
  take(node: unknown, parent: StackFrame): StackFrame {
    const frame = this.spare;
    if (frame === null) return new StackFrame(node, parent);
    this.spare = null;
    frame.node = node;
    frame.parent = parent;
    return frame;
  }

  /** Hands a frame back once its instruction is done; bindings and references are dropped. */
  give(frame: StackFrame): void {
    frame.node = undefined;
    frame.parent = null;
    frame.vars = null;
    frame.macros = null;
    this.spare = frame;
  }
}
