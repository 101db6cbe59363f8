/**
 * One level of the data stack (docs/language.md, "Values and frames"). Frames are pushed by
 * sections, repeated sections (one for the array, one per element), variable tags while their
 * formatters run, and partial/template application. `@variables` and macros live on the frame that
 * defined them and vanish with it.
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
    /** Mutable only so that a repeated section can reuse one element frame for all items. */
    public node: unknown,
    readonly parent: StackFrame | null,
  ) {}

  /** Binds `@name` (the key includes the `@`) in this frame. */
  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  defineMacro(name: string, macro: MacroCode): void {
    (this.macros ??= new Map()).set(name, macro);
  }
}
